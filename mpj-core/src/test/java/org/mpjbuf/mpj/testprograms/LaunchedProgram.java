package org.mpjbuf.mpj.testprograms;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;

/**
 * The program every launcher test runs: point-to-point around a ring, a derived datatype (a matrix
 * column as a Vector), and collectives (Bcast, Allreduce, Gather); each rank checks what it got and
 * prints {@code rank R of N OK}, and a wrong value throws.
 */
public final class LaunchedProgram {

    private LaunchedProgram() {
    }

    /**
     * Runs one rank.
     *
     * @param args ignored
     * @throws MPIException when MPI fails
     */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int[] token = {rank};
        MPI.COMM_WORLD.Sendrecv_replace(token, 0, 1, MPI.INT, (rank + 1) % size, 1, (rank + size - 1) % size, 1);
        check(token[0] == (rank + size - 1) % size, "ring token " + token[0]);

        double[] matrix = new double[16];
        if (rank == 0) {
            for (int i = 0; i < matrix.length; i++) {
                matrix[i] = i;
            }
        }
        Datatype column = Datatype.Vector(4, 1, 4, MPI.DOUBLE);
        column.Commit();
        if (rank == 0) {
            for (int peer = 1; peer < size; peer++) {
                MPI.COMM_WORLD.Send(matrix, 2, 1, column, peer, 2);
            }
        } else {
            MPI.COMM_WORLD.Recv(matrix, 2, 1, column, 0, 2);
            check(matrix[2] == 2 && matrix[6] == 6 && matrix[10] == 10 && matrix[14] == 14 && matrix[3] == 0,
                "column 2 of the matrix");
        }

        long[] seed = {rank == 0 ? 42 : 0};
        MPI.COMM_WORLD.Bcast(seed, 0, 1, MPI.LONG, 0);
        check(seed[0] == 42, "Bcast gave " + seed[0]);
        double[] sum = new double[1];
        MPI.COMM_WORLD.Allreduce(new double[] {rank + 1}, 0, sum, 0, 1, MPI.DOUBLE, MPI.SUM);
        check(sum[0] == size * (size + 1) / 2.0, "Allreduce gave " + sum[0]);
        int[] ranks = new int[size];
        MPI.COMM_WORLD.Gather(new int[] {rank}, 0, 1, MPI.INT, ranks, 0, 1, MPI.INT, 0);
        for (int i = 0; rank == 0 && i < size; i++) {
            check(ranks[i] == i, "Gather gave " + java.util.Arrays.toString(ranks));
        }
        System.out.println("rank " + rank + " of " + size + " OK");
        MPI.Finalize();
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException(what + " is wrong");
        }
    }
}
