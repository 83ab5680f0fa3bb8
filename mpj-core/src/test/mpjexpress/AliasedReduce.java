import mpi.*;

/**
 * As the Java Grande ray tracer does: Reduce with one array as send and receive buffer, to a
 * root that is not the last rank, and the same for Allreduce.
 */
public class AliasedReduce {
    public static void main(String[] args) {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        double[] checksum = {rank + 1.0, 2.0 * (rank + 1)};
        MPI.COMM_WORLD.Reduce(checksum, 0, checksum, 0, 2, MPI.DOUBLE, MPI.SUM, 0);
        double expected = size * (size + 1) / 2.0;
        if (rank == 0 && (checksum[0] != expected || checksum[1] != 2 * expected)) {
            throw new IllegalStateException("Reduce gave " + checksum[0] + ", " + checksum[1] + " instead of " + expected);
        }
        long[] counts = {rank, 1};
        MPI.COMM_WORLD.Allreduce(counts, 0, counts, 0, 2, MPI.LONG, MPI.SUM);
        if (counts[0] != (long) size * (size - 1) / 2 || counts[1] != size) {
            throw new IllegalStateException("Allreduce gave " + counts[0] + ", " + counts[1]);
        }
        System.out.println("AliasedReduce OK at rank " + rank);
        MPI.Finalize();
    }
}
