package org.mpjbuf.raw;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs in its own JVM with {@code mpjbuf.raw.boundsChecks=false} (see the {@code unchecked} surefire
 * execution): the unchecked paths copy the same bytes, and the memory segment still refuses to leave
 * its own bounds.
 */
@Timeout(30)
final class UncheckedAccessTest {
    @Test
    void shouldRunWithBoundsChecksOff() {
        assertFalse(RawBufferConfiguration.SHOULD_BOUNDS_CHECK);
    }

    @Test
    void shouldCopyTheSameBytesWithoutChecks() {
        try (Arena arena = Arena.ofConfined()) {
            final RawBuffer buffer = RawBuffers.wrap(arena.allocate(64)).order(ByteOrder.BIG_ENDIAN);
            buffer.putInts(0, new int[] {1, 2, 3}, 0, 3);
            buffer.gather(12, new int[] {7, 8, 9}, new int[] {2, 0}, 0, 2);
            assertEquals(2, buffer.stridedGather(20, new int[] {4, 5, 6, 7}, 3, 1, 0, 1, new int[] {2, -2}));
            final ByteBuffer expected = ByteBuffer.allocate(28);
            for (final int value : new int[] {1, 2, 3, 9, 7, 7, 5}) {
                expected.putInt(value);
            }
            final byte[] actual = new byte[28];
            buffer.getBytes(0, actual, 0, 28);
            assertArrayEquals(expected.array(), actual);
            final boolean[] flags = new boolean[2];
            buffer.putByte(40, (byte) 3);
            buffer.getBooleans(40, flags, 0, 2);
            assertArrayEquals(new boolean[] {true, false}, flags);
        }
    }

    @Test
    void shouldStillStopAtTheEndOfTheSegment() {
        try (Arena arena = Arena.ofConfined()) {
            final RawBuffer buffer = RawBuffers.wrap(arena.allocate(16));
            assertThrows(IndexOutOfBoundsException.class, () -> buffer.getLong(12));
            assertThrows(IndexOutOfBoundsException.class, () -> buffer.putInts(8, new int[4], 0, 4));
            assertThrows(IndexOutOfBoundsException.class, () -> buffer.gather(0, new int[2], new int[] {5}, 0, 1));
        }
    }
}
