package org.mpjbuf.dev.protocol;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;

import org.mpjbuf.Buffer;
import org.mpjbuf.dev.CompletionListener;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.ElementSink;
import org.mpjbuf.dev.ElementType;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Request;
import org.mpjbuf.dev.SpinBudget;
import org.mpjbuf.dev.Status;

/**
 * A send, receive or probe of a process device ({@link MessageDevice}); a posted receive or probe is also its own queue entry.
 *
 * <p>The envelope and data fields are written by the starting thread before the request is
 * published (under the matcher's lock, or by handing it to a connection) and do not change
 * afterwards, except {@link #id} and {@link #matched}, which the thread holding the matcher's lock
 * sets. A thread's blocking buffer receive ({@link #blockingReceive}) is reused for its next one
 * once it has {@linkplain #doneWith() been let go}: {@link #reuse} writes its envelope afresh
 * before it is published again. Completion happens once ({@link #complete}) and is published by a
 * volatile write; the waiting thread spins for its rank's adaptive {@link SpinBudget}, polling the
 * device's progress on every turn ({@link MessageDevice#poll()}), then parks until the completing
 * thread unparks it.
 */
public final class MessageRequest extends Queued implements Request {
    static final byte SEND = 0;
    static final byte RECEIVE = 1;
    static final byte PROBE = 2;

    private static final System.Logger LOG = System.getLogger(MessageRequest.class.getName());
    private static final VarHandle STATE;
    private static final VarHandle LISTENERS;
    private static final VarHandle SETTLED;
    private static final Object COMPLETED = new Object();
    private static final int PENDING = 0;
    private static final int DONE = 1;

    static {
        try {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(MessageRequest.class, "state", int.class);
            LISTENERS = lookup.findVarHandle(MessageRequest.class, "listeners", Object.class);
            SETTLED = lookup.findVarHandle(MessageRequest.class, "settled", boolean.class);
        } catch (final ReflectiveOperationException ex) {
            throw new ExceptionInInitializerError(ex);
        }
    }

    final MessageDevice owner;
    final byte kind;
    final boolean synchronous;
    /** The destination of a send; the requested source (or ANY_RANK) of a receive or probe. */
    public int peer;
    /** The tag of a send, or the tag (or ANY_TAG) a receive or probe accepts. */
    public int tag;
    /** The context. */
    public int context;
    /** The array of an array send or receive, {@code null} otherwise. */
    final Object array;
    final int offset;
    /** Elements of an array request or of a buffer send's first section. */
    public final int count;
    /** Element type of an array request or of a buffer send's first section, {@code null} if none. */
    public final ElementType type;
    /** The buffer of a buffer send or receive, {@code null} otherwise. */
    public Buffer buffer;
    /** Where a sink receive puts its elements. */
    final ElementSink sink;
    /** Bytes of a send's message. */
    public int messageLength;
    /** Bytes of a buffer send's dynamic part (at the end of its message). */
    public int dynamicLength;
    /** A send's serialized objects. */
    byte[] objectBytes;
    /** Id of a rendezvous send (at the sender) or of a receive waiting for rendezvous data. */
    public long id = -1;
    /** The rendezvous message a receive matched and waits for the data of. */
    public Arrival matched;

    @SuppressWarnings("unused") // through STATE
    private volatile int state;
    @SuppressWarnings("unused") // through LISTENERS
    private volatile Object listeners;
    private volatile Thread waiter;
    private Status status;
    private DeviceException failure;
    /** Whether this is a thread's blocking buffer receive, which is reused and which {@code peek()} does not return. */
    private boolean reusable;
    /**
     * Set (with release semantics, {@link #SETTLED}) once the completing thread has finished with
     * this request; an ordered store, not a fence, on the completion's path.
     */
    @SuppressWarnings("unused") // written through SETTLED
    private boolean settled;
    /** Set when the result of the completed request has been read (by the thread that reuses it). */
    private boolean taken;

    MessageRequest(final MessageDevice owner, final byte kind, final boolean synchronous, final int peer, final int tag,
                  final int context, final Object array, final int offset, final int count, final ElementType type,
                  final Buffer buffer, final ElementSink sink) {
        this.owner = owner;
        this.kind = kind;
        this.synchronous = synchronous;
        this.peer = peer;
        this.tag = tag;
        this.context = context;
        this.array = array;
        this.offset = offset;
        this.count = count;
        this.type = type;
        this.buffer = buffer;
        this.sink = sink;
    }

    /**
     * Makes a thread's blocking receive into a buffer, which the thread may {@linkplain #reuse reuse}
     * for its next one once this one has {@linkplain #doneWith() been let go}.
     */
    static MessageRequest blockingReceive(final MessageDevice owner, final int source, final int tag,
                                          final int context, final Buffer buffer) {
        final MessageRequest receive = new MessageRequest(owner, RECEIVE, false, source, tag, context, null, 0, -1,
            null, buffer, null);
        receive.reusable = true;
        return receive;
    }

    /**
     * Tells whether a blocking receive is done with, so that its thread may reuse it: the
     * completing thread has woken its waiter and run its listeners, and the receiving thread has
     * taken its status or failure. Called by the thread that made the request.
     *
     * @return whether the request may be reused
     */
    boolean doneWith() {
        return taken && (boolean) SETTLED.getAcquire(this);
    }

    /**
     * Prepares a blocking buffer receive that is done with for the same thread's next one, before it is
     * published again.
     */
    void reuse(final int source, final int receiveTag, final int receiveContext, final Buffer into) {
        peer = source;
        tag = receiveTag;
        context = receiveContext;
        buffer = into;
        id = -1;
        matched = null;
        failure = null;
        waiter = null;
        taken = false;
        SETTLED.set(this, false);
        LISTENERS.setRelease(this, null);
        STATE.setRelease(this, PENDING);
    }

    /**
     * Returns the status this request completed with last: a reused blocking receive keeps its
     * previous one, which the next message's status may share ({@link Arrival#status(ProcessID, Status)}).
     *
     * @return the status, or {@code null}
     */
    Status previousStatus() {
        return status;
    }

    /**
     * Returns the element type's code in a frame.
     *
     * @return 0 for none, else the type's ordinal plus 1
     */
    public int typeCode() {
        return typeCode(type);
    }

    /**
     * Returns an element type's code in a frame.
     *
     * @param type the type, or {@code null} for none
     * @return 0 for none, else the type's ordinal plus 1
     */
    static int typeCode(final ElementType type) {
        return type == null ? 0 : type.ordinal() + 1;
    }

    /** Tells whether this receive or probe pattern accepts a message of (source, tag, context). */
    boolean accepts(final int source, final int messageTag, final int messageContext) {
        return context == messageContext
            && (peer == source || peer == ProcessID.ANY_RANK)
            && (tag == messageTag || tag == Device.ANY_TAG);
    }

    /**
     * Completes this request; only the first call has an effect.
     *
     * @param result the status, or {@code null} with a failure (or for a send, whose status is
     *     made from its envelope)
     * @param error the failure, or {@code null}
     * @return whether this call completed the request
     */
    public boolean complete(final Status result, final DeviceException error) {
        synchronized (this) {
            if ((int) STATE.getAcquire(this) == DONE) {
                return false;
            }
            status = result;
            failure = error;
            STATE.setVolatile(this, DONE);
        }
        final Thread parked = waiter;
        if (!reusable) {
            owner.requestCompleted(this);
        }
        final Object registered = LISTENERS.getAcquire(this) != null ? LISTENERS.getAndSet(this, COMPLETED) : null;
        // from here on a reusable request may be reused by its thread, which the unpark may wake
        // on this very processor: what is left uses locals only
        SETTLED.setRelease(this, true);
        if (parked != null) {
            LockSupport.unpark(parked);
        }
        runListeners(registered);
        return true;
    }

    private void runListeners() {
        runListeners(LISTENERS.getAndSet(this, COMPLETED));
    }

    /** Runs the listeners taken from {@link #LISTENERS}, if any. */
    private void runListeners(final Object registered) {
        if (registered instanceof ListenerNode node) {
            for (ListenerNode n = node; n != null; n = n.next) {
                try {
                    n.listener.onComplete(this);
                } catch (final RuntimeException ex) {
                    // often on the thread driving the selector, which must survive a broken listener
                    LOG.log(System.Logger.Level.ERROR, "a completion listener of " + this + " failed", ex);
                }
            }
        }
    }

    @Override
    public boolean isComplete() {
        return (int) STATE.getAcquire(this) == DONE;
    }

    @Override
    public Status test() {
        return isComplete() ? result() : null;
    }

    @Override
    public DeviceException failure() {
        if (!isComplete()) {
            return null;
        }
        taken = true;
        return failure;
    }

    @Override
    public long expectedBytes() {
        if (kind == SEND) {
            return messageLength;
        }
        if (kind == PROBE) {
            return 0;
        }
        return buffer != null ? buffer.capacity() : array != null ? (long) count * type.byteSize() : 0;
    }

    @Override
    public Status await() {
        awaitCompletion();
        return result();
    }

    /** Waits for completion and rethrows a failure. */
    public void awaitCompletion() {
        if (!isComplete()) {
            final SpinBudget budget = owner.spinBudget();
            final long spinNanos = budget.nanosFor(expectedBytes());
            final long deadline = System.nanoTime() + spinNanos;
            boolean spun = spinNanos > 0;
            for (int i = 1; spun && !isComplete(); i++) {
                Thread.onSpinWait();
                owner.poll();
                if ((i & 7) == 0 && System.nanoTime() - deadline >= 0) {
                    spun = false;
                }
            }
            if (spun) {
                budget.spinSucceeded();
            } else {
                if (spinNanos > 0) {
                    budget.spinFailed();
                }
                owner.pollingStops();
                park();
            }
        }
        final DeviceException error = failure;
        if (error != null) {
            throw error;
        }
    }

    private void park() {
        waiter = Thread.currentThread();
        while (!isComplete()) {
            // the bound only limits the cost of a lost wake-up; completion unparks at once
            LockSupport.parkNanos(this, 10_000_000L);
        }
        waiter = null;
    }

    private Status result() {
        taken = true;
        final DeviceException error = failure;
        if (error != null) {
            throw error;
        }
        final Status result = status;
        return result != null ? result : new Status(owner.processId(), tag, context, messageLength, count, type, false);
    }

    @Override
    public boolean cancel() {
        return kind != SEND && owner.cancel(this);
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
                // the completing thread writes state, then reads listeners; this thread wrote
                // listeners, then reads state: at least one of the two sees the other's write
                if (isComplete()) {
                    runListeners();
                }
                return;
            }
        }
    }

    @Override
    public String toString() {
        return (kind == SEND ? (synchronous ? "SSEND" : "SEND") : kind == PROBE ? "PROBE" : "RECV") + "[rank "
            + owner.rank() + (kind == SEND ? " -> " : " <- ") + peer + ", tag " + tag + ", context " + context
            + ", " + count + " " + type + (isComplete() ? ", complete]" : ", pending]");
    }

    private record ListenerNode(CompletionListener listener, ListenerNode next) {
    }
}
