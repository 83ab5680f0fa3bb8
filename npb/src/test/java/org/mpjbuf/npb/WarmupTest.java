package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpjbuf.mpj.runtime.Job;

import mpi.MPI;

/**
 * The warm-up runs the same number of iterations on every rank, at least two and at most the limit,
 * and goes on while the iterations get faster.
 */
class WarmupTest {

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 4})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldRunTheSameNumberOfIterationsOnEveryRank(int ranks) {
        List<int[]> counts = new CopyOnWriteArrayList<>();
        Job.of(ranks).runTasks(world -> {
            int[] ran = {0};
            int[] total = new int[1];
            int returned = Warmup.run(world, () -> {
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
            counts.add(Warmup.run(world, () -> {
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
