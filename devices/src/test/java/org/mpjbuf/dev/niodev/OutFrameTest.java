package org.mpjbuf.dev.niodev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.GatheringByteChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.dev.protocol.FrameDescriptor;

/** {@link OutFrame#writeTo}: the most bytes asked of one write call, and a write the socket takes in part. */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class OutFrameTest {

    /**
     * A channel that takes at most {@code accepts} bytes in all (a socket whose buffer fills),
     * keeps what it took, and records how many bytes each call asked for.
     */
    private static final class RecordingChannel implements GatheringByteChannel {
        final List<Long> asked = new ArrayList<>();
        final ByteArrayOutputStream taken = new ByteArrayOutputStream();
        long accepts;

        RecordingChannel(final long accepts) {
            this.accepts = accepts;
        }

        @Override
        public long write(final ByteBuffer[] sources, final int offset, final int length) {
            long remaining = 0;
            for (int i = offset; i < offset + length; i++) {
                remaining += sources[i].remaining();
            }
            asked.add(remaining);
            long written = 0;
            for (int i = offset; i < offset + length && accepts > 0; i++) {
                while (sources[i].hasRemaining() && accepts > 0) {
                    taken.write(sources[i].get());
                    accepts--;
                    written++;
                }
            }
            return written;
        }

        @Override
        public long write(final ByteBuffer[] sources) {
            return write(sources, 0, sources.length);
        }

        @Override
        public int write(final ByteBuffer source) {
            return (int) write(new ByteBuffer[] {source}, 0, 1);
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }
    }

    private static byte[] pattern(final int length, final int seed) {
        final byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (i * 31 + seed);
        }
        return bytes;
    }

    /** A frame of a header and two payload parts, and the bytes it should put on the wire. */
    private static byte[] prepare(final OutFrame frame, final byte[] first, final byte[] second) {
        final byte[] header = pattern(FrameDescriptor.HEADER_LENGTH, 7);
        frame.header.clear().put(header).flip();
        frame.parts(ByteBuffer.allocateDirect(first.length).put(first).flip(),
            ByteBuffer.allocateDirect(second.length).put(second).flip());
        final ByteBuffer wire = ByteBuffer.allocate(header.length + first.length + second.length);
        return wire.put(header).put(first).put(second).array();
    }

    @Test
    void shouldAskNoCallForMoreThanTheLimitAndWriteEveryByteInOrder() throws Exception {
        final OutFrame frame = new OutFrame();
        final byte[] expected = prepare(frame, pattern(700_000, 1), pattern(300_001, 2));
        final RecordingChannel channel = new RecordingChannel(Long.MAX_VALUE);

        frame.writeTo(channel, null, 262_144);

        assertTrue(frame.written());
        assertArrayEquals(expected, channel.taken.toByteArray());
        assertEquals(List.of(262_144L, 262_144L, 262_144L, (long) expected.length - 3 * 262_144), channel.asked);
    }

    @Test
    void shouldStopAtACallTheChannelTakesInPartAndGoOnFromThereNextTime() throws Exception {
        final OutFrame frame = new OutFrame();
        final byte[] expected = prepare(frame, pattern(500_000, 3), pattern(10, 4));
        final RecordingChannel channel = new RecordingChannel(300_000);

        frame.writeTo(channel, null, 200_000);

        assertFalse(frame.written());
        assertEquals(List.of(200_000L, 200_000L), channel.asked);
        assertEquals(300_000, channel.taken.size());
        assertEquals(expected.length - 300_000, frame.remainingPayload() + frame.header.remaining());

        channel.accepts = Long.MAX_VALUE;
        frame.writeTo(channel, null, 200_000);

        assertTrue(frame.written());
        assertArrayEquals(expected, channel.taken.toByteArray());
        assertEquals(List.of(200_000L, 200_000L, 200_000L, (long) expected.length - 500_000), channel.asked);
    }

    @Test
    void shouldWriteAPooledPayloadWholeUnderALimitAboveItsLength() throws Exception {
        final OutFrame frame = new OutFrame();
        final byte[] header = pattern(FrameDescriptor.HEADER_LENGTH, 5);
        final byte[] payload = pattern(4096, 6);
        try (Arena arena = Arena.ofConfined()) {
            final MemorySegment block = arena.allocate(8192);
            MemorySegment.copy(MemorySegment.ofArray(payload), 0, block, 0, payload.length);
            frame.header.clear().put(header).flip();
            frame.payload(block, payload.length);
            final RecordingChannel channel = new RecordingChannel(Long.MAX_VALUE);

            frame.writeTo(channel, null, Integer.MAX_VALUE);

            assertTrue(frame.written());
            assertEquals(List.of((long) header.length + payload.length), channel.asked);
            assertArrayEquals(ByteBuffer.allocate(header.length + payload.length).put(header).put(payload).array(),
                channel.taken.toByteArray());
        }
    }
}
