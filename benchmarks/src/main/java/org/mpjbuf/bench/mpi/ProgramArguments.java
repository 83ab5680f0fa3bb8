package org.mpjbuf.bench.mpi;

import mpi.MPI;
import mpi.MPIException;

/**
 * The positional arguments of the benchmark programs of this package, each with a default when it
 * is left out, and the rank count the two-rank programs need.
 *
 * <p>Stateless and thread-safe.
 */
final class ProgramArguments {

    private ProgramArguments() {
    }

    /**
     * {@return argument {@code index} of {@code own} as an int, or {@code fallback} when there are
     * fewer arguments}
     *
     * @param own the program's own arguments, as {@code MPI.Init} returns them
     * @param index the argument's position
     * @param fallback its default
     * @throws NumberFormatException when the argument is not an int
     */
    static int intAt(String[] own, int index, int fallback) {
        return own.length > index ? Integer.parseInt(own[index]) : fallback;
    }

    /**
     * {@return argument {@code index} of {@code own} as a long, or {@code fallback} when there are
     * fewer arguments}
     *
     * @param own the program's own arguments
     * @param index the argument's position
     * @param fallback its default
     * @throws NumberFormatException when the argument is not a long
     */
    static long longAt(String[] own, int index, long fallback) {
        return own.length > index ? Long.parseLong(own[index]) : fallback;
    }

    /**
     * {@return argument {@code index} of {@code own} as a double, or {@code fallback} when there
     * are fewer arguments}
     *
     * @param own the program's own arguments
     * @param index the argument's position
     * @param fallback its default
     * @throws NumberFormatException when the argument is not a number
     */
    static double doubleAt(String[] own, int index, double fallback) {
        return own.length > index ? Double.parseDouble(own[index]) : fallback;
    }

    /**
     * Checks that the job has the two ranks a two-rank program needs.
     *
     * @param program the program's name, for the error
     * @throws IllegalArgumentException naming the program and the job's size otherwise
     * @throws MPIException when MPI fails
     */
    static void requireTwoRanks(String program) throws MPIException {
        if (MPI.COMM_WORLD.Size() != 2) {
            throw new IllegalArgumentException(program + " needs 2 ranks, not " + MPI.COMM_WORLD.Size());
        }
    }
}
