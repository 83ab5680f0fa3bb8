package org.mpjbuf.mpj.testprograms;

import mpi.MPI;
import mpi.MPIException;

/**
 * Says which thread runs each rank's {@code main}, for the test that every device runs it in a
 * thread of the rank's own ({@code mpj-rank-N}), not in the JVM's main thread.
 */
public final class RankThreadProgram {

    private RankThreadProgram() {
    }

    /**
     * Runs the program.
     *
     * @param args the program's arguments, passed to {@code MPI.Init}
     * @throws MPIException when MPI fails
     */
    public static void main(String[] args) throws MPIException {
        String thread = Thread.currentThread().getName();
        MPI.Init(args);
        System.out.println("rank " + MPI.COMM_WORLD.Rank() + " runs main in thread " + thread);
        MPI.COMM_WORLD.Barrier();
        MPI.Finalize();
    }
}
