package org.mpjbuf.mpj.testprograms;

import mpi.MPI;
import mpi.MPIException;

/** What the test programs do once started: pass their rank around the ring and check what arrives. */
final class RingCheck {

    private RingCheck() {
    }

    /**
     * Initializes MPI, sends this rank to the right neighbour, checks the left neighbour's, and
     * finalizes.
     *
     * @param args the program's arguments, for {@code MPI.Init}
     * @throws MPIException when MPI fails
     * @throws IllegalStateException when the wrong rank arrives
     */
    static void run(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int[] in = new int[1];
        MPI.COMM_WORLD.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, (rank + 1) % size, 0, in, 0, 1, MPI.INT,
            (rank + size - 1) % size, 0);
        if (in[0] != (rank + size - 1) % size) {
            throw new IllegalStateException("rank " + rank + " received " + in[0] + " from its left neighbour");
        }
        MPI.Finalize();
    }
}
