package mpi;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.mpjbuf.dev.MeetingPoint;

/**
 * An intracommunicator: communication among the members of one group. This class carries the
 * communicator constructors (Dup, Split, Create); the collective operations are added beside
 * them.
 *
 * <p>Thread safety as {@link Comm}: communicator creation is collective and must be called in
 * the same order on every member.
 */
public class Intracomm extends Comm {

    /** Where the members meet in memory when they are threads of one JVM; null otherwise or alone. */
    private final MeetingPoint meeting;

    /**
     * @param state the rank
     * @param group the members
     * @param pair  the context pair, claimed on this rank
     */
    Intracomm(RankState state, Group group, int pair) {
        super(state, group, group, pair);
        int[] members = group.members();
        this.meeting = members.length < 2 ? null : state.device().meetingPoint(ContextIds.collective(pair), members);
    }

    /**
     * Returns the members' meeting point in memory ({@link MeetingCollectives}), or {@code null}
     * when they are processes or this rank is alone.
     */
    MeetingPoint meetingPoint() {
        return meeting;
    }

    /**
     * Compares two communicators, as {@link Comm#Compare}.
     *
     * @param comm1 a communicator
     * @param comm2 another
     * @return {@code MPI.IDENT}, {@code MPI.CONGRUENT}, {@code MPI.SIMILAR} or {@code MPI.UNEQUAL}
     * @throws MPIException (MPI_ERR_COMM) for a null argument
     */
    public static int Compare(Comm comm1, Comm comm2) throws MPIException {
        return Comm.Compare(comm1, comm2);
    }

    /**
     * Splits the communicator (collective): members giving the same {@code color} form a new
     * communicator each, ranked by {@code key} and then by their rank here.
     *
     * @param color a non-negative color, or {@code MPI.UNDEFINED} to join no new communicator
     * @param key   the ordering key
     * @return the new communicator, or {@code null} for {@code MPI.UNDEFINED}
     * @throws MPIException (MPI_ERR_ARG) for a negative color other than {@code MPI.UNDEFINED}
     */
    public Intracomm Split(int color, int key) throws MPIException {
        checkOpen();
        if (color < 0 && color != MPI.UNDEFINED) {
            throw Checks.error(MPIException.ERR_ARG, "color = " + color
                + " (expected a color >= 0 or MPI.UNDEFINED)");
        }
        int[] mine = new int[2 + ContextIds.MASK_WORDS];
        mine[0] = color;
        mine[1] = key;
        System.arraycopy(state.contexts().freeMask(), 0, mine, 2, ContextIds.MASK_WORDS);
        int[] all = Management.allgather(this, mine);
        int size = group.Size();
        int[] free = new int[ContextIds.MASK_WORDS];
        java.util.Arrays.fill(free, -1);
        List<int[]> members = new ArrayList<>();
        for (int rank = 0; rank < size; rank++) {
            int base = rank * mine.length;
            ContextIds.and(free, all, base + 2);
            if (color != MPI.UNDEFINED && all[base] == color) {
                members.add(new int[] {all[base + 1], rank});
            }
        }
        int pair = ContextIds.lowest(free, 1);
        if (color == MPI.UNDEFINED) {
            return null;
        }
        members.sort(Comparator.<int[]>comparingInt(member -> member[0])
            .thenComparingInt(member -> member[1]));
        int[] processes = new int[members.size()];
        for (int i = 0; i < processes.length; i++) {
            processes[i] = group.member(members.get(i)[1]);
        }
        return new Intracomm(state, new Group(processes, group.self()), pair);
    }

    /**
     * Creates a communicator of a subgroup (collective over this communicator).
     *
     * @param group a subset of this communicator's group, the same on every member
     * @return the new communicator, or {@code null} on members not in {@code group}
     * @throws MPIException (MPI_ERR_GROUP) when {@code group} has a process outside this
     *                      communicator
     */
    public Intracomm Create(Group group) throws MPIException {
        checkOpen();
        Checks.notNull(group, "group");
        for (int rank = 0; rank < group.Size(); rank++) {
            if (this.group.indexOf(group.member(rank)) == MPI.UNDEFINED) {
                throw Checks.error(MPIException.ERR_GROUP, "group member " + rank + " (process "
                    + group.member(rank) + ") is not in this communicator's group " + this.group);
            }
        }
        int pair = Management.agreePairs(this, 1);
        if (group.Rank() == MPI.UNDEFINED) {
            return null;
        }
        return new Intracomm(state, new Group(group.members(), this.group.self()), pair);
    }

    /**
     * Duplicates the communicator (collective), as {@link #Dup()}.
     *
     * @return the duplicate
     * @throws IllegalStateException wrapping the {@link MPIException} if the duplication failed
     */
    @Override
    public Object clone() {
        return super.clone();
    }

    /**
     * Duplicates the communicator (collective): same group, new context.
     *
     * @return the duplicate
     * @throws MPIException (MPI_ERR_COMM) on a freed communicator or when no context is free
     */
    @Override
    public Intracomm Dup() throws MPIException {
        checkOpen();
        int pair = Management.agreePairs(this, 1);
        return new Intracomm(state, group, pair);
    }

    // ---- collective operations (org.mpjbuf.mpj.coll; algorithm choice in docs/configuration.md) ----

    /**
     * Blocks until every member has called it (collective).
     *
     * @throws MPIException (MPI_ERR_COMM) on a freed communicator
     */
    public void Barrier() throws MPIException {
        checkOpen();
        CollectiveCalls.barrier(this);
    }

    /**
     * Broadcasts {@code count} items from the root's buffer to every member's (collective).
     *
     * @param buf    the buffer: read at the root, written elsewhere
     * @param offset index of the first element
     * @param count  number of items, the same on every member
     * @param type   datatype of the items
     * @param root   rank of the root
     * @throws MPIException MPI_ERR_ROOT, MPI_ERR_COUNT, MPI_ERR_TYPE or MPI_ERR_BUFFER for bad arguments
     */
    public void Bcast(Object buf, int offset, int count, Datatype type, int root) throws MPIException {
        checkOpen();
        CollectiveCalls.bcast(this, buf, offset, count, type, root);
    }

    /**
     * Gathers {@code sendcount} items from every member into consecutive blocks of the root's
     * receive buffer, in rank order (collective).
     *
     * @param sendbuf    send buffer
     * @param sendoffset index of its first element
     * @param sendcount  items sent by each member
     * @param sendtype   datatype of the sent items
     * @param recvbuf    receive buffer (root only)
     * @param recvoffset index of block 0 (root only)
     * @param recvcount  items received from each member (root only)
     * @param recvtype   datatype of the received items (root only)
     * @param root       rank of the root
     * @throws MPIException MPI_ERR_ROOT, MPI_ERR_COUNT, MPI_ERR_TYPE or MPI_ERR_BUFFER for bad arguments
     */
    public void Gather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                       Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root)
        throws MPIException {
        checkOpen();
        CollectiveCalls.gather(this, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
            recvcount, recvtype, root);
    }

    /**
     * Gathers a block of varying size from every member into the root's receive buffer at
     * {@code displs[i]} items of {@code recvtype} (collective).
     *
     * @param sendbuf    send buffer
     * @param sendoffset index of its first element
     * @param sendcount  items sent by this member
     * @param sendtype   datatype of the sent items
     * @param recvbuf    receive buffer (root only)
     * @param recvoffset index the displacements count from (root only)
     * @param recvcount  items received from each member (root only)
     * @param displs     block displacements (root only)
     * @param recvtype   datatype of the received items (root only)
     * @param root       rank of the root
     * @throws MPIException MPI_ERR_ROOT, MPI_ERR_COUNT, MPI_ERR_ARG, MPI_ERR_TYPE or MPI_ERR_BUFFER for bad
     *                      arguments
     */
    public void Gatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                        Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype,
                        int root) throws MPIException {
        checkOpen();
        CollectiveCalls.gatherv(this, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
            recvcount, displs, recvtype, root);
    }

    /**
     * Sends consecutive blocks of the root's send buffer to the members, block {@code i} to
     * rank {@code i} (collective).
     *
     * @param sendbuf    send buffer (root only)
     * @param sendoffset index of block 0 (root only)
     * @param sendcount  items sent to each member (root only)
     * @param sendtype   datatype of the sent items (root only)
     * @param recvbuf    receive buffer
     * @param recvoffset index of its first element
     * @param recvcount  items received
     * @param recvtype   datatype of the received items
     * @param root       rank of the root
     * @throws MPIException MPI_ERR_ROOT, MPI_ERR_COUNT, MPI_ERR_TYPE or MPI_ERR_BUFFER for bad arguments
     */
    public void Scatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                        Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root)
        throws MPIException {
        checkOpen();
        CollectiveCalls.scatter(this, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
            recvcount, recvtype, root);
    }

    /**
     * Sends blocks of varying size of the root's send buffer, from {@code displs[i]} items of
     * {@code sendtype}, to the members (collective).
     *
     * @param sendbuf    send buffer (root only)
     * @param sendoffset index the displacements count from (root only)
     * @param sendcount  items sent to each member (root only)
     * @param displs     block displacements (root only)
     * @param sendtype   datatype of the sent items (root only)
     * @param recvbuf    receive buffer
     * @param recvoffset index of its first element
     * @param recvcount  items received
     * @param recvtype   datatype of the received items
     * @param root       rank of the root
     * @throws MPIException MPI_ERR_ROOT, MPI_ERR_COUNT, MPI_ERR_ARG, MPI_ERR_TYPE or MPI_ERR_BUFFER for bad
     *                      arguments
     */
    public void Scatterv(Object sendbuf, int sendoffset, int[] sendcount, int[] displs, Datatype sendtype,
                         Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root)
        throws MPIException {
        checkOpen();
        CollectiveCalls.scatterv(this, sendbuf, sendoffset, sendcount, displs, sendtype, recvbuf, recvoffset,
            recvcount, recvtype, root);
    }

    /**
     * Gathers {@code sendcount} items from every member into consecutive blocks of every
     * member's receive buffer (collective).
     *
     * @param sendbuf    send buffer
     * @param sendoffset index of its first element
     * @param sendcount  items sent by each member
     * @param sendtype   datatype of the sent items
     * @param recvbuf    receive buffer
     * @param recvoffset index of block 0
     * @param recvcount  items received from each member
     * @param recvtype   datatype of the received items
     * @throws MPIException MPI_ERR_COUNT, MPI_ERR_TYPE or MPI_ERR_BUFFER for bad arguments
     */
    public void Allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                          Object recvbuf, int recvoffset, int recvcount, Datatype recvtype)
        throws MPIException {
        checkOpen();
        CollectiveCalls.allgather(this, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
            recvcount, recvtype);
    }

    /**
     * Gathers a block of varying size from every member into every member's receive buffer at
     * {@code displs[i]} items of {@code recvtype} (collective).
     *
     * @param sendbuf    send buffer
     * @param sendoffset index of its first element
     * @param sendcount  items sent by this member
     * @param sendtype   datatype of the sent items
     * @param recvbuf    receive buffer
     * @param recvoffset index the displacements count from
     * @param recvcount  items received from each member
     * @param displs     block displacements
     * @param recvtype   datatype of the received items
     * @throws MPIException MPI_ERR_COUNT, MPI_ERR_ARG, MPI_ERR_TYPE or MPI_ERR_BUFFER for bad arguments
     */
    public void Allgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                           Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype)
        throws MPIException {
        checkOpen();
        CollectiveCalls.allgatherv(this, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
            recvcount, displs, recvtype);
    }

    /**
     * Sends block {@code j} of every member's send buffer to rank {@code j}, which stores the
     * block from rank {@code i} as block {@code i} of its receive buffer (collective).
     *
     * @param sendbuf    send buffer
     * @param sendoffset index of block 0
     * @param sendcount  items sent to each member
     * @param sendtype   datatype of the sent items
     * @param recvbuf    receive buffer
     * @param recvoffset index of block 0
     * @param recvcount  items received from each member
     * @param recvtype   datatype of the received items
     * @throws MPIException MPI_ERR_COUNT, MPI_ERR_TYPE or MPI_ERR_BUFFER for bad arguments
     */
    public void Alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                         Object recvbuf, int recvoffset, int recvcount, Datatype recvtype)
        throws MPIException {
        checkOpen();
        CollectiveCalls.alltoall(this, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
            recvcount, recvtype);
    }

    /**
     * All-to-all exchange of blocks of varying size at per-member displacements (collective).
     *
     * @param sendbuf    send buffer
     * @param sendoffset index the send displacements count from
     * @param sendcount  items sent to each member
     * @param sdispls    send block displacements, in items of {@code sendtype}
     * @param sendtype   datatype of the sent items
     * @param recvbuf    receive buffer
     * @param recvoffset index the receive displacements count from
     * @param recvcount  items received from each member
     * @param rdispls    receive block displacements, in items of {@code recvtype}
     * @param recvtype   datatype of the received items
     * @throws MPIException MPI_ERR_COUNT, MPI_ERR_ARG, MPI_ERR_TYPE or MPI_ERR_BUFFER for bad arguments
     */
    public void Alltoallv(Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls, Datatype sendtype,
                          Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls, Datatype recvtype)
        throws MPIException {
        checkOpen();
        CollectiveCalls.alltoallv(this, sendbuf, sendoffset, sendcount, sdispls, sendtype, recvbuf, recvoffset,
            recvcount, rdispls, recvtype);
    }

    /**
     * Combines every member's {@code count} items element-wise with {@code op} into the
     * root's receive buffer, in rank order for non-commutative operations (collective).
     *
     * @param sendbuf    send buffer
     * @param sendoffset index of its first element
     * @param recvbuf    receive buffer (root only)
     * @param recvoffset index of its first element (root only)
     * @param count      number of items
     * @param datatype   datatype of the items
     * @param op         the operation
     * @param root       rank of the root
     * @throws MPIException MPI_ERR_ROOT, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER or MPI_ERR_OP for bad
     *                      arguments
     */
    public void Reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                       Datatype datatype, Op op, int root) throws MPIException {
        checkOpen();
        CollectiveCalls.reduce(this, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op, root);
    }

    /**
     * Combines every member's {@code count} items element-wise with {@code op} into every
     * member's receive buffer (collective).
     *
     * @param sendbuf    send buffer
     * @param sendoffset index of its first element
     * @param recvbuf    receive buffer
     * @param recvoffset index of its first element
     * @param count      number of items
     * @param datatype   datatype of the items
     * @param op         the operation
     * @throws MPIException MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER or MPI_ERR_OP for bad arguments
     */
    public void Allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                          Datatype datatype, Op op) throws MPIException {
        checkOpen();
        CollectiveCalls.allreduce(this, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op);
    }

    /**
     * Combines every member's vector of {@code sum(recvcounts)} items element-wise with
     * {@code op} and scatters the result: rank {@code i} receives the {@code recvcounts[i]}
     * items that follow those of the lower ranks (collective).
     *
     * @param sendbuf    send buffer
     * @param sendoffset index of its first element
     * @param recvbuf    receive buffer
     * @param recvoffset index of its first element
     * @param recvcounts items of the result each member receives
     * @param datatype   datatype of the items
     * @param op         the operation
     * @throws MPIException MPI_ERR_COUNT, MPI_ERR_ARG, MPI_ERR_TYPE, MPI_ERR_BUFFER or MPI_ERR_OP for bad
     *                      arguments
     */
    public void Reduce_scatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                               int[] recvcounts, Datatype datatype, Op op) throws MPIException {
        checkOpen();
        CollectiveCalls.reduceScatter(this, sendbuf, sendoffset, recvbuf, recvoffset, recvcounts, datatype, op);
    }

    /**
     * Inclusive prefix reduction: rank {@code r} receives {@code v0 op v1 op ... op vr}
     * (collective).
     *
     * @param sendbuf    send buffer
     * @param sendoffset index of its first element
     * @param recvbuf    receive buffer
     * @param recvoffset index of its first element
     * @param count      number of items
     * @param datatype   datatype of the items
     * @param op         the operation
     * @throws MPIException MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER or MPI_ERR_OP for bad arguments
     */
    public void Scan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                     Datatype datatype, Op op) throws MPIException {
        checkOpen();
        CollectiveCalls.scan(this, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op);
    }

    /**
     * Builds a communicator with a Cartesian topology over the first {@code prod(dims)} members
     * (collective); ranks keep their order.
     *
     * @param dims    number of processes along each dimension
     * @param periods whether each dimension wraps around
     * @param reorder whether ranks may be reordered (they are not)
     * @return the new communicator, or {@code null} on members outside the grid
     * @throws MPIException (MPI_ERR_DIMS) for a malformed grid or one larger than this communicator
     */
    public Cartcomm Create_cart(int[] dims, boolean[] periods, boolean reorder) throws MPIException {
        checkOpen();
        return Cartcomm.create(this, dims, periods);
    }

    /**
     * Builds a communicator with a graph topology over the first {@code index.length} members
     * (collective); ranks keep their order.
     *
     * @param index   cumulative degrees, one entry per node
     * @param edges   the neighbour lists, concatenated
     * @param reorder whether ranks may be reordered (they are not)
     * @return the new communicator, or {@code null} on members beyond the graph's nodes
     * @throws MPIException (MPI_ERR_TOPOLOGY) for a malformed graph or one larger than this communicator
     */
    public Graphcomm Create_graph(int[] index, int[] edges, boolean reorder) throws MPIException {
        checkOpen();
        return Graphcomm.create(this, index, edges);
    }
}
