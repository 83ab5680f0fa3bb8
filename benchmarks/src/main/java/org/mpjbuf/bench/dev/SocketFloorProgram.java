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

import org.mpjbuf.dev.niodev.SocketDescriptor;

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
 *       message checksum does;</li>
 *   <li>{@code piped}: {@code crc} done one piece of {@code MAX_WRITE} bytes at a time, each piece
 *       copied, summed and written before the next is copied, and read, summed and copied out as
 *       it lands, so that one side's copies overlap the other side's.</li>
 *   <li>{@code heap}: no copy in Java: the bytes go from a {@code double[]} to the socket and from
 *       the socket into a {@code double[]} through {@link SocketDescriptor}'s critical downcalls,
 *       as niodev moves a large contiguous message.</li>
 * </ul>
 * {@code MAX_WRITE} (default 0, none) is the most bytes asked of one write call; a larger message
 * goes in several calls.
 * Sizes from 1 B to the largest in powers of two, the half round trip in microseconds and
 * bandwidth in MB/s, best of the repetitions, in {@link org.mpjbuf.bench.mpi.PingPongProgram}'s
 * format:
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp benchmarks/target/benchmarks.jar org.mpjbuf.bench.dev.SocketFloorProgram direct|copy|crc|piped|heap [MAX_BYTES] [REPETITIONS] [MAX_WRITE]
 * </pre>
 */
public final class SocketFloorProgram {

    private SocketFloorProgram() {
    }

    /**
     * Runs rank 0, which starts rank 1; or rank 1 when called with {@code --peer PORT}.
     *
     * @param args the mode, the largest size (default 16 MiB), the repetitions (default 3) and the
     *             most bytes of one write call (default 0, none)
     * @throws Exception when a socket or the child fails
     */
    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: SocketFloorProgram direct|copy|crc|piped|heap [MAX_BYTES] [REPETITIONS] [MAX_WRITE]");
            System.exit(2);
        }
        if (args[0].equals("--peer")) {
            runPeer(Integer.parseInt(args[1]), args[2], Integer.parseInt(args[3]), Integer.parseInt(args[4]),
                Integer.parseInt(args[5]));
            return;
        }
        String mode = args[0];
        if (!java.util.List.of("direct", "copy", "crc", "piped", "heap").contains(mode)) {
            throw new IllegalArgumentException("mode must be direct, copy, crc, piped or heap, not '" + mode + "'");
        }
        int maxBytes = args.length > 1 ? Integer.parseInt(args[1]) : 1 << 24;
        int repetitions = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        int maxWrite = args.length > 3 ? Integer.parseInt(args[3]) : 0;
        if (maxWrite < 0 || mode.equals("piped") && maxWrite == 0) {
            throw new IllegalArgumentException("MAX_WRITE must be at least 0, and at least 1 for piped, not " + maxWrite);
        }
        try (ServerSocketChannel listener = ServerSocketChannel.open()) {
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            int port = ((InetSocketAddress) listener.getLocalAddress()).getPort();
            Process peer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"), SocketFloorProgram.class.getName(), "--peer",
                Integer.toString(port), mode, Integer.toString(maxBytes), Integer.toString(repetitions),
                Integer.toString(maxWrite)).inheritIO()
                .start();
            try (SocketChannel channel = listener.accept()) {
                System.out.println("# bytes  half-round-trip-us  MB/s   (best of " + repetitions + ", Java NIO floor, "
                    + mode + (maxWrite > 0 ? ", writes of at most " + maxWrite + " bytes" : "") + ")");
                pingPong(new Ends(channel, mode, maxBytes, maxWrite), maxBytes, repetitions, true);
            }
            if (peer.waitFor() != 0) {
                throw new IllegalStateException("the peer JVM exited with " + peer.exitValue());
            }
        }
    }

    private static void runPeer(int port, String mode, int maxBytes, int repetitions, int maxWrite)
        throws IOException {
        try (SocketChannel channel = SocketChannel.open(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))) {
            pingPong(new Ends(channel, mode, maxBytes, maxWrite), maxBytes, repetitions, false);
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
        /** The bytes of one write call, and for {@code piped} of one piece. */
        private final int piece;
        private final boolean piped;
        private final ByteBuffer wire;
        private final MemorySegment wireSegment;
        private final byte[] array;
        private final CRC32C checksum = new CRC32C();
        /** The descriptor and array of {@code heap}, else {@code null}. */
        private final SocketDescriptor descriptor;
        private final MemorySegment heap;

        Ends(SocketChannel channel, String mode, int maxBytes, int maxWrite) throws IOException {
            this.channel = channel;
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            this.copy = !mode.equals("direct");
            this.crc = mode.equals("crc") || mode.equals("piped");
            this.piped = mode.equals("piped");
            this.piece = maxWrite == 0 ? Integer.MAX_VALUE : maxWrite;
            this.wire = ByteBuffer.allocateDirect(maxBytes);
            this.wireSegment = MemorySegment.ofBuffer(wire);
            this.array = new byte[maxBytes];
            this.descriptor = mode.equals("heap") ? SocketDescriptor.of(channel) : null;
            this.heap = MemorySegment.ofArray(new double[(maxBytes + 7) / 8]);
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
            if (descriptor != null) {
                for (long from = 0; from < size; ) {
                    from += descriptor.send(heap.asSlice(from, Math.min(size - from, piece)));
                }
                return;
            }
            checksum.reset();
            if (!piped) {
                prepare(0, size);
            }
            for (int from = 0; from < size; from += piece) {
                int to = (int) Math.min(size, (long) from + piece);
                if (piped) {
                    prepare(from, to);
                }
                wire.limit(to).position(from);
                while (wire.hasRemaining()) {
                    channel.write(wire);
                }
            }
        }

        /** Copies bytes {@code from} to {@code to} of the array into the wire buffer and sums them, as the mode says. */
        private void prepare(int from, int to) {
            if (copy) {
                MemorySegment.copy(array, from, wireSegment, ValueLayout.JAVA_BYTE, from, to - from);
            }
            if (crc) {
                checksum.update(wire.limit(to).position(from));
            }
        }

        private void receive(int size) throws IOException {
            if (descriptor != null) {
                for (long from = 0; from < size; ) {
                    long read = descriptor.receive(heap.asSlice(from, size - from));
                    if (read < 0) {
                        throw new IOException("the peer closed the connection");
                    }
                    from += read;
                }
                return;
            }
            checksum.reset();
            wire.clear().limit(size);
            int done = 0;
            while (wire.hasRemaining()) {
                if (channel.read(wire) < 0) {
                    throw new IOException("the peer closed the connection");
                }
                if (piped && wire.position() - done >= Math.min(piece, size - done)) {
                    done = finish(done, wire.position());
                }
            }
            finish(done, size);
        }

        /** Sums bytes {@code from} to {@code to} of the wire buffer and copies them out, as the mode says; returns {@code to}. */
        private int finish(int from, int to) {
            if (crc && to > from) {
                checksum.update(wireSegment.asSlice(from, to - from).asByteBuffer());
            }
            if (copy) {
                MemorySegment.copy(wireSegment, ValueLayout.JAVA_BYTE, from, array, from, to - from);
            }
            return to;
        }
    }
}
