package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
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
                Pair pair = Pair.split(world, size);
                Intercomm inter = pair.inter;
                int localRank = pair.local.Rank();
                int remoteSize = inter.Remote_size();
                int remoteBase = pair.remoteBase;

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

    @Test
    void shouldMoveRootedDataBetweenTheRootAndTheOtherGroup() {
        for (int size : new int[] {2, 5}) {
            Job.of(size).runTasks(world -> {
                Pair pair = Pair.split(world, size);
                Intercomm inter = pair.inter;
                int remoteSize = inter.Remote_size();
                int rootLocal = Math.min(1, (size + 1) / 2 - 1);
                boolean root = pair.first && pair.local.Rank() == rootLocal;
                int rootArgument = pair.first ? (root ? MPI.ROOT : MPI.PROC_NULL) : rootLocal;

                int[] message = root ? new int[] {7, 8, 9} : new int[3];
                inter.Bcast(message, 0, 3, MPI.INT, rootArgument);
                if (!pair.first) {
                    assertArrayEquals(new int[] {7, 8, 9}, message);
                }

                int[] gathered = new int[2 * remoteSize];
                inter.Gather(new int[] {world.Rank(), -world.Rank()}, 0, 2, MPI.INT, gathered, 0, 2, MPI.INT,
                    rootArgument);
                if (root) {
                    int[] expected = new int[2 * remoteSize];
                    for (int i = 0; i < remoteSize; i++) {
                        expected[2 * i] = pair.remoteBase + i;
                        expected[2 * i + 1] = -(pair.remoteBase + i);
                    }
                    assertArrayEquals(expected, gathered);
                }

                int[] counts = new int[remoteSize];
                int[] displs = new int[remoteSize];
                int total = 0;
                for (int i = 0; i < remoteSize; i++) {
                    counts[i] = i + 1;
                    displs[i] = total + 1;
                    total += counts[i] + 1;
                }
                int[] varied = new int[total];
                int mine = pair.first ? 0 : pair.local.Rank() + 1;
                int[] ownBlock = new int[mine];
                Arrays.fill(ownBlock, 50 + world.Rank());
                inter.Gatherv(ownBlock, 0, mine, MPI.INT, varied, 0, counts, displs, MPI.INT, rootArgument);
                if (root) {
                    int[] expected = new int[total];
                    for (int i = 0; i < remoteSize; i++) {
                        Arrays.fill(expected, displs[i], displs[i] + counts[i], 50 + pair.remoteBase + i);
                    }
                    assertArrayEquals(expected, varied);
                }

                int[] scattered = new int[2];
                int[] blocks = new int[2 * remoteSize];
                for (int i = 0; i < blocks.length; i++) {
                    blocks[i] = 1000 + i;
                }
                inter.Scatter(blocks, 0, 2, MPI.INT, scattered, 0, 2, MPI.INT, rootArgument);
                if (!pair.first) {
                    int i = pair.local.Rank();
                    assertArrayEquals(new int[] {1000 + 2 * i, 1001 + 2 * i}, scattered);
                }

                int[] piece = new int[mine];
                inter.Scatterv(root ? varied : null, 0, counts, displs, MPI.INT, piece, 0, mine, MPI.INT,
                    rootArgument);
                if (!pair.first) {
                    int[] expected = new int[mine];
                    Arrays.fill(expected, 50 + world.Rank());
                    assertArrayEquals(expected, piece);
                }

                Datatype matrix = Datatype.Contiguous(4, MPI.INT);
                matrix.Commit();
                int r = world.Rank();
                int[] product = new int[4];
                inter.Reduce(new int[] {1, r + 1, r, 1}, 0, product, 0, 1, matrix,
                    CollectiveOperationsTest.matrixProduct(), rootArgument);
                if (root) {
                    int[] expected = {1, pair.remoteBase + 1, pair.remoteBase, 1};
                    for (int k = pair.remoteBase + 1; k < pair.remoteBase + remoteSize; k++) {
                        expected = times(expected, new int[] {1, k + 1, k, 1});
                    }
                    assertArrayEquals(expected, product);
                }
            }).orThrow();
        }
    }

    @Test
    void shouldExchangeVariableBlocksAndScatterTheOtherGroupsReduction() {
        Job.of(5).runTasks(world -> {
            Pair pair = Pair.split(world, 5);
            Intercomm inter = pair.inter;
            int remoteSize = inter.Remote_size();
            int rank = world.Rank();
            int localRank = pair.local.Rank();

            int[] counts = new int[remoteSize];
            int[] displs = new int[remoteSize];
            for (int i = 0; i < remoteSize; i++) {
                counts[i] = pair.remoteBase + i + 1;
                displs[i] = i == 0 ? 0 : displs[i - 1] + counts[i - 1];
            }
            int[] all = new int[displs[remoteSize - 1] + counts[remoteSize - 1]];
            int[] own = new int[rank + 1];
            Arrays.fill(own, rank);
            inter.Allgatherv(own, 0, rank + 1, MPI.INT, all, 0, counts, displs, MPI.INT);
            for (int i = 0; i < remoteSize; i++) {
                for (int k = 0; k < counts[i]; k++) {
                    assertEquals(pair.remoteBase + i, all[displs[i] + k]);
                }
            }

            int[] sendcount = new int[remoteSize];
            int[] sdispls = new int[remoteSize];
            int[] recvcount = new int[remoteSize];
            int[] rdispls = new int[remoteSize];
            int[] outgoing = new int[remoteSize * 8];
            for (int j = 0; j < remoteSize; j++) {
                sendcount[j] = 1 + (localRank + j) % 3;
                sdispls[j] = 8 * j;
                recvcount[j] = 1 + (j + localRank) % 3;
                rdispls[j] = 8 * (remoteSize - 1 - j);
                for (int k = 0; k < sendcount[j]; k++) {
                    outgoing[sdispls[j] + k] = 100 * rank + 10 * j + k;
                }
            }
            int[] incoming = new int[remoteSize * 8];
            inter.Alltoallv(outgoing, 0, sendcount, sdispls, MPI.INT, incoming, 0, recvcount, rdispls, MPI.INT);
            for (int i = 0; i < remoteSize; i++) {
                for (int k = 0; k < recvcount[i]; k++) {
                    assertEquals(100 * (pair.remoteBase + i) + 10 * localRank + k, incoming[rdispls[i] + k]);
                }
            }

            int localSize = pair.local.Size();
            int[] recvcounts = new int[localSize];
            int total = 6;
            for (int i = 0; i < localSize; i++) {
                recvcounts[i] = i == localSize - 1 ? total - (localSize - 1) : 1;
            }
            int[] vector = new int[total];
            for (int k = 0; k < total; k++) {
                vector[k] = rank * 100 + k;
            }
            int[] result = new int[recvcounts[localRank]];
            inter.Reduce_scatter(vector, 0, result, 0, recvcounts, MPI.INT, MPI.SUM);
            int start = 0;
            for (int i = 0; i < localRank; i++) {
                start += recvcounts[i];
            }
            for (int k = 0; k < result.length; k++) {
                int expected = 0;
                for (int i = 0; i < remoteSize; i++) {
                    expected += (pair.remoteBase + i) * 100 + start + k;
                }
                assertEquals(expected, result[k]);
            }
        }).orThrow();
    }

    @Test
    void shouldRejectARootThatIsNeitherRootNorProcNullNorARemoteRank() {
        Job.of(2).runTasks(world -> {
            Pair pair = Pair.split(world, 2);
            MPIException error = assertThrows(MPIException.class,
                () -> pair.inter.Bcast(new int[1], 0, 1, MPI.INT, 1));
            assertEquals(MPIException.ERR_ROOT, error.getErrorClass());
            assertTrue(error.getMessage().contains("MPI.ROOT"), error.getMessage());
        }).orThrow();
    }

    private static int[] times(int[] a, int[] b) {
        return new int[] {
            a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3]};
    }

    /** The world split into a first and a second half, joined by an intercommunicator. */
    private record Pair(Intracomm local, Intercomm inter, boolean first, int remoteBase) {
        static Pair split(Intracomm world, int size) throws MPIException {
            int rank = world.Rank();
            int half = (size + 1) / 2;
            boolean first = rank < half;
            Intracomm local = world.Split(first ? 0 : 1, rank);
            Intercomm inter = world.Create_intercomm(local, 0, first ? half : 0, 9);
            return new Pair(local, inter, first, first ? half : 0);
        }
    }
}
