package org.mpjbuf.mpj.testprograms;

import mpi.MPIException;

/** A main class that is not public, as programs written for MPJ Express often have; {@code java} starts it. */
final class PackagePrivateClassProgram {

    private PackagePrivateClassProgram() {
    }

    /**
     * Runs the ring check.
     *
     * @param args the program's arguments
     * @throws MPIException when MPI fails
     */
    public static void main(String[] args) throws MPIException {
        RingCheck.run(args);
    }
}
