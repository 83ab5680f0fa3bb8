package org.mpjbuf.dev;

import java.util.ServiceLoader;

import org.mpjbuf.Buffer;

/**
 * One rank's endpoint of a message-passing device (the xdev API of MPJ Express and the xxdev API
 * of FastMPJ): point-to-point sends and receives matched on (source, tag, context).
 *
 * <p><b>Life cycle.</b> Create with {@link #newInstance(String)}, call {@link #init} once, use it,
 * call {@link #finish()} once. Every other method called before {@code init} or after
 * {@code finish} throws {@link IllegalStateException} naming the rank and the state.
 *
 * <p><b>Messages.</b> A message is either a contiguous run of a Java array or a packed mpjbuf
 * {@link Buffer}.
 * <ul>
 *   <li><em>Array messages</em> carry {@code count} elements of {@code array} starting at element
 *       {@code offset}, without packing: smdev copies primitives once, sender array to receiver
 *       array, or once into a pooled eager block and once out of it. Arrays of a reference type
 *       are sent as {@link ElementType#OBJECT}: serialized by the sender and deserialized with the
 *       receiving rank's class loader.</li>
 *   <li><em>Buffer messages</em> carry a committed {@link Buffer} (any sections, derived datatypes,
 *       objects): its static part and dynamic part travel as bytes, and the receive buffer is
 *       made readable over them ({@link Buffer#commitReceived}), with the receiving rank's class
 *       loader set for its object sections.</li>
 * </ul>
 * Matching ignores the form, so either form of receive accepts either form of message: an array
 * message received into a buffer becomes a buffer of one section; a buffer message received into
 * an array delivers its first section, which must have the array's element type. A receive
 * whose element type differs from the message's fails with a {@link DeviceException}; either way
 * a failed receive consumes its message.
 *
 * <p><b>Matching.</b> A receive matches the oldest message whose source equals the receive's source
 * or the receive has {@link #ANY_SOURCE}, whose tag equals the receive's tag or the receive has
 * {@link #ANY_TAG}, and whose context equals the receive's context exactly. Messages from one
 * sender to one receiver in one context never overtake each other: if a sender's thread starts
 * send A before send B, a receive that matches both gets A first. Contexts are ints chosen by the
 * layer above (one or two per communicator); tags are any int except {@link #ANY_TAG}.
 *
 * <p><b>Send modes.</b> A standard send ({@link #isend}, {@link #send}) completes once the data are
 * safe to reuse; below the device's protocol switch limit that is at once (eager), above it when
 * the receiver has copied the data (rendezvous). A synchronous send ({@link #issend},
 * {@link #ssend}) completes only after a receive has matched it. Sending to oneself works like
 * sending to anyone else (a blocking send to oneself above the eager limit waits for a receive
 * posted before it, as in MPI). A receive smaller than its message fails with
 * {@link TruncationException}, reporting both sizes, and one whose element type is not the message's
 * with {@link TypeMismatchException}, naming both types; either way the message is consumed and the
 * device remains usable.
 *
 * <p><b>Thread safety.</b> All methods except {@code init} and {@code finish} are thread-safe: the
 * threads of one rank may send and receive concurrently (messages started concurrently by
 * different threads have no defined order). Waiting spins, then yields, then parks, so more ranks
 * than cores still progress.
 *
 * <p><b>Buffer ownership.</b> The array or buffer passed to a non-blocking send or receive belongs
 * to the device until the request completes: the caller must not write a send array or buffer,
 * nor use a receive array or buffer, before then. The device never destroys a buffer.
 */
public interface Device {
    /** The wildcard source of a receive or probe: matches a message from any rank. */
    ProcessID ANY_SOURCE = ProcessID.anySource();

    /** The wildcard tag of a receive or probe: matches a message with any tag. */
    int ANY_TAG = -1;

    /**
     * Creates an uninitialized device of the given name, found through {@link ServiceLoader} as a
     * {@link DeviceProvider}.
     *
     * @param name the device name, such as {@code "smdev"}
     * @return a new device for one rank
     * @throws NullPointerException if {@code name} is {@code null}
     * @throws IllegalArgumentException if no device of that name is available; the message lists
     *     the names that are
     */
    static Device newInstance(final String name) {
        return DeviceProvider.forName(name).newDevice();
    }

    /**
     * Joins the job as one rank and returns the process ids of all ranks.
     *
     * @param arguments this rank, the number of ranks, and what the device needs (smdev: the
     *     shared {@code SmdevWorld})
     * @return the process ids of ranks {@code 0 .. size-1}, indexed by rank (a fresh array)
     * @throws NullPointerException if {@code arguments} is {@code null}
     * @throws IllegalArgumentException if the arguments do not fit the device (for smdev: no world
     *     for more than one rank, a world of another size, a rank already taken)
     * @throws IllegalStateException if called twice
     */
    ProcessID[] init(DeviceArguments arguments);

    /**
     * Returns this rank's process id.
     *
     * @return the id
     * @throws IllegalStateException if the device is not initialized or has finished
     */
    ProcessID id();

    /**
     * Leaves the job. Messages sent to this rank and never received are dropped; senders waiting
     * for this rank to receive a rendezvous or synchronous message fail with a
     * {@link DeviceException}. Afterwards every method of this device throws
     * {@link IllegalStateException}.
     *
     * @throws IllegalStateException if the device is not initialized or has finished already
     */
    void finish();

    /**
     * Starts a standard-mode send of {@code count} elements of {@code array} from element
     * {@code offset}.
     *
     * @param array a primitive array, or an array of serializable objects
     * @param offset index of the first element to send
     * @param count number of elements to send, {@code >= 0}
     * @param destination the receiving rank
     * @param tag the tag, any int except {@link #ANY_TAG}
     * @param context the context id
     * @return the request, complete once {@code array} may be reused
     * @throws NullPointerException if {@code array} or {@code destination} is {@code null}
     * @throws IllegalArgumentException if {@code array} is not an array, the run
     *     {@code [offset, offset + count)} is outside it, the destination is not a rank of this
     *     world, or the tag is {@link #ANY_TAG}
     * @throws DeviceException if the destination has finished, or the objects cannot be serialized
     * @throws IllegalStateException if the device is not initialized or has finished
     */
    Request isend(Object array, int offset, int count, ProcessID destination, int tag, int context);

    /**
     * Starts a standard-mode send as {@link #isend} does, for a caller that will only wait for
     * it (a blocking send): a send that completes at once may return {@code null} instead of a
     * completed request, so that a device need not make a request for it (smdev's fast boxes),
     * and such a send is then not one that {@link #peek()} returns. The arguments and exceptions
     * are those of {@link #isend}; the default returns {@link #isend}'s request.
     *
     * @param array a primitive array, or an array of serializable objects
     * @param offset index of the first element to send
     * @param count number of elements to send
     * @param destination the receiving rank
     * @param tag the tag
     * @param context the context id
     * @return the request, or {@code null} if the send is complete and {@code array} may be reused
     */
    default Request sendOrStart(final Object array, final int offset, final int count, final ProcessID destination,
                                final int tag, final int context) {
        return isend(array, offset, count, destination, tag, context);
    }

    /**
     * Sends in standard mode and returns once {@code array} may be reused; the arguments and
     * exceptions are those of {@link #isend}.
     *
     * @param array a primitive array, or an array of serializable objects
     * @param offset index of the first element to send
     * @param count number of elements to send
     * @param destination the receiving rank
     * @param tag the tag
     * @param context the context id
     * @throws DeviceException if the send failed
     */
    void send(Object array, int offset, int count, ProcessID destination, int tag, int context);

    /**
     * Starts a synchronous-mode send: the request completes only after a receive has matched the
     * message. The arguments and exceptions are those of {@link #isend}.
     *
     * @param array a primitive array, or an array of serializable objects
     * @param offset index of the first element to send
     * @param count number of elements to send
     * @param destination the receiving rank
     * @param tag the tag
     * @param context the context id
     * @return the request
     */
    Request issend(Object array, int offset, int count, ProcessID destination, int tag, int context);

    /**
     * Sends in synchronous mode: returns once a receive has matched the message and
     * {@code array} may be reused. The arguments and exceptions are those of {@link #isend}.
     *
     * @param array a primitive array, or an array of serializable objects
     * @param offset index of the first element to send
     * @param count number of elements to send
     * @param destination the receiving rank
     * @param tag the tag
     * @param context the context id
     * @throws DeviceException if the send failed
     */
    void ssend(Object array, int offset, int count, ProcessID destination, int tag, int context);

    /**
     * Starts a receive of at most {@code count} elements into {@code array} from element
     * {@code offset}.
     *
     * @param array an array of the element type of the expected message
     * @param offset index of the first element to write
     * @param count capacity of the receive buffer in elements, {@code >= 0}
     * @param source the sending rank, or {@link #ANY_SOURCE}
     * @param tag the tag, or {@link #ANY_TAG}
     * @param context the context id
     * @return the request; its status gives the actual source, tag and count
     * @throws NullPointerException if {@code array} or {@code source} is {@code null}
     * @throws IllegalArgumentException if {@code array} is not an array, the run is outside it, or
     *     the source is not a rank of this world
     * @throws IllegalStateException if the device is not initialized or has finished
     */
    Request irecv(Object array, int offset, int count, ProcessID source, int tag, int context);

    /**
     * Starts a receive as {@link #irecv(Object, int, int, ProcessID, int, int)} does, for a caller
     * that waits for it on this thread and lets go of it once it has completed (a blocking
     * receive). Once the request has completed and this thread has taken its status or failure
     * ({@link Request#await()}, {@link Request#test()}, {@link Request#failure()}), a device may
     * hand the same request object to this thread's next receive through this method, so that a
     * blocking receive makes no request: the caller must not use the request after taking its
     * result, nor rely on a completion listener it registered. Such a receive is not one that
     * {@link #peek()} returns. The arguments and exceptions are those of {@link #irecv}; the
     * default returns its request.
     *
     * @param array an array of the element type of the expected message
     * @param offset index of the first element to write
     * @param count capacity of the receive buffer in elements
     * @param source the sending rank, or {@link #ANY_SOURCE}
     * @param tag the tag, or {@link #ANY_TAG}
     * @param context the context id
     * @return the request, valid until it has completed and its result has been taken
     */
    default Request irecvToWait(final Object array, final int offset, final int count, final ProcessID source,
                                final int tag, final int context) {
        return irecv(array, offset, count, source, tag, context);
    }

    /**
     * Receives a message; the arguments and exceptions are those of {@link #irecv}.
     *
     * @param array an array of the element type of the expected message
     * @param offset index of the first element to write
     * @param count capacity of the receive buffer in elements
     * @param source the sending rank, or {@link #ANY_SOURCE}
     * @param tag the tag, or {@link #ANY_TAG}
     * @param context the context id
     * @return the status of the received message
     * @throws TruncationException if the message has more than {@code count} elements
     * @throws TypeMismatchException if the message's elements are of another type than the array's
     * @throws DeviceException if the receive failed for another reason
     */
    Status recv(Object array, int offset, int count, ProcessID source, int tag, int context);

    /**
     * Starts a receive of at most {@code count} elements of {@code type} that hands the data to a
     * {@link ElementSink} where they are, instead of into a run of an array: the receiving side
     * of a non-contiguous (derived datatype) message, which the sink scatters into place in one
     * pass. On smdev the sink reads a rendezvous message straight from the sender's array, and an
     * eager message from the device's staging copy. Matching, status, truncation (the first
     * {@code count} elements are delivered, then the request fails with
     * {@link TruncationException}), type mismatches, cancel and finish are those of
     * {@link #irecv(Object, int, int, ProcessID, int, int)}; the sink's contract says on which
     * thread and when it is called.
     *
     * @param sink where the elements go
     * @param type the element type the message must have
     * @param count capacity of the receive in elements, {@code >= 0}
     * @param source the sending rank, or {@link #ANY_SOURCE}
     * @param tag the tag, or {@link #ANY_TAG}
     * @param context the context id
     * @return the request; its status gives the actual source, tag and (message) count
     * @throws NullPointerException if {@code sink}, {@code type} or {@code source} is {@code null}
     * @throws IllegalArgumentException if {@code count < 0} or the source is not a rank of this
     *     world
     * @throws IllegalStateException if the device is not initialized or has finished
     */
    Request irecv(ElementSink sink, ElementType type, int count, ProcessID source, int tag, int context);

    /**
     * Starts a standard-mode send of a packed buffer.
     *
     * @param buffer a committed (readable) buffer; its read position is not used or changed
     * @param destination the receiving rank
     * @param tag the tag, any int except {@link #ANY_TAG}
     * @param context the context id
     * @return the request, complete once {@code buffer} may be reused
     * @throws NullPointerException if {@code buffer} or {@code destination} is {@code null}
     * @throws IllegalArgumentException if the buffer is not committed, the destination is not a
     *     rank of this world, or the tag is {@link #ANY_TAG}
     * @throws DeviceException if the destination has finished
     * @throws IllegalStateException if the device is not initialized or has finished
     */
    Request isend(Buffer buffer, ProcessID destination, int tag, int context);

    /**
     * Starts a standard-mode send of a packed buffer as {@link #isend(Buffer, ProcessID, int, int)}
     * does, for a caller that will only wait for it (a blocking send): a send that completes at
     * once may return {@code null} instead of a completed request, so that a device need not make
     * a request for it (a process device's eager message), and such a send is then not one that
     * {@link #peek()} returns. The arguments and exceptions are those of
     * {@link #isend(Buffer, ProcessID, int, int)}; the default returns its request.
     *
     * @param buffer a committed buffer
     * @param destination the receiving rank
     * @param tag the tag
     * @param context the context id
     * @return the request, or {@code null} if the send is complete and {@code buffer} may be reused
     */
    default Request sendOrStart(final Buffer buffer, final ProcessID destination, final int tag, final int context) {
        return isend(buffer, destination, tag, context);
    }

    /**
     * Sends a packed buffer in standard mode; arguments and exceptions as
     * {@link #isend(Buffer, ProcessID, int, int)}.
     *
     * @param buffer a committed buffer
     * @param destination the receiving rank
     * @param tag the tag
     * @param context the context id
     * @throws DeviceException if the send failed
     */
    void send(Buffer buffer, ProcessID destination, int tag, int context);

    /**
     * Starts a synchronous-mode send of a packed buffer; arguments and exceptions as
     * {@link #isend(Buffer, ProcessID, int, int)}.
     *
     * @param buffer a committed buffer
     * @param destination the receiving rank
     * @param tag the tag
     * @param context the context id
     * @return the request, complete once a receive has matched
     */
    Request issend(Buffer buffer, ProcessID destination, int tag, int context);

    /**
     * Sends a packed buffer in synchronous mode; arguments and exceptions as
     * {@link #isend(Buffer, ProcessID, int, int)}.
     *
     * @param buffer a committed buffer
     * @param destination the receiving rank
     * @param tag the tag
     * @param context the context id
     * @throws DeviceException if the send failed
     */
    void ssend(Buffer buffer, ProcessID destination, int tag, int context);

    /**
     * Starts a receive into a buffer. When it completes successfully the buffer is readable,
     * positioned before the message's first section; its previous contents are gone.
     *
     * @param buffer a buffer whose static storage can hold the message's static part
     * @param source the sending rank, or {@link #ANY_SOURCE}
     * @param tag the tag, or {@link #ANY_TAG}
     * @param context the context id
     * @return the request; its status gives the actual source and tag, the total byte count, and
     *     the first section's element type and count
     * @throws NullPointerException if {@code buffer} or {@code source} is {@code null}
     * @throws IllegalArgumentException if the source is not a rank of this world
     * @throws IllegalStateException if the device is not initialized or has finished
     */
    Request irecv(Buffer buffer, ProcessID source, int tag, int context);

    /**
     * Starts a receive into a buffer as {@link #irecv(Buffer, ProcessID, int, int)} does, for a
     * caller that waits for it on this thread and lets go of it once it has completed and it has
     * taken its result: the request may be reused as
     * {@link #irecvToWait(Object, int, int, ProcessID, int, int)} says. The arguments and
     * exceptions are those of {@link #irecv(Buffer, ProcessID, int, int)}; the default returns its
     * request.
     *
     * @param buffer a buffer whose static storage can hold the message's static part
     * @param source the sending rank, or {@link #ANY_SOURCE}
     * @param tag the tag, or {@link #ANY_TAG}
     * @param context the context id
     * @return the request, valid until it has completed and its status has been taken
     */
    default Request irecvToWait(final Buffer buffer, final ProcessID source, final int tag, final int context) {
        return irecv(buffer, source, tag, context);
    }

    /**
     * Receives into a buffer; arguments and exceptions as
     * {@link #irecv(Buffer, ProcessID, int, int)}.
     *
     * @param buffer a buffer whose static storage can hold the message's static part
     * @param source the sending rank, or {@link #ANY_SOURCE}
     * @param tag the tag, or {@link #ANY_TAG}
     * @param context the context id
     * @return the status of the received message
     * @throws TruncationException if the message's static part does not fit the buffer
     * @throws DeviceException if the receive failed for another reason (a malformed message)
     */
    Status recv(Buffer buffer, ProcessID source, int tag, int context);

    /**
     * Waits until a message matching (source, tag, context) has arrived and returns its status
     * without receiving it: a later receive with the same arguments gets that message.
     *
     * @param source the sending rank, or {@link #ANY_SOURCE}
     * @param tag the tag, or {@link #ANY_TAG}
     * @param context the context id
     * @return the status of the oldest matching message
     * @throws NullPointerException if {@code source} is {@code null}
     * @throws IllegalArgumentException if the source is not a rank of this world
     * @throws IllegalStateException if the device is not initialized or has finished
     */
    Status probe(ProcessID source, int tag, int context);

    /**
     * Returns the status of the oldest arrived message matching (source, tag, context) without
     * receiving it, or {@code null} if there is none; never blocks. Exceptions as {@link #probe}.
     *
     * @param source the sending rank, or {@link #ANY_SOURCE}
     * @param tag the tag, or {@link #ANY_TAG}
     * @param context the context id
     * @return the status, or {@code null}
     */
    Status iprobe(ProcessID source, int tag, int context);

    /**
     * Starts a probe that completes when a message matching (source, tag, context) has arrived,
     * without receiving it: the way to wait for an arrival without polling {@link #iprobe}.
     *
     * <p><b>Completion.</b> If a matching message has arrived already, the request is complete on
     * return, with the status of the oldest such message. Otherwise it completes, with the status
     * of the first matching message to arrive, on the thread that delivers that message (a sending
     * thread, often another rank's); its {@link CompletionListener}s run on that thread, so they
     * must be short and must not call the device (unparking a waiting thread is what they are
     * for). Arrival and registration are ordered by the device: a message arriving at any moment
     * after this call began either is seen by the call or completes the request, so a caller that
     * registers a listener on the returned request, then checks {@link Request#isComplete()},
     * then parks, never misses the wake-up. Matching is that of a receive (contexts never cross,
     * {@link #ANY_SOURCE} and {@link #ANY_TAG} are wildcards), and a message that would match a
     * receive posted before it (and so never becomes an arrived, unexpected message) does not
     * complete a probe.
     *
     * <p><b>The status is a snapshot.</b> The message stays queued, so a later receive with the
     * same arguments gets it, unless another thread of this rank receives it first.
     *
     * <p><b>Cancel and finish.</b> {@link Request#cancel()} withdraws a probe that has not
     * completed (it then completes as cancelled). When this device {@linkplain #finish finishes},
     * every probe still pending completes as cancelled, so no thread stays parked on it.
     * A probe request holds nothing the caller must release.
     *
     * <p>Thread-safe: any thread of this rank may start probes, several at once.
     *
     * @param source the sending rank, or {@link #ANY_SOURCE}
     * @param tag the tag, or {@link #ANY_TAG}
     * @param context the context id
     * @return the probe request; once complete, its status is that of the message found
     * @throws NullPointerException if {@code source} is {@code null}
     * @throws IllegalArgumentException if the source is not a rank of this world
     * @throws IllegalStateException if the device is not initialized or has finished
     */
    Request startProbe(ProcessID source, int tag, int context);

    /**
     * Waits until some request of this rank (a send or receive it started) completes, and returns
     * the most recently completed one. Returns at once if a request has completed since the
     * previous call to {@code peek} returned (or since {@code init}); so the pattern "test each of
     * my requests; if none is complete, {@code peek}; repeat" never misses a completion.
     * {@code Waitany}/{@code Waitsome} use it as a wake-up and then test their own requests; the
     * returned request may belong to another caller. {@link Request#addCompletionListener} is the
     * alternative that needs no loop.
     *
     * @return a completed request
     * @throws IllegalStateException if the device is not initialized or has finished
     */
    Request peek();

    /**
     * Drives this device's progress on the calling thread for a moment, without blocking: a
     * thread that spins while it waits for (or tests) a request of this device calls it on every
     * turn. A device that reads connections (niodev) then reads what has arrived and completes
     * requests on the waiting thread itself, which saves waking a progress thread and then the
     * waiter; a device whose requests complete without it (smdev) does nothing, the default.
     *
     * <p>A device that hands its progress to polling threads must get it back on its own when
     * they stop calling (within a few milliseconds; niodev and ibvdev take 1 ms after a short
     * stretch of polling and at most 16 ms after a long one) and at once on
     * {@link #pollingStops()}.
     *
     * <p>Thread-safe: concurrent callers never block one another (one polls, the others return).
     * Returns quietly once the device has finished; failures of connections end the requests
     * they concern, as they would on a progress thread.
     */
    default void poll() {
    }

    /**
     * Tells this device that the calling thread, which has {@linkplain #poll() polled}, stops
     * polling now and will park until a completion wakes it: a device that leaves progress to
     * polling threads takes it back at once, so the completion the thread parks for still comes.
     * The default does nothing.
     *
     * <p>Thread-safe.
     */
    default void pollingStops() {
    }

    /**
     * Returns the shortest spin that can see a peer's answer on this device: a waiting thread's
     * {@link SpinBudget} probes this long when it has fallen to zero and never falls below it
     * after a spin that succeeded. The default, {@link SpinBudget#PROBE_NANOS}, suits a device
     * whose round trip takes a microsecond or so; a device over a network answers later and says
     * so, else the budgets of a ping-pong would shrink below its round trip and never recover.
     *
     * @return nanoseconds, {@code >= 0}
     */
    default long spinProbeNanos() {
        return SpinBudget.PROBE_NANOS;
    }

    /**
     * Returns the meeting point of the ranks of one communicator, when the device's ranks are
     * threads of this JVM: every member that asks with the same arguments gets the same instance,
     * made by the first. The layer above runs barriers and small reductions on it instead of
     * messages. A communicator is named by its collective context and its members, since
     * communicators with no member in common may share a context; a later communicator with the
     * same context and members (after the first was freed) meets at the same point, where every
     * member has arrived as often as the others. The default returns {@code null}: the ranks of a
     * process device share no memory.
     *
     * <p>Thread-safe.
     *
     * @param context the communicator's collective context
     * @param members the device ranks of the communicator's members, in the order of their ranks
     *                there; not kept
     * @return the meeting point, or {@code null} when ranks cannot meet in memory
     */
    default MeetingPoint meetingPoint(int context, int[] members) {
        return null;
    }

    /**
     * Returns the length in bytes from which this device moves a run of a primitive array (not
     * {@code boolean}) handed to {@link #isend(Object, int, int, ProcessID, int, int)} and its kin
     * straight from the sender's array into the receiver's, with no copy of its own, when the
     * receive is an array run too. A layer that otherwise sends packed buffers (the {@code mpi}
     * layer on a process device) hands the device such runs from this length on, and posts a
     * receive of a run at least this long as an array receive; both kinds of message reach both
     * kinds of receive.
     *
     * <p>The default, {@link Long#MAX_VALUE}, says the device has no such path.
     *
     * @return the shortest run in bytes that moves with no copy
     */
    default long directRunLength() {
        return Long.MAX_VALUE;
    }

    /**
     * Returns how many bytes the device reserves in front of a packed send buffer for its own
     * header (xdev's send overhead); the layer above allocates buffers that much larger.
     *
     * @return the overhead in bytes, {@code >= 0}
     */
    int getSendOverhead();

    /**
     * Returns how many bytes the device reserves in front of a packed receive buffer (xdev's
     * receive overhead).
     *
     * @return the overhead in bytes, {@code >= 0}
     */
    int getRecvOverhead();
}
