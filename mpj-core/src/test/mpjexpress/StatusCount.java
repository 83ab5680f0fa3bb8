import mpi.*;

/**
 * MPJ Express style: main declares no exception, and the receive buffer is sized from
 * status.count after a Probe. Each rank sends rank + 3 ints around a ring.
 */
public class StatusCount {
    public static void main(String[] args) {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int next = (rank + 1) % size;
        int previous = (rank + size - 1) % size;
        int[] outgoing = new int[rank + 3];
        for (int i = 0; i < outgoing.length; i++) {
            outgoing[i] = rank * 100 + i;
        }
        Request sent = MPI.COMM_WORLD.Isend(outgoing, 0, outgoing.length, MPI.INT, next, 7);
        Status probed = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, 7);
        int[] incoming = new int[probed.count];
        Status status = MPI.COMM_WORLD.Recv(incoming, 0, probed.count, MPI.INT, probed.source, probed.tag);
        sent.Wait();
        if (status.source != previous || status.count != previous + 3 || incoming[status.count - 1] != previous * 100 + previous + 2) {
            throw new IllegalStateException("rank " + rank + " received " + status.count + " ints from " + status.source);
        }
        try {
            MPI.COMM_WORLD.Send(outgoing, 0, 1, MPI.INT, size, 7);
            throw new IllegalStateException("a send to rank " + size + " did not fail");
        } catch (MPIException expected) {
            if (expected.getErrorClass() != MPIException.ERR_RANK) {
                throw new IllegalStateException("wrong error class: " + expected);
            }
        }
        System.out.println("StatusCount OK at rank " + rank);
        MPI.Finalize();
    }
}
