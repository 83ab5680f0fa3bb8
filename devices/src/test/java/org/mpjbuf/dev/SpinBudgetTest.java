package org.mpjbuf.dev;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The adaptive spin time: additive growth, multiplicative decay, and probes once it is zero. */
final class SpinBudgetTest {
    @Test
    void shouldStartAtTheMaximumAndHalveOnEveryFailedSpin() {
        final SpinBudget budget = new SpinBudget(8_000);
        assertEquals(8_000, budget.nanos());
        budget.spinFailed();
        assertEquals(4_000, budget.nanos());
        budget.spinFailed();
        budget.spinFailed();
        assertEquals(1_000, budget.nanos());
        budget.spinFailed();
        assertEquals(0, countSpinningWaits(budget, SpinBudget.PROBE_INTERVAL - 1));
    }

    @Test
    void shouldProbeOnceEveryIntervalWhileAtZeroAndGrowBackOneStepPerSuccess() {
        final SpinBudget budget = new SpinBudget(3_000);
        budget.spinFailed();
        budget.spinFailed();
        assertEquals(1, countSpinningWaits(budget, SpinBudget.PROBE_INTERVAL));
        budget.spinSucceeded();
        assertEquals(SpinBudget.STEP_NANOS, budget.nanos());
        budget.spinSucceeded();
        budget.spinSucceeded();
        budget.spinSucceeded();
        assertEquals(3_000, budget.nanos(), "never above the configured spin time");
    }

    @Test
    void shouldNeverSpinWhenTheConfiguredTimeIsZero() {
        final SpinBudget budget = new SpinBudget(0);
        budget.spinSucceeded();
        assertEquals(0, countSpinningWaits(budget, 4 * SpinBudget.PROBE_INTERVAL));
    }

    private static int countSpinningWaits(final SpinBudget budget, final int waits) {
        int spinning = 0;
        for (int i = 0; i < waits; i++) {
            if (budget.nanos() > 0) {
                spinning++;
            }
        }
        return spinning;
    }
}
