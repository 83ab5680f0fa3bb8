package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ProcessCountsTest {

    @Test
    void shouldAllowThePowersOfTwoUpToTheLimit() {
        ProcessCounts counts = ProcessCounts.powersOfTwo(64);

        assertTrue(counts.allows(1));
        assertTrue(counts.allows(64));
        assertFalse(counts.allows(3));
        assertFalse(counts.allows(128));
        assertFalse(counts.allows(0));
        assertEquals("the process count must be a power of two from 1 to 64 (1, 2, 4, 8, 16, 32, 64)",
                counts.describe());
    }

    @Test
    void shouldListTheFirstCountsAndTheLargestOfALongList() {
        assertEquals("the process count must be a power of two from 1 to 262144"
                + " (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, ..., 262144)",
                ProcessCounts.powersOfTwo(262144).describe());
        assertEquals("the process count must be a power of two from 1 to 4096"
                + " (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096)",
                ProcessCounts.powersOfTwo(4096).describe(), "no '...' for a single count left out");
    }

    @Test
    void shouldAllowTheSquaresUpToTheLimit() {
        ProcessCounts counts = ProcessCounts.squares(1024);

        assertTrue(counts.allows(1));
        assertTrue(counts.allows(9));
        assertTrue(counts.allows(1024));
        assertFalse(counts.allows(8));
        assertFalse(counts.allows(1089));
        assertEquals("the process count must be a square from 1 to 1024"
                + " (1, 4, 9, 16, 25, 36, 49, 64, 81, 100, 121, 144, ..., 1024)", counts.describe());
    }

    @Test
    void shouldAllowEveryCountFromTheLeastOn() {
        ProcessCounts counts = ProcessCounts.atLeast(5);

        assertFalse(counts.allows(4));
        assertTrue(counts.allows(5));
        assertTrue(counts.allows(1000));
        assertEquals(Integer.MAX_VALUE, counts.max());
        assertEquals("the process count must be at least 5 (5, 6, 7, ...)", counts.describe());
    }
}
