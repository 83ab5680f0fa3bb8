package org.mpjbuf.dev.niodev;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.Medium;
import org.mpjbuf.dev.Bootstrap;
import org.mpjbuf.dev.HostAddresses;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceArguments;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.SpinBudget;
import org.mpjbuf.dev.protocol.EagerCredit;
import org.mpjbuf.dev.protocol.FrameDescriptor;
import org.mpjbuf.dev.protocol.MessageDevice;
import org.mpjbuf.dev.protocol.Protocol;

/**
 * One rank of niodev; see {@link Device} for the contract, {@link ProgressEngine} for the threads,
 * {@link MessageDevice} for the requests, matching and ordering, {@link FrameDescriptor} for the frames and
 * {@link NiodevHandshakeDescriptor} for authentication.
 *
 * <p><b>Protocols.</b> Eager below the protocol switch limit while the peer's eager credit lasts,
 * rendezvous (request to send, ready message, data) above it, beyond the credit and for every
 * synchronous send; see {@link Protocol} and {@link EagerCredit}. Messages to this
 * rank itself take the same paths through the matcher without a socket.
 *
 * <p><b>Copies while the message lands.</b> A buffer message whose receive is posted is read
 * straight into the receive's buffer, which is told after every read what has landed
 * ({@link org.mpjbuf.Buffer#landed}): if the receive named an array for the elements
 * ({@link org.mpjbuf.Buffer#receiveInto}), those in are copied there while the rest is still on
 * the wire, and only the last read's are copied after it (benchmarks README, "Large messages
 * copied out as they land").
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
final class NiodevDevice extends MessageDevice {
    /** The bootstrap key of a rank's listening endpoint, {@code host:port}. */
    static final String ENDPOINT_KEY = "mpjbuf.niodev.endpoint";

    private static final System.Logger LOG = System.getLogger(NiodevDevice.class.getName());

    private int eagerLimit;
    private int maxMessageLength;
    private int eagerCreditBytes;
    /** The most bytes asked of one write call, {@link Integer#MAX_VALUE} for no limit. */
    private int writeCallLimit;
    /** Whether large array runs move through each connection's {@link SocketDescriptor}. */
    private boolean zeroCopy;
    /** The congestion control algorithm each connection gets, {@code null} for the kernel's default. */
    private String congestionControl;
    /** Whether a connection kept the kernel's congestion control against the setting (warned once). */
    private final AtomicBoolean congestionControlRefused = new AtomicBoolean();
    private long finishTimeoutMillis;
    private Connection[] connections;
    private ProgressEngine engine;
    private ServerSocketChannel listener;
    private final AtomicInteger connected = new AtomicInteger();
    private final AtomicInteger rejected = new AtomicInteger();
    private volatile String initFailure;
    private volatile Thread initWaiter;

    NiodevDevice() {
        super("niodev");
    }

    @Override
    public ProcessID[] init(final DeviceArguments arguments) {
        final Bootstrap bootstrap = beginInit(arguments);
        final int rank = arguments.rank();
        final int size = arguments.size();
        eagerLimit = (int) NiodevConfiguration.longValue(NiodevConfiguration.EAGER_LIMIT_PROP_NAME, arguments,
            NiodevConfiguration.EAGER_LIMIT);
        maxMessageLength = (int) NiodevConfiguration.longValue(NiodevConfiguration.MAX_MESSAGE_LENGTH_PROP_NAME,
            arguments, NiodevConfiguration.MAX_MESSAGE_LENGTH);
        eagerCreditBytes = (int) NiodevConfiguration.longValue(NiodevConfiguration.EAGER_CREDIT_BYTES_PROP_NAME,
            arguments, NiodevConfiguration.EAGER_CREDIT_BYTES);
        checkEagerSettings(eagerLimit, NiodevConfiguration.EAGER_LIMIT_PROP_NAME, maxMessageLength, eagerCreditBytes,
            NiodevConfiguration.EAGER_CREDIT_BYTES_PROP_NAME);
        final int configuredCallLimit = (int) NiodevConfiguration.longValue(
            NiodevConfiguration.WRITE_CALL_LIMIT_PROP_NAME, arguments, NiodevConfiguration.WRITE_CALL_LIMIT);
        writeCallLimit = configuredCallLimit == 0 ? Integer.MAX_VALUE : configuredCallLimit;
        zeroCopy = NiodevConfiguration.booleanValue(NiodevConfiguration.ZERO_COPY_PROP_NAME, arguments,
            NiodevConfiguration.ZERO_COPY);
        final String algorithm = NiodevConfiguration.stringValue(NiodevConfiguration.CONGESTION_CONTROL_PROP_NAME,
            arguments, NiodevConfiguration.CONGESTION_CONTROL);
        congestionControl = algorithm.equals(NiodevConfiguration.SYSTEM_CONGESTION_CONTROL) ? null : algorithm;
        if (congestionControl != null && !SocketDescriptor.isAlgorithmName(congestionControl)) {
            throw new IllegalArgumentException(NiodevConfiguration.CONGESTION_CONTROL_PROP_NAME + " = '" + algorithm
                + "' (expected " + NiodevConfiguration.SYSTEM_CONGESTION_CONTROL
                + " or the name of a TCP congestion control algorithm: 1 to 15 letters, digits or '_')");
        }
        finishTimeoutMillis = NiodevConfiguration.longValue(NiodevConfiguration.FINISH_TIMEOUT_MILLIS_PROP_NAME,
            arguments, NiodevConfiguration.FINISH_TIMEOUT_MILLIS);
        final int localRanks = bootstrap == null ? 1 : bootstrap.localRanks().length;
        final long spin = NiodevConfiguration.longValue(NiodevConfiguration.IDLE_SPIN_NANOS_PROP_NAME, arguments,
            NiodevConfiguration.IDLE_SPIN_NANOS);
        setUp(rank, size, arguments.classLoader(), eagerLimit, maxMessageLength,
            NiodevConfiguration.MAX_MESSAGE_LENGTH_PROP_NAME, SpinBudget.forProcessDevice(spin, localRanks), spin,
            BufferPool.builder().medium(Medium.DIRECT).build());
        connections = new Connection[size];
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
        return activate();
    }

    private void connectAll(final DeviceArguments arguments, final Bootstrap bootstrap) throws IOException {
        final String bind = NiodevConfiguration.stringValue(NiodevConfiguration.BIND_ADDRESS_PROP_NAME, arguments,
            NiodevConfiguration.BIND_ADDRESS);
        final InetAddress address = HostAddresses.choose(bind, bootstrap.localRanks().length == size(),
            NiodevConfiguration.BIND_ADDRESS_PROP_NAME);
        final Selector selector = Selector.open();
        listener = ServerSocketChannel.open();
        listener.bind(new InetSocketAddress(address, 0), size());
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
        for (int peer = 0; peer < rank(); peer++) {
            engine.connect(peer, endpoint(bootstrap, peer));
        }
        final long timeoutMillis = NiodevConfiguration.longValue(
            NiodevConfiguration.CONNECT_TIMEOUT_MILLIS_PROP_NAME, arguments, NiodevConfiguration.CONNECT_TIMEOUT_MILLIS);
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (connected.get() < size() - 1 && initFailure == null) {
            if (System.nanoTime() - deadline > 0) {
                final StringBuilder missing = new StringBuilder();
                for (int peer = 0; peer < size(); peer++) {
                    if (peer != rank() && connections[peer] == null) {
                        missing.append(missing.isEmpty() ? "" : ", ").append(peer);
                    }
                }
                throw new DeviceException("niodev rank " + rank() + " was not connected to rank(s) " + missing
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
        final Connection[] peers = new Connection[size() - 1];
        for (int peer = 0, i = 0; peer < size(); peer++) {
            if (peer != rank()) {
                peers[i++] = connections[peer];
            }
        }
        engine.allConnected(peers);
    }

    private InetSocketAddress endpoint(final Bootstrap bootstrap, final int peer) {
        final String value = bootstrap.get(peer, ENDPOINT_KEY);
        final int colon = value.lastIndexOf(':');
        try {
            return new InetSocketAddress(InetAddress.getByName(value.substring(0, colon)),
                Integer.parseInt(value.substring(colon + 1)));
        } catch (final IOException | RuntimeException ex) {
            throw new DeviceException("rank() " + peer + " published the niodev endpoint '" + value
                + "', which is not host:port: " + ex, ex);
        }
    }

    @Override
    protected void leave(final String reason) {
        if (engine != null) {
            sayGoodbye();
        }
        shutDown(reason);
    }

    /** Tells every peer this rank finishes and waits, within the finish timeout, until each knows. */
    private void sayGoodbye() {
        for (final Connection c : connections) {
            if (c != null && c.isOpen() && !c.byeReceived) {
                try {
                    c.send(FrameDescriptor.BYE, (byte) 0, 0, 0, 0, 0, null, 0, 0, 0, 0, 0);
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
                    c.closeDescriptor();
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
            pool().close();
        } catch (final RuntimeException leaked) {
            LOG.log(System.Logger.Level.DEBUG, "niodev rank " + rank() + " closed its pool: " + leaked);
        }
    }

    @Override
    public void poll() {
        if (isActive() && engine != null) {
            engine.poll();
        }
    }

    @Override
    public void pollingStops() {
        final ProgressEngine driver = engine;
        if (driver != null) {
            driver.pollingStops();
        }
    }

    /** Returns the connection to {@code peer}, {@code null} until it is made. */
    Connection connection(final int peer) {
        return connections[peer];
    }

    /** Returns how many connections this rank refused (failed handshakes). */
    int rejectedConnections() {
        return rejected.get();
    }

    /** A connection passed its handshake; returns why it is refused, or {@code null} once it is a peer. */
    String authenticated(final int peer, final SocketChannel channel, final SelectionKey key) {
        if (isFinished() || connections[peer] != null) {
            return "rank " + peer + " is connected already";
        }
        final Connection connection = new Connection(this, protocol(), peer, channel, descriptor(channel, peer), key,
            eagerLimit, maxMessageLength, eagerCreditBytes, writeCallLimit);
        connections[peer] = connection;
        links()[peer] = connection;
        key.attach(connection);
        key.interestOps(SelectionKey.OP_READ);
        connected.incrementAndGet();
        wakeInit();
        return null;
    }

    /**
     * Gives an authenticated connection's socket its congestion control algorithm, and returns a
     * second descriptor of it, through which large array runs move with no copy, or {@code null}
     * when zero copy is off or the descriptor is not found (then those runs are staged in pooled
     * memory, as every other message).
     */
    private SocketDescriptor descriptor(final SocketChannel channel, final int peer) {
        if (!zeroCopy && congestionControl == null) {
            return null;
        }
        final SocketDescriptor found;
        try {
            found = SocketDescriptor.of(channel);
        } catch (final IOException | RuntimeException ex) {
            LOG.log(System.Logger.Level.INFO, "niodev rank " + rank() + " stages large messages to rank " + peer
                + " in pooled memory and keeps the kernel's congestion control: " + ex.getMessage());
            return null;
        }
        if (congestionControl != null) {
            try {
                found.congestionControl(congestionControl);
            } catch (final IOException | IllegalArgumentException ex) {
                if (congestionControlRefused.compareAndSet(false, true)) {
                    LOG.log(System.Logger.Level.WARNING, "niodev rank " + rank() + " keeps the kernel's congestion"
                        + " control (" + NiodevConfiguration.CONGESTION_CONTROL_PROP_NAME + "): " + ex.getMessage());
                }
            }
        }
        if (zeroCopy) {
            return found;
        }
        found.close();
        return null;
    }

    /**
     * Large array runs move with no copy: from the eager limit on, where messages go by
     * rendezvous, unless {@link NiodevConfiguration#ZERO_COPY_PROP_NAME} is off.
     */
    @Override
    public long directRunLength() {
        return zeroCopy ? eagerLimit + 1L : Long.MAX_VALUE;
    }

    void connectFailed(final int peer, final String reason) {
        if (isInitializing()) {
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
        peerGone(connection.rank, reason, false);
        if (isActive()) {
            try {
                connection.send(FrameDescriptor.BYE_ACK, (byte) 0, 0, 0, 0, 0, null, 0, 0, 0, 0, 0);
            } catch (final DeviceException closed) {
                // the peer is gone already; nothing waits for the acknowledgement
            }
        }
    }

    /** The peer closed its end: after its goodbye that is the end, before it a failure. */
    void connectionClosed(final Connection connection, final String reason) {
        if (connection.byeReceived || !isActive()) {
            connection.close("rank " + connection.rank + " finished");
        } else {
            connectionFailed(connection, reason);
        }
    }

    /** The connection to a peer failed: close it and fail every request that involved the peer. */
    void connectionFailed(final Connection connection, final String reason) {
        if (!connection.close(reason) || !isActive()) {
            return;
        }
        LOG.log(System.Logger.Level.WARNING, "niodev rank " + rank() + ": " + reason);
        peerGone(connection.rank, reason, true);
    }

    /** The progress thread died: nothing progresses any more, so fail everything that waits. */
    void progressFailed(final String reason) {
        for (final Connection c : connections) {
            if (c != null) {
                connectionFailed(c, reason);
            }
        }
        if (isInitializing()) {
            initFailure = reason;
            wakeInit();
        }
    }
}
