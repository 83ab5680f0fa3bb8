package org.mpjbuf.mpj.testprograms;

import mpi.MPI;
import mpi.MPIException;

/** Counts in a static field: with per-rank class loaders every rank sees its own count. */
public final class StaticsProgram {

    private static int starts;

    private StaticsProgram() {
    }

    /**
     * Runs the program.
     *
     * @param args printed by every rank
     * @throws MPIException when MPI fails
     */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        starts++;
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int[] token = {starts};
        int[] in = new int[1];
        MPI.COMM_WORLD.Sendrecv(token, 0, 1, MPI.INT, (rank + 1) % size, 0, in, 0, 1, MPI.INT,
            (rank + size - 1) % size, 0);
        if (starts != 1 || in[0] != 1) {
            throw new IllegalStateException("statics shared between ranks: starts=" + starts
                + ", left neighbour's=" + in[0]);
        }
        System.out.println("rank " + rank + " of " + size + " " + String.join(",", args));
        MPI.Finalize();
    }
}
