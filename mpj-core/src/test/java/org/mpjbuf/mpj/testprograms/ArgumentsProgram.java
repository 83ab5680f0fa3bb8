package org.mpjbuf.mpj.testprograms;

import java.util.Arrays;

import mpi.MPI;
import mpi.MPIException;

/**
 * Checks what {@code main} and {@code MPI.Init} receive. The program's first argument says which
 * convention the job follows: {@code mpjexpress} (MPJ Express's: {@code rank, size, device} come
 * first and the program reads its own arguments from {@code args[3]} on) or {@code plain}. Either
 * way {@code MPI.Init} must return the program's arguments alone.
 */
public final class ArgumentsProgram {

    private ArgumentsProgram() {
    }

    /**
     * Runs the program.
     *
     * @param args {@code [rank, size, device,] mpjexpress|plain, more...}
     * @throws MPIException when MPI fails
     * @throws IllegalStateException when an argument is not what the convention says
     */
    public static void main(String[] args) throws MPIException {
        String[] own = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        String[] expected = switch (own.length == 0 ? "" : own[0]) {
            case "mpjexpress" -> Arrays.copyOfRange(args, 3, args.length);
            case "plain" -> args;
            default -> throw new IllegalStateException("MPI.Init returned " + Arrays.toString(own));
        };
        if (!Arrays.equals(own, expected)) {
            throw new IllegalStateException("main got " + Arrays.toString(args) + ", MPI.Init returned "
                + Arrays.toString(own));
        }
        if (own[0].equals("mpjexpress") && !(args[0].equals(Integer.toString(rank))
            && args[1].equals(Integer.toString(size)) && args[2].equals("smdev"))) {
            throw new IllegalStateException("rank " + rank + " of " + size + " got " + Arrays.toString(args));
        }
        MPI.Finalize();
    }
}
