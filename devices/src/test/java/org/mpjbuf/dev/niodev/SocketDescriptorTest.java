package org.mpjbuf.dev.niodev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Arrays;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link SocketDescriptor}: found for a connected channel (and for neither end of another
 * connection), it moves bytes between the socket and Java arrays in both directions, reports
 * nothing to read, the peer's end of the stream and a peer that is gone, and its shutdown ends
 * the connection for the peer while the channel is still open (and does nothing once closed); it
 * sets and reads the socket's congestion control, and says why the kernel refused an algorithm;
 * bytes held back for more ({@code MSG_MORE}) arrive, in order, once the rest is written.
 */
@Timeout(30)
final class SocketDescriptorTest {
    private ServerSocketChannel listener;
    private SocketChannel client;
    private SocketChannel server;

    @BeforeEach
    void connect() throws IOException {
        listener = ServerSocketChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        client = SocketChannel.open(listener.getLocalAddress());
        server = listener.accept();
        client.configureBlocking(false);
        server.configureBlocking(false);
    }

    @AfterEach
    void close() throws IOException {
        client.close();
        server.close();
        listener.close();
    }

    /** Writes all of {@code from} through {@code out} while reading through {@code in} until {@code into} is full. */
    private static void pump(final SocketDescriptor out, final MemorySegment from, final SocketDescriptor in,
                             final MemorySegment into) throws IOException {
        long written = 0;
        long read = 0;
        while (read < into.byteSize()) {
            if (written < from.byteSize()) {
                written += out.send(from.asSlice(written));
            }
            final long n = in.receive(into.asSlice(read));
            assertTrue(n >= 0, "the stream does not end");
            read += n;
        }
    }

    @Test
    void shouldMoveArraysBothWaysWithTheSocketsOwnDescriptors() throws IOException {
        try (SocketDescriptor out = SocketDescriptor.of(client); SocketDescriptor in = SocketDescriptor.of(server)) {
            final double[] sent = new double[300_000];
            Arrays.setAll(sent, i -> i * 0.5 - 7);
            final long[] received = new long[sent.length];
            final MemorySegment from = MemorySegment.ofArray(sent);
            final MemorySegment into = MemorySegment.ofArray(received);
            pump(out, from, in, into);
            final double[] back = new double[sent.length];
            MemorySegment.copy(into, 0, MemorySegment.ofArray(back), 0, into.byteSize());
            assertArrayEquals(sent, back);

            final byte[] answer = {1, 2, 3};
            assertEquals(3, in.send(MemorySegment.ofArray(answer)));
            final ByteBuffer viaChannel = ByteBuffer.allocate(3);
            while (viaChannel.hasRemaining()) {
                client.read(viaChannel);
            }
            assertArrayEquals(answer, viaChannel.array(), "the channel reads what the descriptor wrote");
        }
    }

    @Test
    void shouldReadNothingYetThenTheEndOfTheStream() throws IOException {
        try (SocketDescriptor in = SocketDescriptor.of(server)) {
            final MemorySegment into = MemorySegment.ofArray(new int[4]);
            assertEquals(0, in.receive(into), "nothing has been sent");
            client.close();
            long n;
            do {
                n = in.receive(into);
            } while (n == 0);
            assertEquals(-1, n);
        }
    }

    @Test
    void shouldEndTheConnectionForThePeerOnShutdownWhileTheChannelIsOpen() throws IOException {
        try (SocketDescriptor out = SocketDescriptor.of(client)) {
            out.shutdown();
            final ByteBuffer one = ByteBuffer.allocate(1);
            int n;
            do {
                n = server.read(one);
            } while (n == 0);
            assertEquals(-1, n, "the peer reads the end of the stream");
            assertTrue(client.isOpen());
        }
    }

    @Test
    void shouldFailASendToAPeerThatIsGone() throws IOException {
        try (SocketDescriptor out = SocketDescriptor.of(client)) {
            server.setOption(java.net.StandardSocketOptions.SO_LINGER, 0);
            server.close();
            final MemorySegment from = MemorySegment.ofArray(new byte[1 << 16]);
            final IOException failed = assertThrows(IOException.class, () -> {
                for (int i = 0; i < 1000; i++) {
                    out.send(from);
                    Thread.sleep(1);
                }
            });
            assertTrue(failed.getMessage().contains("send on socket descriptor"), failed.getMessage());
        }
    }

    @Test
    void shouldLeaveTheConnectionAloneOnceClosed() throws IOException {
        final SocketDescriptor out = SocketDescriptor.of(client);
        out.close();
        out.shutdown();
        out.close();
        client.write(ByteBuffer.wrap(new byte[] {7}));
        final ByteBuffer one = ByteBuffer.allocate(1);
        while (one.hasRemaining()) {
            assertTrue(server.read(one) >= 0, "the connection is still open");
        }
        assertEquals(7, one.get(0));
    }

    @Test
    void shouldRefuseABlockingChannel() throws IOException {
        client.configureBlocking(true);
        assertThrows(IllegalArgumentException.class, () -> SocketDescriptor.of(client));
    }

    @Test
    void shouldFindNoDescriptorForAClosedChannel() throws IOException {
        final SocketChannel other = SocketChannel.open();
        other.configureBlocking(false);
        assertThrows(IOException.class, () -> SocketDescriptor.of(other), "not connected");
        other.close();
    }

    @Test
    void shouldSetTheCongestionControlAndSayWhyTheKernelRefusedOne() throws IOException {
        try (SocketDescriptor out = SocketDescriptor.of(client)) {
            out.congestionControl("reno");
            assertEquals("reno", out.congestionControl());
            out.congestionControl("cubic");
            assertEquals("cubic", out.congestionControl());
            final IOException missing = assertThrows(IOException.class, () -> out.congestionControl("nosuchalgorithm"));
            assertTrue(missing.getMessage().contains("'nosuchalgorithm'")
                && missing.getMessage().contains("tcp_available_congestion_control"), missing.getMessage());
            assertEquals("cubic", out.congestionControl(), "a refused algorithm changes nothing");
            for (final String bad : new String[] {"", "cubic reno", "a_name_of_16_chr", "../cubic"}) {
                assertThrows(IllegalArgumentException.class, () -> out.congestionControl(bad), bad);
            }
        }
    }

    @Test
    void shouldDeliverBytesHeldBackForMoreOnceTheRestIsWritten() throws IOException {
        try (SocketDescriptor out = SocketDescriptor.of(client); SocketDescriptor in = SocketDescriptor.of(server)) {
            final byte[] head = {9, 8, 7, 6, 5, 4, 3, 2};
            final long[] body = new long[200_000];
            Arrays.setAll(body, i -> i * 3L - 1);
            assertEquals(head.length, out.send(MemorySegment.ofArray(head), true));
            final MemorySegment from = MemorySegment.ofArray(body);
            final MemorySegment into = MemorySegment.ofArray(new byte[head.length + (int) from.byteSize()]);
            pump(out, from, in, into);
            assertArrayEquals(head, into.asSlice(0, head.length).toArray(ValueLayout.JAVA_BYTE));
            assertArrayEquals(body, into.asSlice(head.length).toArray(ValueLayout.JAVA_LONG_UNALIGNED));
        }
    }
}
