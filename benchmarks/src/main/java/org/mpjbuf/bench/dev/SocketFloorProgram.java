package org.mpjbuf.bench.dev;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.CRC32C;

/**
 * The floor of a Java socket device: a ping-pong of raw bytes between two JVMs over one loopback
 * TCP connection, with no MPI, matching or framing, both ends spinning on non-blocking sockets.
 * What niodev adds to a message is measured against it, and it says how near Java's NIO can come
 * to Open MPI's TCP transport at all. Rank 0 starts rank 1 as a child JVM.
 *
 * <p>Modes, one per run, each a step of what a message through {@code mpi} on niodev costs:
 * <ul>
 *   <li>{@code direct}: the bytes stay in one direct buffer on each side: the kernel's copies only;</li>
 *   <li>{@code copy}: the sender copies a {@code byte[]} into the direct buffer and the receiver
 *       copies it out, as packing into pooled memory and unpacking do;</li>
 *   <li>{@code crc}: {@code copy}, plus a CRC-32C over the bytes on each side, as the mpjbuf
 *       message checksum does.</li>
 * </ul>
 * Sizes from 1 B to the largest in powers of two, the half round trip in microseconds and
 * bandwidth in MB/s, best of the repetitions, in {@link org.mpjbuf.bench.mpi.PingPongProgram}'s
 * format:
 * <pre>
 * java -cp benchmarks/target/classes org.mpjbuf.bench.dev.SocketFloorProgram direct|copy|crc [MAX_BYTES] [REPETITIONS]
 * </pre>
 */
public final class SocketFloorProgram {

    private SocketFloorProgram() {
    }

    /**
     * Runs rank 0, which starts rank 1; or rank 1 when called with {@code --peer PORT}.
     *
     * @param args the mode, the largest size (default 16 MiB) and the repetitions (default 3)
     * @throws Exception when a socket or the child fails
     */
    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: SocketFloorProgram direct|copy|crc [MAX_BYTES] [REPETITIONS]");
            System.exit(2);
        }
        if (args[0].equals("--peer")) {
            runPeer(Integer.parseInt(args[1]), args[2], Integer.parseInt(args[3]), Integer.parseInt(args[4]));
            return;
        }
        String mode = args[0];
        if (!mode.equals("direct") && !mode.equals("copy") && !mode.equals("crc")) {
            throw new IllegalArgumentException("mode must be direct, copy or crc, not '" + mode + "'");
        }
        int maxBytes = args.length > 1 ? Integer.parseInt(args[1]) : 1 << 24;
        int repetitions = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        try (ServerSocketChannel listener = ServerSocketChannel.open()) {
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            int port = ((InetSocketAddress) listener.getLocalAddress()).getPort();
            Process peer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), SocketFloorProgram.class.getName(), "--peer",
                Integer.toString(port), mode, Integer.toString(maxBytes), Integer.toString(repetitions)).inheritIO()
                .start();
            try (SocketChannel channel = listener.accept()) {
                System.out.println("# bytes  half-round-trip-us  MB/s   (best of " + repetitions + ", Java NIO floor, "
                    + mode + ")");
                pingPong(new Ends(channel, mode, maxBytes), maxBytes, repetitions, true);
            }
            if (peer.waitFor() != 0) {
                throw new IllegalStateException("the peer JVM exited with " + peer.exitValue());
            }
        }
    }

    private static void runPeer(int port, String mode, int maxBytes, int repetitions) throws IOException {
        try (SocketChannel channel = SocketChannel.open(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))) {
            pingPong(new Ends(channel, mode, maxBytes), maxBytes, repetitions, false);
        }
    }

    /**
     * Runs the same schedule on both ends: an untimed pass over the sizes up to 64 KiB, then every
     * size's repetitions; the end that sends first prints each size's best half round trip.
     */
    private static void pingPong(Ends ends, int maxBytes, int repetitions, boolean first) throws IOException {
        for (int size = 1; size <= Math.min(maxBytes, 1 << 16); size *= 2) {
            ends.roundTrips(size, 2_000, first);
        }
        for (int size = 1; size <= maxBytes; size *= 2) {
            int iterations = (int) Math.max(20, Math.min(20_000, (1L << 27) / Math.max(size, 1024)));
            double best = Double.MAX_VALUE;
            for (int repetition = 0; repetition <= repetitions; repetition++) {
                long start = System.nanoTime();
                ends.roundTrips(size, iterations, first);
                double half = (System.nanoTime() - start) / 2.0 / iterations;
                if (repetition > 0) {
                    best = Math.min(best, half);
                }
            }
            if (first) {
                System.out.printf(Locale.ROOT, "%9d  %12.3f  %10.1f%n", size, best / 1000, size / best * 1000);
            }
        }
    }

    /** One end: its socket, its direct buffer and the array a message is copied from and to. */
    private static final class Ends {
        private final SocketChannel channel;
        private final boolean copy;
        private final boolean crc;
        private final ByteBuffer wire;
        private final MemorySegment wireSegment;
        private final byte[] array;
        private final CRC32C checksum = new CRC32C();

        Ends(SocketChannel channel, String mode, int maxBytes) throws IOException {
            this.channel = channel;
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            this.copy = !mode.equals("direct");
            this.crc = mode.equals("crc");
            this.wire = ByteBuffer.allocateDirect(maxBytes);
            this.wireSegment = MemorySegment.ofBuffer(wire);
            this.array = new byte[maxBytes];
        }

        /** Sends first when {@code first}, else receives first; {@code iterations} round trips. */
        void roundTrips(int size, int iterations, boolean first) throws IOException {
            for (int i = 0; i < iterations; i++) {
                if (first) {
                    send(size);
                    receive(size);
                } else {
                    receive(size);
                    send(size);
                }
            }
        }

        private void send(int size) throws IOException {
            if (copy) {
                MemorySegment.copy(array, 0, wireSegment, ValueLayout.JAVA_BYTE, 0, size);
            }
            if (crc) {
                checksum.reset();
                checksum.update(wire.clear().limit(size));
            }
            wire.clear().limit(size);
            while (wire.hasRemaining()) {
                channel.write(wire);
            }
        }

        private void receive(int size) throws IOException {
            wire.clear().limit(size);
            while (wire.hasRemaining()) {
                if (channel.read(wire) < 0) {
                    throw new IOException("the peer closed the connection");
                }
            }
            if (crc) {
                checksum.reset();
                checksum.update(wire.clear().limit(size));
            }
            if (copy) {
                MemorySegment.copy(wireSegment, ValueLayout.JAVA_BYTE, 0, array, 0, size);
            }
        }
    }
}
