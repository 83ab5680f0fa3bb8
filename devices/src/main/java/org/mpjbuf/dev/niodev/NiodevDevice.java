package org.mpjbuf.dev.niodev;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import org.mpjbuf.Buffer;
import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.Medium;
import org.mpjbuf.buddy.PoolStatistics;
import org.mpjbuf.dev.Bootstrap;
import org.mpjbuf.dev.HostAddresses;
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
 * One rank of niodev; see {@link Device} for the contract, {@link ProgressEngine} for the threads,
 * {@link Matcher} for matching and ordering, {@link NiodevFrameDescriptor} for the frames and
 * {@link NiodevHandshakeDescriptor} for authentication.
 *
 * <p><b>Protocols.</b> Eager below the protocol switch limit while the peer's eager credit lasts,
 * rendezvous (request to send, ready message, data) above it, beyond the credit and for every
 * synchronous send; see {@link Protocol} and {@link EagerCredit}. Messages to this
 * rank itself take the same paths through the matcher without a socket.
 *
 * <p><b>Start-up.</b> {@code init} listens on the configured address (loopback by default), puts
 * its endpoint into the bootstrap, fences, connects to every lower rank and accepts every higher
 * one; every connection passes the challenge-response of {@link Handshake} before it carries a
 * frame. {@code init} returns when all peers are connected, then stops listening.
 *
 * <p><b>Failures.</b> A peer that closes its connection without finishing, resets it, or sends a
 * malformed frame is gone: its connection is closed, and every request that involved it (and
 * every {@code ANY_SOURCE} receive and probe) fails with a {@link DeviceException} naming it.
 *
 * <p>Thread-safe except {@link #init} and {@link #finish}, which the rank calls once each. The
 * connections are published by the progress thread before it counts them, and {@code init}
 * returns only after it has read that count, so every thread of the rank that uses the device
 * after {@code init} sees them.
 */
final class NiodevDevice implements Device {
    /** The bootstrap key of a rank's listening endpoint, {@code host:port}. */
    static final String ENDPOINT_KEY = "mpjbuf.niodev.endpoint";

    private static final System.Logger LOG = System.getLogger(NiodevDevice.class.getName());
    private static final int NEW = 0;
    private static final int ACTIVE = 1;
    private static final int FINISHED = 2;

    private volatile int lifecycle = NEW;
    private int rank = -1;
    private int size;
    private ProcessID[] ids;
    private ClassLoader classLoader;
    private int eagerLimit;
    private int maxMessageLength;
    private int eagerCreditBytes;
    private SpinBudget spinBudget;
    private long spinProbeNanos;
    private long finishTimeoutMillis;
    private BufferPool pool;
    private Matcher matcher;
    private Protocol protocol;
    private Connection[] connections;
    private ProgressEngine engine;
    private ServerSocketChannel listener;
    private final AtomicInteger connected = new AtomicInteger();
    private final AtomicInteger rejected = new AtomicInteger();
    private volatile String initFailure;
    private volatile Thread initWaiter;

    private final Completions completions = new Completions();

    @Override
    public ProcessID[] init(final DeviceArguments arguments) {
        Objects.requireNonNull(arguments, "arguments");
        if (lifecycle != NEW) {
            throw new IllegalStateException("niodev device of rank " + rank + " is already initialized");
        }
        final Bootstrap bootstrap = arguments.bootstrap();
        if (bootstrap == null && arguments.size() != 1) {
            throw new IllegalArgumentException("niodev needs a Bootstrap in DeviceArguments.bootstrap() to find the "
                + arguments.size() + " ranks of its job; got none");
        }
        rank = arguments.rank();
        size = arguments.size();
        classLoader = arguments.classLoader();
        eagerLimit = (int) NiodevConfiguration.longValue(NiodevConfiguration.EAGER_LIMIT_PROP_NAME, arguments,
            NiodevConfiguration.EAGER_LIMIT);
        maxMessageLength = (int) NiodevConfiguration.longValue(NiodevConfiguration.MAX_MESSAGE_LENGTH_PROP_NAME,
            arguments, NiodevConfiguration.MAX_MESSAGE_LENGTH);
        if (eagerLimit > maxMessageLength) {
            throw new IllegalArgumentException("niodev eager limit " + eagerLimit
                + " is above the longest message " + maxMessageLength);
        }
        eagerCreditBytes = (int) NiodevConfiguration.longValue(NiodevConfiguration.EAGER_CREDIT_BYTES_PROP_NAME,
            arguments, NiodevConfiguration.EAGER_CREDIT_BYTES);
        if (eagerCreditBytes < eagerLimit) {
            throw new IllegalArgumentException("niodev eager credit " + eagerCreditBytes + " ("
                + NiodevConfiguration.EAGER_CREDIT_BYTES_PROP_NAME + ") is below the eager limit " + eagerLimit + " ("
                + NiodevConfiguration.EAGER_LIMIT_PROP_NAME + "): it must hold at least one eager message");
        }
        finishTimeoutMillis = NiodevConfiguration.longValue(NiodevConfiguration.FINISH_TIMEOUT_MILLIS_PROP_NAME,
            arguments, NiodevConfiguration.FINISH_TIMEOUT_MILLIS);
        final int localRanks = bootstrap == null ? 1 : bootstrap.localRanks().length;
        final long spin = NiodevConfiguration.longValue(NiodevConfiguration.IDLE_SPIN_NANOS_PROP_NAME, arguments,
            NiodevConfiguration.IDLE_SPIN_NANOS);
        spinProbeNanos = spin;
        spinBudget = new SpinBudget(localRanks > Runtime.getRuntime().availableProcessors() ? Math.min(spin, 1_000L)
            : spin, spinProbeNanos);
        ids = new ProcessID[size];
        for (int r = 0; r < size; r++) {
            ids[r] = ProcessID.of(r);
        }
        matcher = new Matcher(ids);
        connections = new Connection[size];
        pool = BufferPool.builder().medium(Medium.DIRECT).build();
        protocol = new Protocol(rank, ids, classLoader, eagerLimit, pool, matcher, connections);
        if (size > 1) {
            try {
                connectAll(arguments, bootstrap);
            } catch (final IOException | RuntimeException ex) {
                shutDown("init failed");
                if (ex instanceof DeviceException || ex instanceof IllegalArgumentException) {
                    throw (RuntimeException) ex;
                }
                throw new DeviceException("niodev rank " + rank + " could not join its job of " + size + ": " + ex, ex);
            }
        }
        lifecycle = ACTIVE;
        return ids.clone();
    }

    private void connectAll(final DeviceArguments arguments, final Bootstrap bootstrap) throws IOException {
        final String bind = NiodevConfiguration.stringValue(NiodevConfiguration.BIND_ADDRESS_PROP_NAME, arguments,
            NiodevConfiguration.BIND_ADDRESS);
        final InetAddress address = HostAddresses.choose(bind, bootstrap.localRanks().length == size,
            NiodevConfiguration.BIND_ADDRESS_PROP_NAME);
        final Selector selector = Selector.open();
        listener = ServerSocketChannel.open();
        listener.bind(new InetSocketAddress(address, 0), size);
        final long handshakeMillis = NiodevConfiguration.longValue(
            NiodevConfiguration.HANDSHAKE_TIMEOUT_MILLIS_PROP_NAME, arguments,
            NiodevConfiguration.HANDSHAKE_TIMEOUT_MILLIS);
        final byte[] secret = bootstrap.jobSecret();
        engine = new ProgressEngine(this, selector, listener, Handshake.key(secret), handshakeMillis);
        Arrays.fill(secret, (byte) 0);
        final InetSocketAddress bound = (InetSocketAddress) listener.getLocalAddress();
        bootstrap.put(ENDPOINT_KEY, bound.getAddress().getHostAddress() + ":" + bound.getPort());
        initWaiter = Thread.currentThread();
        engine.start();
        bootstrap.fence();
        for (int peer = 0; peer < rank; peer++) {
            engine.connect(peer, endpoint(bootstrap, peer));
        }
        final long timeoutMillis = NiodevConfiguration.longValue(
            NiodevConfiguration.CONNECT_TIMEOUT_MILLIS_PROP_NAME, arguments, NiodevConfiguration.CONNECT_TIMEOUT_MILLIS);
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (connected.get() < size - 1 && initFailure == null) {
            if (System.nanoTime() - deadline > 0) {
                final StringBuilder missing = new StringBuilder();
                for (int peer = 0; peer < size; peer++) {
                    if (peer != rank && connections[peer] == null) {
                        missing.append(missing.isEmpty() ? "" : ", ").append(peer);
                    }
                }
                throw new DeviceException("niodev rank " + rank + " was not connected to rank(s) " + missing
                    + " within " + timeoutMillis + " ms (" + NiodevConfiguration.CONNECT_TIMEOUT_MILLIS_PROP_NAME + ")");
            }
            LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(5));
        }
        initWaiter = null;
        if (initFailure != null) {
            throw new DeviceException(initFailure);
        }
        final ServerSocketChannel closing = listener;
        engine.execute(() -> ProgressEngine.closeQuietly(closing));
    }

    private InetSocketAddress endpoint(final Bootstrap bootstrap, final int peer) {
        final String value = bootstrap.get(peer, ENDPOINT_KEY);
        final int colon = value.lastIndexOf(':');
        try {
            return new InetSocketAddress(InetAddress.getByName(value.substring(0, colon)),
                Integer.parseInt(value.substring(colon + 1)));
        } catch (final IOException | RuntimeException ex) {
            throw new DeviceException("rank " + peer + " published the niodev endpoint '" + value
                + "', which is not host:port: " + ex, ex);
        }
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
        for (final NiodevRequest r : closing.cancelled) {
            r.complete(Status.ofCancelled(r.tag, r.context), null);
        }
        for (final NiodevRequest r : closing.failed) {
            r.complete(null, new DeviceException(r + " did not complete: " + reason));
        }
        for (final Arrival a : closing.dropped) {
            protocol.release(a);
            if (a.selfSend != null) {
                a.selfSend.complete(null, new DeviceException(reason + " without receiving " + a.selfSend));
            }
        }
        if (engine != null) {
            sayGoodbye();
        }
        shutDown(reason);
        completions.wake();
    }

    /** Tells every peer this rank finishes and waits, within the finish timeout, until each knows. */
    private void sayGoodbye() {
        for (final Connection c : connections) {
            if (c != null && c.isOpen() && !c.byeReceived) {
                try {
                    c.send(NiodevFrameDescriptor.BYE, (byte) 0, 0, 0, 0, 0, null, 0, 0, 0, 0, 0);
                } catch (final DeviceException closed) {
                    // a peer that went away needs no goodbye
                }
            }
        }
        pollingStops();
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(finishTimeoutMillis);
        for (final Connection c : connections) {
            while (c != null && c.isOpen() && !c.byeReceived && !c.byeAcknowledged
                && System.nanoTime() - deadline < 0) {
                LockSupport.parkNanos(this, TimeUnit.MICROSECONDS.toNanos(200));
            }
        }
    }

    private void shutDown(final String reason) {
        if (engine != null) {
            engine.stop();
            for (final Connection c : connections) {
                if (c != null) {
                    c.close(reason);
                }
            }
            ProgressEngine.closeQuietly(listener);
            try {
                engine.selector().close();
            } catch (final IOException ignored) {
                // the selector is of no further use
            }
        }
        try {
            pool.close();
        } catch (final RuntimeException leaked) {
            LOG.log(System.Logger.Level.DEBUG, "niodev rank " + rank + " closed its pool: " + leaked);
        }
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

    private NiodevRequest startSend(final Object array, final int offset, final int count,
                                    final ProcessID destination, final int tag, final int context,
                                    final boolean synchronous) {
        checkActive();
        final ElementType type = Checks.run(array, offset, count, "send");
        final int destinationRank = Checks.destination(destination, size);
        Checks.sendTag(tag);
        final NiodevRequest send = new NiodevRequest(this, NiodevRequest.SEND, synchronous, destinationRank, tag,
            context, array, offset, count, type, null, null);
        final long length;
        if (type == ElementType.OBJECT) {
            send.objectBytes = ObjectCodec.serialize((Object[]) array, offset, count);
            length = send.objectBytes.length;
        } else {
            length = (long) count * type.byteSize();
        }
        send.messageLength = checkLength(length);
        return protocol.send(send, (byte) 0);
    }

    private NiodevRequest startSend(final Buffer buffer, final ProcessID destination, final int tag,
                                    final int context, final boolean synchronous) {
        checkActive();
        Objects.requireNonNull(buffer, "send buffer");
        if (!buffer.isReadable()) {
            throw new IllegalArgumentException("the send buffer is not committed: call commit() before sending it");
        }
        final int destinationRank = Checks.destination(destination, size);
        Checks.sendTag(tag);
        final long first = Sections.firstSection(buffer.staticSegment());
        final NiodevRequest send = new NiodevRequest(this, NiodevRequest.SEND, synchronous, destinationRank, tag,
            context, null, 0, Sections.count(first), Sections.type(first), buffer, null);
        send.dynamicLength = buffer.dynamicLength();
        send.messageLength = checkLength((long) buffer.staticLength() + send.dynamicLength);
        return protocol.send(send, NiodevFrameDescriptor.FLAG_BUFFER);
    }

    private int checkLength(final long length) {
        if (length > maxMessageLength) {
            throw new DeviceException("a message of " + length + " bytes is longer than the longest niodev accepts, "
                + maxMessageLength + " (" + NiodevConfiguration.MAX_MESSAGE_LENGTH_PROP_NAME + ")");
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
        return protocol.receive(new NiodevRequest(this, NiodevRequest.RECEIVE, false, sourceRank, tag, context, array,
            offset, count, type, null, null));
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
        return protocol.receive(new NiodevRequest(this, NiodevRequest.RECEIVE, false, sourceRank, tag, context, null, 0,
            count, type, null, sink));
    }

    @Override
    public Request irecv(final Buffer buffer, final ProcessID source, final int tag, final int context) {
        checkActive();
        Objects.requireNonNull(buffer, "receive buffer");
        final int sourceRank = Checks.source(source, size);
        return protocol.receive(new NiodevRequest(this, NiodevRequest.RECEIVE, false, sourceRank, tag, context, null, 0,
            -1, null, buffer, null));
    }

    @Override
    public Status recv(final Buffer buffer, final ProcessID source, final int tag, final int context) {
        return irecv(buffer, source, tag, context).await();
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
        final NiodevRequest probe = new NiodevRequest(this, NiodevRequest.PROBE, false, Checks.source(source, size), tag,
            context, null, 0, 0, null, null, null);
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

    @Override
    public String toString() {
        return "NiodevDevice[rank=" + rank + " of " + size + ", lifecycle=" + lifecycleName() + "]";
    }

    // ------------------------------------------------------------------------------ called by the machinery

    int rank() {
        return rank;
    }

    int size() {
        return size;
    }

    ProcessID processId() {
        return ids[rank];
    }

    @Override
    public void poll() {
        if (lifecycle == ACTIVE && engine != null) {
            engine.poll();
        }
    }

    /**
     * Returns the configured spin ({@link NiodevConfiguration#IDLE_SPIN_NANOS_PROP_NAME}): a
     * spin shorter than a loopback round trip (13-15 us here) never sees an answer, so after any
     * spin that succeeds the budget returns to the whole configured spin.
     */
    @Override
    public long spinProbeNanos() {
        return spinProbeNanos;
    }

    @Override
    public void pollingStops() {
        final ProgressEngine driver = engine;
        if (driver != null) {
            driver.pollingStops();
        }
    }

    /** Returns the rank's spin budget, shared by its waiting threads (a lost update only blurs it). */
    SpinBudget spinBudget() {
        return spinBudget;
    }

    /** Returns the eager credit between this rank and a peer. */
    EagerCredit eagerCredit(final int peer) {
        return connections[peer].credit;
    }

    /** Returns the statistics of the pool that holds this rank's staged and arrived messages. */
    PoolStatistics poolStatistics() {
        return pool.statistics();
    }

    /** Returns how many connections this rank refused (failed handshakes). */
    int rejectedConnections() {
        return rejected.get();
    }

    /** Counts a completed request and wakes a thread waiting in {@link #peek()}. */
    void requestCompleted(final NiodevRequest request) {
        completions.completed(request);
    }

    /** Wakes a thread waiting in {@link #peek()} to check again. */
    void progressMade() {
        completions.wake();
    }

    boolean cancel(final NiodevRequest request) {
        if (request.isComplete() || !matcher.unpost(request)) {
            return false;
        }
        return request.complete(Status.ofCancelled(request.tag, request.context), null);
    }

    /** A connection passed its handshake; returns why it is refused, or {@code null} once it is a peer. */
    String authenticated(final int peer, final SocketChannel channel, final SelectionKey key) {
        if (lifecycle == FINISHED || connections[peer] != null) {
            return "rank " + peer + " is connected already";
        }
        final Connection connection = new Connection(this, protocol, peer, channel, key, eagerLimit, maxMessageLength,
            eagerCreditBytes);
        connections[peer] = connection;
        key.attach(connection);
        key.interestOps(SelectionKey.OP_READ);
        connected.incrementAndGet();
        wakeInit();
        return null;
    }

    void connectFailed(final int peer, final String reason) {
        if (lifecycle == NEW) {
            initFailure = reason;
            wakeInit();
        }
    }

    void rejected(final String reason) {
        rejected.incrementAndGet();
    }

    private void wakeInit() {
        final Thread waiting = initWaiter;
        if (waiting != null) {
            LockSupport.unpark(waiting);
        }
    }

    /** The peer finished: fail what waits for it, and acknowledge. */
    void peerFinished(final Connection connection) {
        connection.byeReceived = true;
        final String reason = "rank " + connection.rank + " has finished";
        failAll(matcher.peerGone(connection.rank, reason, false), reason);
        if (lifecycle == ACTIVE) {
            try {
                connection.send(NiodevFrameDescriptor.BYE_ACK, (byte) 0, 0, 0, 0, 0, null, 0, 0, 0, 0, 0);
            } catch (final DeviceException closed) {
                // the peer is gone already; nothing waits for the acknowledgement
            }
        }
        progressMade();
    }

    /** The peer closed its end: after its goodbye that is the end, before it a failure. */
    void connectionClosed(final Connection connection, final String reason) {
        if (connection.byeReceived || lifecycle != ACTIVE) {
            connection.close("rank " + connection.rank + " finished");
        } else {
            connectionFailed(connection, reason);
        }
    }

    /** The connection to a peer failed: close it and fail every request that involved the peer. */
    void connectionFailed(final Connection connection, final String reason) {
        if (!connection.close(reason) || lifecycle != ACTIVE) {
            return;
        }
        LOG.log(System.Logger.Level.WARNING, "niodev rank " + rank + ": " + reason);
        failAll(matcher.peerGone(connection.rank, reason, true), reason);
        progressMade();
    }

    /** The progress thread died: nothing progresses any more, so fail everything that waits. */
    void progressFailed(final String reason) {
        for (final Connection c : connections) {
            if (c != null) {
                connectionFailed(c, reason);
            }
        }
        if (lifecycle == NEW) {
            initFailure = reason;
            wakeInit();
        }
    }

    private static void failAll(final List<NiodevRequest> doomed, final String reason) {
        for (final NiodevRequest r : doomed) {
            r.complete(null, new DeviceException(r + " failed: " + reason));
        }
    }

    // ------------------------------------------------------------------------------ argument checks

    private void checkActive() {
        final int state = lifecycle;
        if (state != ACTIVE) {
            throw new IllegalStateException("niodev device of rank " + rank + " is " + lifecycleName()
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
