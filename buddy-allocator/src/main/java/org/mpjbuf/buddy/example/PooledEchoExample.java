package org.mpjbuf.buddy.example;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.Medium;
import org.mpjbuf.buddy.PoolStatistics;

/**
 * A loopback echo over NIO socket channels in which every buffer comes from one {@link BufferPool}: the
 * client sends messages of random sizes (64 B to 256 KiB) from pooled direct buffers, a server thread
 * reads each into a pooled buffer and writes it back, and the client checks the echo in another pooled
 * buffer. The server frees its buffers on its own thread, the client on the main thread.
 *
 * <p>Run it with {@code ./mvnw -q -pl buddy-allocator compile exec:exec}; an optional argument sets the
 * number of messages (default 2000).
 */
public final class PooledEchoExample {
    private static final int HEADER_LENGTH = Integer.BYTES;
    private static final int LARGEST_MESSAGE = 256 * 1024;
    private static final long SERVER_JOIN_MILLIS = TimeUnit.SECONDS.toMillis(30);

    /**
     * What one run moved and how the pool looked afterwards.
     *
     * @param messages the number of messages echoed.
     * @param bytes the payload bytes sent (and received back).
     * @param nanos the elapsed time.
     * @param statistics the pool's statistics after the run.
     */
    public record Result(int messages, long bytes, long nanos, PoolStatistics statistics) {
    }

    private PooledEchoExample() {
    }

    /**
     * Runs the echo with a direct pool and prints what happened.
     *
     * @param arguments optionally the number of messages.
     * @throws IOException if the loopback connection fails.
     * @throws InterruptedException if interrupted while waiting for the server thread.
     */
    public static void main(final String[] arguments) throws IOException, InterruptedException {
        final int messages = arguments.length > 0 ? Integer.parseInt(arguments[0]) : 2000;
        try (BufferPool pool = BufferPool.builder().medium(Medium.DIRECT).build()) {
            final Result result = run(pool, messages, 42);
            final PoolStatistics statistics = result.statistics();
            System.out.printf("echoed %d messages, %d bytes each way, in %.1f ms (%.0f MB/s)%n", result.messages(),
                result.bytes(), result.nanos() / 1e6, result.bytes() * 1e3 / result.nanos());
            System.out.printf("pool: %d bytes reserved in %d region(s), %d in use, peak %d, %d cached, "
                + "%d bytes of block metadata%n", statistics.reservedBytes(), statistics.regionCount(),
                statistics.inUseBytes(), statistics.peakInUseBytes(), statistics.cachedBytes(),
                statistics.metadataBytes());
        }
    }

    /**
     * Echoes {@code messages} messages of random sizes over a loopback connection, every buffer taken from
     * {@code pool} and freed again.
     *
     * @param pool the pool for every buffer of client and server.
     * @param messages the number of messages, at least 0.
     * @param seed the seed of the message sizes and contents.
     * @return what was moved, and the pool's statistics afterwards.
     * @throws IOException if the loopback connection fails or an echo differs from what was sent.
     * @throws InterruptedException if interrupted while waiting for the server thread.
     */
    public static Result run(final BufferPool pool, final int messages, final long seed)
        throws IOException, InterruptedException {
        if (messages < 0) {
            throw new IllegalArgumentException("messages must be at least 0, got " + messages);
        }
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            final Thread echo = Thread.ofPlatform().name("echo-server").start(() -> serve(server, pool));
            final long start = System.nanoTime();
            long bytes = 0;
            try (SocketChannel client = SocketChannel.open(server.getLocalAddress())) {
                final SplittableRandom random = new SplittableRandom(seed);
                for (int index = 0; index < messages; index++) {
                    bytes += exchange(client, pool, 64 + random.nextInt(LARGEST_MESSAGE - 64), random.nextInt());
                }
            }
            final long nanos = System.nanoTime() - start;
            echo.join(SERVER_JOIN_MILLIS);
            if (echo.isAlive()) {
                echo.interrupt();
                throw new IOException("the echo server did not finish within " + SERVER_JOIN_MILLIS + " ms");
            }
            pool.trimThreadCache();
            return new Result(messages, bytes, nanos, pool.statistics());
        }
    }

    private static long exchange(final SocketChannel channel, final BufferPool pool, final int length,
        final int pattern) throws IOException {
        final ByteBuffer outgoing = pool.allocate(HEADER_LENGTH + length);
        final ByteBuffer incoming = pool.allocate(HEADER_LENGTH + length);
        try {
            outgoing.putInt(length);
            while (outgoing.hasRemaining()) {
                outgoing.put((byte) (pattern + outgoing.position()));
            }
            outgoing.flip();
            while (outgoing.hasRemaining()) {
                channel.write(outgoing);
            }
            readFully(channel, incoming);
            if (!incoming.flip().equals(outgoing.rewind())) {
                throw new IOException("the echo of a " + length + "-byte message differs from what was sent");
            }
            return length;
        } finally {
            pool.free(outgoing);
            pool.free(incoming);
        }
    }

    private static void serve(final ServerSocketChannel server, final BufferPool pool) {
        try (SocketChannel channel = server.accept()) {
            final ByteBuffer header = pool.allocate(HEADER_LENGTH);
            try {
                while (readFully(channel, header.clear())) {
                    final int length = header.getInt(0);
                    final ByteBuffer message = pool.allocate(HEADER_LENGTH + length);
                    try {
                        message.put(header.flip());
                        readFully(channel, message);
                        message.flip();
                        while (message.hasRemaining()) {
                            channel.write(message);
                        }
                    } finally {
                        pool.free(message);
                    }
                }
            } finally {
                pool.free(header);
            }
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Fills {@code buffer}; returns {@code false} if the peer closed the connection before the first byte. */
    private static boolean readFully(final SocketChannel channel, final ByteBuffer buffer) throws IOException {
        final int start = buffer.position();
        while (buffer.hasRemaining()) {
            if (channel.read(buffer) < 0) {
                if (buffer.position() == start) {
                    return false;
                }
                throw new IOException("connection closed after " + (buffer.position() - start) + " of "
                    + (buffer.limit() - start) + " bytes");
            }
        }
        return true;
    }
}
