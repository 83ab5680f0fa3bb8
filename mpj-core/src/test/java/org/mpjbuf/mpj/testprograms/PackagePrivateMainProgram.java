package org.mpjbuf.mpj.testprograms;

import mpi.MPIException;

/** A public class whose static main method is not public, which {@code java} (JDK 25) starts. */
public final class PackagePrivateMainProgram {

    private PackagePrivateMainProgram() {
    }

    /**
     * Runs the ring check.
     *
     * @param args the program's arguments
     * @throws MPIException when MPI fails
     */
    static void main(String[] args) throws MPIException {
        RingCheck.run(args);
    }
}
