package mpi;

import org.mpjbuf.Buffer;
import org.mpjbuf.BufferFactory;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.ElementType;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.TruncationException;
import org.mpjbuf.mpj.datatype.DatatypeEngine;
import org.mpjbuf.mpj.datatype.MappedDatatype;

/**
 * Point-to-point traffic of one communicator in one context: maps communicator ranks to device
 * process ids and back, checks arguments, and turns MPI operations into device operations.
 *
 * <p>Each communicator has two channels: one on its point-to-point context for the user's
 * messages (tags {@code 0 .. MPI.TAG_UB}) and one on its collective context for collective
 * operations and communicator management (any tag except {@code MPI.ANY_TAG}); messages of
 * different contexts never match each other.
 *
 * <p><b>Data path.</b> Both sides speak in elements of the datatype's base type, so a Vector sent
 * may be received as a Contiguous or a basic type of the same signature. How the elements travel
 * depends on the device's world:
 * <ul>
 *   <li><em>Processes</em> (niodev): every message is a pooled mpjbuf {@link Buffer} of one
 *       section of the base type ({@link BufferMessages}). The send copies the items once, from
 *       the user's array through the datatype's runs straight into the buffer, and frees the
 *       buffer when the device request completes (a buffered send also releases its share of
 *       the attached buffer then). The receive takes a buffer sized for its count and type, and
 *       when it is completed ({@code Wait}, {@code Test}, ...) {@link BufferReceive} copies the
 *       section once into the items and frees the buffer, on every outcome. {@code MPI.OBJECT}
 *       elements are serialized into the buffer's dynamic part and read back under the object
 *       filter. A run of primitives (not {@code boolean}) of at least the device's
 *       {@linkplain Device#directRunLength() direct run length} goes to the device as that run
 *       instead, and a receive of such a run is posted as an array receive: the device moves it
 *       between the two arrays with no copy of its own (niodev: straight between the array and
 *       the socket).</li>
 *   <li><em>Threads</em> (smdev): a message whose items form one run of the user's array (a
 *       basic type, or a dense contiguous derived type) goes to the device as that run, copied
 *       once, sender array to receiver array. Any other message is packed once into a contiguous
 *       array of its base type, and the receive hands the device a {@link ScatterSink}, which
 *       scatters the elements into the receive's datatype straight from where the device holds
 *       them: from the sender's packed array above the device's protocol switch limit (two
 *       passes in all), from the device's eager copy below it. {@code MPI.OBJECT} elements are
 *       serialized by the device.</li>
 * </ul>
 *
 * <p>Thread-safe: immutable; the device is thread-safe.
 */
final class Channel {

    /**
     * Finishes a send: its status is MPI's empty one (MPI defines no field of it but the cancelled
     * flag), so the device's is never made.
     */
    private static final Request.Finisher SENT = new Request.Finisher() {
        @Override
        public Status finish(org.mpjbuf.dev.Status deviceStatus) {
            return MPI.emptyStatus();
        }

        @Override
        public boolean readsStatus() {
            return false;
        }
    };

    private final RankState state;
    private final Device device;
    /** The factory of message buffers when the ranks are processes; null when they are threads. */
    private final BufferFactory buffers;
    /**
     * The shortest run of primitives, in bytes, that a process device moves with no copy, sent
     * and received as an array run rather than a buffer ({@link Device#directRunLength()}).
     */
    private final long directRunLength;
    private final int context;
    private final ProcessID[] peers;
    private final int[] rankOfProcess;
    private final boolean userTags;
    /** Completes a receive into the user's array: converts the device's status. */
    private final Request.Finisher received = this::status;

    /**
     * @param state    the rank
     * @param peers    the group messages go to and come from (the remote group of an
     *                 intercommunicator)
     * @param context  the device context
     * @param userTags true for the point-to-point channel, whose tags must lie in 0..TAG_UB
     */
    Channel(RankState state, Group peers, int context, boolean userTags) {
        this.state = state;
        this.device = state.device();
        this.buffers = state.messageBuffers();
        this.directRunLength = device.directRunLength();
        this.context = context;
        this.userTags = userTags;
        this.peers = new ProcessID[peers.Size()];
        this.rankOfProcess = new int[state.worldSize()];
        java.util.Arrays.fill(rankOfProcess, MPI.UNDEFINED);
        for (int rank = 0; rank < this.peers.length; rank++) {
            this.peers[rank] = state.process(peers.member(rank));
            rankOfProcess[peers.member(rank)] = rank;
        }
    }

    int context() {
        return context;
    }

    /** Starts a send on a request. */
    void startSend(Request target, SendMode mode, Object buf, int offset, int count,
                   Datatype datatype, int dest, int tag) throws MPIException {
        org.mpjbuf.dev.Request request = post(mode, buf, offset, count, datatype, dest, tag, false);
        if (request == null) {
            target.completeWith(MPI.emptyStatus());
        } else {
            target.track(request, SENT);
        }
    }

    /**
     * Sends and waits until the buffer may be reused, without a request object, nor a device
     * request when the device completes the send at once ({@link org.mpjbuf.dev.Device#sendOrStart}).
     */
    void send(SendMode mode, Object buf, int offset, int count, Datatype datatype, int dest, int tag)
        throws MPIException {
        org.mpjbuf.dev.Request request = post(mode, buf, offset, count, datatype, dest, tag, true);
        if (request != null) {
            Waiter.await(request, state);
            DeviceException failed = request.failure();
            if (failed != null) {
                throw Checks.error(MPIException.ERR_OTHER, "send to rank " + dest + " with tag "
                    + tag + " failed: " + failed.getMessage());
            }
        }
    }

    /**
     * Checks a send and hands it to the device.
     *
     * @param waitsHere whether the caller only waits for the send (a blocking send), so that a
     *                  send of one run of the array that the device completes at once needs no
     *                  device request
     * @return the device request, or null when the send is complete already (PROC_NULL, buffered,
     *         or sent at once for a caller that waits here)
     */
    private org.mpjbuf.dev.Request post(SendMode mode, Object buf, int offset, int count,
                                        Datatype datatype, int dest, int tag, boolean waitsHere)
        throws MPIException {
        MappedDatatype type = checkedType(buf, offset, count, datatype, "buf");
        checkTag(tag, false);
        if (dest == MPI.PROC_NULL) {
            return null;
        }
        ProcessID to = peer(dest, "dest");
        int elements = elementCount(type, count);
        int index = DatatypeEngine.contiguousIndex(type, offset, count);
        if (buffers != null && (mode == SendMode.BUFFERED || !isDirectRun(type, index, elements))) {
            return postPacked(mode, buf, offset, count, type, elements, to, dest, tag, waitsHere);
        }
        if (mode != SendMode.BUFFERED && index >= 0) {
            return start(mode, buf, index, elements, to, dest, tag, waitsHere);
        }
        Object packed = Types.pack(buf, offset, count, type, elements);
        org.mpjbuf.dev.Request request;
        try {
            if (mode == SendMode.BUFFERED) {
                postBuffered(packed, elements, type, to, tag, dest);
                return null;
            }
            request = start(mode, packed, 0, elements, to, dest, tag, false);
        } catch (RuntimeException failed) {
            Types.release(type, packed);
            throw failed;
        }
        request.addCompletionListener(done -> Types.release(type, packed));
        return request;
    }

    /**
     * Packs a send into a pooled buffer and hands it to the device; the buffer (and a buffered
     * send's reservation) is released when the device request completes, or at once on failure.
     *
     * @param waitsHere whether the caller only waits for the send: then a standard send that the
     *                  device completes at once makes no device request
     * @return the device request, or null for a buffered send or one sent at once for a caller
     *         that waits here (complete for the caller)
     */
    private org.mpjbuf.dev.Request postPacked(SendMode mode, Object buf, int offset, int count,
                                              MappedDatatype type, int elements, ProcessID to, int dest,
                                              int tag, boolean waitsHere) throws MPIException {
        AttachedBuffer attached = state.attached();
        long reserved = mode == SendMode.BUFFERED ? attached.reserve(Types.byteLength(type, elements)) : 0;
        Buffer packed;
        try {
            packed = BufferMessages.pack(buffers, buf, offset, count, type, elements);
        } catch (MPIException failed) {
            attached.release(reserved);
            throw Checks.error(failed);
        }
        org.mpjbuf.dev.Request request;
        try {
            request = mode == SendMode.SYNCHRONOUS ? device.issend(packed, to, tag, context)
                : mode == SendMode.STANDARD && waitsHere ? device.sendOrStart(packed, to, tag, context)
                : device.isend(packed, to, tag, context);
        } catch (RuntimeException failed) {
            attached.release(reserved);
            buffers.free(packed);
            if (failed instanceof DeviceException || failed instanceof IllegalArgumentException) {
                throw sendFailure(elements, dest, tag, failed);
            }
            throw failed;
        }
        if (request == null || request.isComplete()) {
            // written already (an eager send): the buffer is the caller's again, no listener is needed
            buffers.free(packed);
            if (mode == SendMode.BUFFERED) {
                attached.release(reserved);
            }
        } else if (mode == SendMode.BUFFERED) {
            request.addCompletionListener(done -> {
                attached.release(reserved);
                buffers.free(packed);
            });
        } else {
            request.addCompletionListener(done -> buffers.free(packed));
        }
        return mode == SendMode.BUFFERED ? null : request;
    }

    /**
     * Hands a run of an array to the device.
     *
     * @param waitsHere whether the caller only waits for the send: then a non-synchronous send
     *                  that the device completes at once returns null
     */
    private org.mpjbuf.dev.Request start(SendMode mode, Object data, int index, int elements,
                                         ProcessID to, int dest, int tag, boolean waitsHere)
        throws MPIException {
        try {
            if (mode == SendMode.SYNCHRONOUS) {
                return device.issend(data, index, elements, to, tag, context);
            }
            return waitsHere
                ? device.sendOrStart(data, index, elements, to, tag, context)
                : device.isend(data, index, elements, to, tag, context);
        } catch (DeviceException | IllegalArgumentException failed) {
            throw sendFailure(elements, dest, tag, failed);
        }
    }

    private static MPIException sendFailure(int elements, int dest, int tag, RuntimeException failed) {
        return Checks.error(MPIException.ERR_OTHER, "send of " + elements + " elements to rank "
            + dest + " with tag " + tag + " failed: " + failed.getMessage());
    }

    private void postBuffered(Object packed, int elements, MappedDatatype type, ProcessID to, int tag,
                              int dest) throws MPIException {
        AttachedBuffer attached = state.attached();
        long reserved = attached.reserve(Types.byteLength(type, elements));
        org.mpjbuf.dev.Request request;
        try {
            request = device.isend(packed, 0, elements, to, tag, context);
        } catch (DeviceException | IllegalArgumentException failed) {
            attached.release(reserved);
            throw sendFailure(elements, dest, tag, failed);
        } catch (RuntimeException failed) {
            attached.release(reserved);
            throw failed;
        }
        request.addCompletionListener(done -> {
            attached.release(reserved);
            Types.release(type, packed);
        });
    }

    /** Starts a receive on a request. */
    void startRecv(Request target, Object buf, int offset, int count, Datatype datatype,
                   int source, int tag) throws MPIException {
        MappedDatatype type = checkedType(buf, offset, count, datatype, "buf");
        checkTag(tag, true);
        if (source == MPI.PROC_NULL) {
            target.completeWith(new Status(MPI.PROC_NULL, MPI.ANY_TAG, 0, 0));
            return;
        }
        ProcessID from = sourceId(source);
        int deviceTag = deviceTag(tag);
        int elements = elementCount(type, count);
        int index = DatatypeEngine.contiguousIndex(type, offset, count);
        if (buffers != null && !isDirectRun(type, index, elements)) {
            startPackedRecv(target, buf, offset, count, type, elements, from, source, tag);
            return;
        }
        try {
            if (index >= 0) {
                target.track(device.irecv(buf, index, elements, from, deviceTag, context), received);
            } else {
                target.track(device.irecv(new ScatterSink(buf, offset, count, type), Types.elementType(type),
                    elements, from, deviceTag, context), received);
            }
        } catch (DeviceException | IllegalArgumentException failed) {
            throw receiveFailure(elements, source, tag, failed);
        }
    }

    /**
     * Posts a receive into a pooled buffer sized for {@code elements} of the type's base type;
     * the request's {@link BufferReceive} unpacks it and frees the buffer, and a failure to post
     * frees it at once.
     */
    private void startPackedRecv(Request target, Object buf, int offset, int count, MappedDatatype type,
                                 int elements, ProcessID from, int source, int tag) throws MPIException {
        Buffer buffer = receiveBuffer(buf, offset, count, type, elements);
        org.mpjbuf.dev.Request request = postPackedRecv(buffer, elements, from, source, tag, false);
        target.track(request, new BufferReceive(buffers, buffer, buf, offset, count, type, elements, received));
    }

    /**
     * Receives into a pooled buffer and waits, then unpacks, as {@link #startPackedRecv} and
     * {@link BufferReceive} do, without a request or a finisher object.
     */
    private Status recvPacked(Object buf, int offset, int count, MappedDatatype type, int source, int tag)
        throws MPIException {
        checkTag(tag, true);
        ProcessID from = sourceId(source);
        int elements = elementCount(type, count);
        Buffer buffer = receiveBuffer(buf, offset, count, type, elements);
        org.mpjbuf.dev.Request request = postPackedRecv(buffer, elements, from, source, tag, true);
        Waiter.await(request, state);
        org.mpjbuf.dev.Status arrived;
        try {
            arrived = request.test();
        } catch (DeviceException failed) {
            throw Checks.error(BufferReceive.failed(buffers, buffer, elements, failed));
        }
        return BufferReceive.finish(buffers, buffer, buf, offset, count, type, elements, received, arrived);
    }

    /** Takes a pooled buffer for a message of {@code elements} of the type's base type, received into {@code buf}. */
    private Buffer receiveBuffer(Object buf, int offset, int count, MappedDatatype type, int elements)
        throws MPIException {
        try {
            return BufferMessages.receiveBuffer(buffers, buf, offset, count, type, elements);
        } catch (MPIException failed) {
            throw Checks.error(failed);
        }
    }

    /**
     * Posts the device receive into {@code buffer}; a failure to post frees the buffer at once.
     *
     * @param waitsHere whether the caller waits for the receive and then lets go of it (a blocking
     *                  receive), so that the device may reuse its request
     *                  ({@link org.mpjbuf.dev.Device#irecvToWait})
     */
    private org.mpjbuf.dev.Request postPackedRecv(Buffer buffer, int elements, ProcessID from, int source, int tag,
                                                  boolean waitsHere) throws MPIException {
        try {
            return waitsHere
                ? device.irecvToWait(buffer, from, deviceTag(tag), context)
                : device.irecv(buffer, from, deviceTag(tag), context);
        } catch (RuntimeException failed) {
            buffers.free(buffer);
            if (failed instanceof DeviceException || failed instanceof IllegalArgumentException) {
                throw receiveFailure(elements, source, tag, failed);
            }
            throw failed;
        }
    }

    /**
     * Receives and waits, without a request object when the items are one run of the array on a
     * thread device (the common case) or the message arrives in a pooled buffer on a process
     * device; other messages go through {@link #startRecv} and a request.
     */
    Status recv(Object buf, int offset, int count, Datatype datatype, int source, int tag)
        throws MPIException {
        MappedDatatype type = checkedType(buf, offset, count, datatype, "buf");
        int index = DatatypeEngine.contiguousIndex(type, offset, count);
        if (buffers != null && source != MPI.PROC_NULL && !isDirectRun(type, index, (long) count * type.size())) {
            return recvPacked(buf, offset, count, type, source, tag);
        }
        if (index < 0 || source == MPI.PROC_NULL) {
            Request receive = new Request(state);
            startRecv(receive, buf, offset, count, datatype, source, tag);
            return receive.Wait();
        }
        checkTag(tag, true);
        ProcessID from = sourceId(source);
        int elements = elementCount(type, count);
        org.mpjbuf.dev.Request request;
        try {
            request = device.irecvToWait(buf, index, elements, from, deviceTag(tag), context);
        } catch (DeviceException | IllegalArgumentException failed) {
            throw receiveFailure(elements, source, tag, failed);
        }
        Waiter.await(request, state);
        try {
            return status(request.test());
        } catch (TruncationException truncated) {
            throw Checks.error(Request.truncationError(truncated));
        } catch (DeviceException failed) {
            throw Checks.error(Request.operationFailed(failed));
        }
    }

    /**
     * Tells whether items that form one run of the user's array ({@code index >= 0}) go to a
     * process device as that run: primitives with heap runs, at least the device's direct run
     * length long.
     */
    private boolean isDirectRun(MappedDatatype type, int index, long elements) {
        if (index < 0) {
            return false;
        }
        ElementType base = Types.elementType(type);
        return base.hasHeapRuns() && elements * base.byteSize() >= directRunLength;
    }

    private static MPIException receiveFailure(int elements, int source, int tag,
                                               RuntimeException failed) {
        return Checks.error(MPIException.ERR_OTHER, "receive of " + elements + " elements from rank "
            + source + " with tag " + tag + " failed: " + failed.getMessage());
    }

    /** Returns the status of a message that arrived, without receiving it; null if none. */
    Status iprobe(int source, int tag) throws MPIException {
        checkTag(tag, true);
        if (source == MPI.PROC_NULL) {
            return new Status(MPI.PROC_NULL, MPI.ANY_TAG, 0, 0);
        }
        org.mpjbuf.dev.Status found = device.iprobe(sourceId(source), deviceTag(tag), context);
        return found == null ? null : status(found);
    }

    /**
     * Waits until a message arrives and returns its status without receiving it. The device's
     * probe request completes on the arrival and wakes this thread: nothing polls.
     */
    Status probe(int source, int tag) throws MPIException {
        checkTag(tag, true);
        if (source == MPI.PROC_NULL) {
            return new Status(MPI.PROC_NULL, MPI.ANY_TAG, 0, 0);
        }
        org.mpjbuf.dev.Request probe = device.startProbe(sourceId(source), deviceTag(tag), context);
        try {
            Waiter.await(probe, state);
        } finally {
            // withdraws the probe if the wait unwound (a stopped job); a no-op once it completed
            probe.cancel();
        }
        return status(probe.test());
    }

    private ProcessID sourceId(int source) throws MPIException {
        return source == MPI.ANY_SOURCE ? Device.ANY_SOURCE : peer(source, "source");
    }

    private static int deviceTag(int tag) {
        return tag == MPI.ANY_TAG ? Device.ANY_TAG : tag;
    }

    /** Sends and receives at once; the receive is posted first, so two ranks may swap. */
    Status sendrecv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest,
                    int sendtag, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype,
                    int source, int recvtag) throws MPIException {
        Request receive = new Request(state);
        startRecv(receive, recvbuf, recvoffset, recvcount, recvtype, source, recvtag);
        send(SendMode.STANDARD, sendbuf, sendoffset, sendcount, sendtype, dest, sendtag);
        return receive.Wait();
    }

    /**
     * Sends a buffer's contents and receives into the same buffer: the outgoing items are copied
     * first, since the receive, posted first so that two ranks may swap, may write the items
     * before the send has taken them (on a process device, as they land).
     */
    Status sendrecvReplace(Object buf, int offset, int count, Datatype datatype, int dest,
                           int sendtag, int source, int recvtag) throws MPIException {
        MappedDatatype type = checkedType(buf, offset, count, datatype, "buf");
        int elements = elementCount(type, count);
        Object copy = Types.pack(buf, offset, count, type, elements);
        Request receive = new Request(state);
        try {
            startRecv(receive, buf, offset, count, datatype, source, recvtag);
            send(SendMode.STANDARD, copy, 0, elements, Types.basic(type), dest, sendtag);
        } finally {
            Types.release(type, copy);
        }
        return receive.Wait();
    }

    /** Converts a device status, translating the source to a rank of the peer group. */
    private Status status(org.mpjbuf.dev.Status received) {
        if (received.cancelled()) {
            return Status.cancelled(received.tag());
        }
        return new Status(rankOfProcess[received.source().rank()], received.tag(),
            received.elementCount(),
            buffers == null ? received.byteCount() : BufferMessages.elementBytes(received));
    }

    private ProcessID peer(int rank, String argument) throws MPIException {
        if (rank < 0 || rank >= peers.length) {
            throw Checks.error(MPIException.ERR_RANK, argument + " = " + rank + " is not a rank of "
                + "this communicator (expected 0.." + (peers.length - 1) + ", or MPI.PROC_NULL"
                + (argument.equals("source") ? " or MPI.ANY_SOURCE)" : ")"));
        }
        return peers[rank];
    }

    private void checkTag(int tag, boolean receive) throws MPIException {
        if (receive && tag == MPI.ANY_TAG) {
            return;
        }
        if (userTags ? tag < 0 : tag == MPI.ANY_TAG) {
            throw Checks.error(MPIException.ERR_TAG, "tag = " + tag + " (expected 0.."
                + Integer.MAX_VALUE + (receive ? ", or MPI.ANY_TAG" : "") + ")");
        }
    }

    private static MappedDatatype checkedType(Object buf, int offset, int count, Datatype datatype,
                                              String argument) throws MPIException {
        try {
            return DatatypeEngine.checkAccess(buf, offset, count, datatype, argument);
        } catch (MPIException invalid) {
            throw Checks.error(invalid);
        }
    }

    private static int elementCount(MappedDatatype type, int count) throws MPIException {
        try {
            return DatatypeEngine.elementCount(type, count);
        } catch (MPIException invalid) {
            throw Checks.error(invalid);
        }
    }
}
