package org.mpjbuf.dev.smdev;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Array;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

import org.mpjbuf.Buffer;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceArguments;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.ElementSink;
import org.mpjbuf.dev.ElementType;
import org.mpjbuf.dev.MeetingPoint;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Request;
import org.mpjbuf.dev.SpinBudget;
import org.mpjbuf.dev.Status;
import org.mpjbuf.dev.internal.ObjectCodec;

/**
 * One rank of an {@link SmdevWorld}; see {@link Mailbox} for how matching and copying work and
 * {@link Device} for the contract.
 *
 * <p>Thread-safe except {@link #init} and {@link #finish}, which the rank calls once each.
 */
final class SmdevDevice implements Device {
    private static final int NEW = 0;
    private static final int ACTIVE = 1;
    private static final int FINISHED = 2;
    private static final VarHandle COMPLETED_SINCE_PEEK;

    static {
        try {
            COMPLETED_SINCE_PEEK = MethodHandles.lookup().findVarHandle(SmdevDevice.class, "completedSincePeek",
                boolean.class);
        } catch (final ReflectiveOperationException ex) {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private volatile int lifecycle = NEW;
    private SmdevWorld world;
    private int rank = -1;
    private ProcessID id;
    private Mailbox mailbox;
    private ClassLoader classLoader;
    private Transfers transfers;
    private int eagerLimit;
    private SpinBudget spinBudget;
    /** This rank's fast boxes, by destination rank, made on first use; {@code null} if the world has none. */
    private AtomicReferenceArray<FastBox> boxes;
    /** The list of the boxes other ranks send here through ({@link Mailbox#incomingBoxes()}). */
    private Padded.Reference<FastBox[]> incomingBoxes;
    /** Each thread's blocking array receive, reused for its next one ({@link #irecvToWait}). */
    private final ThreadLocal<SmdevRequest> blockingReceives = new ThreadLocal<>();

    /*
     * What peek() waits on: whether a request completed since peek last returned, and one that
     * did. A completion writes them only when the flag is clear, so while nobody peeks (the mpi
     * layer never does) the fields stay unchanged and the threads that complete this rank's
     * requests only read them, from a cache line they share: no write crosses cores for it.
     */
    @SuppressWarnings("unused") // accessed through COMPLETED_SINCE_PEEK
    private volatile boolean completedSincePeek;
    private volatile SmdevRequest lastCompleted;
    private volatile Thread peekWaiter;

    @Override
    public ProcessID[] init(final DeviceArguments arguments) {
        Objects.requireNonNull(arguments, "arguments");
        if (lifecycle != NEW) {
            throw new IllegalStateException("smdev device of rank " + rank + " is already initialized");
        }
        final Object given = arguments.world();
        final SmdevWorld joined;
        if (given == null) {
            if (arguments.size() != 1) {
                throw new IllegalArgumentException("smdev needs the SmdevWorld shared by the "
                    + arguments.size() + " ranks in DeviceArguments.world(); got none");
            }
            joined = SmdevWorld.create(1);
        } else if (given instanceof SmdevWorld w) {
            joined = w;
        } else {
            throw new IllegalArgumentException("smdev expects an SmdevWorld in DeviceArguments.world() but got "
                + given.getClass().getName());
        }
        if (joined.size() != arguments.size()) {
            throw new IllegalArgumentException("DeviceArguments.size() is " + arguments.size()
                + " but the world has " + joined.size() + " ranks");
        }
        joined.attach(arguments.rank(), this);
        this.world = joined;
        this.rank = arguments.rank();
        this.id = joined.id(rank);
        this.mailbox = joined.mailbox(rank);
        this.classLoader = arguments.classLoader();
        this.transfers = joined.transfers();
        this.eagerLimit = joined.eagerLimit();
        this.spinBudget = joined.idlePolicy().newBudget();
        this.boxes = joined.fastBoxes() ? new AtomicReferenceArray<>(joined.size()) : null;
        this.incomingBoxes = mailbox.incomingBoxes();
        lifecycle = ACTIVE;
        return joined.ids();
    }

    @Override
    public ProcessID id() {
        checkActive();
        return id;
    }

    @Override
    public void finish() {
        checkActive();
        lifecycle = FINISHED;
        world.detach(rank);
    }

    @Override
    public Request isend(final Object array, final int offset, final int count,
                         final ProcessID destination, final int tag, final int context) {
        return startSend(array, offset, count, destination, tag, context, false, true);
    }

    /** A send through a fast box makes no request: it returns {@code null}, complete. */
    @Override
    public Request sendOrStart(final Object array, final int offset, final int count, final ProcessID destination,
                               final int tag, final int context) {
        return startSend(array, offset, count, destination, tag, context, false, false);
    }

    @Override
    public void send(final Object array, final int offset, final int count,
                     final ProcessID destination, final int tag, final int context) {
        final SmdevRequest send = startSend(array, offset, count, destination, tag, context, false, false);
        if (send != null) {
            send.awaitCompletion();
        }
    }

    @Override
    public Request issend(final Object array, final int offset, final int count,
                          final ProcessID destination, final int tag, final int context) {
        return startSend(array, offset, count, destination, tag, context, true, true);
    }

    @Override
    public void ssend(final Object array, final int offset, final int count,
                      final ProcessID destination, final int tag, final int context) {
        startSend(array, offset, count, destination, tag, context, true, true).awaitCompletion();
    }

    @Override
    public Request isend(final Buffer buffer, final ProcessID destination, final int tag, final int context) {
        return startSend(buffer, destination, tag, context, false);
    }

    @Override
    public void send(final Buffer buffer, final ProcessID destination, final int tag, final int context) {
        startSend(buffer, destination, tag, context, false).awaitCompletion();
    }

    @Override
    public Request issend(final Buffer buffer, final ProcessID destination, final int tag, final int context) {
        return startSend(buffer, destination, tag, context, true);
    }

    @Override
    public void ssend(final Buffer buffer, final ProcessID destination, final int tag, final int context) {
        startSend(buffer, destination, tag, context, true).awaitCompletion();
    }

    @Override
    public Request irecv(final Object array, final int offset, final int count,
                         final ProcessID source, final int tag, final int context) {
        checkActive();
        final ElementType type = checkRun(array, offset, count, "receive");
        final int sourceRank = checkSource(source);
        return startReceive(SmdevRequest.ofArray(this, false, false, sourceRank, tag, context,
            array, offset, count, type, 0));
    }

    /**
     * Reuses the calling thread's previous blocking array receive once it is done with
     * ({@link SmdevRequest#doneWith()}); a thread whose last one was left pending (its wait
     * unwound), or whose status it has not taken, gets a new one.
     */
    @Override
    public Request irecvToWait(final Object array, final int offset, final int count, final ProcessID source,
                               final int tag, final int context) {
        checkActive();
        final ElementType type = checkRun(array, offset, count, "receive");
        final int sourceRank = checkSource(source);
        SmdevRequest receive = blockingReceives.get();
        if (receive != null && receive.doneWith()) {
            receive.reuse(sourceRank, tag, context, array, offset, count, type);
        } else {
            receive = SmdevRequest.blockingReceive(this, sourceRank, tag, context, array, offset, count, type);
            blockingReceives.set(receive);
        }
        return startReceive(receive);
    }

    @Override
    public Request irecv(final ElementSink sink, final ElementType type, final int count,
                         final ProcessID source, final int tag, final int context) {
        checkActive();
        Objects.requireNonNull(sink, "sink");
        Objects.requireNonNull(type, "element type");
        if (count < 0) {
            throw new IllegalArgumentException("receive count must be >= 0 but was " + count);
        }
        final int sourceRank = checkSource(source);
        final SmdevRequest receive = SmdevRequest.ofArray(this, false, false, sourceRank, tag, context,
            null, 0, count, type, 0);
        receive.sink = sink;
        return startReceive(receive);
    }

    @Override
    public Request irecv(final Buffer buffer, final ProcessID source, final int tag, final int context) {
        checkActive();
        Objects.requireNonNull(buffer, "receive buffer");
        final int sourceRank = checkSource(source);
        return startReceive(SmdevRequest.ofBufferReceive(this, sourceRank, tag, context, buffer));
    }

    @Override
    public Status recv(final Buffer buffer, final ProcessID source, final int tag, final int context) {
        return irecv(buffer, source, tag, context).await();
    }

    private SmdevRequest startReceive(final SmdevRequest receive) {
        final SmdevRequest send = mailbox.matchOrPost(receive);
        if (send != null) {
            transfers.deliver(send, receive);
            if (!send.eager) {
                send.complete(null, null);
            }
        }
        return receive;
    }

    @Override
    public Status recv(final Object array, final int offset, final int count,
                       final ProcessID source, final int tag, final int context) {
        return irecvToWait(array, offset, count, source, tag, context).await();
    }

    @Override
    public Status probe(final ProcessID source, final int tag, final int context) {
        final Status found = startProbe(source, tag, context).await();
        // a probe completes as cancelled only when this rank finishes meanwhile
        checkActive();
        return found;
    }

    @Override
    public Request startProbe(final ProcessID source, final int tag, final int context) {
        checkActive();
        final SmdevRequest probe = SmdevRequest.ofProbe(this, checkSource(source), tag, context);
        final SmdevRequest send = mailbox.firstMessageOrWait(probe);
        if (send != null) {
            probe.complete(send.messageStatus(world.id(send.sourceRank)), null);
        }
        return probe;
    }

    @Override
    public Status iprobe(final ProcessID source, final int tag, final int context) {
        checkActive();
        final int sourceRank = checkSource(source);
        final SmdevRequest send = mailbox.firstMessage(sourceRank, tag, context);
        return send == null ? null : send.messageStatus(world.id(send.sourceRank));
    }

    @Override
    public Request peek() {
        checkActive();
        final boolean[] waiting = {false};
        try {
            while (true) {
                if (completedSincePeek && COMPLETED_SINCE_PEEK.compareAndSet(this, true, false)) {
                    // a completion that came after the flag was cleared may have replaced it: also complete
                    return lastCompleted;
                }
                world.idlePolicy().await(new IdlePolicy.Condition() {
                    @Override
                    public boolean getAsBoolean() {
                        pollBoxes();
                        return completedSincePeek || lifecycle != ACTIVE;
                    }

                    @Override
                    public void idling(final Thread waiter) {
                        peekWaiter = waiter;
                        if (!waiting[0]) {
                            waiting[0] = true;
                            mailbox.startsWaiting();
                        }
                    }
                }, spinBudget);
                peekWaiter = null;
                checkActive();
            }
        } finally {
            if (waiting[0]) {
                mailbox.stopsWaiting();
            }
        }
    }

    /**
     * Takes in the small messages that other ranks left in this rank's fast boxes, matching them
     * to posted receives; see {@link Mailbox}.
     */
    @Override
    public void poll() {
        if (lifecycle == ACTIVE) {
            pollBoxes();
        }
    }

    /**
     * Takes in what the boxes hold, if anything; reads nothing of the mailbox while they are empty.
     */
    void pollBoxes() {
        if (Mailbox.hasArrivals(incomingBoxes)) {
            mailbox.poll();
        }
    }

    @Override
    public MeetingPoint meetingPoint(final int context, final int[] members) {
        checkActive();
        return world.meetingPoint(context, members);
    }

    @Override
    public int getSendOverhead() {
        return 0;
    }

    @Override
    public int getRecvOverhead() {
        return 0;
    }

    @Override
    public String toString() {
        return "SmdevDevice[rank=" + rank + ", lifecycle=" + lifecycleName() + "]";
    }

    SmdevWorld world() {
        return world;
    }

    int rank() {
        return rank;
    }

    ProcessID processId() {
        return id;
    }

    /** Waits on the calling thread, one of this rank's, until {@code done} holds. */
    void await(final IdlePolicy.Condition done) {
        world.idlePolicy().await(done, spinBudget);
    }

    ClassLoader classLoader() {
        return classLoader;
    }

    Mailbox mailbox() {
        return mailbox;
    }

    /** Counts a completed request of this rank and wakes a thread waiting in {@link #peek()}. */
    void requestCompleted(final SmdevRequest request) {
        if (completedSincePeek) {
            return;
        }
        lastCompleted = request;
        // volatile, so the read of peekWaiter cannot pass it: a waiter writes peekWaiter, then
        // reads the flag, so one of the two sides sees the other's write
        completedSincePeek = true;
        final Thread waiting = peekWaiter;
        if (waiting != null) {
            LockSupport.unpark(waiting);
        }
    }

    boolean cancel(final SmdevRequest receive) {
        if (receive.isComplete() || !mailbox.unpost(receive)) {
            return false;
        }
        receive.complete(Status.ofCancelled(receive.tag, receive.context), null);
        return true;
    }

    /**
     * Starts a send of an array run.
     *
     * @param requested whether the caller needs a request when the send completes at once, through
     *     a fast box
     * @return the send; {@code null} if it went through a fast box and no request was asked for
     */
    private SmdevRequest startSend(final Object array, final int offset, final int count,
                                   final ProcessID destination, final int tag, final int context,
                                   final boolean synchronous, final boolean requested) {
        checkActive();
        final ElementType type = checkRun(array, offset, count, "send");
        final int destinationRank = checkDestination(destination);
        checkSendTag(tag);
        final long runBytes = (long) count * type.byteSize();
        if (!synchronous && boxes != null && destinationRank != rank && runBytes <= eagerLimit
            && FastBox.fits(type, runBytes) && sentThroughBox(array, offset, count, type, destinationRank, tag,
            context)) {
            return requested ? SmdevRequest.ofBoxedSend(this, tag, context, array, offset, count, type) : null;
        }
        final Object[] objects = type == ElementType.OBJECT ? (Object[]) array : null;
        final byte[] serialized = objects == null ? null : ObjectCodec.serialize(objects, offset, count);
        final long byteCount = serialized != null ? serialized.length : (long) count * type.byteSize();
        final SmdevRequest send = SmdevRequest.ofArray(this, true, synchronous, rank, tag, context,
            array, offset, count, type, byteCount);
        send.staged = serialized;
        send.eager = !synchronous && (serialized != null || byteCount <= eagerLimit);
        return post(send, destinationRank);
    }

    private SmdevRequest startSend(final Buffer buffer, final ProcessID destination, final int tag,
                                   final int context, final boolean synchronous) {
        checkActive();
        Objects.requireNonNull(buffer, "send buffer");
        if (!buffer.isReadable()) {
            throw new IllegalArgumentException("the send buffer is not committed: call commit() before sending it");
        }
        final int destinationRank = checkDestination(destination);
        checkSendTag(tag);
        final SmdevRequest send = SmdevRequest.ofBufferSend(this, synchronous, rank, tag, context, buffer);
        send.eager = !synchronous && send.byteCount <= eagerLimit;
        return post(send, destinationRank);
    }

    private SmdevRequest post(final SmdevRequest send, final int destinationRank) {
        final SmdevRequest receive = world.mailbox(destinationRank).matchOrQueue(send);
        if (receive != null) {
            transfers.deliver(send, receive);
            send.complete(null, null);
        } else if (send.eager) {
            send.complete(null, null);
        }
        return send;
    }

    /**
     * Publishes a small eager send in this rank's fast box to the destination; returns
     * {@code false} if the box is full, and the send takes the mailbox path, which empties it.
     */
    private boolean sentThroughBox(final Object array, final int offset, final int count, final ElementType type,
                                   final int destinationRank, final int tag, final int context) {
        final Mailbox target = world.mailbox(destinationRank);
        if (target.hasFinished()) {
            throw new DeviceException("cannot send to rank " + destinationRank + ": it has finished");
        }
        FastBox box = boxes.get(destinationRank);
        if (box == null) {
            box = openBox(target);
        }
        if (!box.offer(array, offset, count, type, tag, context)) {
            return false;
        }
        if (target.needsSenderDelivery()) {
            target.takeIn(box);
        }
        return true;
    }

    /**
     * Returns this rank's box to a destination, if it has made one.
     *
     * @param destinationRank the destination
     * @return the box, or {@code null}
     */
    FastBox boxTo(final int destinationRank) {
        return boxes == null ? null : boxes.get(destinationRank);
    }

    /** Makes this rank's box to a destination, registered with its mailbox before first use. */
    private synchronized FastBox openBox(final Mailbox target) {
        FastBox box = boxes.get(target.rank());
        if (box == null) {
            box = new FastBox(this);
            target.register(box);
            boxes.set(target.rank(), box);
        }
        return box;
    }

    private static void checkSendTag(final int tag) {
        if (tag == ANY_TAG) {
            throw new IllegalArgumentException("a send needs a tag other than ANY_TAG (" + ANY_TAG + ")");
        }
    }

    private void checkActive() {
        final int state = lifecycle;
        if (state != ACTIVE) {
            throw new IllegalStateException("smdev device of rank " + rank + " is " + lifecycleName()
                + (state == NEW ? ": call init first" : ": it cannot be used after finish"));
        }
    }

    private String lifecycleName() {
        return switch (lifecycle) {
            case NEW -> "not initialized";
            case ACTIVE -> "active";
            default -> "finished";
        };
    }

    private static ElementType checkRun(final Object array, final int offset, final int count,
                                        final String operation) {
        if (array == null) {
            throw new NullPointerException(operation + " array is null");
        }
        final ElementType type = ElementType.ofArray(array);
        final int length = Array.getLength(array);
        if (offset < 0 || count < 0 || offset > length - count) {
            throw new IllegalArgumentException(operation + " run [offset " + offset + ", count " + count
                + "] is outside the " + array.getClass().getTypeName() + " of length " + length);
        }
        return type;
    }

    private int checkDestination(final ProcessID destination) {
        if (destination == null) {
            throw new NullPointerException("destination is null");
        }
        final int target = destination.rank();
        if (target < 0 || target >= world.size()) {
            throw new IllegalArgumentException("destination rank must be in [0, " + world.size()
                + ") but was " + destination);
        }
        return target;
    }

    private int checkSource(final ProcessID source) {
        if (source == null) {
            throw new NullPointerException("source is null");
        }
        final int from = source.rank();
        if (from != ProcessID.ANY_RANK && from >= world.size()) {
            throw new IllegalArgumentException("source rank must be in [0, " + world.size()
                + ") or ANY_SOURCE but was " + source);
        }
        return from;
    }
}
