package org.mpjbuf.mpj.testprograms;

import mpi.MPI;
import mpi.MPIException;

/**
 * Fails in one rank while the others block in a receive nobody sends: {@code throw} throws,
 * {@code frameless} throws an exception without stack frames, {@code abort} calls
 * {@code Abort(3)}, {@code fatal} makes an error fatal; or fails in every rank alike:
 * {@code frameless-everywhere} throws the same exception without stack frames in every rank.
 */
public final class FailingProgram {

    private FailingProgram() {
    }

    /**
     * Runs the program.
     *
     * @param args {@code throw}, {@code frameless}, {@code abort}, {@code fatal} or
     *             {@code frameless-everywhere}
     * @throws MPIException when MPI fails
     */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        if (args[0].equals("frameless-everywhere")) {
            IllegalArgumentException bad = new IllegalArgumentException("every rank got bad input");
            bad.setStackTrace(new StackTraceElement[0]);
            throw bad;
        }
        if (rank == 1) {
            switch (args[0]) {
                case "throw" -> throw new IllegalStateException("rank one gives up");
                case "frameless" -> {
                    IllegalArgumentException bad = new IllegalArgumentException("rank one got bad input");
                    bad.setStackTrace(new StackTraceElement[0]);
                    throw bad;
                }
                case "abort" -> MPI.COMM_WORLD.Abort(3);
                case "fatal" -> {
                    MPI.Errorhandler_set(MPI.ERRORS_ARE_FATAL);
                    MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, 99, 0);
                }
                default -> throw new IllegalArgumentException(args[0]);
            }
        }
        MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
        MPI.Finalize();
    }
}
