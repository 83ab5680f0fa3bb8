package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ThreadMultipleTest {

    @Test
    void shouldLetSeveralThreadsOfARankCommunicateAtOnce() {
        int threads = 3;
        int messages = 200;
        Ranks.run(4, world -> {
            int rank = world.Rank();
            int n = world.Size();
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                Future<?>[] done = new Future<?>[threads];
                for (int t = 0; t < threads; t++) {
                    int tag = t;
                    done[t] = pool.submit(() -> {
                        for (int i = 0; i < messages; i++) {
                            world.Send(new int[] {i}, 0, 1, MPI.INT, (rank + 1) % n, tag);
                            int[] in = new int[1];
                            world.Recv(in, 0, 1, MPI.INT, (rank + n - 1) % n, tag);
                            assertEquals(i, in[0]);
                        }
                        return null;
                    });
                }
                for (Future<?> each : done) {
                    each.get();
                }
            } finally {
                pool.shutdown();
            }
        });
    }
}
