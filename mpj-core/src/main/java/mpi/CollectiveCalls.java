package mpi;

import org.mpjbuf.dev.MeetingPoint;
import org.mpjbuf.mpj.coll.Collectives;
import org.mpjbuf.mpj.coll.SelectionTable;
import org.mpjbuf.mpj.datatype.DatatypeEngine;

/**
 * The collective operations of {@link Intracomm}: the datatype and buffer checks of the
 * {@code mpi} layer, then the algorithms of {@code org.mpjbuf.mpj.coll} on the communicator's
 * collective context. Arguments are those of the {@code Intracomm} method of the same name;
 * arguments MPI calls significant at the root only are checked at the root only.
 *
 * <p>A rank whose send and receive regions share elements of one array gets the result separate
 * buffers would give: its send region is copied first ({@link SendSnapshot}). {@link MPI#IN_PLACE}
 * as the send buffer of {@code Allreduce}, {@code Scan}, {@code Allgather}, and of {@code Reduce}
 * and {@code Gather} at the root, takes the rank's operand from its receive buffer.
 *
 * <p>Ranks that are threads of one JVM run {@code Barrier} and small {@code Allreduce} calls on
 * their communicator's meeting point ({@link MeetingCollectives}) unless an algorithm is forced.
 *
 * <p>Stateless; a call runs on the calling rank thread.
 */
final class CollectiveCalls {

    private CollectiveCalls() {
    }

    static void barrier(Intracomm comm) throws MPIException {
        MeetingPoint meeting = comm.meetingPoint();
        if (meeting != null && SelectionTable.barrierInMemory()) {
            MeetingCollectives.barrier(comm, meeting);
            return;
        }
        Collectives.barrier(new CollectiveTransport(comm));
    }

    static void bcast(Intracomm comm, Object buf, int offset, int count, Datatype type, int root)
        throws MPIException {
        DatatypeEngine.checkAccess(buf, offset, count, type, "buf");
        Collectives.bcast(new CollectiveTransport(comm), buf, offset, count, type, root);
    }

    static void gather(Intracomm comm, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                       Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root)
        throws MPIException {
        CollectiveTransport transport = new CollectiveTransport(comm, comm.Rank() == root ? recvbuf : sendbuf);
        boolean atRoot = transport.rank() == root;
        if (atRoot) {
            DatatypeEngine.checkAccess(recvbuf, recvoffset, blocks(transport, recvcount), recvtype, "recvbuf");
        }
        if (sendbuf == MPI.IN_PLACE) {
            inPlaceAtRootOnly(atRoot, "Gather");
            SendSnapshot own = ownBlock(transport, recvbuf, recvoffset, recvcount, recvtype);
            Collectives.gather(transport, own.buffer(), own.offset(), recvcount, recvtype,
                recvbuf, recvoffset, recvcount, recvtype, root);
            return;
        }
        DatatypeEngine.checkAccess(sendbuf, sendoffset, sendcount, sendtype, "sendbuf");
        SendSnapshot send = !atRoot || sendbuf != recvbuf ? new SendSnapshot(sendbuf, sendoffset)
            : SendSnapshot.withinOneArray(sendbuf, sendoffset, BufferSpan.of(sendoffset, sendcount, sendtype),
                BufferSpan.of(recvoffset, blocks(transport, recvcount), recvtype));
        Collectives.gather(transport, send.buffer(), send.offset(), sendcount, sendtype,
            recvbuf, recvoffset, recvcount, recvtype, root);
    }

    static void gatherv(Intracomm comm, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                        Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype,
                        int root) throws MPIException {
        CollectiveTransport transport = new CollectiveTransport(comm, comm.Rank() == root ? recvbuf : sendbuf);
        DatatypeEngine.checkAccess(sendbuf, sendoffset, sendcount, sendtype, "sendbuf");
        boolean atRoot = transport.rank() == root;
        if (atRoot) {
            checkBlocks(transport, recvbuf, recvoffset, recvcount, displs, recvtype, "recvbuf");
        }
        SendSnapshot send = !atRoot || sendbuf != recvbuf ? new SendSnapshot(sendbuf, sendoffset)
            : SendSnapshot.withinOneArray(sendbuf, sendoffset, BufferSpan.of(sendoffset, sendcount, sendtype),
                BufferSpan.ofBlocks(recvoffset, recvcount, displs, transport.size(), recvtype));
        Collectives.gatherv(transport, send.buffer(), send.offset(), sendcount, sendtype,
            recvbuf, recvoffset, recvcount, displs, recvtype, root);
    }

    static void scatter(Intracomm comm, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                        Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root)
        throws MPIException {
        CollectiveTransport transport = new CollectiveTransport(comm, recvbuf);
        DatatypeEngine.checkAccess(recvbuf, recvoffset, recvcount, recvtype, "recvbuf");
        SendSnapshot send = new SendSnapshot(sendbuf, sendoffset);
        if (transport.rank() == root) {
            int blocks = blocks(transport, sendcount);
            DatatypeEngine.checkAccess(sendbuf, sendoffset, blocks, sendtype, "sendbuf");
            if (sendbuf == recvbuf) {
                send = SendSnapshot.withinOneArray(sendbuf, sendoffset, BufferSpan.of(sendoffset, blocks, sendtype),
                    BufferSpan.of(recvoffset, recvcount, recvtype));
            }
        }
        Collectives.scatter(transport, send.buffer(), send.offset(), sendcount, sendtype,
            recvbuf, recvoffset, recvcount, recvtype, root);
    }

    static void scatterv(Intracomm comm, Object sendbuf, int sendoffset, int[] sendcount, int[] displs,
                         Datatype sendtype, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype,
                         int root) throws MPIException {
        CollectiveTransport transport = new CollectiveTransport(comm, recvbuf);
        DatatypeEngine.checkAccess(recvbuf, recvoffset, recvcount, recvtype, "recvbuf");
        SendSnapshot send = new SendSnapshot(sendbuf, sendoffset);
        if (transport.rank() == root) {
            checkBlocks(transport, sendbuf, sendoffset, sendcount, displs, sendtype, "sendbuf");
            if (sendbuf == recvbuf) {
                send = SendSnapshot.withinOneArray(sendbuf, sendoffset,
                    BufferSpan.ofBlocks(sendoffset, sendcount, displs, transport.size(), sendtype),
                    BufferSpan.of(recvoffset, recvcount, recvtype));
            }
        }
        Collectives.scatterv(transport, send.buffer(), send.offset(), sendcount, displs, sendtype,
            recvbuf, recvoffset, recvcount, recvtype, root);
    }

    static void allgather(Intracomm comm, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                          Object recvbuf, int recvoffset, int recvcount, Datatype recvtype)
        throws MPIException {
        CollectiveTransport transport = new CollectiveTransport(comm, recvbuf);
        DatatypeEngine.checkAccess(recvbuf, recvoffset, blocks(transport, recvcount), recvtype, "recvbuf");
        if (sendbuf == MPI.IN_PLACE) {
            SendSnapshot own = ownBlock(transport, recvbuf, recvoffset, recvcount, recvtype);
            Collectives.allgather(transport, own.buffer(), own.offset(), recvcount, recvtype,
                recvbuf, recvoffset, recvcount, recvtype);
            return;
        }
        DatatypeEngine.checkAccess(sendbuf, sendoffset, sendcount, sendtype, "sendbuf");
        SendSnapshot send = sendbuf != recvbuf ? new SendSnapshot(sendbuf, sendoffset)
            : SendSnapshot.withinOneArray(sendbuf, sendoffset, BufferSpan.of(sendoffset, sendcount, sendtype),
                BufferSpan.of(recvoffset, blocks(transport, recvcount), recvtype));
        Collectives.allgather(transport, send.buffer(), send.offset(), sendcount, sendtype,
            recvbuf, recvoffset, recvcount, recvtype);
    }

    static void allgatherv(Intracomm comm, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                           Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype)
        throws MPIException {
        CollectiveTransport transport = new CollectiveTransport(comm, recvbuf);
        DatatypeEngine.checkAccess(sendbuf, sendoffset, sendcount, sendtype, "sendbuf");
        checkBlocks(transport, recvbuf, recvoffset, recvcount, displs, recvtype, "recvbuf");
        SendSnapshot send = sendbuf != recvbuf ? new SendSnapshot(sendbuf, sendoffset)
            : SendSnapshot.withinOneArray(sendbuf, sendoffset, BufferSpan.of(sendoffset, sendcount, sendtype),
                BufferSpan.ofBlocks(recvoffset, recvcount, displs, transport.size(), recvtype));
        Collectives.allgatherv(transport, send.buffer(), send.offset(), sendcount, sendtype,
            recvbuf, recvoffset, recvcount, displs, recvtype);
    }

    static void alltoall(Intracomm comm, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                         Object recvbuf, int recvoffset, int recvcount, Datatype recvtype)
        throws MPIException {
        CollectiveTransport transport = new CollectiveTransport(comm, recvbuf);
        int sendBlocks = blocks(transport, sendcount);
        DatatypeEngine.checkAccess(sendbuf, sendoffset, sendBlocks, sendtype, "sendbuf");
        DatatypeEngine.checkAccess(recvbuf, recvoffset, blocks(transport, recvcount), recvtype, "recvbuf");
        SendSnapshot send = sendbuf != recvbuf ? new SendSnapshot(sendbuf, sendoffset)
            : SendSnapshot.withinOneArray(sendbuf, sendoffset, BufferSpan.of(sendoffset, sendBlocks, sendtype),
                BufferSpan.of(recvoffset, blocks(transport, recvcount), recvtype));
        Collectives.alltoall(transport, send.buffer(), send.offset(), sendcount, sendtype,
            recvbuf, recvoffset, recvcount, recvtype);
    }

    static void alltoallv(Intracomm comm, Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls,
                          Datatype sendtype, Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls,
                          Datatype recvtype) throws MPIException {
        CollectiveTransport transport = new CollectiveTransport(comm, recvbuf);
        checkBlocks(transport, sendbuf, sendoffset, sendcount, sdispls, sendtype, "sendbuf");
        checkBlocks(transport, recvbuf, recvoffset, recvcount, rdispls, recvtype, "recvbuf");
        SendSnapshot send = sendbuf != recvbuf ? new SendSnapshot(sendbuf, sendoffset)
            : SendSnapshot.withinOneArray(sendbuf, sendoffset,
                BufferSpan.ofBlocks(sendoffset, sendcount, sdispls, transport.size(), sendtype),
                BufferSpan.ofBlocks(recvoffset, recvcount, rdispls, transport.size(), recvtype));
        Collectives.alltoallv(transport, send.buffer(), send.offset(), sendcount, sdispls, sendtype,
            recvbuf, recvoffset, recvcount, rdispls, recvtype);
    }

    static void reduce(Intracomm comm, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                       int count, Datatype datatype, Op op, int root) throws MPIException {
        boolean atRoot = comm.Rank() == root;
        SendSnapshot operand = operand(sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, atRoot, "Reduce");
        CollectiveTransport transport = new CollectiveTransport(comm, operand.buffer());
        Collectives.reduce(transport, operand.buffer(), operand.offset(), recvbuf, recvoffset, count, datatype,
            new OpCombiner(op, datatype), root);
    }

    static void allreduce(Intracomm comm, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                          int count, Datatype datatype, Op op) throws MPIException {
        SendSnapshot operand = operand(sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, true, "Allreduce");
        MeetingPoint meeting = comm.meetingPoint();
        if (meeting != null && MeetingCollectives.reduces(comm.state, count, datatype)) {
            MeetingCollectives.allreduce(comm, meeting, operand.buffer(), operand.offset(), recvbuf, recvoffset, count,
                datatype, op);
            return;
        }
        Collectives.allreduce(new CollectiveTransport(comm, operand.buffer()), operand.buffer(), operand.offset(),
            recvbuf, recvoffset, count, datatype, new OpCombiner(op, datatype));
    }

    static void reduceScatter(Intracomm comm, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                              int[] recvcounts, Datatype datatype, Op op) throws MPIException {
        CollectiveTransport transport = new CollectiveTransport(comm, sendbuf);
        SendSnapshot send = new SendSnapshot(sendbuf, sendoffset);
        if (recvcounts != null && recvcounts.length >= transport.size()) {
            long total = 0;
            for (int i = 0; i < transport.size(); i++) {
                total += Math.max(0, recvcounts[i]);
            }
            int items = (int) Math.min(total, Integer.MAX_VALUE);
            DatatypeEngine.checkAccess(sendbuf, sendoffset, items, datatype, "sendbuf");
            DatatypeEngine.checkAccess(recvbuf, recvoffset, Math.max(0, recvcounts[transport.rank()]), datatype,
                "recvbuf");
            if (sendbuf == recvbuf) {
                send = SendSnapshot.withinOneArray(sendbuf, sendoffset, BufferSpan.of(sendoffset, items, datatype),
                    BufferSpan.of(recvoffset, Math.max(0, recvcounts[transport.rank()]), datatype));
            }
        }
        Collectives.reduceScatter(transport, send.buffer(), send.offset(), recvbuf, recvoffset, recvcounts, datatype,
            new OpCombiner(op, datatype));
    }

    static void scan(Intracomm comm, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                     int count, Datatype datatype, Op op) throws MPIException {
        SendSnapshot operand = operand(sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, true, "Scan");
        Collectives.scan(new CollectiveTransport(comm, operand.buffer()), operand.buffer(), operand.offset(),
            recvbuf, recvoffset, count, datatype, new OpCombiner(op, datatype));
    }

    /**
     * Checks a reduction's buffers and returns the operand it reads: the send region itself, or a
     * copy when the rank receives into the same array or passes {@link MPI#IN_PLACE}.
     *
     * @param receives whether this rank's receive buffer is significant
     */
    private static SendSnapshot operand(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                                        Datatype datatype, boolean receives, String call) throws MPIException {
        if (receives) {
            DatatypeEngine.checkAccess(recvbuf, recvoffset, count, datatype, "recvbuf");
        }
        if (sendbuf == MPI.IN_PLACE) {
            inPlaceAtRootOnly(receives, call);
            return SendSnapshot.copy(recvbuf, recvoffset, count, datatype);
        }
        DatatypeEngine.checkAccess(sendbuf, sendoffset, count, datatype, "sendbuf");
        return !receives || sendbuf != recvbuf ? new SendSnapshot(sendbuf, sendoffset)
            : SendSnapshot.withinOneArray(sendbuf, sendoffset, BufferSpan.of(sendoffset, count, datatype),
                BufferSpan.of(recvoffset, count, datatype));
    }

    /** Returns a copy of this rank's block of a gathered receive buffer, the operand of MPI.IN_PLACE. */
    private static SendSnapshot ownBlock(CollectiveTransport transport, Object recvbuf, int recvoffset,
                                         int recvcount, Datatype recvtype) throws MPIException {
        return SendSnapshot.copy(recvbuf, recvoffset + transport.rank() * recvcount * recvtype.Extent(),
            recvcount, recvtype);
    }

    private static void inPlaceAtRootOnly(boolean atRoot, String call) throws MPIException {
        if (!atRoot) {
            throw Checks.error(MPIException.ERR_BUFFER, "sendbuf = MPI.IN_PLACE is allowed in " + call
                + " at the root only; other ranks pass their send buffer");
        }
    }

    /** Returns the item count of one block per rank, failing when it overflows an int. */
    private static int blocks(CollectiveTransport transport, int count) throws MPIException {
        long items = (long) Math.max(0, count) * transport.size();
        if (items > Integer.MAX_VALUE) {
            throw Checks.error(MPIException.ERR_COUNT, "count " + count + " for each of " + transport.size()
                + " ranks is more items than a Java array holds");
        }
        return (int) items;
    }

    /** Checks every block of a counts/displacements layout against the buffer. */
    private static void checkBlocks(CollectiveTransport transport, Object buf, int offset, int[] counts,
                                    int[] displs, Datatype type, String name) throws MPIException {
        DatatypeEngine.checkAccess(buf, offset, 0, type, name);
        if (counts == null || displs == null) {
            return;
        }
        int extent = type.Extent();
        for (int i = 0; i < Math.min(transport.size(), Math.min(counts.length, displs.length)); i++) {
            if (counts[i] > 0) {
                DatatypeEngine.checkAccess(buf, offset + displs[i] * extent, counts[i], type,
                    name + " block " + i);
            }
        }
    }
}
