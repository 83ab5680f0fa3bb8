package org.mpjbuf.dev.protocol;

import java.util.Objects;

import org.mpjbuf.Buffer;
import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.PoolStatistics;
import org.mpjbuf.dev.Bootstrap;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceArguments;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.ElementSink;
import org.mpjbuf.dev.ElementType;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Request;
import org.mpjbuf.dev.SpinBudget;
import org.mpjbuf.dev.Status;
import org.mpjbuf.dev.internal.ObjectCodec;
import org.mpjbuf.dev.internal.Sections;

/**
 * The half of a process device (one rank per process) that does not depend on its transport:
 * the {@link Device} methods, their argument checks, the requests, matching ({@link Matcher}),
 * the message flow ({@link Protocol}), {@code peek}, cancel, and failing the requests of a peer
 * that is gone. A device extends it with its start-up, its {@link Link} to each peer and the
 * thread that drives its transport (niodev: sockets and a selector; ibvdev: queue pairs and a
 * completion queue).
 *
 * <p><b>Life cycle.</b> The subclass's {@link Device#init} reads its settings, calls
 * {@link #setUp}, connects its links (storing each in {@link #links()} as it comes up) and then
 * calls {@link #activate()}. {@link #finish()} fails or cancels what is left, then calls
 * {@link #leave}, where the subclass says goodbye and releases its transport.
 *
 * <p>Thread-safe except {@code init} and {@code finish}, which the rank calls once each; a
 * subclass publishes its links before {@code init} returns.
 */
public abstract class MessageDevice implements Device {
    private static final int NEW = 0;
    private static final int ACTIVE = 1;
    private static final int FINISHED = 2;

    private volatile int lifecycle = NEW;
    private final String name;
    private int rank = -1;
    private int size;
    private ProcessID[] ids;
    private int maxMessageLength;
    private String maxMessageLengthSetting;
    private SpinBudget spinBudget;
    private long spinProbeNanos;
    private BufferPool pool;
    private Matcher matcher;
    private Protocol protocol;
    private Link[] links;
    private final Completions completions = new Completions();
    /** Each thread's blocking buffer receive, reused for its next one ({@link #irecvToWait}). */
    private final ThreadLocal<MessageRequest> blockingReceives = new ThreadLocal<>();

    /**
     * Creates the device.
     *
     * @param name the device's name, as messages give it ({@code niodev}, {@code ibvdev})
     */
    protected MessageDevice(final String name) {
        this.name = name;
    }

    /**
     * Sets up the transport-neutral state; called once by {@code init} before any link exists.
     *
     * @param rank this rank
     * @param size the number of ranks
     * @param classLoader the rank's class loader
     * @param eagerLimit the longest message sent eagerly
     * @param maxMessageLength the longest message the device accepts
     * @param maxMessageLengthSetting the setting that configures it, for the error message
     * @param spinBudget how long waiting threads spin
     * @param spinProbeNanos the shortest useful spin ({@link Device#spinProbeNanos()})
     * @param pool the pool of staged and arrived messages; the device closes it in {@link #finish()}
     * @throws IllegalStateException if called twice
     */
    protected final void setUp(final int rank, final int size, final ClassLoader classLoader, final int eagerLimit,
                               final int maxMessageLength, final String maxMessageLengthSetting,
                               final SpinBudget spinBudget, final long spinProbeNanos, final BufferPool pool) {
        if (lifecycle != NEW || matcher != null) {
            throw new IllegalStateException(name + " device of rank " + this.rank + " is already initialized");
        }
        this.rank = rank;
        this.size = size;
        this.maxMessageLength = maxMessageLength;
        this.maxMessageLengthSetting = maxMessageLengthSetting;
        this.spinBudget = spinBudget;
        this.spinProbeNanos = spinProbeNanos;
        this.pool = pool;
        ids = new ProcessID[size];
        for (int r = 0; r < size; r++) {
            ids[r] = ProcessID.of(r);
        }
        matcher = new Matcher(ids);
        links = new Link[size];
        protocol = new Protocol(rank, ids, classLoader, eagerLimit, pool, matcher, links);
    }

    /**
     * Makes the device usable; {@code init} calls it once every link is up.
     *
     * @return the process ids of all ranks, a fresh array
     */
    protected final ProcessID[] activate() {
        lifecycle = ACTIVE;
        return ids.clone();
    }

    /**
     * Starts {@code init}: checks it is the first call and returns the bootstrap that finds the
     * job's ranks.
     *
     * @param arguments the arguments of {@code init}
     * @return the bootstrap, {@code null} only for a job of one rank
     * @throws IllegalArgumentException if a job of several ranks comes without a bootstrap
     * @throws IllegalStateException if {@code init} was called already
     */
    protected final Bootstrap beginInit(final DeviceArguments arguments) {
        Objects.requireNonNull(arguments, "arguments");
        checkNew();
        final Bootstrap bootstrap = arguments.bootstrap();
        if (bootstrap == null && arguments.size() != 1) {
            throw new IllegalArgumentException(name + " needs a Bootstrap in DeviceArguments.bootstrap() to find the "
                + arguments.size() + " ranks of its job; got none");
        }
        return bootstrap;
    }

    /**
     * Checks the protocol switch limit and the eager credit against each other and the longest
     * message.
     *
     * @param eagerLimit the switch limit
     * @param eagerLimitSetting the setting that configures it
     * @param maxMessageLength the longest message
     * @param eagerCredit the eager credit per peer
     * @param eagerCreditSetting the setting that configures it
     * @throws IllegalArgumentException if the limit exceeds the longest message or the credit cannot
     *     hold one eager message
     */
    protected final void checkEagerSettings(final int eagerLimit, final String eagerLimitSetting,
                                            final int maxMessageLength, final int eagerCredit,
                                            final String eagerCreditSetting) {
        if (eagerLimit > maxMessageLength) {
            throw new IllegalArgumentException(name + " eager limit " + eagerLimit + " is above the longest message "
                + maxMessageLength);
        }
        if (eagerCredit < eagerLimit) {
            throw new IllegalArgumentException(name + " eager credit " + eagerCredit + " (" + eagerCreditSetting
                + ") is below the eager limit " + eagerLimit + " (" + eagerLimitSetting
                + "): it must hold at least one eager message");
        }
    }

    /** Throws if {@code init} was called already. */
    protected final void checkNew() {
        if (lifecycle != NEW) {
            throw new IllegalStateException(name + " device of rank " + rank + " is already initialized");
        }
    }

    /**
     * Says goodbye to the peers and releases the transport: called once by {@link #finish()},
     * after every request of this rank has been completed, cancelled or failed.
     *
     * @param reason why the links close, for requests that still involve them
     */
    protected abstract void leave(String reason);

    /** Returns the link to each peer, by rank, to be filled in as they come up. */
    protected final Link[] links() {
        return links;
    }

    /** Returns the rank's message flow, which the links call back. */
    protected final Protocol protocol() {
        return protocol;
    }

    /** Returns the rank's pool of staged and arrived messages. */
    protected final BufferPool pool() {
        return pool;
    }

    /** Tells whether {@code init} has not yet activated the device. */
    protected final boolean isInitializing() {
        return lifecycle == NEW;
    }

    /** Tells whether the device is initialized and not finished. */
    protected final boolean isActive() {
        return lifecycle == ACTIVE;
    }

    /** Tells whether {@link #finish()} was called. */
    protected final boolean isFinished() {
        return lifecycle == FINISHED;
    }

    @Override
    public ProcessID id() {
        checkActive();
        return ids[rank];
    }

    @Override
    public void finish() {
        checkActive();
        lifecycle = FINISHED;
        final Matcher.Closing closing = matcher.close();
        final String reason = "rank " + rank + " finished";
        for (final MessageRequest r : closing.cancelled) {
            r.complete(Status.ofCancelled(r.tag, r.context), null);
        }
        for (final MessageRequest r : closing.failed) {
            r.complete(null, new DeviceException(r + " did not complete: " + reason));
        }
        for (final Arrival a : closing.dropped) {
            protocol.release(a);
            if (a.selfSend != null) {
                a.selfSend.complete(null, new DeviceException(reason + " without receiving " + a.selfSend));
            }
        }
        leave(reason);
        completions.wake();
    }

    // ------------------------------------------------------------------------------ sends

    @Override
    public Request isend(final Object array, final int offset, final int count, final ProcessID destination,
                         final int tag, final int context) {
        return startSend(array, offset, count, destination, tag, context, false);
    }

    @Override
    public void send(final Object array, final int offset, final int count, final ProcessID destination,
                     final int tag, final int context) {
        startSend(array, offset, count, destination, tag, context, false).awaitCompletion();
    }

    @Override
    public Request issend(final Object array, final int offset, final int count, final ProcessID destination,
                          final int tag, final int context) {
        return startSend(array, offset, count, destination, tag, context, true);
    }

    @Override
    public void ssend(final Object array, final int offset, final int count, final ProcessID destination,
                      final int tag, final int context) {
        startSend(array, offset, count, destination, tag, context, true).awaitCompletion();
    }

    @Override
    public Request isend(final Buffer buffer, final ProcessID destination, final int tag, final int context) {
        return startSend(buffer, destination, tag, context, false);
    }

    /**
     * An eager message to a peer whose credit holds it is written at once and makes no request
     * ({@link Protocol#sendEager}); any other send starts as {@link #isend(Buffer, ProcessID, int, int)}.
     */
    @Override
    public Request sendOrStart(final Buffer buffer, final ProcessID destination, final int tag, final int context) {
        checkActive();
        final int destinationRank = checkBufferSend(buffer, destination, tag);
        final long first = Sections.firstSection(buffer.staticSegment());
        final int dynamicLength = buffer.dynamicLength();
        final int messageLength = checkLength((long) buffer.staticLength() + dynamicLength);
        if (protocol.sendEager(buffer, destinationRank, tag, context, Sections.count(first), Sections.type(first),
            messageLength)) {
            return null;
        }
        return startSend(buffer, destinationRank, tag, context, false, first, dynamicLength, messageLength);
    }

    @Override
    public void send(final Buffer buffer, final ProcessID destination, final int tag, final int context) {
        final Request send = sendOrStart(buffer, destination, tag, context);
        if (send != null) {
            ((MessageRequest) send).awaitCompletion();
        }
    }

    @Override
    public Request issend(final Buffer buffer, final ProcessID destination, final int tag, final int context) {
        return startSend(buffer, destination, tag, context, true);
    }

    @Override
    public void ssend(final Buffer buffer, final ProcessID destination, final int tag, final int context) {
        startSend(buffer, destination, tag, context, true).awaitCompletion();
    }

    private MessageRequest startSend(final Object array, final int offset, final int count,
                                     final ProcessID destination, final int tag, final int context,
                                     final boolean synchronous) {
        checkActive();
        final ElementType type = Checks.run(array, offset, count, "send");
        final int destinationRank = Checks.destination(destination, size);
        Checks.sendTag(tag);
        final MessageRequest send = new MessageRequest(this, MessageRequest.SEND, synchronous, destinationRank, tag,
            context, array, offset, count, type, null, null);
        final long length;
        if (type == ElementType.OBJECT) {
            send.objectBytes = ObjectCodec.serialize((Object[]) array, offset, count);
            length = send.objectBytes.length;
        } else {
            length = (long) count * type.byteSize();
        }
        send.messageLength = checkLength(length);
        return protocol.send(send);
    }

    private MessageRequest startSend(final Buffer buffer, final ProcessID destination, final int tag,
                                     final int context, final boolean synchronous) {
        checkActive();
        final int destinationRank = checkBufferSend(buffer, destination, tag);
        final int dynamicLength = buffer.dynamicLength();
        return startSend(buffer, destinationRank, tag, context, synchronous,
            Sections.firstSection(buffer.staticSegment()), dynamicLength,
            checkLength((long) buffer.staticLength() + dynamicLength));
    }

    private MessageRequest startSend(final Buffer buffer, final int destinationRank, final int tag, final int context,
                                     final boolean synchronous, final long firstSection, final int dynamicLength,
                                     final int messageLength) {
        final MessageRequest send = new MessageRequest(this, MessageRequest.SEND, synchronous, destinationRank, tag,
            context, null, 0, Sections.count(firstSection), Sections.type(firstSection), buffer, null);
        send.dynamicLength = dynamicLength;
        send.messageLength = messageLength;
        return protocol.send(send);
    }

    /** Checks a buffer send's arguments and returns the destination's rank. */
    private int checkBufferSend(final Buffer buffer, final ProcessID destination, final int tag) {
        Objects.requireNonNull(buffer, "send buffer");
        if (!buffer.isReadable()) {
            throw new IllegalArgumentException("the send buffer is not committed: call commit() before sending it");
        }
        final int destinationRank = Checks.destination(destination, size);
        Checks.sendTag(tag);
        return destinationRank;
    }

    private int checkLength(final long length) {
        if (length > maxMessageLength) {
            throw new DeviceException("a message of " + length + " bytes is longer than the longest " + name
                + " accepts, " + maxMessageLength + " (" + maxMessageLengthSetting + ")");
        }
        return (int) length;
    }

    // ------------------------------------------------------------------------------ receives and probes

    @Override
    public Request irecv(final Object array, final int offset, final int count, final ProcessID source,
                         final int tag, final int context) {
        checkActive();
        final ElementType type = Checks.run(array, offset, count, "receive");
        final int sourceRank = Checks.source(source, size);
        return protocol.receive(new MessageRequest(this, MessageRequest.RECEIVE, false, sourceRank, tag, context,
            array, offset, count, type, null, null));
    }

    @Override
    public Status recv(final Object array, final int offset, final int count, final ProcessID source,
                       final int tag, final int context) {
        return irecv(array, offset, count, source, tag, context).await();
    }

    @Override
    public Request irecv(final ElementSink sink, final ElementType type, final int count, final ProcessID source,
                         final int tag, final int context) {
        checkActive();
        Objects.requireNonNull(sink, "sink");
        Objects.requireNonNull(type, "element type");
        if (count < 0) {
            throw new IllegalArgumentException("receive count must be >= 0 but was " + count);
        }
        final int sourceRank = Checks.source(source, size);
        return protocol.receive(new MessageRequest(this, MessageRequest.RECEIVE, false, sourceRank, tag, context,
            null, 0, count, type, null, sink));
    }

    @Override
    public Request irecv(final Buffer buffer, final ProcessID source, final int tag, final int context) {
        checkActive();
        Objects.requireNonNull(buffer, "receive buffer");
        final int sourceRank = Checks.source(source, size);
        return protocol.receive(new MessageRequest(this, MessageRequest.RECEIVE, false, sourceRank, tag, context,
            null, 0, -1, null, buffer, null));
    }

    /**
     * Reuses the calling thread's previous blocking buffer receive once it is done with
     * ({@link MessageRequest#doneWith()}); a thread whose last one was left pending (its wait
     * unwound) gets a new one.
     */
    @Override
    public Request irecvToWait(final Buffer buffer, final ProcessID source, final int tag, final int context) {
        checkActive();
        Objects.requireNonNull(buffer, "receive buffer");
        final int sourceRank = Checks.source(source, size);
        MessageRequest receive = blockingReceives.get();
        if (receive != null && receive.doneWith()) {
            receive.reuse(sourceRank, tag, context, buffer);
        } else {
            receive = MessageRequest.blockingReceive(this, sourceRank, tag, context, buffer);
            blockingReceives.set(receive);
        }
        return protocol.receive(receive);
    }

    @Override
    public Status recv(final Buffer buffer, final ProcessID source, final int tag, final int context) {
        return irecvToWait(buffer, source, tag, context).await();
    }

    @Override
    public Status probe(final ProcessID source, final int tag, final int context) {
        final Status found = startProbe(source, tag, context).await();
        checkActive();
        return found;
    }

    @Override
    public Request startProbe(final ProcessID source, final int tag, final int context) {
        checkActive();
        final MessageRequest probe = new MessageRequest(this, MessageRequest.PROBE, false,
            Checks.source(source, size), tag, context, null, 0, 0, null, null, null);
        final Arrival message = matcher.post(probe);
        if (message != null) {
            probe.complete(message.status(ids[message.source]), null);
        }
        return probe;
    }

    @Override
    public Status iprobe(final ProcessID source, final int tag, final int context) {
        checkActive();
        poll();
        final Arrival message = matcher.firstMessage(Checks.source(source, size), tag, context);
        return message == null ? null : message.status(ids[message.source]);
    }

    @Override
    public Request peek() {
        checkActive();
        pollingStops();
        final Request completed = completions.next(() -> lifecycle == ACTIVE);
        checkActive();
        return completed;
    }

    @Override
    public int getSendOverhead() {
        return 0;
    }

    @Override
    public int getRecvOverhead() {
        return 0;
    }

    /**
     * Returns the configured spin: a spin shorter than a round trip of the transport never sees
     * an answer, so after any spin that succeeds the budget returns to the whole configured spin.
     */
    @Override
    public long spinProbeNanos() {
        return spinProbeNanos;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[rank=" + rank + " of " + size + ", lifecycle=" + lifecycleName() + "]";
    }

    // ------------------------------------------------------------------------------ called by the machinery

    /**
     * Returns this rank.
     *
     * @return the rank
     */
    public final int rank() {
        return rank;
    }

    /**
     * Returns the number of ranks.
     *
     * @return the size
     */
    public final int size() {
        return size;
    }

    /**
     * Returns the device's name.
     *
     * @return e.g. {@code niodev}
     */
    public final String name() {
        return name;
    }

    final ProcessID processId() {
        return ids[rank];
    }

    /** Returns the rank's spin budget, shared by its waiting threads (a lost update only blurs it). */
    final SpinBudget spinBudget() {
        return spinBudget;
    }

    /**
     * Returns the eager credit between this rank and a peer.
     *
     * @param peer the peer's rank
     * @return its credit
     */
    public final EagerCredit eagerCredit(final int peer) {
        return links[peer].credit();
    }

    /**
     * Returns the statistics of the pool that holds this rank's staged and arrived messages.
     *
     * @return the statistics
     */
    public final PoolStatistics poolStatistics() {
        return pool.statistics();
    }

    /** Counts a completed request and wakes a thread waiting in {@link #peek()}. */
    final void requestCompleted(final MessageRequest request) {
        completions.completed(request);
    }

    /** Wakes a thread waiting in {@link #peek()} to check again. */
    public final void progressMade() {
        completions.wake();
    }

    final boolean cancel(final MessageRequest request) {
        if (request.isComplete() || !matcher.unpost(request)) {
            return false;
        }
        return request.complete(Status.ofCancelled(request.tag, request.context), null);
    }

    /**
     * A peer is gone: fails every request that involves it (and every {@code ANY_SOURCE} receive
     * and probe, if it failed rather than finished) with a {@link DeviceException} naming it.
     *
     * @param peer the peer's rank
     * @param reason what happened, naming the peer
     * @param failure whether the peer failed (rather than finished)
     */
    protected final void peerGone(final int peer, final String reason, final boolean failure) {
        for (final MessageRequest r : matcher.peerGone(peer, reason, failure)) {
            r.complete(null, new DeviceException(r + " failed: " + reason));
        }
        progressMade();
    }

    // ------------------------------------------------------------------------------ argument checks

    /** Throws {@link IllegalStateException} unless the device is initialized and not finished. */
    protected final void checkActive() {
        final int state = lifecycle;
        if (state != ACTIVE) {
            throw new IllegalStateException(name + " device of rank " + rank + " is " + lifecycleName()
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
}
