package mpi;

import org.mpjbuf.mpj.datatype.BasicTypes;

/**
 * An intercommunicator: communication between two disjoint groups. Point-to-point ranks name
 * processes of the remote group; {@link #Size()}, {@link #Rank()} and {@link #Group()} describe
 * the local group.
 *
 * <p>An intercommunicator owns two context pairs: one for the traffic between the groups, and one
 * for a local intracommunicator over the local group that its management (Merge, Dup) and the
 * collective operations use.
 *
 * <p>Thread safety as {@link Comm}.
 */
public class Intercomm extends Comm {

    private final Group remote;
    /** The local group with a context of its own, for management and collectives. */
    final Intracomm local;

    /**
     * @param state  the rank
     * @param local  the local group
     * @param remote the remote group
     * @param pair   the first of two context pairs: inter-group traffic, then the local group's
     */
    Intercomm(RankState state, Group local, Group remote, int pair) {
        super(state, local, remote, pair);
        this.remote = remote;
        this.local = new Intracomm(state, local, pair + 1);
    }

    /**
     * Builds an intercommunicator (see {@link Comm#Create_intercomm}).
     */
    static Intercomm create(Comm localComm, Comm peerComm, int localLeader, int remoteLeader,
                            int tag) throws MPIException {
        if (localComm.Test_inter()) {
            throw Checks.error(MPIException.ERR_COMM,
                "Create_intercomm needs an intracommunicator as the local communicator, not " + localComm);
        }
        int size = localComm.group.Size();
        if (localLeader < 0 || localLeader >= size) {
            throw Checks.error(MPIException.ERR_RANK, "localLeader = " + localLeader
                + " (expected 0.." + (size - 1) + ")");
        }
        int[] masks = Management.allgather(localComm, localComm.state.contexts().freeMask());
        int[] free = Management.combine(masks, 0, size);
        int[] agreed = null;
        if (localComm.group.Rank() == localLeader) {
            Checks.notNull(peerComm, "peerComm");
            int[] mine = new int[ContextIds.MASK_WORDS + size];
            System.arraycopy(free, 0, mine, 0, ContextIds.MASK_WORDS);
            for (int rank = 0; rank < size; rank++) {
                mine[ContextIds.MASK_WORDS + rank] = localComm.group.member(rank);
            }
            int[] theirs = swap(peerComm, mine, remoteLeader, tag);
            ContextIds.and(free, theirs, 0);
            int pair = ContextIds.lowest(free, 2);
            agreed = new int[1 + theirs.length - ContextIds.MASK_WORDS];
            agreed[0] = pair;
            System.arraycopy(theirs, ContextIds.MASK_WORDS, agreed, 1, agreed.length - 1);
        }
        agreed = Management.broadcast(localComm, agreed, localLeader);
        int[] remoteMembers = java.util.Arrays.copyOfRange(agreed, 1, agreed.length);
        return new Intercomm(localComm.state, localComm.group,
            new Group(remoteMembers, localComm.group.self()), agreed[0]);
    }

    /** The leaders' exchange over the peer communicator, with the user's tag. */
    private static int[] swap(Comm peerComm, int[] mine, int remoteLeader, int tag) throws MPIException {
        int[] length = new int[1];
        peerComm.Sendrecv(new int[] {mine.length}, 0, 1, BasicTypes.INT, remoteLeader, tag,
            length, 0, 1, BasicTypes.INT, remoteLeader, tag);
        int[] theirs = new int[length[0]];
        peerComm.Sendrecv(mine, 0, mine.length, BasicTypes.INT, remoteLeader, tag,
            theirs, 0, theirs.length, BasicTypes.INT, remoteLeader, tag);
        return theirs;
    }

    /**
     * Tells whether this is an intercommunicator.
     *
     * @return true
     * @throws MPIException (MPI_ERR_COMM) on a freed communicator
     */
    @Override
    public boolean Test_inter() throws MPIException {
        checkOpen();
        return true;
    }

    /**
     * Returns the size of the remote group.
     *
     * @return the number of remote processes
     * @throws MPIException (MPI_ERR_COMM) on a freed communicator
     */
    public int Remote_size() throws MPIException {
        checkOpen();
        return remote.Size();
    }

    /**
     * Returns the remote group.
     *
     * @return the group of the processes on the other side
     * @throws MPIException (MPI_ERR_COMM) on a freed communicator
     */
    public Group Remote_group() throws MPIException {
        checkOpen();
        return remote;
    }

    /**
     * Merges both groups into one intracommunicator (collective over both groups). The group
     * whose members pass {@code high = false} comes first; if both pass the same value, the group
     * whose first member has the lower process number comes first.
     *
     * @param high whether this group goes last; the same on all members of a group
     * @return the intracommunicator of both groups
     * @throws MPIException (MPI_ERR_COMM) on a freed communicator or when no context is free
     */
    public Intracomm Merge(boolean high) throws MPIException {
        checkOpen();
        int[] agreed = agreeAcross(high ? 1 : 0, 1);
        boolean remoteHigh = agreed[0] != 0;
        boolean localFirst = high != remoteHigh ? !high : group.member(0) < remote.member(0);
        Group first = localFirst ? group : remote;
        Group second = localFirst ? remote : group;
        int[] members = new int[first.Size() + second.Size()];
        for (int rank = 0; rank < first.Size(); rank++) {
            members[rank] = first.member(rank);
        }
        for (int rank = 0; rank < second.Size(); rank++) {
            members[first.Size() + rank] = second.member(rank);
        }
        return new Intracomm(state, new Group(members, group.self()), agreed[1]);
    }

    /**
     * Duplicates the intercommunicator (collective), as {@link #Dup()}.
     *
     * @return the duplicate
     * @throws IllegalStateException wrapping the {@link MPIException} if the duplication failed
     */
    @Override
    public Object clone() {
        return super.clone();
    }

    /**
     * Duplicates the intercommunicator (collective over both groups): same groups, new contexts.
     *
     * @return the duplicate
     * @throws MPIException (MPI_ERR_COMM) on a freed communicator or when no context is free
     */
    @Override
    public Intercomm Dup() throws MPIException {
        checkOpen();
        int[] agreed = agreeAcross(0, 2);
        return new Intercomm(state, group, remote, agreed[1]);
    }

    @Override
    int pairCount() {
        return 2;
    }

    /**
     * Agrees with the remote group on a run of free context pairs: each group ANDs its members'
     * free masks, the two leaders (rank 0 of each group) swap their masks and a value, and each
     * leader tells its group.
     *
     * @param value a value to tell the remote group (e.g. Merge's {@code high})
     * @param count how many consecutive pairs
     * @return {@code {remote group's value, first pair}}
     */
    private int[] agreeAcross(int value, int count) throws MPIException {
        int size = group.Size();
        int[] masks = Management.allgather(local, state.contexts().freeMask());
        int[] agreed = null;
        if (group.Rank() == 0) {
            int[] mine = new int[1 + ContextIds.MASK_WORDS];
            mine[0] = value;
            System.arraycopy(Management.combine(masks, 0, size), 0, mine, 1, ContextIds.MASK_WORDS);
            int[] theirs = new int[mine.length];
            sendrecvCollective(mine, 0, mine.length, BasicTypes.INT, 0, MANAGEMENT_TAG,
                theirs, 0, theirs.length, BasicTypes.INT, 0, MANAGEMENT_TAG);
            int[] free = java.util.Arrays.copyOfRange(mine, 1, mine.length);
            ContextIds.and(free, theirs, 1);
            agreed = new int[] {theirs[0], ContextIds.lowest(free, count)};
        }
        return Management.broadcast(local, agreed, 0);
    }

    // ---- collective operations without a root (MPI-2 intercommunicator semantics) ----

    /**
     * Blocks until every member of both groups has called it (collective over both groups).
     *
     * @throws MPIException (MPI_ERR_COMM) on a freed communicator
     */
    public void Barrier() throws MPIException {
        checkOpen();
        IntercommCollectives.barrier(this);
    }

    /**
     * Combines the remote group's vectors element-wise with {@code op}, in remote rank order,
     * into every local member's receive buffer (collective over both groups).
     *
     * @param sendbuf    send buffer
     * @param sendoffset index of its first element
     * @param recvbuf    receive buffer
     * @param recvoffset index of its first element
     * @param count      number of items, the same in both groups
     * @param datatype   datatype of the items
     * @param op         the operation
     * @throws MPIException MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER or MPI_ERR_OP for bad arguments
     */
    public void Allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                          Datatype datatype, Op op) throws MPIException {
        checkOpen();
        IntercommCollectives.allreduce(this, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op);
    }

    /**
     * Gathers {@code sendcount} items from every remote member into consecutive blocks of every
     * local member's receive buffer, in remote rank order (collective over both groups).
     *
     * @param sendbuf    send buffer
     * @param sendoffset index of its first element
     * @param sendcount  items sent by each member
     * @param sendtype   datatype of the sent items
     * @param recvbuf    receive buffer, {@code Remote_size()} blocks
     * @param recvoffset index of block 0
     * @param recvcount  items received from each remote member
     * @param recvtype   datatype of the received items
     * @throws MPIException MPI_ERR_COUNT, MPI_ERR_TYPE or MPI_ERR_BUFFER for bad arguments
     */
    public void Allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                          Object recvbuf, int recvoffset, int recvcount, Datatype recvtype)
        throws MPIException {
        checkOpen();
        IntercommCollectives.allgather(this, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
            recvcount, recvtype);
    }

    /**
     * Sends block {@code j} of the send buffer to remote rank {@code j} and stores the block
     * from remote rank {@code i} as block {@code i} of the receive buffer (collective over both
     * groups).
     *
     * @param sendbuf    send buffer, {@code Remote_size()} blocks
     * @param sendoffset index of block 0
     * @param sendcount  items sent to each remote member
     * @param sendtype   datatype of the sent items
     * @param recvbuf    receive buffer, {@code Remote_size()} blocks
     * @param recvoffset index of block 0
     * @param recvcount  items received from each remote member
     * @param recvtype   datatype of the received items
     * @throws MPIException MPI_ERR_COUNT, MPI_ERR_TYPE or MPI_ERR_BUFFER for bad arguments
     */
    public void Alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                         Object recvbuf, int recvoffset, int recvcount, Datatype recvtype)
        throws MPIException {
        checkOpen();
        IntercommCollectives.alltoall(this, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
            recvcount, recvtype);
    }

    /**
     * Gathers a block of items of its own size from every remote member into every local
     * member's receive buffer, at displacement {@code displs[i]} (in extents of
     * {@code recvtype}) for remote rank {@code i} (collective over both groups).
     *
     * @param sendbuf    send buffer
     * @param sendoffset index of its first element
     * @param sendcount  items sent by this member
     * @param sendtype   datatype of the sent items
     * @param recvbuf    receive buffer
     * @param recvoffset index of displacement 0
     * @param recvcount  items received from each remote member ({@code Remote_size()} entries)
     * @param displs     displacement of each remote member's block ({@code Remote_size()} entries)
     * @param recvtype   datatype of the received items
     * @throws MPIException MPI_ERR_COUNT, MPI_ERR_TYPE or MPI_ERR_BUFFER for bad arguments
     */
    public void Allgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                           Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype)
        throws MPIException {
        checkOpen();
        IntercommCollectives.allgatherv(this, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
            recvcount, displs, recvtype);
    }

    /**
     * Sends {@code sendcount[j]} items at {@code sdispls[j]} to remote rank {@code j} and stores
     * the {@code recvcount[i]} items from remote rank {@code i} at {@code rdispls[i]}
     * (displacements in extents of the datatype; collective over both groups).
     *
     * @param sendbuf    send buffer
     * @param sendoffset index of displacement 0
     * @param sendcount  items for each remote member
     * @param sdispls    displacement of each outgoing block
     * @param sendtype   datatype of the sent items
     * @param recvbuf    receive buffer
     * @param recvoffset index of displacement 0
     * @param recvcount  items from each remote member
     * @param rdispls    displacement of each incoming block
     * @param recvtype   datatype of the received items
     * @throws MPIException MPI_ERR_COUNT, MPI_ERR_TYPE or MPI_ERR_BUFFER for bad arguments
     */
    public void Alltoallv(Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls, Datatype sendtype,
                          Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls, Datatype recvtype)
        throws MPIException {
        checkOpen();
        IntercommCollectives.alltoallv(this, sendbuf, sendoffset, sendcount, sdispls, sendtype, recvbuf,
            recvoffset, recvcount, rdispls, recvtype);
    }

    /**
     * Combines the remote group's vectors element-wise with {@code op}, in remote rank order, and
     * scatters the result over the local group: local rank {@code i} receives
     * {@code recvcounts[i]} items (collective over both groups). Both groups' {@code recvcounts}
     * must add up to the same total, the length of every member's send vector.
     *
     * @param sendbuf    send buffer, the sum of this group's {@code recvcounts} items
     * @param sendoffset index of its first element
     * @param recvbuf    receive buffer
     * @param recvoffset index of its first element
     * @param recvcounts items each local member receives ({@code Size()} entries, the same on
     *                   every local member)
     * @param datatype   datatype of the items
     * @param op         the operation
     * @throws MPIException MPI_ERR_COUNT when the groups' totals differ or a count is negative;
     *                      MPI_ERR_TYPE, MPI_ERR_BUFFER or MPI_ERR_OP for other bad arguments
     */
    public void Reduce_scatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts,
                               Datatype datatype, Op op) throws MPIException {
        checkOpen();
        IntercommCollectives.reduceScatter(this, sendbuf, sendoffset, recvbuf, recvoffset, recvcounts,
            datatype, op);
    }

    // ---- rooted collective operations: the root passes MPI.ROOT, the rest of its group
    // ---- MPI.PROC_NULL, the other group the root's rank in the root's group

    /**
     * Sends the root's buffer to every member of the other group (collective over both
     * groups). Members of the root's group other than the root take no part.
     *
     * @param buf    the root's data; the receive buffer in the other group
     * @param offset index of its first element
     * @param count  number of items
     * @param type   datatype of the items
     * @param root   {@link MPI#ROOT} at the root, {@link MPI#PROC_NULL} at the rest of its group,
     *               the root's rank in its group at every member of the other group
     * @throws MPIException MPI_ERR_ROOT for any other root value; MPI_ERR_COUNT, MPI_ERR_TYPE or
     *                      MPI_ERR_BUFFER for bad arguments
     */
    public void Bcast(Object buf, int offset, int count, Datatype type, int root) throws MPIException {
        checkOpen();
        IntercommCollectives.bcast(this, buf, offset, count, type, root);
    }

    /**
     * Gathers {@code sendcount} items from every member of the other group into consecutive
     * blocks of the root's receive buffer, in remote rank order (collective over both groups).
     *
     * @param sendbuf    send buffer (the other group)
     * @param sendoffset index of its first element
     * @param sendcount  items sent by each member of the other group
     * @param sendtype   datatype of the sent items
     * @param recvbuf    receive buffer, {@code Remote_size()} blocks (the root)
     * @param recvoffset index of block 0
     * @param recvcount  items received from each remote member
     * @param recvtype   datatype of the received items
     * @param root       as {@link #Bcast}
     * @throws MPIException MPI_ERR_ROOT for a bad root; MPI_ERR_COUNT, MPI_ERR_TYPE or
     *                      MPI_ERR_BUFFER for bad arguments
     */
    public void Gather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
                       int recvoffset, int recvcount, Datatype recvtype, int root) throws MPIException {
        checkOpen();
        IntercommCollectives.gather(this, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
            recvcount, recvtype, root);
    }

    /**
     * As {@link #Gather}, with a count and a displacement (in extents of {@code recvtype}) per
     * remote member, significant at the root.
     *
     * @param sendbuf    send buffer (the other group)
     * @param sendoffset index of its first element
     * @param sendcount  items sent by this member
     * @param sendtype   datatype of the sent items
     * @param recvbuf    receive buffer (the root)
     * @param recvoffset index of displacement 0
     * @param recvcount  items from each remote member
     * @param displs     displacement of each remote member's block
     * @param recvtype   datatype of the received items
     * @param root       as {@link #Bcast}
     * @throws MPIException MPI_ERR_ROOT for a bad root; MPI_ERR_COUNT, MPI_ERR_TYPE or
     *                      MPI_ERR_BUFFER for bad arguments
     */
    public void Gatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
                        int recvoffset, int[] recvcount, int[] displs, Datatype recvtype, int root)
        throws MPIException {
        checkOpen();
        IntercommCollectives.gatherv(this, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
            recvcount, displs, recvtype, root);
    }

    /**
     * Sends block {@code i} of the root's send buffer to remote rank {@code i} (collective over
     * both groups).
     *
     * @param sendbuf    send buffer, {@code Remote_size()} blocks (the root)
     * @param sendoffset index of block 0
     * @param sendcount  items sent to each remote member
     * @param sendtype   datatype of the sent items
     * @param recvbuf    receive buffer (the other group)
     * @param recvoffset index of its first element
     * @param recvcount  items received by this member
     * @param recvtype   datatype of the received items
     * @param root       as {@link #Bcast}
     * @throws MPIException MPI_ERR_ROOT for a bad root; MPI_ERR_COUNT, MPI_ERR_TYPE or
     *                      MPI_ERR_BUFFER for bad arguments
     */
    public void Scatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
                        int recvoffset, int recvcount, Datatype recvtype, int root) throws MPIException {
        checkOpen();
        IntercommCollectives.scatter(this, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
            recvcount, recvtype, root);
    }

    /**
     * As {@link #Scatter}, with a count and a displacement (in extents of {@code sendtype}) per
     * remote member, significant at the root.
     *
     * @param sendbuf    send buffer (the root)
     * @param sendoffset index of displacement 0
     * @param sendcount  items for each remote member
     * @param displs     displacement of each remote member's block
     * @param sendtype   datatype of the sent items
     * @param recvbuf    receive buffer (the other group)
     * @param recvoffset index of its first element
     * @param recvcount  items received by this member
     * @param recvtype   datatype of the received items
     * @param root       as {@link #Bcast}
     * @throws MPIException MPI_ERR_ROOT for a bad root; MPI_ERR_COUNT, MPI_ERR_TYPE or
     *                      MPI_ERR_BUFFER for bad arguments
     */
    public void Scatterv(Object sendbuf, int sendoffset, int[] sendcount, int[] displs, Datatype sendtype,
                         Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root)
        throws MPIException {
        checkOpen();
        IntercommCollectives.scatterv(this, sendbuf, sendoffset, sendcount, displs, sendtype, recvbuf,
            recvoffset, recvcount, recvtype, root);
    }

    /**
     * Combines the vectors of the other group's members element-wise with {@code op}, in their
     * rank order, into the root's receive buffer (collective over both groups).
     *
     * @param sendbuf    send buffer (the other group)
     * @param sendoffset index of its first element
     * @param recvbuf    receive buffer (the root)
     * @param recvoffset index of its first element
     * @param count      number of items
     * @param datatype   datatype of the items
     * @param op         the operation
     * @param root       as {@link #Bcast}
     * @throws MPIException MPI_ERR_ROOT for a bad root; MPI_ERR_COUNT, MPI_ERR_TYPE,
     *                      MPI_ERR_BUFFER or MPI_ERR_OP for bad arguments
     */
    public void Reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                       Datatype datatype, Op op, int root) throws MPIException {
        checkOpen();
        IntercommCollectives.reduce(this, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op, root);
    }
}
