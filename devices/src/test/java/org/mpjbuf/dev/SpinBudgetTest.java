package org.mpjbuf.dev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    void shouldProbeOnceEveryIntervalWhileAtZeroAndComeBackToAtLeastTheProbeOnSuccess() {
        final SpinBudget budget = new SpinBudget(50_000);
        for (int i = 0; i < 6; i++) {
            budget.spinFailed();
        }
        assertEquals(1, countSpinningWaits(budget, SpinBudget.PROBE_INTERVAL));
        budget.spinSucceeded();
        assertEquals(SpinBudget.PROBE_NANOS, budget.nanos(), "a probe that paid is followed by spins as long");
        budget.spinSucceeded();
        assertEquals(SpinBudget.PROBE_NANOS + SpinBudget.STEP_NANOS, budget.nanos(), "then one step per success");
    }

    @Test
    void shouldNeverProbeOrGrowAboveTheConfiguredTime() {
        final SpinBudget budget = new SpinBudget(3_000);
        budget.spinFailed();
        budget.spinFailed();
        final long[] probes = new long[SpinBudget.PROBE_INTERVAL];
        for (int i = 0; i < probes.length; i++) {
            probes[i] = budget.nanos();
        }
        assertEquals(3_000, java.util.Arrays.stream(probes).max().orElseThrow());
        budget.spinSucceeded();
        budget.spinSucceeded();
        assertEquals(3_000, budget.nanos(), "never above the configured spin time");
    }

    @Test
    void shouldProbeAndStayAtLeastAsLongAsTheDevicesRoundTrip() {
        final SpinBudget budget = new SpinBudget(50_000, 40_000);
        for (int i = 0; i < 8; i++) {
            budget.spinFailed();
        }
        long probe = 0;
        for (int i = 0; i < SpinBudget.PROBE_INTERVAL; i++) {
            probe = Math.max(probe, budget.nanos());
        }
        assertEquals(40_000, probe, "a probe spins for the device's round trip");
        budget.spinSucceeded();
        assertEquals(40_000, budget.nanos(), "a success leaves no less than the device's round trip");
        budget.spinFailed();
        budget.spinSucceeded();
        assertEquals(40_000, budget.nanos(), "a failure and a success bring it back there");
        budget.spinSucceeded();
        assertEquals(41_000, budget.nanos(), "then it grows by steps");
    }

    @Test
    void shouldNeverSpinWhenTheConfiguredTimeIsZero() {
        final SpinBudget budget = new SpinBudget(0);
        budget.spinSucceeded();
        assertEquals(0, countSpinningWaits(budget, 4 * SpinBudget.PROBE_INTERVAL));
    }

    @Test
    void shouldAllowALargeMessageItsBytesAtTheRateItWasMadeWith() {
        final SpinBudget budget = new SpinBudget(50_000, 50_000, SpinBudget.MESSAGE_NANOS_PER_BYTE);
        assertEquals(4L << 20, budget.allowanceNanos(4L << 20), "4 MiB at 1 ns a byte");
        assertEquals(0, budget.allowanceNanos(0), "a request that tells no size");
        assertEquals(SpinBudget.MESSAGE_ALLOWANCE_MAX_NANOS, budget.allowanceNanos(64L << 20),
            "64 MiB: no more than the longest allowance");
        assertEquals(SpinBudget.MESSAGE_ALLOWANCE_MAX_NANOS, new SpinBudget(0, 0, 3).allowanceNanos(Long.MAX_VALUE / 2),
            "nor for a product beyond a long");
        assertEquals(0, new SpinBudget(50_000, 50_000).allowanceNanos(4L << 20),
            "a budget for an oversubscribed host is made without one");
        for (int i = 0; i < 8; i++) {
            budget.spinFailed();
        }
        assertEquals(4L << 20, budget.allowanceNanos(4L << 20), "the allowance does not follow the budget");
    }

    @Test
    void shouldSpinALargeMessagesAllowanceAndLeaveTheBudgetWhenThatSpinFails() {
        final SpinBudget budget = new SpinBudget(50_000, 50_000, SpinBudget.MESSAGE_NANOS_PER_BYTE);
        assertEquals(1L << 20, budget.nanosFor(1L << 20), "1 MiB: its allowance, longer than the budget");
        budget.spinFailed();
        assertEquals(50_000, budget.nanosFor(8), "a failed lengthened spin leaves the budget");
        budget.spinFailed();
        assertEquals(25_000, budget.nanos(), "a failed spin of the budget halves it");
    }

    @Test
    void shouldGiveAnOversubscribedProcessDeviceShortSpinsAndNoAllowance() {
        final SpinBudget crowded = SpinBudget.forProcessDevice(50_000, Integer.MAX_VALUE);
        assertEquals(SpinBudget.OVERSUBSCRIBED_SPIN_NANOS, crowded.nanos());
        assertEquals(0, crowded.allowanceNanos(1L << 20));
        final SpinBudget alone = SpinBudget.forProcessDevice(50_000, 1);
        assertEquals(50_000, alone.nanos());
        assertEquals(1L << 20, alone.allowanceNanos(1L << 20));
    }

    @Test
    void shouldRefuseANegativeAllowance() {
        final IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
            () -> new SpinBudget(1_000, 1_000, -1));
        assertTrue(thrown.getMessage().contains("-1"), thrown.getMessage());
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
