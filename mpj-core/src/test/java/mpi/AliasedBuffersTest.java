package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Collectives whose send and receive buffers are one array, which programs written for MPJ
 * Express rely on (the Java Grande ray tracer reduces into its send array), and
 * {@link MPI#IN_PLACE}: each gives the result separate buffers give, at every root. The counts
 * take both the short-message and the long-message algorithms (above the eager limit); 8 ranks
 * are more than the cores.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class AliasedBuffersTest {

    private static final int[] COUNTS = {1, 7, 9000};

    private static double value(int rank, int index) {
        return rank * 10_000.0 + index + 1;
    }

    private static double[] values(int rank, int count) {
        double[] values = new double[count];
        for (int i = 0; i < count; i++) {
            values[i] = value(rank, i);
        }
        return values;
    }

    private static double[] sum(int ranks, int count) {
        double[] sum = new double[count];
        for (int rank = 0; rank < ranks; rank++) {
            for (int i = 0; i < count; i++) {
                sum[i] += value(rank, i);
            }
        }
        return sum;
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void shouldReduceIntoTheSendArrayAtEveryRoot(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            for (int count : COUNTS) {
                for (int root = 0; root < size; root++) {
                    double[] buf = values(rank, count);
                    world.Reduce(buf, 0, buf, 0, count, MPI.DOUBLE, MPI.SUM, root);
                    assertArrayEquals(rank == root ? sum(size, count) : values(rank, count), buf,
                        "Reduce of " + count + " to root " + root + " at rank " + rank);
                }
                double[] buf = values(rank, count);
                world.Allreduce(buf, 0, buf, 0, count, MPI.DOUBLE, MPI.SUM);
                assertArrayEquals(sum(size, count), buf, "Allreduce at rank " + rank);
                buf = values(rank, count);
                world.Scan(buf, 0, buf, 0, count, MPI.DOUBLE, MPI.SUM);
                assertArrayEquals(sum(rank + 1, count), buf, "Scan at rank " + rank);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void shouldReduceInPlace(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            for (int count : COUNTS) {
                for (int root = 0; root < size; root++) {
                    double[] buf = values(rank, count);
                    Object send = rank == root ? MPI.IN_PLACE : buf;
                    world.Reduce(send, 0, buf, 0, count, MPI.DOUBLE, MPI.SUM, root);
                    if (rank == root) {
                        assertArrayEquals(sum(size, count), buf, "Reduce to root " + root);
                    }
                }
                double[] buf = values(rank, count);
                world.Allreduce(MPI.IN_PLACE, 0, buf, 0, count, MPI.DOUBLE, MPI.SUM);
                assertArrayEquals(sum(size, count), buf, "Allreduce at rank " + rank);
                buf = values(rank, count);
                world.Scan(MPI.IN_PLACE, 0, buf, 0, count, MPI.DOUBLE, MPI.SUM);
                assertArrayEquals(sum(rank + 1, count), buf, "Scan at rank " + rank);
            }
            if (size > 1) {
                double[] buf = values(rank, 3);
                int root = size - 1;
                if (rank == 0) {
                    MPIException wrong = assertThrows(MPIException.class,
                        () -> world.Reduce(MPI.IN_PLACE, 0, buf, 0, 3, MPI.DOUBLE, MPI.SUM, root));
                    assertEquals(MPIException.ERR_BUFFER, wrong.getErrorClass());
                }
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void shouldGatherScatterAndExchangeWithinOneArray(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            for (int count : COUNTS) {
                double[] all = new double[size * count];
                for (int r = 0; r < size; r++) {
                    System.arraycopy(values(r, count), 0, all, r * count, count);
                }
                double[] buf = new double[size * count];
                System.arraycopy(values(rank, count), 0, buf, 0, count);
                world.Allgather(buf, 0, count, MPI.DOUBLE, buf, 0, count, MPI.DOUBLE);
                assertArrayEquals(all, buf, "Allgather from the front of the array at rank " + rank);

                buf = new double[size * count];
                System.arraycopy(values(rank, count), 0, buf, rank * count, count);
                world.Allgather(MPI.IN_PLACE, 0, 0, MPI.DOUBLE, buf, 0, count, MPI.DOUBLE);
                assertArrayEquals(all, buf, "Allgather in place at rank " + rank);

                for (int root = 0; root < size; root++) {
                    buf = new double[size * count];
                    System.arraycopy(values(rank, count), 0, buf, 0, count);
                    world.Gather(buf, 0, count, MPI.DOUBLE, buf, 0, count, MPI.DOUBLE, root);
                    if (rank == root) {
                        assertArrayEquals(all, buf, "Gather to root " + root);
                    }
                    buf = rank == root ? all.clone() : new double[count];
                    world.Scatter(buf, 0, count, MPI.DOUBLE, buf, 0, count, MPI.DOUBLE, root);
                    assertArrayEquals(values(rank, count), java.util.Arrays.copyOf(buf, count),
                        "Scatter from root " + root + " at rank " + rank);
                }

                double[] exchanged = new double[size * count];
                double[] expected = new double[size * count];
                for (int r = 0; r < size; r++) {
                    for (int i = 0; i < count; i++) {
                        exchanged[r * count + i] = value(rank, r * count + i);
                        expected[r * count + i] = value(r, rank * count + i);
                    }
                }
                world.Alltoall(exchanged, 0, count, MPI.DOUBLE, exchanged, 0, count, MPI.DOUBLE);
                assertArrayEquals(expected, exchanged, "Alltoall at rank " + rank);

                int[] counts = new int[size];
                java.util.Arrays.fill(counts, count);
                double[] scattered = all.clone();
                world.Reduce_scatter(scattered, 0, scattered, 0, counts, MPI.DOUBLE, MPI.SUM);
                double[] mine = new double[count];
                for (int i = 0; i < count; i++) {
                    mine[i] = size * all[rank * count + i];
                }
                assertArrayEquals(mine, java.util.Arrays.copyOf(scattered, count), "Reduce_scatter at rank " + rank);
            }
        });
    }

    /**
     * The variable-block collectives with both regions in one array: laid over each other (the
     * send region must be read as it was before the call) and side by side, sends at the front and
     * receives behind them, as NPB IS exchanges its keys.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void shouldExchangeVariableBlocksWithinOneArray(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            for (int count : COUNTS) {
                int[] counts = new int[size];
                int[] displs = new int[size];
                double[] expected = new double[size * count];
                for (int r = 0; r < size; r++) {
                    counts[r] = count;
                    displs[r] = r * count;
                    for (int i = 0; i < count; i++) {
                        expected[r * count + i] = value(r, rank * count + i);
                    }
                }
                double[] overlaid = values(rank, size * count);
                world.Alltoallv(overlaid, 0, counts, displs, MPI.DOUBLE, overlaid, 0, counts, displs, MPI.DOUBLE);
                assertArrayEquals(expected, overlaid, "Alltoallv laid over itself at rank " + rank);

                double[] sideBySide = new double[2 * size * count];
                System.arraycopy(values(rank, size * count), 0, sideBySide, 0, size * count);
                world.Alltoallv(sideBySide, 0, counts, displs, MPI.DOUBLE,
                    sideBySide, size * count, counts, displs, MPI.DOUBLE);
                assertArrayEquals(values(rank, size * count), java.util.Arrays.copyOf(sideBySide, size * count),
                    "Alltoallv's send region at rank " + rank);
                assertArrayEquals(expected, java.util.Arrays.copyOfRange(sideBySide, size * count, 2 * size * count),
                    "Alltoallv's receive region at rank " + rank);

                double[] gathered = new double[size * count + count];
                System.arraycopy(values(rank, count), 0, gathered, size * count, count);
                world.Allgatherv(gathered, size * count, count, MPI.DOUBLE, gathered, 0, counts, displs, MPI.DOUBLE);
                for (int r = 0; r < size; r++) {
                    assertArrayEquals(values(r, count),
                        java.util.Arrays.copyOfRange(gathered, r * count, (r + 1) * count),
                        "Allgatherv in front of the send region, block " + r + " at rank " + rank);
                }

                for (int root = 0; root < size; root++) {
                    double[] scattered = new double[size * count + count];
                    if (rank == root) {
                        for (int r = 0; r < size; r++) {
                            System.arraycopy(values(r, count), 0, scattered, r * count, count);
                        }
                    }
                    world.Scatterv(scattered, 0, counts, displs, MPI.DOUBLE, scattered, size * count, count,
                        MPI.DOUBLE, root);
                    assertArrayEquals(values(rank, count),
                        java.util.Arrays.copyOfRange(scattered, size * count, size * count + count),
                        "Scatterv behind the send region from root " + root + " at rank " + rank);

                    double[] overlaidRoot = new double[size * count];
                    System.arraycopy(values(rank, count), 0, overlaidRoot, 0, count);
                    world.Gatherv(overlaidRoot, 0, count, MPI.DOUBLE, overlaidRoot, 0, counts, displs, MPI.DOUBLE,
                        root);
                    if (rank == root) {
                        for (int r = 0; r < size; r++) {
                            assertArrayEquals(values(r, count),
                                java.util.Arrays.copyOfRange(overlaidRoot, r * count, (r + 1) * count),
                                "Gatherv over the send region, block " + r + " at root " + root);
                        }
                    }
                }
            }
        });
    }
}
