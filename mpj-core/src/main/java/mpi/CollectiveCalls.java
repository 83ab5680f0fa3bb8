package mpi;

import org.mpjbuf.mpj.coll.Collectives;
import org.mpjbuf.mpj.datatype.DatatypeEngine;

/**
 * The collective operations of {@link Intracomm}: the datatype and buffer checks of the
 * {@code mpi} layer, then the algorithms of {@code org.mpjbuf.mpj.coll} on the communicator's
 * collective context. Arguments are those of the {@code Intracomm} method of the same name;
 * arguments MPI calls significant at the root only are checked at the root only.
 *
 * <p>Stateless; a call runs on the calling rank thread.
 */
final class CollectiveCalls {

    private CollectiveCalls() {
    }

    static void barrier(Intracomm comm) throws MPIException {
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
        CollectiveTransport transport = new CollectiveTransport(comm);
        DatatypeEngine.checkAccess(sendbuf, sendoffset, sendcount, sendtype, "sendbuf");
        if (transport.rank() == root) {
            DatatypeEngine.checkAccess(recvbuf, recvoffset, blocks(transport, recvcount), recvtype, "recvbuf");
        }
        Collectives.gather(transport, sendbuf, sendoffset, sendcount, sendtype,
            recvbuf, recvoffset, recvcount, recvtype, root);
    }

    static void gatherv(Intracomm comm, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                        Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype,
                        int root) throws MPIException {
        CollectiveTransport transport = new CollectiveTransport(comm);
        DatatypeEngine.checkAccess(sendbuf, sendoffset, sendcount, sendtype, "sendbuf");
        if (transport.rank() == root) {
            checkBlocks(transport, recvbuf, recvoffset, recvcount, displs, recvtype, "recvbuf");
        }
        Collectives.gatherv(transport, sendbuf, sendoffset, sendcount, sendtype,
            recvbuf, recvoffset, recvcount, displs, recvtype, root);
    }

    static void scatter(Intracomm comm, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                        Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root)
        throws MPIException {
        CollectiveTransport transport = new CollectiveTransport(comm);
        DatatypeEngine.checkAccess(recvbuf, recvoffset, recvcount, recvtype, "recvbuf");
        if (transport.rank() == root) {
            DatatypeEngine.checkAccess(sendbuf, sendoffset, blocks(transport, sendcount), sendtype, "sendbuf");
        }
        Collectives.scatter(transport, sendbuf, sendoffset, sendcount, sendtype,
            recvbuf, recvoffset, recvcount, recvtype, root);
    }

    static void scatterv(Intracomm comm, Object sendbuf, int sendoffset, int[] sendcount, int[] displs,
                         Datatype sendtype, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype,
                         int root) throws MPIException {
        CollectiveTransport transport = new CollectiveTransport(comm);
        DatatypeEngine.checkAccess(recvbuf, recvoffset, recvcount, recvtype, "recvbuf");
        if (transport.rank() == root) {
            checkBlocks(transport, sendbuf, sendoffset, sendcount, displs, sendtype, "sendbuf");
        }
        Collectives.scatterv(transport, sendbuf, sendoffset, sendcount, displs, sendtype,
            recvbuf, recvoffset, recvcount, recvtype, root);
    }

    static void allgather(Intracomm comm, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                          Object recvbuf, int recvoffset, int recvcount, Datatype recvtype)
        throws MPIException {
        CollectiveTransport transport = new CollectiveTransport(comm);
        DatatypeEngine.checkAccess(sendbuf, sendoffset, sendcount, sendtype, "sendbuf");
        DatatypeEngine.checkAccess(recvbuf, recvoffset, blocks(transport, recvcount), recvtype, "recvbuf");
        Collectives.allgather(transport, sendbuf, sendoffset, sendcount, sendtype,
            recvbuf, recvoffset, recvcount, recvtype);
    }

    static void allgatherv(Intracomm comm, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                           Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype)
        throws MPIException {
        CollectiveTransport transport = new CollectiveTransport(comm);
        DatatypeEngine.checkAccess(sendbuf, sendoffset, sendcount, sendtype, "sendbuf");
        checkBlocks(transport, recvbuf, recvoffset, recvcount, displs, recvtype, "recvbuf");
        Collectives.allgatherv(transport, sendbuf, sendoffset, sendcount, sendtype,
            recvbuf, recvoffset, recvcount, displs, recvtype);
    }

    static void alltoall(Intracomm comm, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                         Object recvbuf, int recvoffset, int recvcount, Datatype recvtype)
        throws MPIException {
        CollectiveTransport transport = new CollectiveTransport(comm);
        DatatypeEngine.checkAccess(sendbuf, sendoffset, blocks(transport, sendcount), sendtype, "sendbuf");
        DatatypeEngine.checkAccess(recvbuf, recvoffset, blocks(transport, recvcount), recvtype, "recvbuf");
        Collectives.alltoall(transport, sendbuf, sendoffset, sendcount, sendtype,
            recvbuf, recvoffset, recvcount, recvtype);
    }

    static void alltoallv(Intracomm comm, Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls,
                          Datatype sendtype, Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls,
                          Datatype recvtype) throws MPIException {
        CollectiveTransport transport = new CollectiveTransport(comm);
        checkBlocks(transport, sendbuf, sendoffset, sendcount, sdispls, sendtype, "sendbuf");
        checkBlocks(transport, recvbuf, recvoffset, recvcount, rdispls, recvtype, "recvbuf");
        Collectives.alltoallv(transport, sendbuf, sendoffset, sendcount, sdispls, sendtype,
            recvbuf, recvoffset, recvcount, rdispls, recvtype);
    }

    static void reduce(Intracomm comm, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                       int count, Datatype datatype, Op op, int root) throws MPIException {
        CollectiveTransport transport = new CollectiveTransport(comm);
        DatatypeEngine.checkAccess(sendbuf, sendoffset, count, datatype, "sendbuf");
        if (transport.rank() == root) {
            DatatypeEngine.checkAccess(recvbuf, recvoffset, count, datatype, "recvbuf");
        }
        Collectives.reduce(transport, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype,
            new OpCombiner(op, datatype), root);
    }

    static void allreduce(Intracomm comm, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                          int count, Datatype datatype, Op op) throws MPIException {
        DatatypeEngine.checkAccess(sendbuf, sendoffset, count, datatype, "sendbuf");
        DatatypeEngine.checkAccess(recvbuf, recvoffset, count, datatype, "recvbuf");
        Collectives.allreduce(new CollectiveTransport(comm), sendbuf, sendoffset, recvbuf, recvoffset, count,
            datatype, new OpCombiner(op, datatype));
    }

    static void reduceScatter(Intracomm comm, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                              int[] recvcounts, Datatype datatype, Op op) throws MPIException {
        CollectiveTransport transport = new CollectiveTransport(comm);
        if (recvcounts != null && recvcounts.length >= transport.size()) {
            long total = 0;
            for (int i = 0; i < transport.size(); i++) {
                total += Math.max(0, recvcounts[i]);
            }
            DatatypeEngine.checkAccess(sendbuf, sendoffset, (int) Math.min(total, Integer.MAX_VALUE), datatype,
                "sendbuf");
            DatatypeEngine.checkAccess(recvbuf, recvoffset, Math.max(0, recvcounts[transport.rank()]), datatype,
                "recvbuf");
        }
        Collectives.reduceScatter(transport, sendbuf, sendoffset, recvbuf, recvoffset, recvcounts, datatype,
            new OpCombiner(op, datatype));
    }

    static void scan(Intracomm comm, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                     int count, Datatype datatype, Op op) throws MPIException {
        DatatypeEngine.checkAccess(sendbuf, sendoffset, count, datatype, "sendbuf");
        DatatypeEngine.checkAccess(recvbuf, recvoffset, count, datatype, "recvbuf");
        Collectives.scan(new CollectiveTransport(comm), sendbuf, sendoffset, recvbuf, recvoffset, count,
            datatype, new OpCombiner(op, datatype));
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
