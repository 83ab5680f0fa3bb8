package mpi;

import java.util.Arrays;

import org.mpjbuf.mpj.datatype.DatatypeEngine;

/**
 * The collective operations of {@link Intercomm}, as MPI-2 defines them: data flows from one
 * group to the other, never within a group.
 *
 * <p>The operations without a root give each group the result computed from the other group's
 * data. Allreduce, Allgather and Reduce_scatter compose the local group's intracommunicator
 * collectives (chosen by the selection table) with one exchange between the two groups' leaders
 * (local rank 0):
 * <ol>
 *   <li>combine or collect the local data at the local leader;</li>
 *   <li>the leaders swap what they hold;</li>
 *   <li>each leader broadcasts (or scatters) what it received to its group.</li>
 * </ol>
 * Allgatherv, Alltoall and Alltoallv need no leader: every rank exchanges its blocks with every
 * remote rank directly, because only the receiving side knows the block layout.
 *
 * <p>The rooted operations (Bcast, Gather(v), Scatter(v), Reduce) move data between one root and
 * the whole other group. The root passes {@link MPI#ROOT}, the other members of its group
 * {@link MPI#PROC_NULL} (they take no part), and the members of the other group the root's rank
 * in the root's group. Bcast and Reduce go through the other group's leader and that group's
 * intracommunicator Bcast or Reduce; Gather(v) and Scatter(v) exchange one block between the
 * root and each remote rank.
 *
 * <p>Stateless; a call runs on the calling rank thread, in the same order on every member of
 * both groups.
 */
final class IntercommCollectives {

    /** Tag of the leaders' exchange on the intercommunicator's collective context. */
    private static final int LEADERS_TAG = 65;
    private static final int ALLTOALL_TAG = 66;
    private static final int ROOTED_TAG = 67;
    private static final int ALLGATHERV_TAG = 68;

    /** What a member does in a rooted operation, decided by its root argument. */
    private enum Role {
        /** This rank is the root ({@code MPI.ROOT}). */
        ROOT,
        /** This rank is in the root's group but is not the root ({@code MPI.PROC_NULL}). */
        IDLE,
        /** This rank is in the other group; the root argument is the root's remote rank. */
        REMOTE
    }

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
        int reducedIndex = transport.scratchIndex(datatype, count);
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
        int gatheredIndex = transport.scratchIndex(sendtype, localSize * sendcount);
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

    static void allgatherv(Intercomm comm, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                           Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype)
        throws MPIException {
        int remoteSize = comm.Remote_size();
        checkLayout(remoteSize, recvcount, displs, "recvcount", "displs");
        DatatypeEngine.checkAccess(sendbuf, sendoffset, sendcount, sendtype, "sendbuf");
        int extent = recvtype.Extent();
        Request[] requests = new Request[2 * remoteSize];
        for (int other = 0; other < remoteSize; other++) {
            requests[2 * other] = comm.irecvCollective(recvbuf, recvoffset + displs[other] * extent,
                recvcount[other], recvtype, other, ALLGATHERV_TAG);
            requests[2 * other + 1] = comm.isendCollective(sendbuf, sendoffset, sendcount, sendtype, other,
                ALLGATHERV_TAG);
        }
        Request.Waitall(requests);
    }

    static void alltoallv(Intercomm comm, Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls,
                          Datatype sendtype, Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls,
                          Datatype recvtype) throws MPIException {
        int remoteSize = comm.Remote_size();
        checkLayout(remoteSize, sendcount, sdispls, "sendcount", "sdispls");
        checkLayout(remoteSize, recvcount, rdispls, "recvcount", "rdispls");
        int sendExtent = sendtype.Extent();
        int recvExtent = recvtype.Extent();
        Request[] requests = new Request[2 * remoteSize];
        for (int other = 0; other < remoteSize; other++) {
            requests[2 * other] = comm.irecvCollective(recvbuf, recvoffset + rdispls[other] * recvExtent,
                recvcount[other], recvtype, other, ALLTOALL_TAG);
            requests[2 * other + 1] = comm.isendCollective(sendbuf, sendoffset + sdispls[other] * sendExtent,
                sendcount[other], sendtype, other, ALLTOALL_TAG);
        }
        Request.Waitall(requests);
    }

    static void reduceScatter(Intercomm comm, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                              int[] recvcounts, Datatype datatype, Op op) throws MPIException {
        Intracomm local = comm.local;
        int localSize = local.Size();
        int[] displs = prefixSums(recvcounts, localSize);
        int total = displs[localSize];
        CollectiveTransport transport = new CollectiveTransport(local);
        boolean leader = local.Rank() == 0;
        int scratchIndex = transport.scratchIndex(datatype, total);
        Object reduced = leader ? transport.allocate(datatype, total) : null;
        local.Reduce(sendbuf, sendoffset, reduced, scratchIndex, total, datatype, op, 0);
        Object incoming = null;
        if (leader) {
            incoming = transport.allocate(datatype, total);
            Status status = comm.sendrecvCollective(reduced, scratchIndex, total, datatype, 0, LEADERS_TAG,
                incoming, scratchIndex, total, datatype, 0, LEADERS_TAG);
            int arrived = status.Get_count(datatype);
            if (arrived != total) {
                throw Checks.error(MPIException.ERR_COUNT, "Reduce_scatter: the recvcounts of this group add up to "
                    + total + " items but the other group's add up to " + arrived
                    + "; MPI requires the same total in both groups");
            }
        }
        local.Scatterv(incoming, scratchIndex, recvcounts, displs, datatype, recvbuf, recvoffset,
            recvcounts[local.Rank()], datatype, 0);
    }

    static void bcast(Intercomm comm, Object buf, int offset, int count, Datatype type, int root)
        throws MPIException {
        switch (role(comm, root, "Bcast")) {
            case ROOT -> comm.sendCollective(buf, offset, count, type, 0, ROOTED_TAG);
            case REMOTE -> {
                Intracomm local = comm.local;
                if (local.Rank() == 0) {
                    comm.recvCollective(buf, offset, count, type, root, ROOTED_TAG);
                }
                local.Bcast(buf, offset, count, type, 0);
            }
            case IDLE -> { }
        }
    }

    static void reduce(Intercomm comm, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                       int count, Datatype datatype, Op op, int root) throws MPIException {
        switch (role(comm, root, "Reduce")) {
            case ROOT -> comm.recvCollective(recvbuf, recvoffset, count, datatype, 0, ROOTED_TAG);
            case REMOTE -> {
                Intracomm local = comm.local;
                CollectiveTransport transport = new CollectiveTransport(local);
                boolean leader = local.Rank() == 0;
                Object reduced = leader ? transport.allocate(datatype, count) : null;
                int reducedIndex = transport.scratchIndex(datatype, count);
                local.Reduce(sendbuf, sendoffset, reduced, reducedIndex, count, datatype, op, 0);
                if (leader) {
                    comm.sendCollective(reduced, reducedIndex, count, datatype, root, ROOTED_TAG);
                }
            }
            case IDLE -> { }
        }
    }

    static void gather(Intercomm comm, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                       Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root)
        throws MPIException {
        gatherBlocks("Gather", comm, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
            equalCounts(comm, recvcount), consecutiveDispls(comm, recvcount), recvtype, root);
    }

    static void gatherv(Intercomm comm, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                        Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype,
                        int root) throws MPIException {
        gatherBlocks("Gatherv", comm, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount,
            displs, recvtype, root);
    }

    static void scatter(Intercomm comm, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                        Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root)
        throws MPIException {
        scatterBlocks("Scatter", comm, sendbuf, sendoffset, equalCounts(comm, sendcount),
            consecutiveDispls(comm, sendcount), sendtype, recvbuf, recvoffset, recvcount, recvtype, root);
    }

    static void scatterv(Intercomm comm, Object sendbuf, int sendoffset, int[] sendcount, int[] displs,
                         Datatype sendtype, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype,
                         int root) throws MPIException {
        scatterBlocks("Scatterv", comm, sendbuf, sendoffset, sendcount, displs, sendtype, recvbuf, recvoffset,
            recvcount, recvtype, root);
    }

    private static void gatherBlocks(String call, Intercomm comm, Object sendbuf, int sendoffset, int sendcount,
                                     Datatype sendtype, Object recvbuf, int recvoffset, int[] recvcount,
                                     int[] displs, Datatype recvtype, int root) throws MPIException {
        switch (role(comm, root, call)) {
            case ROOT -> exchangeBlocks(comm, recvbuf, recvoffset, recvcount, displs, recvtype, false);
            case REMOTE -> comm.sendCollective(sendbuf, sendoffset, sendcount, sendtype, root, ROOTED_TAG);
            case IDLE -> { }
        }
    }

    private static void scatterBlocks(String call, Intercomm comm, Object sendbuf, int sendoffset, int[] sendcount,
                                      int[] displs, Datatype sendtype, Object recvbuf, int recvoffset,
                                      int recvcount, Datatype recvtype, int root) throws MPIException {
        switch (role(comm, root, call)) {
            case ROOT -> exchangeBlocks(comm, sendbuf, sendoffset, sendcount, displs, sendtype, true);
            case REMOTE -> comm.recvCollective(recvbuf, recvoffset, recvcount, recvtype, root, ROOTED_TAG);
            case IDLE -> { }
        }
    }

    /**
     * At the root of a Gather(v) or Scatter(v): receives (or sends) block {@code i} of the layout
     * from (or to) remote rank {@code i}, all at once.
     */
    private static void exchangeBlocks(Intercomm comm, Object buf, int offset, int[] counts, int[] displs,
                                       Datatype type, boolean send) throws MPIException {
        int remoteSize = comm.Remote_size();
        checkLayout(remoteSize, counts, displs, send ? "sendcount" : "recvcount", "displs");
        int extent = type.Extent();
        Request[] requests = new Request[remoteSize];
        for (int other = 0; other < remoteSize; other++) {
            int blockOffset = offset + displs[other] * extent;
            requests[other] = send
                ? comm.isendCollective(buf, blockOffset, counts[other], type, other, ROOTED_TAG)
                : comm.irecvCollective(buf, blockOffset, counts[other], type, other, ROOTED_TAG);
        }
        Request.Waitall(requests);
    }

    private static Role role(Intercomm comm, int root, String call) throws MPIException {
        if (root == MPI.ROOT) {
            return Role.ROOT;
        }
        if (root == MPI.PROC_NULL) {
            return Role.IDLE;
        }
        int remoteSize = comm.Remote_size();
        if (root < 0 || root >= remoteSize) {
            throw Checks.error(MPIException.ERR_ROOT, call + " on an intercommunicator: root = " + root
                + " (expected MPI.ROOT at the root, MPI.PROC_NULL at the rest of its group, or the root's rank"
                + " 0.." + (remoteSize - 1) + " in the other group)");
        }
        return Role.REMOTE;
    }

    /** Returns {@code count} for each remote rank. */
    private static int[] equalCounts(Intercomm comm, int count) throws MPIException {
        int[] counts = new int[comm.Remote_size()];
        Arrays.fill(counts, count);
        return counts;
    }

    /** Returns the displacements of consecutive blocks of {@code count} items, one per remote rank. */
    private static int[] consecutiveDispls(Intercomm comm, int count) throws MPIException {
        int[] displs = new int[comm.Remote_size()];
        for (int i = 0; i < displs.length; i++) {
            displs[i] = i * count;
        }
        return displs;
    }

    /** Returns the running sums of the first {@code size} counts; element {@code size} is the total. */
    private static int[] prefixSums(int[] counts, int size) throws MPIException {
        Checks.notNull(counts, "recvcounts");
        if (counts.length < size) {
            throw Checks.error(MPIException.ERR_COUNT, "recvcounts has " + counts.length
                + " entries but the local group has " + size + " members");
        }
        int[] sums = new int[size + 1];
        long total = 0;
        for (int i = 0; i < size; i++) {
            if (counts[i] < 0) {
                throw Checks.error(MPIException.ERR_COUNT, "recvcounts[" + i + "] = " + counts[i] + " (expected >= 0)");
            }
            total += counts[i];
            if (total > Integer.MAX_VALUE) {
                throw Checks.error(MPIException.ERR_COUNT, "recvcounts add up to more items than a Java array holds");
            }
            sums[i + 1] = (int) total;
        }
        return sums;
    }

    /** Checks that a counts/displacements layout has one entry per remote rank. */
    private static void checkLayout(int remoteSize, int[] counts, int[] displs, String countsName,
                                    String displsName) throws MPIException {
        Checks.notNull(counts, countsName);
        Checks.notNull(displs, displsName);
        if (counts.length < remoteSize || displs.length < remoteSize) {
            throw Checks.error(MPIException.ERR_COUNT, countsName + " has " + counts.length + " and " + displsName
                + " has " + displs.length + " entries but the remote group has " + remoteSize + " members");
        }
        for (int i = 0; i < remoteSize; i++) {
            if (counts[i] < 0) {
                throw Checks.error(MPIException.ERR_COUNT, countsName + "[" + i + "] = " + counts[i]
                    + " (expected >= 0)");
            }
        }
    }
}
