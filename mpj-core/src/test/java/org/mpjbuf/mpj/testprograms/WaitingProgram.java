package org.mpjbuf.mpj.testprograms;

import mpi.MPI;
import mpi.MPIException;

/**
 * Ranks that keep communicating until something ends them, for tests that kill a rank or the
 * launcher: each rank prints {@code rank R pid P ready} once every rank is up, then, by the
 * argument, waits in a receive nobody sends ({@code idle}), sends 1 MiB messages from rank 0 to
 * rank 1 without end while the others wait ({@code send}), or runs Allreduce without end
 * ({@code collective}).
 */
public final class WaitingProgram {

    private WaitingProgram() {
    }

    /**
     * Runs the program.
     *
     * @param args {@code idle}, {@code send} or {@code collective}
     * @throws MPIException when MPI fails, as it does once a peer is gone
     */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        MPI.COMM_WORLD.Barrier();
        System.out.println("rank " + rank + " pid " + ProcessHandle.current().pid() + " ready");
        System.out.flush();
        switch (args[0]) {
            case "idle" -> MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
            case "send" -> {
                byte[] message = new byte[1 << 20];
                while (true) {
                    if (rank == 0) {
                        MPI.COMM_WORLD.Send(message, 0, message.length, MPI.BYTE, 1, 1);
                    } else if (rank == 1) {
                        MPI.COMM_WORLD.Recv(message, 0, message.length, MPI.BYTE, 0, 1);
                    } else {
                        MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                    }
                }
            }
            case "collective" -> {
                double[] values = new double[1000];
                double[] sums = new double[1000];
                while (true) {
                    MPI.COMM_WORLD.Allreduce(values, 0, sums, 0, values.length, MPI.DOUBLE, MPI.SUM);
                }
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
        MPI.Finalize();
    }
}
