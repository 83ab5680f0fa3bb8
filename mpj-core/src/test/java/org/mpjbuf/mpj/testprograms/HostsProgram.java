package org.mpjbuf.mpj.testprograms;

import mpi.MPI;
import mpi.MPIException;
import org.mpjbuf.mpj.runtime.RankEnvironment;

/**
 * Says where each rank listens (the niodev endpoint it published) and passes a token around the
 * ring of ranks, for the tests that run ranks on several hosts.
 */
public final class HostsProgram {

    private HostsProgram() {
    }

    /**
     * Runs the program.
     *
     * @param args ignored
     * @throws MPIException when MPI fails
     */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        String endpoint = RankEnvironment.current().bootstrap().get(rank, "mpjbuf.niodev.endpoint");
        System.out.println("rank " + rank + " of " + size + " listens on " + endpoint);
        int[] token = {rank};
        StringBuilder ring = new StringBuilder();
        if (rank == 0) {
            ring.append(0);
            MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, 1 % size, 0);
            for (int hop = 1; hop < size; hop++) {
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, hop, 1);
                ring.append(' ').append(token[0]);
            }
            MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, size - 1, 0);
            System.out.println("ring of " + size + " ranks: " + ring);
        } else {
            MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, rank - 1, 0);
            MPI.COMM_WORLD.Send(new int[] {rank}, 0, 1, MPI.INT, 0, 1);
            MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, (rank + 1) % size, 0);
        }
        MPI.Finalize();
    }
}
