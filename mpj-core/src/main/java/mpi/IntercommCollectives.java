package mpi;

/**
 * The collective operations of {@link Intercomm} that need no root: each group receives the
 * result computed from the other group's data, as MPI-2 defines them. They compose the local
 * group's intracommunicator collectives (chosen by the selection table) with one exchange
 * between the two groups' leaders (local rank 0) on the intercommunicator's collective context:
 *
 * <ol>
 *   <li>combine or collect the local data at the local leader;</li>
 *   <li>the leaders swap what they hold;</li>
 *   <li>each leader broadcasts what it received to its group.</li>
 * </ol>
 * Alltoall needs no leader: every rank exchanges one block with every remote rank directly.
 *
 * <p>Stateless; a call runs on the calling rank thread, in the same order on every member of
 * both groups.
 */
final class IntercommCollectives {

    /** Tag of the leaders' exchange on the intercommunicator's collective context. */
    private static final int LEADERS_TAG = 65;
    private static final int ALLTOALL_TAG = 66;

    private IntercommCollectives() {
    }

    static void barrier(Intercomm comm) throws MPIException {
        Intracomm local = comm.local;
        local.Barrier();
        if (local.Rank() == 0) {
            comm.sendrecvCollective(new byte[0], 0, 0, MPI.BYTE, 0, LEADERS_TAG,
                new byte[0], 0, 0, MPI.BYTE, 0, LEADERS_TAG);
        }
        local.Barrier();
    }

    static void allreduce(Intercomm comm, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                          int count, Datatype datatype, Op op) throws MPIException {
        Intracomm local = comm.local;
        CollectiveTransport transport = new CollectiveTransport(local);
        Object reduced = transport.allocate(datatype, count);
        int reducedIndex = transport.scratchIndex(datatype);
        local.Reduce(sendbuf, sendoffset, reduced, reducedIndex, count, datatype, op, 0);
        if (local.Rank() == 0) {
            comm.sendrecvCollective(reduced, reducedIndex, count, datatype, 0, LEADERS_TAG,
                recvbuf, recvoffset, count, datatype, 0, LEADERS_TAG);
        }
        local.Bcast(recvbuf, recvoffset, count, datatype, 0);
    }

    static void allgather(Intercomm comm, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                          Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) throws MPIException {
        Intracomm local = comm.local;
        CollectiveTransport transport = new CollectiveTransport(local);
        int localSize = local.Size();
        int remoteSize = comm.Remote_size();
        Object gathered = local.Rank() == 0 ? transport.allocate(sendtype, localSize * sendcount) : null;
        int gatheredIndex = transport.scratchIndex(sendtype);
        local.Gather(sendbuf, sendoffset, sendcount, sendtype, gathered, gatheredIndex, sendcount, sendtype, 0);
        if (local.Rank() == 0) {
            comm.sendrecvCollective(gathered, gatheredIndex, localSize * sendcount, sendtype, 0, LEADERS_TAG,
                recvbuf, recvoffset, remoteSize * recvcount, recvtype, 0, LEADERS_TAG);
        }
        local.Bcast(recvbuf, recvoffset, remoteSize * recvcount, recvtype, 0);
    }

    static void alltoall(Intercomm comm, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                         Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) throws MPIException {
        int remoteSize = comm.Remote_size();
        int sendStride = sendcount * sendtype.Extent();
        int recvStride = recvcount * recvtype.Extent();
        Request[] requests = new Request[2 * remoteSize];
        for (int other = 0; other < remoteSize; other++) {
            requests[2 * other] = comm.irecvCollective(recvbuf, recvoffset + other * recvStride, recvcount,
                recvtype, other, ALLTOALL_TAG);
            requests[2 * other + 1] = comm.isendCollective(sendbuf, sendoffset + other * sendStride, sendcount,
                sendtype, other, ALLTOALL_TAG);
        }
        Request.Waitall(requests);
    }
}
