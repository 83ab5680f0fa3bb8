package org.mpjbuf.dev.smdev;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;

import org.mpjbuf.dev.CompletionListener;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.ElementType;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Request;
import org.mpjbuf.dev.Status;

/**
 * A send or a receive of smdev, which is also its own queue entry: a send waiting in the
 * receiver's unexpected queue is the message envelope, a receive waiting in the posted queue is
 * the posted receive, so no other object is allocated per message.
 *
 * <p>The envelope and payload fields are written by the starting thread before the request is
 * published under the mailbox lock and never change afterwards, except {@link #staged}, which
 * the thread that removes the send from its queue reads and clears. The queue links are guarded
 * by the lock of the mailbox the request is queued in. Completion is published by a volatile
 * write of {@code state}; completion happens exactly once, by the thread that removed the
 * request from its queue (or by the sender for an eager send).
 */
final class SmdevRequest implements Request, IdlePolicy.Condition {
    private static final VarHandle STATE;
    private static final VarHandle LISTENERS;
    private static final Object COMPLETED = new Object();

    static {
        try {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(SmdevRequest.class, "state", int.class);
            LISTENERS = lookup.findVarHandle(SmdevRequest.class, "listeners", Object.class);
        } catch (final ReflectiveOperationException ex) {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private static final int PENDING = 0;
    private static final int DONE = 1;

    final SmdevDevice owner;
    final boolean send;
    final boolean synchronous;
    /** Sender rank for a send; requested source rank (or ANY_RANK) for a receive. */
    final int sourceRank;
    /** Tag of a send; requested tag (or ANY_TAG) for a receive. */
    final int tag;
    final int context;
    final Object array;
    final int offset;
    final int count;
    final ElementType type;
    final long byteCount;
    /** A send that completes when queued, because its data are copied (or serialized) already. */
    boolean eager;
    /** The eager copy of a send's data: a heap array of the element type, or serialized bytes. */
    Object staged;

    SmdevRequest previous;
    SmdevRequest next;
    Mailbox queuedIn;

    @SuppressWarnings("unused") // accessed through STATE
    private volatile int state;
    @SuppressWarnings("unused") // accessed through LISTENERS
    private volatile Object listeners;
    private volatile Thread waiter;
    private Status status;
    private DeviceException failure;

    SmdevRequest(final SmdevDevice owner, final boolean send, final boolean synchronous,
                 final int sourceRank, final int tag, final int context,
                 final Object array, final int offset, final int count, final ElementType type,
                 final long byteCount) {
        this.owner = owner;
        this.send = send;
        this.synchronous = synchronous;
        this.sourceRank = sourceRank;
        this.tag = tag;
        this.context = context;
        this.array = array;
        this.offset = offset;
        this.count = count;
        this.type = type;
        this.byteCount = byteCount;
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
     * Completes this request once; called by the single thread entitled to.
     *
     * @param result the status; {@code null} with a failure, or for a send, whose status is made
     *     from its envelope when someone asks for it
     * @param error the failure, or {@code null}
     */
    void complete(final Status result, final DeviceException error) {
        status = result;
        failure = error;
        // volatile, not release: the store must not pass the load of waiter (a waiter writes
        // waiter, then reads state), or both sides could miss each other until the next park ends
        STATE.setVolatile(this, DONE);
        final Thread parked = waiter;
        if (parked != null) {
            LockSupport.unpark(parked);
        }
        owner.requestCompleted(this);
        final Object registered = LISTENERS.getAndSet(this, COMPLETED);
        if (registered instanceof ListenerNode node) {
            for (ListenerNode n = node; n != null; n = n.next) {
                n.listener.onComplete(this);
            }
        }
    }

    @Override
    public boolean getAsBoolean() {
        return (int) STATE.getAcquire(this) == DONE;
    }

    @Override
    public boolean isComplete() {
        return getAsBoolean();
    }

    @Override
    public Status test() {
        return getAsBoolean() ? result() : null;
    }

    @Override
    public void idling(final Thread thread) {
        waiter = thread;
    }

    @Override
    public Status await() {
        if (!getAsBoolean()) {
            owner.world().idlePolicy().await(this);
            waiter = null;
        }
        return result();
    }

    private Status result() {
        final DeviceException error = failure;
        if (error != null) {
            throw error;
        }
        final Status result = status;
        return result != null ? result : messageStatus(owner.processId());
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
                return;
            }
        }
    }

    @Override
    public String toString() {
        return (send ? (synchronous ? "SSEND" : "SEND") : "RECV") + "[rank " + owner.rank()
            + (send ? " -> " : " <- ") + "source/tag/context " + sourceRank + "/" + tag + "/" + context
            + ", " + count + " " + type + (getAsBoolean() ? ", complete]" : ", pending]");
    }

    private record ListenerNode(CompletionListener listener, ListenerNode next) {
    }
}
