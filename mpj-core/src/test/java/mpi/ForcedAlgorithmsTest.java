package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.mpj.coll.Allgather;
import org.mpjbuf.mpj.coll.Allgatherv;
import org.mpjbuf.mpj.coll.Allreduce;
import org.mpjbuf.mpj.coll.Alltoall;
import org.mpjbuf.mpj.coll.Alltoallv;
import org.mpjbuf.mpj.coll.Barrier;
import org.mpjbuf.mpj.coll.Bcast;
import org.mpjbuf.mpj.coll.Gather;
import org.mpjbuf.mpj.coll.Reduce;
import org.mpjbuf.mpj.coll.ReduceScatter;
import org.mpjbuf.mpj.coll.Scan;
import org.mpjbuf.mpj.coll.Scatter;
import org.mpjbuf.mpj.runtime.Job;

/**
 * Every algorithm, forced, on the real runtime and its collective context: short messages
 * (eager) and long ones (above smdev's 64 KiB protocol switch, rendezvous), with a
 * contiguous type and a strided column type, against sequential references.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class ForcedAlgorithmsTest {

    private static final int[] SIZES = {2, 3, 5, 8};
    private static final int[] COUNTS = {5, 9000};

    private static double value(int rank, int index) {
        return rank * 100_000.0 + index;
    }

    private static double[] vector(int rank, int count) {
        double[] v = new double[count];
        for (int i = 0; i < count; i++) {
            v[i] = value(rank, i);
        }
        return v;
    }

    @Test
    void shouldMatchTheReferenceWithEveryRootedAndReducingAlgorithm() {
        for (int size : SIZES) {
            Job.of(size).runTasks(world -> {
                CollectiveTransport channel = new CollectiveTransport(world);
                OpCombiner sum = new OpCombiner(MPI.SUM, MPI.DOUBLE);
                int rank = world.Rank();
                int n = world.Size();
                int root = n - 1;
                for (int count : COUNTS) {
                    double[] mine = vector(rank, count);
                    double[] total = new double[count];
                    double[] prefix = new double[count];
                    for (int r = 0; r < n; r++) {
                        for (int i = 0; i < count; i++) {
                            total[i] += value(r, i);
                            if (r <= rank) {
                                prefix[i] += value(r, i);
                            }
                        }
                    }
                    for (Barrier.Algorithm algorithm : Barrier.Algorithm.values()) {
                        Barrier.run(algorithm, channel);
                    }
                    for (Bcast.Algorithm algorithm : Bcast.Algorithm.values()) {
                        double[] buffer = rank == root ? vector(root, count) : new double[count];
                        Bcast.run(algorithm, channel, buffer, 0, count, MPI.DOUBLE, root);
                        assertArrayEquals(vector(root, count), buffer, "Bcast " + algorithm);
                    }
                    for (Reduce.Algorithm algorithm : Reduce.Algorithm.values()) {
                        double[] out = new double[count];
                        Reduce.run(algorithm, channel, mine, 0, out, 0, count, MPI.DOUBLE, sum, root);
                        assertArrayEquals(rank == root ? total : new double[count], out, "Reduce " + algorithm);
                    }
                    for (Allreduce.Algorithm algorithm : Allreduce.Algorithm.values()) {
                        double[] out = new double[count];
                        Allreduce.run(algorithm, channel, mine, 0, out, 0, count, MPI.DOUBLE, sum);
                        assertArrayEquals(total, out, "Allreduce " + algorithm);
                    }
                    for (Scan.Algorithm algorithm : Scan.Algorithm.values()) {
                        double[] out = new double[count];
                        Scan.run(algorithm, channel, mine, 0, out, 0, count, MPI.DOUBLE, sum);
                        assertArrayEquals(prefix, out, "Scan " + algorithm);
                    }
                    int[] counts = new int[n];
                    java.util.Arrays.fill(counts, count / n);
                    counts[0] += count % n;
                    for (ReduceScatter.Algorithm algorithm : ReduceScatter.Algorithm.values()) {
                        double[] out = new double[counts[rank]];
                        ReduceScatter.run(algorithm, channel, mine, 0, out, 0, counts, MPI.DOUBLE, sum);
                        int first = rank == 0 ? 0 : counts[0] + (rank - 1) * (count / n);
                        assertArrayEquals(java.util.Arrays.copyOfRange(total, first, first + counts[rank]), out,
                            "Reduce_scatter " + algorithm);
                    }
                }
            }).orThrow();
        }
    }

    @Test
    void shouldMatchTheReferenceWithEveryGatheringAndExchangingAlgorithm() {
        for (int size : SIZES) {
            Job.of(size).runTasks(world -> {
                CollectiveTransport channel = new CollectiveTransport(world);
                int rank = world.Rank();
                int n = world.Size();
                int root = n / 2;
                for (int count : COUNTS) {
                    Datatype strided = Datatype.Vector(count, 1, 2, MPI.DOUBLE);
                    strided.Commit();
                    double[] spread = new double[2 * count];
                    for (int i = 0; i < count; i++) {
                        spread[2 * i] = value(rank, i);
                    }
                    double[] expected = new double[n * count];
                    for (int r = 0; r < n; r++) {
                        System.arraycopy(vector(r, count), 0, expected, r * count, count);
                    }
                    for (Gather.Algorithm algorithm : Gather.Algorithm.values()) {
                        double[] out = new double[n * count];
                        Gather.run(algorithm, channel, spread, 0, 1, strided, out, 0, count, MPI.DOUBLE, root);
                        assertArrayEquals(rank == root ? expected : new double[n * count], out, "Gather " + algorithm);
                    }
                    for (Scatter.Algorithm algorithm : Scatter.Algorithm.values()) {
                        double[] out = new double[2 * count];
                        Scatter.run(algorithm, channel, expected, 0, count, MPI.DOUBLE, out, 0, 1, strided, root);
                        assertArrayEquals(spread, out, "Scatter " + algorithm);
                    }
                    for (Allgather.Algorithm algorithm : Allgather.Algorithm.values()) {
                        double[] out = new double[n * count];
                        Allgather.run(algorithm, channel, spread, 0, 1, strided, out, 0, count, MPI.DOUBLE);
                        assertArrayEquals(expected, out, "Allgather " + algorithm);
                    }
                    int[] counts = new int[n];
                    int[] displs = new int[n];
                    for (int r = 0; r < n; r++) {
                        counts[r] = count;
                        displs[r] = r * count;
                    }
                    for (Allgatherv.Algorithm algorithm : Allgatherv.Algorithm.values()) {
                        double[] out = new double[n * count];
                        Allgatherv.run(algorithm, channel, vector(rank, count), 0, count, MPI.DOUBLE,
                            out, 0, counts, displs, MPI.DOUBLE);
                        assertArrayEquals(expected, out, "Allgatherv " + algorithm);
                    }
                    double[] blocks = outgoingBlocks(rank, n, count);
                    double[] exchanged = incomingBlocks(rank, n, count);
                    for (Alltoall.Algorithm algorithm : Alltoall.Algorithm.values()) {
                        double[] out = new double[n * count];
                        Alltoall.run(algorithm, channel, blocks, 0, count, MPI.DOUBLE, out, 0, count, MPI.DOUBLE);
                        assertArrayEquals(exchanged, out, "Alltoall " + algorithm);
                    }
                    for (Alltoallv.Algorithm algorithm : Alltoallv.Algorithm.values()) {
                        double[] out = new double[n * count];
                        Alltoallv.run(algorithm, channel, blocks, 0, counts, displs, MPI.DOUBLE,
                            out, 0, counts, displs, MPI.DOUBLE);
                        assertArrayEquals(exchanged, out, "Alltoallv " + algorithm);
                    }
                }
            }).orThrow();
        }
    }

    /**
     * A datatype whose extent is -1 double: item {@code i} sits one element below item
     * {@code i - 1}, so {@code count} items at offset {@code count - 1} are the array reversed.
     * Algorithms that need scratch space must lay items out downwards too.
     */
    @Test
    void shouldMatchTheReferenceWithEveryAlgorithmForANegativeExtent() {
        for (int size : new int[] {3, 5}) {
            Job.of(size).runTasks(world -> {
                Datatype backwards = Datatype.Struct(new int[] {1, 1, 1}, new int[] {0, 1, 0},
                    new Datatype[] {MPI.DOUBLE, MPI.LB, MPI.UB});
                backwards.Commit();
                CollectiveTransport channel = new CollectiveTransport(world);
                OpCombiner sum = new OpCombiner(MPI.SUM, backwards);
                int rank = world.Rank();
                int n = world.Size();
                for (int count : COUNTS) {
                    double[] mine = reversed(vector(rank, count));
                    double[] total = new double[count];
                    for (int r = 0; r < n; r++) {
                        for (int i = 0; i < count; i++) {
                            total[i] += value(r, i);
                        }
                    }
                    int last = count - 1;
                    for (Reduce.Algorithm algorithm : Reduce.Algorithm.values()) {
                        double[] out = new double[count];
                        Reduce.run(algorithm, channel, mine, last, out, last, count, backwards, sum, 0);
                        assertArrayEquals(rank == 0 ? reversed(total) : new double[count], out, "Reduce " + algorithm);
                    }
                    for (Allreduce.Algorithm algorithm : Allreduce.Algorithm.values()) {
                        double[] out = new double[count];
                        Allreduce.run(algorithm, channel, mine, last, out, last, count, backwards, sum);
                        assertArrayEquals(reversed(total), out, "Allreduce " + algorithm);
                    }
                    double[] expected = new double[n * count];
                    for (int r = 0; r < n; r++) {
                        System.arraycopy(vector(r, count), 0, expected, r * count, count);
                    }
                    int allLast = n * count - 1;
                    for (Allgather.Algorithm algorithm : Allgather.Algorithm.values()) {
                        double[] out = new double[n * count];
                        Allgather.run(algorithm, channel, mine, last, count, backwards, out, allLast, count, backwards);
                        assertArrayEquals(reversed(expected), out, "Allgather " + algorithm);
                    }
                    for (Gather.Algorithm algorithm : Gather.Algorithm.values()) {
                        double[] out = new double[n * count];
                        Gather.run(algorithm, channel, mine, last, count, backwards, out, allLast, count, backwards, 0);
                        assertArrayEquals(rank == 0 ? reversed(expected) : new double[n * count], out,
                            "Gather " + algorithm);
                    }
                    double[] blocks = outgoingBlocks(rank, n, count);
                    double[] exchanged = incomingBlocks(rank, n, count);
                    for (Alltoall.Algorithm algorithm : Alltoall.Algorithm.values()) {
                        double[] out = new double[n * count];
                        Alltoall.run(algorithm, channel, reversed(blocks), allLast, count, backwards,
                            out, allLast, count, backwards);
                        assertArrayEquals(reversed(exchanged), out, "Alltoall " + algorithm);
                    }
                }
            }).orThrow();
        }
    }

    /** What {@code rank} sends in an Alltoall: block {@code j} for rank {@code j}. */
    private static double[] outgoingBlocks(int rank, int n, int count) {
        double[] blocks = new double[n * count];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < count; i++) {
                blocks[j * count + i] = value(rank, j * count + i);
            }
        }
        return blocks;
    }

    /** What {@code rank} receives in an Alltoall: block {@code j} from rank {@code j}. */
    private static double[] incomingBlocks(int rank, int n, int count) {
        double[] blocks = new double[n * count];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < count; i++) {
                blocks[j * count + i] = value(j, rank * count + i);
            }
        }
        return blocks;
    }

    private static double[] reversed(double[] values) {
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            out[values.length - 1 - i] = values[i];
        }
        return out;
    }
}
