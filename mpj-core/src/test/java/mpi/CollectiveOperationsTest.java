package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.mpj.runtime.Job;
import org.mpjbuf.mpj.runtime.RankTask;

/**
 * Every collective through the public API on the real runtime (smdev), on the world, a
 * duplicate and a split of it, checked against sequential references.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class CollectiveOperationsTest {

    private static final int[] SIZES = {1, 2, 3, 4, 5, 8};

    private static void run(int size, RankTask task) {
        Job.of(size).runTasks(task).orThrow();
    }

    /** The communicators each test runs on: the world, its duplicate, and the even/odd halves. */
    private static Intracomm[] communicators(Intracomm world) throws MPIException {
        return new Intracomm[] {world, world.Dup(), world.Split(world.Rank() % 2, -world.Rank())};
    }

    private static double value(int rank, int index) {
        return rank * 1000.0 + index + 0.5;
    }

    @Test
    void shouldBroadcastReduceAndAllreduceDoublesOnEveryCommunicator() {
        for (int size : SIZES) {
            run(size, world -> {
                for (Intracomm comm : communicators(world)) {
                    int rank = comm.Rank();
                    int n = comm.Size();
                    for (int count : new int[] {0, 1, 7, 3000}) {
                        int root = n - 1;
                        double[] buffer = new double[count + 2];
                        if (rank == root) {
                            for (int i = 0; i < count; i++) {
                                buffer[i + 1] = value(root, i);
                            }
                        }
                        comm.Bcast(buffer, 1, count, MPI.DOUBLE, root);
                        double[] mine = new double[count];
                        double[] expectedSum = new double[count];
                        for (int i = 0; i < count; i++) {
                            assertEquals(value(root, i), buffer[i + 1]);
                            mine[i] = value(rank, i);
                            for (int r = 0; r < n; r++) {
                                expectedSum[i] += value(r, i);
                            }
                        }
                        double[] sum = new double[count];
                        comm.Allreduce(mine, 0, sum, 0, count, MPI.DOUBLE, MPI.SUM);
                        assertArrayEquals(expectedSum, sum, 1e-6);
                        double[] atRoot = new double[count];
                        comm.Reduce(mine, 0, atRoot, 0, count, MPI.DOUBLE, MPI.SUM, 0);
                        assertArrayEquals(rank == 0 ? expectedSum : new double[count], atRoot, 1e-6);
                        comm.Barrier();
                    }
                }
            });
        }
    }

    @Test
    void shouldGatherScatterAndExchangeIntsOnEveryCommunicator() {
        for (int size : SIZES) {
            run(size, world -> {
                for (Intracomm comm : communicators(world)) {
                    int rank = comm.Rank();
                    int n = comm.Size();
                    int count = 3;
                    int[] mine = {rank, rank * 10, rank * 100};
                    int[] all = new int[n * count];
                    comm.Allgather(mine, 0, count, MPI.INT, all, 0, count, MPI.INT);
                    int[] gathered = new int[n * count];
                    comm.Gather(mine, 0, count, MPI.INT, gathered, 0, count, MPI.INT, n / 2);
                    int[] expected = new int[n * count];
                    for (int r = 0; r < n; r++) {
                        expected[r * count] = r;
                        expected[r * count + 1] = r * 10;
                        expected[r * count + 2] = r * 100;
                    }
                    assertArrayEquals(expected, all);
                    assertArrayEquals(rank == n / 2 ? expected : new int[n * count], gathered);
                    int[] back = new int[count];
                    comm.Scatter(expected, 0, count, MPI.INT, back, 0, count, MPI.INT, 0);
                    assertArrayEquals(mine, back);

                    int[] send = new int[n];
                    for (int j = 0; j < n; j++) {
                        send[j] = rank * n + j;
                    }
                    int[] received = new int[n];
                    comm.Alltoall(send, 0, 1, MPI.INT, received, 0, 1, MPI.INT);
                    int[] sendCounts = new int[n];
                    int[] sendDispls = new int[n];
                    int[] recvCounts = new int[n];
                    int[] recvDispls = new int[n];
                    for (int j = 0; j < n; j++) {
                        sendCounts[j] = 1;
                        sendDispls[j] = n - 1 - j;
                        recvCounts[j] = 1;
                        recvDispls[j] = j;
                    }
                    int[] reversed = new int[n];
                    for (int j = 0; j < n; j++) {
                        reversed[n - 1 - j] = send[j];
                    }
                    int[] receivedV = new int[n];
                    comm.Alltoallv(reversed, 0, sendCounts, sendDispls, MPI.INT,
                        receivedV, 0, recvCounts, recvDispls, MPI.INT);
                    for (int i = 0; i < n; i++) {
                        assertEquals(i * n + rank, received[i]);
                        assertEquals(i * n + rank, receivedV[i]);
                    }
                }
            });
        }
    }

    @Test
    void shouldApplyEveryPredefinedOperationLikeASequentialFold() {
        run(5, world -> {
            int rank = world.Rank();
            int n = world.Size();
            long[] longs = {rank + 1, -rank, rank * 3 + 1, 0x0F0F_0000L >>> rank};
            Op[] arithmetic = {MPI.SUM, MPI.PROD, MPI.MAX, MPI.MIN, MPI.BAND, MPI.BOR, MPI.BXOR};
            for (Op op : arithmetic) {
                long[] result = new long[longs.length];
                world.Allreduce(longs, 0, result, 0, longs.length, MPI.LONG, op);
                for (int i = 0; i < longs.length; i++) {
                    long expected = element(0, i);
                    for (int r = 1; r < n; r++) {
                        expected = fold(op, expected, element(r, i));
                    }
                    assertEquals(expected, result[i], "op " + op + " element " + i);
                }
            }
            boolean[] flags = {rank % 2 == 0, rank == 3, true};
            boolean[] and = new boolean[3];
            boolean[] or = new boolean[3];
            boolean[] xor = new boolean[3];
            world.Allreduce(flags, 0, and, 0, 3, MPI.BOOLEAN, MPI.LAND);
            world.Allreduce(flags, 0, or, 0, 3, MPI.BOOLEAN, MPI.LOR);
            world.Allreduce(flags, 0, xor, 0, 3, MPI.BOOLEAN, MPI.LXOR);
            assertArrayEquals(new boolean[] {false, false, true}, and);
            assertArrayEquals(new boolean[] {true, true, true}, or);
            assertArrayEquals(new boolean[] {true, true, true}, xor);
            int[] pairs = {(rank * 7) % 5, rank, -rank, rank};
            int[] maxloc = new int[4];
            int[] minloc = new int[4];
            world.Allreduce(pairs, 0, maxloc, 0, 2, MPI.INT2, MPI.MAXLOC);
            world.Allreduce(pairs, 0, minloc, 0, 2, MPI.INT2, MPI.MINLOC);
            assertArrayEquals(new int[] {4, 2, 0, 0}, maxloc);
            assertArrayEquals(new int[] {0, 0, -4, 4}, minloc);
        });
    }

    private static long element(int rank, int index) {
        long[] values = {rank + 1, -rank, rank * 3 + 1, 0x0F0F_0000L >>> rank};
        return values[index];
    }

    private static long fold(Op op, long a, long b) {
        if (op == MPI.SUM) {
            return a + b;
        } else if (op == MPI.PROD) {
            return a * b;
        } else if (op == MPI.MAX) {
            return Math.max(a, b);
        } else if (op == MPI.MIN) {
            return Math.min(a, b);
        } else if (op == MPI.BAND) {
            return a & b;
        } else if (op == MPI.BOR) {
            return a | b;
        }
        return a ^ b;
    }

    /** 2x2 integer matrix product over items of Contiguous(4, INT): associative, not commutative. */
    static Op matrixProduct() {
        return new Op(new User_function() {
            @Override
            public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count,
                             Datatype datatype) throws MPIException {
                int[] in = (int[]) invec;
                int[] io = (int[]) inoutvec;
                int extent = datatype.Extent();
                for (int item = 0; item < count; item++) {
                    int a = inoffset + item * extent;
                    int b = inoutoffset + item * extent;
                    int p = in[a] * io[b] + in[a + 1] * io[b + 2];
                    int q = in[a] * io[b + 1] + in[a + 1] * io[b + 3];
                    int r = in[a + 2] * io[b] + in[a + 3] * io[b + 2];
                    int s = in[a + 2] * io[b + 1] + in[a + 3] * io[b + 3];
                    io[b] = p;
                    io[b + 1] = q;
                    io[b + 2] = r;
                    io[b + 3] = s;
                }
            }
        }, false);
    }

    private static int[] matrixOf(int rank, int item) {
        return new int[] {1, rank + item, rank % 3, 1};
    }

    private static int[] product(int from, int to, int item) {
        int[] m = matrixOf(from, item);
        for (int r = from + 1; r <= to; r++) {
            int[] x = matrixOf(r, item);
            m = new int[] {m[0] * x[0] + m[1] * x[2], m[0] * x[1] + m[1] * x[3],
                m[2] * x[0] + m[3] * x[2], m[2] * x[1] + m[3] * x[3]};
        }
        return m;
    }

    @Test
    void shouldCombineANonCommutativeUserOperationInRankOrder() {
        for (int size : new int[] {1, 3, 4, 6}) {
            run(size, world -> {
                int rank = world.Rank();
                int n = world.Size();
                Datatype matrix = Datatype.Contiguous(4, MPI.INT);
                matrix.Commit();
                Op op = matrixProduct();
                int items = 2 * n;
                int[] mine = new int[4 * items];
                for (int item = 0; item < items; item++) {
                    System.arraycopy(matrixOf(rank, item), 0, mine, 4 * item, 4);
                }
                int[] all = new int[4 * items];
                world.Allreduce(mine, 0, all, 0, items, matrix, op);
                int[] reduced = new int[4 * items];
                world.Reduce(mine, 0, reduced, 0, items, matrix, op, n - 1);
                int[] prefix = new int[4 * items];
                world.Scan(mine, 0, prefix, 0, items, matrix, op);
                int[] counts = new int[n];
                java.util.Arrays.fill(counts, 2);
                int[] block = new int[8];
                world.Reduce_scatter(mine, 0, block, 0, counts, matrix, op);
                for (int item = 0; item < items; item++) {
                    int[] expected = product(0, n - 1, item);
                    assertArrayEquals(expected, java.util.Arrays.copyOfRange(all, 4 * item, 4 * item + 4));
                    if (rank == n - 1) {
                        assertArrayEquals(expected, java.util.Arrays.copyOfRange(reduced, 4 * item, 4 * item + 4));
                    }
                    assertArrayEquals(product(0, rank, item),
                        java.util.Arrays.copyOfRange(prefix, 4 * item, 4 * item + 4));
                }
                for (int k = 0; k < 2; k++) {
                    assertArrayEquals(product(0, n - 1, 2 * rank + k),
                        java.util.Arrays.copyOfRange(block, 4 * k, 4 * k + 4));
                }
            });
        }
    }

    @Test
    void shouldMoveObjectsAndColumnsOfAMatrix() {
        run(4, world -> {
            int rank = world.Rank();
            int n = world.Size();
            Object[] mine = {"r" + rank, java.util.List.of(rank)};
            Object[] all = new Object[2 * n];
            world.Allgather(mine, 0, 2, MPI.OBJECT, all, 0, 2, MPI.OBJECT);
            for (int r = 0; r < n; r++) {
                assertEquals("r" + r, all[2 * r]);
                assertEquals(java.util.List.of(r), all[2 * r + 1]);
            }
            Object[] root = new Object[1];
            if (rank == 2) {
                root[0] = "from two";
            }
            world.Bcast(root, 0, 1, MPI.OBJECT, 2);
            assertEquals("from two", root[0]);

            int rows = 3;
            Datatype column = Datatype.Vector(rows, 1, n, MPI.DOUBLE);
            column.Commit();
            double[] matrix = new double[rows * n];
            for (int row = 0; row < rows; row++) {
                matrix[row * n + rank] = value(rank, row);
            }
            double[] gathered = new double[rows * n];
            world.Allgather(matrix, rank, 1, column, gathered, 0, rows, MPI.DOUBLE);
            for (int r = 0; r < n; r++) {
                for (int row = 0; row < rows; row++) {
                    assertEquals(value(r, row), gathered[r * rows + row]);
                }
            }
        });
    }

    @Test
    void shouldNeverMatchUserMessagesWithCollectiveOnes() {
        run(3, world -> {
            int rank = world.Rank();
            int[] user = new int[1];
            Request pending = world.Irecv(user, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
            int[] data = {rank == 0 ? 42 : 0};
            world.Bcast(data, 0, 1, MPI.INT, 0);
            world.Barrier();
            assertEquals(42, data[0]);
            world.Send(new int[] {100 + rank}, 0, 1, MPI.INT, (rank + 1) % 3, 5);
            Status status = pending.Wait();
            assertEquals(100 + (rank + 2) % 3, user[0]);
            assertEquals(5, status.tag);
        });
    }

    @Test
    void shouldReportBadArgumentsWithTheirErrorClass() {
        run(2, world -> {
            MPIException root = assertThrows(MPIException.class,
                () -> world.Bcast(new int[1], 0, 1, MPI.INT, 2));
            assertEquals(MPIException.ERR_ROOT, root.getErrorClass());
            assertTrue(root.getMessage().contains("root 2"), root.getMessage());
            MPIException small = assertThrows(MPIException.class,
                () -> world.Allgather(new int[2], 0, 2, MPI.INT, new int[3], 0, 2, MPI.INT));
            assertEquals(MPIException.ERR_BUFFER, small.getErrorClass());
            MPIException counts = assertThrows(MPIException.class,
                () -> world.Alltoallv(new int[2], 0, new int[1], new int[2], MPI.INT,
                    new int[2], 0, new int[2], new int[2], MPI.INT));
            assertEquals(MPIException.ERR_ARG, counts.getErrorClass());
            world.Barrier();
        });
    }
}
