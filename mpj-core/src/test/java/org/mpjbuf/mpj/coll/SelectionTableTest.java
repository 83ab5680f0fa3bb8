package org.mpjbuf.mpj.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The automatic choices that depend on whether ranks have processors of their own: the fewest
 * rounds when they do, the fewest dependent steps when they share.
 */
class SelectionTableTest {

    @Test
    void shouldSynchronizeInRoundsOfExchangesWhenEveryRankHasAProcessor() {
        assertEquals(Barrier.Algorithm.DISSEMINATION, SelectionTable.barrier(2, true));
        assertEquals(Barrier.Algorithm.DISSEMINATION, SelectionTable.barrier(16, true));
        assertEquals(Barrier.Algorithm.FLAT, SelectionTable.barrier(4, false));
        assertEquals(Barrier.Algorithm.BINOMIAL, SelectionTable.barrier(8, false));
    }

    @Test
    void shouldReduceSmallVectorsByRecursiveDoublingWhenEveryRankHasAProcessor() {
        assertEquals(Allreduce.Algorithm.RECURSIVE_DOUBLING, SelectionTable.allreduce(8, 2, true));
        assertEquals(Allreduce.Algorithm.RECURSIVE_DOUBLING, SelectionTable.allreduce(4095, 8, true));
        assertEquals(Allreduce.Algorithm.REDUCE_BCAST, SelectionTable.allreduce(4096, 2, true));
        assertEquals(Allreduce.Algorithm.REDUCE_BCAST, SelectionTable.allreduce(8, 2, false));
        assertEquals(Allreduce.Algorithm.RECURSIVE_DOUBLING, SelectionTable.allreduce(8, 8, false));
    }
}
