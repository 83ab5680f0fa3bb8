package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpjbuf.mpj.runtime.Job;

import mpi.MPI;

/**
 * The warm-up runs the same number of iterations on every rank, at least two and at most the limit,
 * goes on while the compiler is busy or the iterations get faster, and takes at most 6 s or a
 * quarter of the timed part.
 */
class WarmupTest {
    @Test
    void shouldEndAfterAQuietWindowNoFasterThanTheOneBefore() {
        Warmup.Watch watch = new Warmup.Watch(100);
        // the first window (0.5 s) has no pace to compare with, however quiet
        for (int i = 1; i <= 5; i++) {
            assertFalse(watch.isOverAfter(0.0, 0.1, 0.1 * i), "iteration " + i);
        }
        // the second: quiet and as fast
        for (int i = 6; i <= 9; i++) {
            assertFalse(watch.isOverAfter(0.0, 0.1, 0.1 * i), "iteration " + i);
        }
        assertTrue(watch.isOverAfter(0.0, 0.1, 1.0));
        assertEquals(10, watch.iterations());
    }

    @Test
    void shouldGoOnWhileAWindowSawTheCompilerOrGotFaster() {
        // durations that are exact binary fractions, so that eight iterations of 1/16 s make a 0.5 s window
        double pace = 0.0625;
        Warmup.Watch watch = new Warmup.Watch(1_000);
        double elapsed = 0.0;
        for (int window = 0; window < 2; window++) {
            // a first window, then one with a compilation of 20 ms among quiet iterations (4 % of it)
            for (int i = 0; i < 8; i++) {
                double compiler = window == 1 && i == 3 ? 0.02 : 0.0;
                assertFalse(watch.isOverAfter(compiler, pace, elapsed += pace), "window " + window + ", " + i);
            }
        }
        // then a quiet window whose iterations are twice as fast: code was still being replaced
        for (int i = 0; i < 16; i++) {
            assertFalse(watch.isOverAfter(0.0, pace / 2, elapsed += pace / 2), "faster window, " + i);
        }
        // a quiet window at the same pace ends it, at its end
        for (int i = 0; i < 15; i++) {
            assertFalse(watch.isOverAfter(0.0, pace / 2, elapsed += pace / 2), "steady window, " + i);
        }
        assertTrue(watch.isOverAfter(0.0, pace / 2, elapsed + pace / 2), "a quiet, steady window did not end the warm-up");
        assertEquals(48, watch.iterations());
    }

    @Test
    void shouldTakeAtMostSixSecondsOrAQuarterOfTheTimedPart() {
        assertEquals(48, iterationsWhileTheCompilerIsBusy(15, 0.125), "15 timed iterations of 1/8 s: 6 s");
        assertEquals(100, iterationsWhileTheCompilerIsBusy(400, 0.125), "400 timed iterations of 1/8 s: 12.5 s");
        assertEquals(2, iterationsWhileTheCompilerIsBusy(1, 10.0), "the second iteration runs however long the first");
        assertEquals(Warmup.MAXIMUM_ITERATIONS, iterationsWhileTheCompilerIsBusy(100_000, 0.001));
    }

    /** Feeds a watch iterations of {@code seconds} with the compiler always busy, and counts them until it stops. */
    private static int iterationsWhileTheCompilerIsBusy(int timedIterations, double seconds) {
        Warmup.Watch watch = new Warmup.Watch(timedIterations);
        double elapsed = 0.0;
        while (!watch.isOverAfter(seconds / 2, seconds, elapsed += seconds)) {
            assertTrue(watch.iterations() < 10_000, "no end");
        }
        return watch.iterations();
    }

    @Test
    void shouldRefuseATimedPartWithoutIterations() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> new Warmup.Watch(0));
        assertTrue(error.getMessage().contains("at least 1 iteration"), error.getMessage());
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 4})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldRunTheSameNumberOfIterationsOnEveryRank(int ranks) {
        List<int[]> counts = new CopyOnWriteArrayList<>();
        Job.of(ranks).runTasks(world -> {
            int[] ran = {0};
            int[] total = new int[1];
            int returned = Warmup.run(world, 10, () -> {
                ran[0]++;
                int[] one = {world.Rank() + 1};
                world.Allreduce(one, 0, total, 0, 1, MPI.INT, MPI.SUM);
            });
            counts.add(new int[] {returned, ran[0]});
        }).orThrow();

        assertEquals(ranks, counts.size());
        int first = counts.get(0)[0];
        for (int[] count : counts) {
            assertEquals(first, count[0], "every rank agrees on the number of iterations");
            assertEquals(count[0], count[1], "the returned count is the number of iterations run");
            assertTrue(count[0] >= 2 && count[0] <= Warmup.MAXIMUM_ITERATIONS, "count " + count[0]);
        }
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldGoOnWhileTheIterationsGetFaster(int ranks) {
        // each iteration a quarter of the one before, so a descheduled rank (tens of ms) cannot hide the speed-up
        long[] busyMillis = {400, 100, 25, 6};
        List<Integer> counts = new CopyOnWriteArrayList<>();
        Job.of(ranks).runTasks(world -> {
            int[] ran = {0};
            counts.add(Warmup.run(world, 10, () -> {
                long end = System.nanoTime() + 1_000_000L * busyMillis[Math.min(ran[0]++, busyMillis.length - 1)];
                while (System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
                world.Barrier();
            }));
        }).orThrow();

        for (int count : counts) {
            assertTrue(count > busyMillis.length, "stopped after " + count + " iterations, while they got faster");
        }
    }
}
