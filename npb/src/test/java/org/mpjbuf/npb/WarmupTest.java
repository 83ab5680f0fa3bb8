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
 * goes on while the compiler is busy or the iterations get faster, and takes at most 3 s or a
 * quarter of the timed part.
 */
class WarmupTest {
    private static final double INFINITE = Double.POSITIVE_INFINITY;

    @Test
    void shouldEndAfterAQuietIterationNoFasterThanTheOneBefore() {
        assertTrue(Warmup.isOver(2, 0.01, 0.100, 0.100, 0.3, 100));
        assertTrue(Warmup.isOver(2, 0.0, 0.096, 0.100, 0.3, 100), "5 % faster counts as steady");
        assertFalse(Warmup.isOver(2, 0.01, 0.090, 0.100, 0.3, 100), "10 % faster: code is still being replaced");
        assertFalse(Warmup.isOver(2, 0.03, 0.100, 0.100, 0.3, 100), "the compiler took 3 % of the iteration");
        assertFalse(Warmup.isOver(1, 0.0, 0.100, INFINITE, 0.1, 100), "the first iteration has no pace to compare");
    }

    @Test
    void shouldTakeAtMostThreeSecondsOrAQuarterOfTheTimedPart() {
        // 15 timed iterations of 0.1 s: a quarter is 0.375 s, so 3 s bounds the warm-up
        assertFalse(Warmup.isOver(20, 0.5, 0.1, 0.1, 2.9, 15));
        assertTrue(Warmup.isOver(21, 0.5, 0.1, 0.1, 3.0, 15));
        // 200 timed iterations of 0.14 s: a quarter is 7 s
        assertFalse(Warmup.isOver(30, 0.5, 0.14, 0.14, 6.9, 200));
        assertTrue(Warmup.isOver(31, 0.5, 0.14, 0.14, 7.1, 200));
        // the second iteration runs however long the first took
        assertFalse(Warmup.isOver(1, 0.5, 10.0, INFINITE, 10.0, 1));
        assertTrue(Warmup.isOver(2, 0.5, 10.0, 10.0, 20.0, 1));
        assertTrue(Warmup.isOver(Warmup.MAXIMUM_ITERATIONS, 0.5, 0.001, 0.001, 0.1, 100_000));
    }

    @Test
    void shouldRefuseATimedPartWithoutIterations() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> Warmup.run(null, 0, () -> { }));
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
