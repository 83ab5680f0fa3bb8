package org.mpjbuf.mpj.testprograms;

import mpi.MPIException;

/** A class with an instance main method (JEP 512), which {@code java} (JDK 25) starts on a new instance. */
final class InstanceMainProgram {

    /**
     * Runs the ring check.
     *
     * @param args the program's arguments
     * @throws MPIException when MPI fails
     */
    void main(String[] args) throws MPIException {
        RingCheck.run(args);
    }
}
