package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.mpj.runtime.Job;

/** The intercommunicator collectives: each group gets the result of the other group's data. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class IntercommCollectivesTest {

    @Test
    void shouldCombineAndExchangeTheOtherGroupsData() {
        for (int size : new int[] {2, 5}) {
            Job.of(size).runTasks(world -> {
                int rank = world.Rank();
                int split = (size + 1) / 2;
                boolean first = rank < split;
                Intracomm local = world.Split(first ? 0 : 1, rank);
                Intercomm inter = local.Create_intercomm(world, 0, first ? split : 0, 9);
                int localRank = local.Rank();
                int remoteSize = inter.Remote_size();
                int remoteBase = first ? split : 0;

                inter.Barrier();

                int[] mine = {rank, 10 * rank};
                int[] sum = new int[2];
                inter.Allreduce(mine, 0, sum, 0, 2, MPI.INT, MPI.SUM);
                int[] expectedSum = new int[2];
                for (int r = remoteBase; r < remoteBase + remoteSize; r++) {
                    expectedSum[0] += r;
                    expectedSum[1] += 10 * r;
                }
                assertArrayEquals(expectedSum, sum);

                int[] all = new int[2 * remoteSize];
                inter.Allgather(mine, 0, 2, MPI.INT, all, 0, 2, MPI.INT);
                int[] expectedAll = new int[2 * remoteSize];
                for (int i = 0; i < remoteSize; i++) {
                    expectedAll[2 * i] = remoteBase + i;
                    expectedAll[2 * i + 1] = 10 * (remoteBase + i);
                }
                assertArrayEquals(expectedAll, all);

                int[] blocks = new int[remoteSize];
                for (int j = 0; j < remoteSize; j++) {
                    blocks[j] = 100 * rank + j;
                }
                int[] exchanged = new int[remoteSize];
                inter.Alltoall(blocks, 0, 1, MPI.INT, exchanged, 0, 1, MPI.INT);
                int[] expectedExchange = new int[remoteSize];
                for (int i = 0; i < remoteSize; i++) {
                    expectedExchange[i] = 100 * (remoteBase + i) + localRank;
                }
                assertArrayEquals(expectedExchange, exchanged);
            }).orThrow();
        }
    }
}
