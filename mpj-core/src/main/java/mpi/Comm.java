package mpi;

import org.mpjbuf.mpj.datatype.BytePacking;

/**
 * A communicator: a group of processes with a context of its own, so that its messages never
 * match those of another communicator. This class carries point-to-point communication; its
 * subclasses {@link Intracomm} and {@link Intercomm} add what is specific to them.
 *
 * <p>Buffers are Java arrays of the datatype's base type ({@code Object[]} for
 * {@code MPI.OBJECT}); {@code offset} and {@code count} are in base-type elements and items of the
 * datatype. Ranks given to point-to-point calls are ranks of this communicator (of the remote
 * group for an intercommunicator); {@code MPI.PROC_NULL} as destination or source completes at
 * once without moving data, and a receive from it returns source {@code PROC_NULL} and count 0.
 * Tags are {@code 0 .. MPI.TAG_UB}; receives and probes also accept {@code MPI.ANY_SOURCE} and
 * {@code MPI.ANY_TAG}.
 *
 * <p><b>Buffer ownership.</b> A blocking call is done with its buffer when it returns; a
 * non-blocking call owns its buffer until its {@link Request} completes.
 *
 * <p><b>Thread safety.</b> Point-to-point calls may be made by several threads of a rank at once
 * (messages started concurrently by different threads have no defined order among themselves).
 * Calls that create or free communicators are collective and must be made in the same order on
 * every member.
 */
public class Comm {

    /** Tag of communicator management messages on the collective context (reserved, negative). */
    static final int MANAGEMENT_TAG = -7;

    /** The local group; the same as {@link #Group()}. */
    public Group group;

    /** The rank; null for {@code MPI.COMM_NULL}. */
    final RankState state;
    /** The first context pair this communicator owns. */
    final int pair;
    /** User messages. */
    final Channel p2p;
    /** Collective operations and communicator management. */
    final Channel collective;
    private final boolean predefined;
    private volatile boolean freed;

    /**
     * @param state the rank
     * @param local the local group
     * @param peers the group messages go to (the local group, or the remote group)
     * @param pair  the context pair of the traffic with {@code peers}
     */
    Comm(RankState state, Group local, Group peers, int pair) {
        this.state = state;
        this.group = local;
        this.pair = pair;
        this.p2p = new Channel(state, peers, ContextIds.pointToPoint(pair), true);
        this.collective = new Channel(state, peers, ContextIds.collective(pair), false);
        this.predefined = pair <= ContextIds.SELF_PAIR;
        state.contexts().claim(pair, 1);
    }

    /** Creates {@code MPI.COMM_NULL}. */
    private Comm() {
        this.state = null;
        this.group = MPI.GROUP_NULL;
        this.pair = -1;
        this.p2p = null;
        this.collective = null;
        this.predefined = true;
        this.freed = true;
    }

    static Comm nullComm() {
        return new Comm();
    }

    /**
     * Returns the number of processes in the (local) group.
     *
     * @return the size
     * @throws MPIException (MPI_ERR_COMM) on a freed or null communicator
     */
    public int Size() throws MPIException {
        checkOpen();
        return group.Size();
    }

    /**
     * Returns the calling process's rank in the (local) group.
     *
     * @return the rank
     * @throws MPIException (MPI_ERR_COMM) on a freed or null communicator
     */
    public int Rank() throws MPIException {
        checkOpen();
        return group.Rank();
    }

    /**
     * Returns the (local) group.
     *
     * @return the group
     * @throws MPIException (MPI_ERR_COMM) on a freed or null communicator
     */
    public Group Group() throws MPIException {
        checkOpen();
        return group;
    }

    /**
     * Compares two communicators.
     *
     * @param comm1 a communicator
     * @param comm2 another
     * @return {@code MPI.IDENT} for the same communicator, {@code MPI.CONGRUENT} for identical
     *         groups in different contexts, {@code MPI.SIMILAR} for the same members in another
     *         order, {@code MPI.UNEQUAL} otherwise
     * @throws MPIException (MPI_ERR_COMM) for a null argument
     */
    public static int Compare(Comm comm1, Comm comm2) throws MPIException {
        if (comm1 == null || comm2 == null) {
            throw Checks.error(MPIException.ERR_COMM, (comm1 == null ? "comm1" : "comm2")
                + " is null (expected a communicator)");
        }
        if (comm1 == comm2) {
            return MPI.IDENT;
        }
        int groups = Group.Compare(comm1.group, comm2.group);
        if (comm1.Test_inter() != comm2.Test_inter()) {
            return MPI.UNEQUAL;
        }
        return groups == MPI.IDENT ? MPI.CONGRUENT : groups;
    }

    /**
     * Frees the communicator (collective): its context may be reused by a later communicator.
     *
     * @throws MPIException (MPI_ERR_COMM) for a predefined, null or already freed communicator
     */
    public void Free() throws MPIException {
        checkOpen();
        if (predefined) {
            throw Checks.error(MPIException.ERR_COMM, "predefined communicator " + this
                + " cannot be freed");
        }
        freed = true;
        state.contexts().release(pair, pairCount());
    }

    /**
     * Tells whether this is an intercommunicator.
     *
     * @return false for an intracommunicator
     * @throws MPIException (MPI_ERR_COMM) on a freed or null communicator
     */
    public boolean Test_inter() throws MPIException {
        checkOpen();
        return false;
    }

    /**
     * Creates an intercommunicator between {@code localComm}'s group and another group
     * (collective over both groups), called on the <em>peer</em> communicator as in mpiJava 1.2
     * and MPJ Express: {@code peer.Create_intercomm(localComm, localLeader, remoteLeader, tag)}.
     * The two local leaders talk through this communicator with {@code tag}; it must contain both
     * leaders and matters only at the local leader.
     *
     * @param localComm    the calling process's local intracommunicator
     * @param localLeader  the local leader's rank in {@code localComm}
     * @param remoteLeader the remote leader's rank in this (peer) communicator
     * @param tag          the tag the leaders use on this communicator
     * @return the intercommunicator
     * @throws MPIException (MPI_ERR_RANK) for a bad leader, (MPI_ERR_COMM) for a bad communicator
     */
    public Intercomm Create_intercomm(Comm localComm, int localLeader, int remoteLeader, int tag)
        throws MPIException {
        checkOpen();
        Checks.notNull(localComm, "localComm");
        return Intercomm.create(localComm, this, localLeader, remoteLeader, tag);
    }

    /**
     * Returns a predefined attribute.
     *
     * @param keyval {@code MPI.TAG_UB}, {@code MPI.HOST} or {@code MPI.IO}
     * @return an {@code Integer}: the largest tag, {@code MPI.PROC_NULL} (no host), or
     *         {@code MPI.ANY_SOURCE} (every rank may do I/O)
     * @throws MPIException (MPI_ERR_ARG) for another key
     */
    public Object Attr_get(int keyval) throws MPIException {
        checkOpen();
        if (keyval == MPI.TAG_UB) {
            return Integer.MAX_VALUE;
        }
        if (keyval == MPI.HOST) {
            return MPI.PROC_NULL;
        }
        if (keyval == MPI.IO) {
            return MPI.ANY_SOURCE;
        }
        throw Checks.error(MPIException.ERR_ARG, "keyval = " + keyval
            + " (expected MPI.TAG_UB, MPI.HOST or MPI.IO)");
    }

    /**
     * Deletes an attribute; the predefined attributes are the only ones and cannot be deleted.
     *
     * @param keyval the attribute key
     * @throws MPIException (MPI_ERR_ARG) always: a predefined key, or an unknown one
     */
    public void Attr_delete(int keyval) throws MPIException {
        checkOpen();
        boolean predefinedKey = keyval == MPI.TAG_UB || keyval == MPI.HOST || keyval == MPI.IO;
        throw Checks.error(MPIException.ERR_ARG, "keyval = " + keyval + (predefinedKey
            ? " is a predefined attribute, which cannot be deleted"
            : " is not an attribute of this communicator (expected MPI.TAG_UB, MPI.HOST or MPI.IO)"));
    }

    /**
     * Sends in standard mode; returns when {@code buf} may be reused.
     *
     * @param buf      the send buffer
     * @param offset   index of the first element
     * @param count    number of items
     * @param datatype the items' datatype
     * @param dest     the destination rank, or {@code MPI.PROC_NULL}
     * @param tag      the tag
     * @throws MPIException (MPI_ERR_RANK/TAG/COUNT/TYPE/BUFFER) for a bad argument
     */
    public void Send(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
        throws MPIException {
        checkOpen();
        p2p.send(SendMode.STANDARD, buf, offset, count, datatype, dest, tag);
    }

    /**
     * Sends in synchronous mode: returns once the receiver has matched the message. Arguments as
     * {@link #Send}.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count number of items
     * @param datatype the items' datatype
     * @param dest the destination rank, or {@code MPI.PROC_NULL}
     * @param tag the tag
     * @throws MPIException as {@link #Send}
     */
    public void Ssend(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
        throws MPIException {
        checkOpen();
        p2p.send(SendMode.SYNCHRONOUS, buf, offset, count, datatype, dest, tag);
    }

    /**
     * Sends in buffered mode: copies the message into attached-buffer space and returns.
     * Arguments as {@link #Send}.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count number of items
     * @param datatype the items' datatype
     * @param dest the destination rank, or {@code MPI.PROC_NULL}
     * @param tag the tag
     * @throws MPIException (MPI_ERR_BUFFER) when no buffer is attached or the message does not fit
     */
    public void Bsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
        throws MPIException {
        checkOpen();
        p2p.send(SendMode.BUFFERED, buf, offset, count, datatype, dest, tag);
    }

    /**
     * Sends in ready mode (the matching receive must be posted already). Arguments as
     * {@link #Send}.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count number of items
     * @param datatype the items' datatype
     * @param dest the destination rank, or {@code MPI.PROC_NULL}
     * @param tag the tag
     * @throws MPIException as {@link #Send}
     */
    public void Rsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
        throws MPIException {
        checkOpen();
        p2p.send(SendMode.READY, buf, offset, count, datatype, dest, tag);
    }

    /**
     * Starts a standard-mode send.
     *
     * @param buf the send buffer, owned by the library until the request completes
     * @param offset index of the first element
     * @param count number of items
     * @param datatype the items' datatype
     * @param dest the destination rank
     * @param tag the tag
     * @return the request
     * @throws MPIException as {@link #Send}
     */
    public Request Isend(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
        throws MPIException {
        return send(SendMode.STANDARD, buf, offset, count, datatype, dest, tag);
    }

    /**
     * Starts a buffered-mode send; the request is complete at once.
     *
     * @param buf the send buffer
     * @param offset index of the first element
     * @param count number of items
     * @param datatype the items' datatype
     * @param dest the destination rank
     * @param tag the tag
     * @return the request
     * @throws MPIException as {@link #Bsend}
     */
    public Request Ibsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
        throws MPIException {
        return send(SendMode.BUFFERED, buf, offset, count, datatype, dest, tag);
    }

    /**
     * Starts a synchronous-mode send.
     *
     * @param buf the send buffer, owned by the library until the request completes
     * @param offset index of the first element
     * @param count number of items
     * @param datatype the items' datatype
     * @param dest the destination rank
     * @param tag the tag
     * @return the request, complete once a receive has matched the message
     * @throws MPIException as {@link #Send}
     */
    public Request Issend(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
        throws MPIException {
        return send(SendMode.SYNCHRONOUS, buf, offset, count, datatype, dest, tag);
    }

    /**
     * Starts a ready-mode send.
     *
     * @param buf the send buffer, owned by the library until the request completes
     * @param offset index of the first element
     * @param count number of items
     * @param datatype the items' datatype
     * @param dest the destination rank
     * @param tag the tag
     * @return the request
     * @throws MPIException as {@link #Send}
     */
    public Request Irsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
        throws MPIException {
        return send(SendMode.READY, buf, offset, count, datatype, dest, tag);
    }

    /**
     * Receives a message.
     *
     * @param buf      the receive buffer
     * @param offset   index of the first element
     * @param count    the most items to receive
     * @param datatype the items' datatype
     * @param source   the source rank, {@code MPI.ANY_SOURCE} or {@code MPI.PROC_NULL}
     * @param tag      the tag or {@code MPI.ANY_TAG}
     * @return the status: source, tag and count of the message
     * @throws MPIException (MPI_ERR_TRUNCATE) when the message has more than {@code count} items,
     *                      or a class naming a bad argument
     */
    public Status Recv(Object buf, int offset, int count, Datatype datatype, int source, int tag)
        throws MPIException {
        checkOpen();
        return p2p.recv(buf, offset, count, datatype, source, tag);
    }

    /**
     * Starts a receive. Arguments as {@link #Recv}.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count number of items
     * @param datatype the items' datatype
     * @param source the source rank, {@code MPI.ANY_SOURCE} or {@code MPI.PROC_NULL}
     * @param tag the tag
     * @return the request
     * @throws MPIException for a bad argument
     */
    public Request Irecv(Object buf, int offset, int count, Datatype datatype, int source, int tag)
        throws MPIException {
        checkOpen();
        Request request = new Request(state);
        p2p.startRecv(request, buf, offset, count, datatype, source, tag);
        return request;
    }

    /**
     * Returns the status of a matching message that has arrived, without receiving it.
     *
     * @param source the source rank, {@code MPI.ANY_SOURCE} or {@code MPI.PROC_NULL}
     * @param tag    the tag or {@code MPI.ANY_TAG}
     * @return the status, or {@code null} if no such message has arrived
     * @throws MPIException for a bad argument
     */
    public Status Iprobe(int source, int tag) throws MPIException {
        checkOpen();
        return p2p.iprobe(source, tag);
    }

    /**
     * Waits until a matching message arrives and returns its status, without receiving it.
     *
     * @param source the source rank, {@code MPI.ANY_SOURCE} or {@code MPI.PROC_NULL}
     * @param tag    the tag or {@code MPI.ANY_TAG}
     * @return the status
     * @throws MPIException for a bad argument
     */
    public Status Probe(int source, int tag) throws MPIException {
        checkOpen();
        return p2p.probe(source, tag);
    }

    /**
     * Returns the bytes {@link #Pack} writes for {@code incount} items.
     *
     * @param incount  number of items
     * @param datatype their datatype
     * @return the bytes needed
     * @throws MPIException (MPI_ERR_COUNT/TYPE) for a bad argument, or a datatype over
     *                      {@code MPI.OBJECT} whose packed length is unknown before packing
     */
    public int Pack_size(int incount, Datatype datatype) throws MPIException {
        checkOpen();
        try {
            return BytePacking.packSize(incount, datatype);
        } catch (MPIException invalid) {
            throw Checks.error(invalid);
        }
    }

    /**
     * Packs items into a byte array.
     *
     * @param inbuf    the items' buffer
     * @param offset   index of the first element
     * @param incount  number of items
     * @param datatype their datatype
     * @param outbuf   the byte array
     * @param position where to start writing in {@code outbuf}
     * @return the position after the packed bytes
     * @throws MPIException (MPI_ERR_BUFFER) when {@code outbuf} is too short, or a bad argument
     */
    public int Pack(Object inbuf, int offset, int incount, Datatype datatype, byte[] outbuf,
                    int position) throws MPIException {
        checkOpen();
        try {
            return BytePacking.pack(inbuf, offset, incount, datatype, outbuf, position);
        } catch (MPIException invalid) {
            throw Checks.error(invalid);
        }
    }

    /**
     * Unpacks items from a byte array written by {@link #Pack}.
     *
     * @param inbuf    the byte array
     * @param position where to start reading
     * @param outbuf   the items' buffer
     * @param offset   index of the first element
     * @param outcount number of items
     * @param datatype their datatype
     * @return the position after the bytes read
     * @throws MPIException (MPI_ERR_BUFFER) when {@code inbuf} holds too few bytes, or a bad
     *                      argument
     */
    public int Unpack(byte[] inbuf, int position, Object outbuf, int offset, int outcount,
                      Datatype datatype) throws MPIException {
        checkOpen();
        try {
            return BytePacking.unpack(inbuf, position, outbuf, offset, outcount, datatype);
        } catch (MPIException invalid) {
            throw Checks.error(invalid);
        }
    }

    /**
     * Creates a persistent standard-mode send. Arguments as {@link #Send}.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count number of items
     * @param datatype the items' datatype
     * @param dest the destination rank, or {@code MPI.PROC_NULL}
     * @param tag the tag
     * @return the persistent request, inactive until {@link Prequest#Start()}
     * @throws MPIException (MPI_ERR_COMM) on a freed communicator
     */
    public Prequest Send_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
        throws MPIException {
        return sendInit(SendMode.STANDARD, buf, offset, count, datatype, dest, tag);
    }

    /**
     * Creates a persistent buffered-mode send. Arguments as {@link #Bsend}.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count number of items
     * @param datatype the items' datatype
     * @param dest the destination rank, or {@code MPI.PROC_NULL}
     * @param tag the tag
     * @return the persistent request
     * @throws MPIException (MPI_ERR_COMM) on a freed communicator
     */
    public Prequest Bsend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
        throws MPIException {
        return sendInit(SendMode.BUFFERED, buf, offset, count, datatype, dest, tag);
    }

    /**
     * Creates a persistent synchronous-mode send. Arguments as {@link #Ssend}.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count number of items
     * @param datatype the items' datatype
     * @param dest the destination rank, or {@code MPI.PROC_NULL}
     * @param tag the tag
     * @return the persistent request
     * @throws MPIException (MPI_ERR_COMM) on a freed communicator
     */
    public Prequest Ssend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
        throws MPIException {
        return sendInit(SendMode.SYNCHRONOUS, buf, offset, count, datatype, dest, tag);
    }

    /**
     * Creates a persistent ready-mode send. Arguments as {@link #Rsend}.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count number of items
     * @param datatype the items' datatype
     * @param dest the destination rank, or {@code MPI.PROC_NULL}
     * @param tag the tag
     * @return the persistent request
     * @throws MPIException (MPI_ERR_COMM) on a freed communicator
     */
    public Prequest Rsend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
        throws MPIException {
        return sendInit(SendMode.READY, buf, offset, count, datatype, dest, tag);
    }

    /**
     * Creates a persistent receive. Arguments as {@link #Recv}.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count number of items
     * @param datatype the items' datatype
     * @param source the source rank, {@code MPI.ANY_SOURCE} or {@code MPI.PROC_NULL}
     * @param tag the tag
     * @return the persistent request
     * @throws MPIException (MPI_ERR_COMM) on a freed communicator
     */
    public Prequest Recv_init(Object buf, int offset, int count, Datatype datatype, int source, int tag)
        throws MPIException {
        checkOpen();
        return new Prequest(state, target -> {
            checkOpen();
            p2p.startRecv(target, buf, offset, count, datatype, source, tag);
        });
    }

    /**
     * Sends one message and receives another; the receive is posted first, so two ranks may
     * exchange with each other without deadlock.
     *
     * @param sendbuf    the send buffer
     * @param sendoffset index of its first element
     * @param sendcount  number of items to send
     * @param sendtype   their datatype
     * @param dest       the destination rank
     * @param sendtag    the send tag
     * @param recvbuf    the receive buffer
     * @param recvoffset index of its first element
     * @param recvcount  the most items to receive
     * @param recvtype   their datatype
     * @param source     the source rank
     * @param recvtag    the receive tag
     * @return the status of the receive
     * @throws MPIException as {@link #Send} and {@link #Recv}
     */
    public Status Sendrecv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest,
                           int sendtag, Object recvbuf, int recvoffset, int recvcount,
                           Datatype recvtype, int source, int recvtag) throws MPIException {
        checkOpen();
        return p2p.sendrecv(sendbuf, sendoffset, sendcount, sendtype, dest, sendtag, recvbuf,
            recvoffset, recvcount, recvtype, source, recvtag);
    }

    /**
     * Sends the contents of a buffer and receives into the same buffer.
     *
     * @param buf      the buffer
     * @param offset   index of the first element
     * @param count    number of items (sent, and at most received)
     * @param datatype their datatype
     * @param dest     the destination rank
     * @param sendtag  the send tag
     * @param source   the source rank
     * @param recvtag  the receive tag
     * @return the status of the receive
     * @throws MPIException as {@link #Send} and {@link #Recv}
     */
    public Status Sendrecv_replace(Object buf, int offset, int count, Datatype datatype, int dest,
                                   int sendtag, int source, int recvtag) throws MPIException {
        checkOpen();
        return p2p.sendrecvReplace(buf, offset, count, datatype, dest, sendtag, source, recvtag);
    }

    /**
     * Returns the topology of this communicator.
     *
     * @return {@code MPI.UNDEFINED}: a plain communicator has no topology
     * @throws MPIException (MPI_ERR_COMM) on a freed or null communicator
     */
    public int Topo_test() throws MPIException {
        checkOpen();
        return MPI.UNDEFINED;
    }

    /**
     * Aborts every rank of the job; the launcher exits with {@code errorcode}.
     *
     * @param errorcode the exit status
     * @throws MPIException (MPI_ERR_COMM) on a null communicator
     */
    public void Abort(int errorcode) throws MPIException {
        if (state == null) {
            throw Checks.error(MPIException.ERR_COMM, "Abort on MPI.COMM_NULL");
        }
        throw state.environment().abort(errorcode, "Comm.Abort(" + errorcode + ") called");
    }

    /**
     * Duplicates this communicator (collective): same group, new context.
     *
     * @return the duplicate, or {@code null} on {@code MPI.COMM_NULL}
     * @throws IllegalStateException wrapping the {@link MPIException} if the duplication failed
     *                               (clone cannot throw checked exceptions)
     */
    @Override
    public Object clone() {
        try {
            return state == null ? null : Dup();
        } catch (MPIException failed) {
            throw new IllegalStateException(failed.getLocalizedMessage(), failed);
        }
    }

    /**
     * Duplicates this communicator (collective): same group, new context.
     *
     * @return the duplicate
     * @throws MPIException (MPI_ERR_COMM) on a freed or null communicator
     */
    public Comm Dup() throws MPIException {
        checkOpen();
        throw Checks.error(MPIException.ERR_COMM, "communicator " + this + " cannot be duplicated");
    }

    @Override
    public String toString() {
        if (state == null) {
            return "MPI.COMM_NULL";
        }
        return getClass().getSimpleName() + "[context=" + pair + ", group=" + group + "]";
    }

    /** Returns how many context pairs this communicator owns. */
    int pairCount() {
        return 1;
    }

    /**
     * Fails with MPI_ERR_COMM on {@code MPI.COMM_NULL} or a freed communicator.
     *
     * @throws MPIException (MPI_ERR_COMM) when the communicator may not be used
     */
    final void checkOpen() throws MPIException {
        if (freed) {
            throw Checks.error(MPIException.ERR_COMM, state == null
                ? "operation on MPI.COMM_NULL (expected a valid communicator)"
                : "operation on a freed communicator " + this);
        }
    }

    private Request send(SendMode mode, Object buf, int offset, int count, Datatype datatype,
                         int dest, int tag) throws MPIException {
        checkOpen();
        Request request = new Request(state);
        p2p.startSend(request, mode, buf, offset, count, datatype, dest, tag);
        return request;
    }

    private Prequest sendInit(SendMode mode, Object buf, int offset, int count, Datatype datatype,
                              int dest, int tag) throws MPIException {
        checkOpen();
        return new Prequest(state, target -> {
            checkOpen();
            p2p.startSend(target, mode, buf, offset, count, datatype, dest, tag);
        });
    }

    // ---- the collective context, for the collective operations of this package ----

    /**
     * Sends on the collective context (blocking, standard mode). Collective operations use it so
     * that their messages never match user messages. Tags are any int except
     * {@code MPI.ANY_TAG}; tags below {@code -1} are reserved for communicator management.
     *
     * @param buf the send buffer
     * @param offset index of the first element
     * @param count number of items
     * @param datatype the items' datatype
     * @param dest the destination rank (of the remote group for an intercommunicator)
     * @param tag the tag, {@code >= 0}
     * @throws MPIException as {@link #Send}
     */
    void sendCollective(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
        throws MPIException {
        checkOpen();
        collective.send(SendMode.STANDARD, buf, offset, count, datatype, dest, tag);
    }

    /**
     * Receives on the collective context (blocking). Arguments as {@link #Recv}.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count number of items
     * @param datatype the items' datatype
     * @param source the source rank, {@code MPI.ANY_SOURCE} or {@code MPI.PROC_NULL}
     * @param tag the tag
     * @return the status
     * @throws MPIException as {@link #Recv}
     */
    Status recvCollective(Object buf, int offset, int count, Datatype datatype, int source, int tag)
        throws MPIException {
        checkOpen();
        return collective.recv(buf, offset, count, datatype, source, tag);
    }

    /**
     * Starts a standard-mode send on the collective context. Arguments as
     * {@link #sendCollective}.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count number of items
     * @param datatype the items' datatype
     * @param dest the destination rank, or {@code MPI.PROC_NULL}
     * @param tag the tag
     * @return the request
     * @throws MPIException as {@link #Send}
     */
    Request isendCollective(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
        throws MPIException {
        checkOpen();
        Request request = new Request(state);
        collective.startSend(request, SendMode.STANDARD, buf, offset, count, datatype, dest, tag);
        return request;
    }

    /**
     * Starts a receive on the collective context. Arguments as {@link #recvCollective}.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count number of items
     * @param datatype the items' datatype
     * @param source the source rank, {@code MPI.ANY_SOURCE} or {@code MPI.PROC_NULL}
     * @param tag the tag
     * @return the request
     * @throws MPIException as {@link #Recv}
     */
    Request irecvCollective(Object buf, int offset, int count, Datatype datatype, int source, int tag)
        throws MPIException {
        checkOpen();
        Request request = new Request(state);
        collective.startRecv(request, buf, offset, count, datatype, source, tag);
        return request;
    }

    /**
     * Sends and receives on the collective context, the receive posted first. Arguments as
     * {@link #Sendrecv}.
     *
     * @param sendbuf the send buffer
     * @param sendoffset index of its first element
     * @param sendcount number of items to send
     * @param sendtype their datatype
     * @param dest the destination rank, or {@code MPI.PROC_NULL}
     * @param sendtag the send tag
     * @param recvbuf the receive buffer
     * @param recvoffset index of its first element
     * @param recvcount the most items to receive
     * @param recvtype their datatype
     * @param source the source rank, {@code MPI.ANY_SOURCE} or {@code MPI.PROC_NULL}
     * @param recvtag the receive tag
     * @return the status of the receive
     * @throws MPIException as {@link #Sendrecv}
     */
    Status sendrecvCollective(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                              int dest, int sendtag, Object recvbuf, int recvoffset, int recvcount,
                              Datatype recvtype, int source, int recvtag) throws MPIException {
        checkOpen();
        return collective.sendrecv(sendbuf, sendoffset, sendcount, sendtype, dest, sendtag, recvbuf,
            recvoffset, recvcount, recvtype, source, recvtag);
    }
}
