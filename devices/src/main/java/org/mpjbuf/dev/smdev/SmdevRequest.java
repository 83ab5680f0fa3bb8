package org.mpjbuf.dev.smdev;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;

import org.mpjbuf.Buffer;
import org.mpjbuf.dev.CompletionListener;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.ElementSink;
import org.mpjbuf.dev.ElementType;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Request;
import org.mpjbuf.dev.Status;
import org.mpjbuf.dev.internal.Sections;

/**
 * A send or a receive of smdev, which is also its own queue entry: a send waiting in the
 * receiver's unexpected queue is the message envelope, a receive waiting in the posted queue is
 * the posted receive, so no other object is allocated per message.
 *
 * <p>The envelope and payload fields are written by the starting thread before the request is
 * published under the mailbox lock and never change afterwards, except {@link #staged}, which
 * the thread that removes the send from its queue reads and clears, and except that a thread's
 * blocking array receive ({@link #blockingReceive}) is reused for its next one once it is
 * {@linkplain #doneWith() done with}: {@link #reuse} writes its envelope afresh before it is
 * published again. The queue links are guarded
 * by the lock of the mailbox the request is queued in. Completion is published by a volatile
 * write of {@code state}; completion happens exactly once, by the thread that removed the
 * request from its queue (or by the sender for an eager send).
 *
 * <p>A blocking receive that is reused keeps its references (the array, the element type, the
 * last status) when the next receive has the same ones: the fields are compared, not rewritten.
 * With G1, the default collector, a reference stored into an object that has lived through a
 * collection takes the slow path of the collector's card-marking barrier, with a fence;
 * rewriting the same values cost a one-thread send and receive through {@code mpi} about 16 ns
 * once the request had been promoted ({@code SelfMessageBenchmark} with JMH's {@code -gc true},
 * see the benchmarks README).
 */
final class SmdevRequest implements Request, IdlePolicy.Condition {
    private static final VarHandle STATE;
    private static final VarHandle LISTENERS;
    private static final VarHandle SETTLED;
    private static final VarHandle WAKE_UP;
    private static final Object COMPLETED = new Object();

    static {
        try {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(SmdevRequest.class, "state", int.class);
            LISTENERS = lookup.findVarHandle(SmdevRequest.class, "listeners", Object.class);
            SETTLED = lookup.findVarHandle(SmdevRequest.class, "settled", boolean.class);
            WAKE_UP = lookup.findVarHandle(SmdevRequest.class, "wakeUp", int.class);
        } catch (final ReflectiveOperationException ex) {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private static final int PENDING = 0;
    private static final int DONE = 1;

    /* The states of wakeUp: see needsWakeUp(). */
    private static final int NOT_REGISTERED = 0;
    private static final int REGISTERED = 1;
    private static final int UNREGISTERED = 2;

    final SmdevDevice owner;
    final boolean send;
    /** A probe ({@link SmdevDevice#startProbe}): a pattern like a receive's, with nowhere to put data. */
    final boolean probe;
    final boolean synchronous;
    /** Sender rank for a send; requested source rank (or ANY_RANK) for a receive. */
    int sourceRank;
    /** Tag of a send; requested tag (or ANY_TAG) for a receive. */
    int tag;
    int context;
    /** The array of an array message or array receive; {@code null} for buffers. */
    Object array;
    int offset;
    /** Elements of an array request, or of a buffer message's first section; -1 for a buffer receive. */
    int count;
    /** Element type of an array request or a buffer message's first section; {@code null} if none. */
    ElementType type;
    final long byteCount;
    /** The buffer of a buffer message or buffer receive; {@code null} for arrays. */
    final Buffer buffer;
    /** A buffer message's static part, in the sender's buffer. */
    final MemorySegment staticPart;
    /** A buffer message's dynamic array, in the sender's buffer; its first {@link #dynamicLength} bytes count. */
    final byte[] dynamicPart;
    final int dynamicLength;
    /** A send that completes when queued, because its data are copied (or serialized) already. */
    boolean eager;
    /**
     * The eager copy of a send's data or a buffer message's static part (a pooled segment, or a
     * heap array), or an object run's serialized bytes.
     */
    Object staged;
    /** The eager copy of a buffer message's dynamic part, handed to the receiver as it is. */
    byte[] stagedDynamic;
    /** Where a sink receive puts its elements; set before the receive is posted, then fixed. */
    ElementSink sink;

    SmdevRequest previous;
    SmdevRequest next;
    Mailbox queuedIn;
    /**
     * A box message that a receive matched but could not copy under the lock, delivered once the
     * lock is released; guarded by the mailbox lock, then owned by the thread that completes.
     */
    SmdevRequest takenMessage;
    /** Links the receives that box messages matched in one critical section; as above. */
    SmdevRequest nextTaken;

    @SuppressWarnings("unused") // accessed through STATE
    private volatile int state;
    @SuppressWarnings("unused") // accessed through LISTENERS
    private volatile Object listeners;
    /** Whether this receive counts among its mailbox's waiters (see {@link #needsWakeUp()}). */
    @SuppressWarnings("unused") // accessed through WAKE_UP
    private volatile int wakeUp;
    private volatile Thread waiter;
    /** A large copy into or out of this request that its waiting thread may help with. */
    private volatile SharedCopy sharedCopy;
    private Status status;
    private DeviceException failure;
    /**
     * For a thread's blocking array receive, the thread that made it, which alone waits for it and
     * reuses it, and which {@code peek()} does not return; {@code null} for any other request, which
     * any thread may wait for.
     */
    private Thread waitingThread;
    /**
     * Set (with release semantics, {@link #SETTLED}) once the completing thread has finished with
     * this request; an ordered store, not a fence, on the completion's path.
     */
    @SuppressWarnings("unused") // written through SETTLED
    private boolean settled;
    /** Set when the result of the completed request has been read (by the thread that reuses it). */
    private boolean taken;
    /** A reused receive's last status, handed out again for a like message ({@link Status#ofMessage}). */
    private Status lastStatus;
    /*
     * The envelope of the message a receive matched, written by the matching thread before the
     * completion is published; the status is made from it only when the receiver asks, so the
     * thread that completes a receive allocates nothing for it.
     */
    private int matchedSource;
    private int matchedTag;
    private int matchedCount;
    private long matchedBytes;
    private ElementType matchedType;

    private SmdevRequest(final SmdevDevice owner, final boolean send, final boolean probe,
                         final boolean synchronous, final int sourceRank, final int tag, final int context,
                         final Object array, final int offset, final int count, final ElementType type,
                         final long byteCount, final Buffer buffer, final MemorySegment staticPart,
                         final byte[] dynamicPart, final int dynamicLength) {
        this.owner = owner;
        this.send = send;
        this.probe = probe;
        this.synchronous = synchronous;
        this.sourceRank = sourceRank;
        this.tag = tag;
        this.context = context;
        this.array = array;
        this.offset = offset;
        this.count = count;
        this.type = type;
        this.byteCount = byteCount;
        this.buffer = buffer;
        this.staticPart = staticPart;
        this.dynamicPart = dynamicPart;
        this.dynamicLength = dynamicLength;
    }

    /** A send or receive of a run of an array. */
    static SmdevRequest ofArray(final SmdevDevice owner, final boolean send, final boolean synchronous,
                                final int sourceRank, final int tag, final int context, final Object array,
                                final int offset, final int count, final ElementType type, final long byteCount) {
        return new SmdevRequest(owner, send, false, synchronous, sourceRank, tag, context, array, offset, count,
            type, byteCount, null, null, null, 0);
    }

    /**
     * Makes a thread's blocking receive into a run of an array, which the thread may
     * {@linkplain #reuse reuse} for its next one once this one is {@linkplain #doneWith() done with}.
     */
    static SmdevRequest blockingReceive(final SmdevDevice owner, final int sourceRank, final int tag,
                                        final int context, final Object array, final int offset, final int count,
                                        final ElementType type) {
        final SmdevRequest receive = ofArray(owner, false, false, sourceRank, tag, context, array, offset, count,
            type, 0);
        receive.waitingThread = Thread.currentThread();
        return receive;
    }

    /**
     * Tells whether a blocking array receive is done with, so that its thread may reuse it: the
     * completing thread has woken its waiter, ended its wake-up registration and run its
     * listeners, and the receiving thread has taken its status or failure. Called by the thread
     * that made the request.
     *
     * @return whether the request may be reused
     */
    boolean doneWith() {
        return taken && (boolean) SETTLED.getAcquire(this);
    }

    /**
     * Prepares a blocking array receive that is done with for the same thread's next one, before
     * it is published again.
     */
    void reuse(final int source, final int receiveTag, final int receiveContext, final Object into,
               final int intoOffset, final int intoCount, final ElementType intoType) {
        sourceRank = source;
        tag = receiveTag;
        context = receiveContext;
        // compared, not rewritten: see the class comment
        if (array != into) {
            array = into;
        }
        offset = intoOffset;
        count = intoCount;
        if (type != intoType) {
            type = intoType;
        }
        previous = null;
        next = null;
        queuedIn = null;
        takenMessage = null;
        nextTaken = null;
        status = null;
        failure = null;
        sharedCopy = null;
        waiter = null;
        taken = false;
        SETTLED.set(this, false);
        WAKE_UP.setRelease(this, NOT_REGISTERED);
        LISTENERS.setRelease(this, null);
        STATE.setRelease(this, PENDING);
    }

    /**
     * A send that a fast box took: complete from the start (no other thread has seen it, so its
     * state needs no ordered write), and counted as a completion of its rank.
     */
    static SmdevRequest ofBoxedSend(final SmdevDevice owner, final int tag, final int context, final Object array,
                                    final int offset, final int count, final ElementType type) {
        final SmdevRequest send = new SmdevRequest(owner, true, false, false, owner.rank(), tag, context, array,
            offset, count, type, (long) count * type.byteSize(), null, null, null, 0);
        send.eager = true;
        STATE.set(send, DONE);
        LISTENERS.set(send, COMPLETED);
        owner.requestCompleted(send);
        return send;
    }

    /** A send of a committed buffer, described by its first section. */
    static SmdevRequest ofBufferSend(final SmdevDevice owner, final boolean synchronous, final int sourceRank,
                                     final int tag, final int context, final Buffer buffer) {
        final MemorySegment staticPart = buffer.staticSegment();
        final int dynamicLength = buffer.dynamicLength();
        final byte[] dynamicPart = dynamicLength == 0 ? null : buffer.dynamicArray();
        final long firstSection = Sections.firstSection(staticPart);
        return new SmdevRequest(owner, true, false, synchronous, sourceRank, tag, context, null, 0,
            Sections.count(firstSection), Sections.type(firstSection), staticPart.byteSize() + dynamicLength,
            buffer, staticPart, dynamicPart, dynamicLength);
    }

    /** A receive into a buffer. */
    static SmdevRequest ofBufferReceive(final SmdevDevice owner, final int sourceRank, final int tag,
                                        final int context, final Buffer buffer) {
        return new SmdevRequest(owner, false, false, false, sourceRank, tag, context, null, 0, -1, null, 0,
            buffer, null, null, 0);
    }

    /** A probe for a message matching (source, tag, context). */
    static SmdevRequest ofProbe(final SmdevDevice owner, final int sourceRank, final int tag, final int context) {
        return new SmdevRequest(owner, false, true, false, sourceRank, tag, context, null, 0, -1, null, 0,
            null, null, null, 0);
    }

    /** Tells whether this posted receive or probe pattern accepts a message. */
    static boolean matches(final int patternSource, final int patternTag, final int patternContext,
                           final int source, final int tag, final int context) {
        return patternContext == context
            && (patternSource == source || patternSource == ProcessID.ANY_RANK)
            && (patternTag == tag || patternTag == org.mpjbuf.dev.Device.ANY_TAG);
    }

    /** Returns the status describing this send's message. */
    Status messageStatus(final ProcessID source) {
        return new Status(source, tag, context, byteCount, count, type, false);
    }

    /**
     * Completes this receive with the message of a send; called once, by the thread that matched
     * them, after the data are in place.
     *
     * @param message the send whose data this receive took
     */
    void completeWith(final SmdevRequest message) {
        matched(message.sourceRank, message.tag, message.count, message.byteCount, message.type);
        complete(null, null);
    }

    /**
     * Records the envelope of the message this receive matched, before it completes.
     *
     * @param source the sending rank
     * @param tag the message tag
     * @param elements the number of elements
     * @param bytes the message length in bytes
     * @param elementType the element type
     */
    void matched(final int source, final int tag, final int elements, final long bytes,
                 final ElementType elementType) {
        matchedSource = source;
        matchedTag = tag;
        matchedCount = elements;
        matchedBytes = bytes;
        // compared, not rewritten: see the class comment
        if (matchedType != elementType) {
            matchedType = elementType;
        }
    }

    /**
     * Completes this request once; called by the single thread entitled to.
     *
     * @param result the status; {@code null} with a failure, or for a send or a receive that
     *     matched a message, whose status is made from the envelope when someone asks for it
     * @param error the failure, or {@code null}
     */
    void complete(final Status result, final DeviceException error) {
        status = result;
        failure = error;
        // volatile, not release: the store must not pass the loads of waiter, wakeUp and listeners
        // (a waiter writes one of them, then reads state), or both sides could miss each other
        // until the next park ends. The thread that waits for a blocking receive and completes it
        // itself waits for nothing meanwhile: a release store, which is no fence, is enough (about
        // 5 ns a message on the shortest path, SelfMessageBenchmark)
        if (waitingThread == Thread.currentThread()) {
            STATE.setRelease(this, DONE);
        } else {
            STATE.setVolatile(this, DONE);
        }
        final Thread parked = waiter;
        if ((int) WAKE_UP.getVolatile(this) == REGISTERED && WAKE_UP.compareAndSet(this, REGISTERED, UNREGISTERED)) {
            owner.mailbox().stopsWaiting();
        }
        if (waitingThread == null) {
            owner.requestCompleted(this);
        }
        // most requests never get a listener: skip the atomic swap unless one was registered
        // (a listener added after this read sees DONE and runs itself, see addCompletionListener)
        final Object registered = LISTENERS.getAcquire(this) != null ? LISTENERS.getAndSet(this, COMPLETED) : null;
        // from here on a reusable request may be reused by its thread, which the unpark may wake
        // on this very processor: what is left uses locals only
        SETTLED.setRelease(this, true);
        if (parked != null) {
            LockSupport.unpark(parked);
        }
        runListeners(registered);
    }

    /** Runs the registered listeners, unless another thread has taken them already. */
    private void runListeners() {
        runListeners(LISTENERS.getAndSet(this, COMPLETED));
    }

    /** Runs the listeners taken from {@link #LISTENERS}, if any. */
    private void runListeners(final Object registered) {
        if (registered instanceof ListenerNode node) {
            for (ListenerNode n = node; n != null; n = n.next) {
                n.listener.onComplete(this);
            }
        }
    }

    /**
     * Makes sure a pending receive or probe, whose thread is about to wait without polling, is
     * completed by whoever sends the message: it registers once with its mailbox
     * ({@link Mailbox#startsWaiting()}) until it completes. A send needs nothing: the receiver
     * completes it.
     *
     * <p>The registration and the completion each write their side, then read the other's
     * ({@code wakeUp}, then {@code state}; {@code state}, then {@code wakeUp}), so at least one of
     * them sees the registration through and exactly one ends it.
     */
    private void needsWakeUp() {
        if (send || !WAKE_UP.compareAndSet(this, NOT_REGISTERED, REGISTERED)) {
            return;
        }
        owner.mailbox().startsWaiting();
        if ((int) STATE.getVolatile(this) == DONE && WAKE_UP.compareAndSet(this, REGISTERED, UNREGISTERED)) {
            owner.mailbox().stopsWaiting();
        }
    }

    @Override
    public boolean getAsBoolean() {
        if ((int) STATE.getAcquire(this) == DONE) {
            return true;
        }
        if (!send) {
            owner.pollBoxes();
        }
        final SharedCopy copy = sharedCopy;
        if (copy != null) {
            copy.help();
        }
        return (int) STATE.getAcquire(this) == DONE;
    }

    /** Offers a large copy to the thread waiting for this request, waking it if it is parked. */
    void share(final SharedCopy copy) {
        sharedCopy = copy;
        final Thread parked = waiter;
        if (parked != null) {
            LockSupport.unpark(parked);
        }
    }

    @Override
    public boolean isComplete() {
        return getAsBoolean();
    }

    @Override
    public DeviceException failure() {
        if (!getAsBoolean()) {
            return null;
        }
        taken = true;
        return failure;
    }

    @Override
    public Status test() {
        return getAsBoolean() ? result() : null;
    }

    @Override
    public void idling(final Thread thread) {
        waiter = thread;
        needsWakeUp();
    }

    @Override
    public Status await() {
        awaitCompletion();
        return result();
    }

    /** Waits for completion and rethrows a failure, without building a status. */
    void awaitCompletion() {
        if (!getAsBoolean()) {
            owner.await(this);
        }
        final DeviceException error = failure;
        if (error != null) {
            throw error;
        }
    }

    private Status result() {
        taken = true;
        final DeviceException error = failure;
        if (error != null) {
            throw error;
        }
        final Status result = status;
        if (result != null) {
            return result;
        }
        if (send) {
            return messageStatus(owner.processId());
        }
        final Status made = Status.ofMessage(lastStatus, owner.world().id(matchedSource), matchedTag, context,
            matchedBytes, matchedCount, matchedType);
        // compared, not rewritten: see the class comment
        if (waitingThread != null && made != lastStatus) {
            lastStatus = made;
        }
        return made;
    }

    @Override
    public boolean cancel() {
        return !send && owner.cancel(this);
    }

    @Override
    public void addCompletionListener(final CompletionListener listener) {
        Objects.requireNonNull(listener, "listener");
        while (true) {
            final Object current = LISTENERS.getAcquire(this);
            if (current == COMPLETED) {
                listener.onComplete(this);
                return;
            }
            if (LISTENERS.compareAndSet(this, current, new ListenerNode(listener, (ListenerNode) current))) {
                // a listener is how a thread of the mpi layer waits without polling
                needsWakeUp();
                // the completing thread writes state, then reads listeners; this thread wrote
                // listeners, then reads state: at least one of the two sees the other's write
                if (getAsBoolean()) {
                    runListeners();
                }
                return;
            }
        }
    }

    @Override
    public String toString() {
        return (send ? (synchronous ? "SSEND" : "SEND") : probe ? "PROBE" : "RECV") + "[rank " + owner.rank()
            + (send ? " -> " : " <- ") + "source/tag/context " + sourceRank + "/" + tag + "/" + context
            + ", " + count + " " + type + (getAsBoolean() ? ", complete]" : ", pending]");
    }

    private record ListenerNode(CompletionListener listener, ListenerNode next) {
    }
}
