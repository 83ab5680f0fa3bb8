package org.mpjbuf.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class JobFailedExceptionTest {

    @Test
    void shouldCountTheRanksAndNameOnlyTheFirstFailedOnes() {
        IllegalStateException boom = new IllegalStateException("boom");
        List<RankOutcome> outcomes = new ArrayList<>();
        for (int rank = 0; rank < 20; rank++) {
            if (rank == 3 || rank >= 10) {
                Throwable failure = rank == 3 ? boom : new IllegalStateException("late");
                outcomes.add(new RankOutcome(rank, RankOutcome.State.FAILED, failure, 0));
            } else {
                Throwable stop = new IllegalStateException("stopped by rank 3");
                outcomes.add(new RankOutcome(rank, RankOutcome.State.STOPPED, stop, 0));
            }
        }

        JobFailedException thrown = assertThrows(JobFailedException.class, new JobResult(outcomes)::orThrow);

        String message = thrown.getMessage();
        assertTrue(message.startsWith("rank 3 failed: java.lang.IllegalStateException: boom (20 ranks: 11 failed,"
            + " 9 stopped; failed or aborted: rank 3 failed: "), message);
        assertTrue(message.contains("rank 16 failed: java.lang.IllegalStateException: late, and 3 more)"), message);
        assertFalse(message.contains("rank 17 failed"), message);
        assertFalse(message.contains("stopped by rank 3"), message);
        assertSame(boom, thrown.getCause());
        assertEquals(20, thrown.result().outcomes().size());
    }

    @Test
    void shouldLeaveOutTheStatesNoRankEndedIn() {
        List<RankOutcome> outcomes = List.of(
            new RankOutcome(0, RankOutcome.State.COMPLETED, null, 0),
            new RankOutcome(1, RankOutcome.State.ABORTED, null, 3));

        assertEquals("2 ranks: 1 completed, 1 aborted; failed or aborted: rank 1 aborted with code 3",
            JobFailedException.summary(outcomes));
    }

    @Test
    void shouldNameNoRankWhenNoneFailedOrAborted() {
        List<RankOutcome> outcomes = List.of(
            new RankOutcome(0, RankOutcome.State.COMPLETED, null, 0),
            new RankOutcome(1, RankOutcome.State.STOPPED, new IllegalStateException("did not end in time"), 0));

        assertEquals("2 ranks: 1 completed, 1 stopped", JobFailedException.summary(outcomes));
    }
}
