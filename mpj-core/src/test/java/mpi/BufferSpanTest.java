package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The elements a collective's region touches, and the send copy taken only when a send region
 * meets the receive region of the same array.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BufferSpanTest {

    @Test
    void shouldSpanItemsOfContiguousAndStridedTypes() throws MPIException {
        assertEquals(new BufferSpan(5, 14), BufferSpan.of(5, 10, MPI.INT));
        Datatype everyOther = Datatype.Vector(4, 1, 2, MPI.INT);
        everyOther.Commit();
        // one item reads 0, 2, 4, 6; its extent is 7, so two items end at 7 + 6
        assertEquals(new BufferSpan(3, 16), BufferSpan.of(3, 2, everyOther));
        assertTrue(BufferSpan.of(3, 0, MPI.INT).isEmpty());
    }

    @Test
    void shouldSpanBlocksFromTheLowestToTheHighestAndSkipEmptyOnes() throws MPIException {
        int[] counts = {4, 0, 2};
        int[] displs = {10, 0, 1};
        assertEquals(new BufferSpan(101, 113), BufferSpan.ofBlocks(100, counts, displs, 3, MPI.INT));
        assertEquals(new BufferSpan(110, 113), BufferSpan.ofBlocks(100, counts, displs, 1, MPI.INT));
        assertTrue(BufferSpan.ofBlocks(100, new int[] {0, 0}, new int[] {3, 4}, 2, MPI.INT).isEmpty());
    }

    @Test
    void shouldMeetOnlyWhenSharingAnIndex() {
        BufferSpan front = new BufferSpan(0, 9);
        assertTrue(front.meets(new BufferSpan(9, 20)));
        assertFalse(front.meets(new BufferSpan(10, 20)));
        assertFalse(front.meets(BufferSpan.EMPTY));
    }

    @Test
    void shouldReadDisjointRegionsOfOneArrayInPlace() {
        int[] keys = new int[20];
        SendSnapshot send = SendSnapshot.withinOneArray(keys, 0, new BufferSpan(0, 9), new BufferSpan(10, 19));
        assertSame(keys, send.buffer());
        assertEquals(0, send.offset());
    }

    @Test
    void shouldCopyOnlyTheSendSpanWhenTheRegionsMeet() {
        int[] values = new int[20];
        for (int i = 0; i < values.length; i++) {
            values[i] = i;
        }
        SendSnapshot send = SendSnapshot.withinOneArray(values, 2, new BufferSpan(4, 7), new BufferSpan(0, 19));
        assertNotSame(values, send.buffer());
        assertArrayEquals(new int[] {4, 5, 6, 7}, (int[]) send.buffer());
        // item 0 of the region, at index 2 of the caller's array, lies at index -2 of the copy
        assertEquals(-2, send.offset());
    }
}
