import mpi.*;

/**
 * mpiJava 1.2's Create_intercomm: called on the peer communicator (COMM_WORLD) with the local
 * intracommunicator as argument; the remote leader is a rank of the peer.
 */
public class PeerIntercomm {
    public static void main(String[] args) {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int half = size / 2;
        int color = rank < half ? 0 : 1;
        Intracomm local = MPI.COMM_WORLD.Split(color, rank);
        int remoteLeader = color == 0 ? half : 0;
        Intercomm inter = MPI.COMM_WORLD.Create_intercomm(local, 0, remoteLeader, 99);
        int remoteSize = inter.Remote_size();
        if (remoteSize != (color == 0 ? size - half : half)) {
            throw new IllegalStateException("remote size " + remoteSize);
        }
        int[] token = {rank};
        int partner = local.Rank() % remoteSize;
        if (color == 0) {
            inter.Send(token, 0, 1, MPI.INT, partner, 5);
        } else if (local.Rank() < half) {
            int[] received = new int[1];
            Status status = inter.Recv(received, 0, 1, MPI.INT, MPI.ANY_SOURCE, 5);
            if (received[0] != status.source) {
                throw new IllegalStateException("received " + received[0] + " from " + status.source);
            }
        }
        Intracomm merged = inter.Merge(color == 1);
        if (merged.Size() != size) {
            throw new IllegalStateException("merged size " + merged.Size());
        }
        System.out.println("PeerIntercomm OK at rank " + rank);
        MPI.Finalize();
    }
}
