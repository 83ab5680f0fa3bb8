package org.mpjbuf.mpj.examples;

import mpi.MPI;
import mpi.MPIException;

/**
 * Every rank greets from its rank and the processor name: {@code bin/mpjrun -np 4
 * org.mpjbuf.mpj.examples.HelloWorld}.
 */
public final class HelloWorld {

    private HelloWorld() {
    }

    /**
     * Runs one rank.
     *
     * @param args unused
     * @throws MPIException when MPI fails
     */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        System.out.println("Hello from rank " + MPI.COMM_WORLD.Rank() + " of "
            + MPI.COMM_WORLD.Size() + " on " + MPI.Get_processor_name());
        MPI.Finalize();
    }
}
