package org.mpjbuf.dev.niodev;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;

import jdk.net.ExtendedSocketOptions;
import java.nio.channels.Channel;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.security.SecureRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

import javax.crypto.spec.SecretKeySpec;

import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.protocol.StandAside;

/**
 * The progress of one niodev device: one selector over the listening socket, the connections
 * being authenticated and the authenticated connections, driven by a progress thread of its own
 * or, while they wait, by the rank's waiting threads.
 *
 * <h2>Design note</h2>
 * Sends start in the sending thread; reads run on whichever thread holds the right to drive the
 * selector (the {@code driving} lock), one thread at a time:
 * <ol>
 *   <li>A sending thread writes its frame itself when nothing is queued before it on that
 *       connection (the common case: one system call, no hand-off); only what the socket does
 *       not take is queued, for the driving thread to finish when the socket is writable.</li>
 *   <li>A thread that spins while it waits for a request {@linkplain #poll() polls}: it takes
 *       the lock if it is free, selects without blocking, and reads, matches and delivers what
 *       has arrived on every connection, so its own completion happens on its own core with no
 *       wake-up at all, and traffic of peers it does not wait for (a request to send, a
 *       rendezvous answer) is served as well. With at most {@link #DIRECT_READ_PEERS} peers it
 *       reads their sockets itself instead, one system call per peer and none to ask which are
 *       ready, and selects only on every {@link #POLLS_PER_SELECT}th poll, when a task waits, or
 *       while a connection has frames queued for the socket to take.</li>
 *   <li>The progress thread selects, blocking, only while nobody polls: it stands aside while
 *       waiting threads poll ({@link StandAside}: it takes over 1 ms after the last poll, or up
 *       to 16 ms after it when the waiters polled for long; a poller that finds it blocked in the
 *       selector wakes it once, and yields its processor until it has left the selector), and
 *       takes over at once when a waiter stops spinning to park ({@link #pollingStops()}). So a
 *       rank whose threads compute, or wait parked, still answers every peer, and one whose
 *       threads spin costs no thread switch per message.</li>
 * </ol>
 * One driver at a time keeps the frame order of each connection without a lock per connection.
 * The queues between user threads and the driver are a lock per connection (writes) and the
 * matcher's lock; no JCTools queue is needed because sends do not go through another thread
 * unless the socket is full.
 *
 * <p><b>Measured</b> (benchmarks README, "Ranks as processes: niodev against Open MPI's TCP
 * transport"): with the progress thread alone every message cost two wake-ups (the progress
 * thread, then the waiter), 12-18 us for a 1 B half round trip on this 2-core machine; with
 * polling waiters that select it was 6.7-8.3 us, beside Open MPI's 5.5-6.2 us in the same
 * sitting; with waiters that read their one peer's socket directly, 5.3-6.4 us in the best of
 * three rounds from 1 B to 1 KiB, beside Open MPI's 5.4-5.7 us ("Reading the sockets without
 * selecting").
 *
 * <p>Handshakes: a connection accepted or made is not a peer until it has passed the
 * challenge-response of {@link Handshake}; one that fails, sends garbage, or stays silent past the
 * handshake timeout is closed and logged, and nothing else happens.
 *
 * <p>Thread-safe: {@link #connect}, {@link #execute}, {@link #poll}, {@link #pollingStops} and
 * {@link #stop} may be called from any thread; everything else runs under the driving lock.
 */
final class ProgressEngine implements Runnable {
    private static final System.Logger LOG = System.getLogger(ProgressEngine.class.getName());
    private static final long SELECT_MILLIS = 100;
    /**
     * The most peers whose sockets a polling waiter reads itself: a read that finds nothing costs
     * about what a selection does, and a selection also tells which of many peers to read.
     */
    static final int DIRECT_READ_PEERS = 2;
    /** Polls that read the peers' sockets directly between two selections. */
    static final int POLLS_PER_SELECT = 64;

    private final NiodevDevice device;
    private final Selector selector;
    private final ServerSocketChannel listener;
    private final SecretKeySpec key;
    private final SecureRandom random = new SecureRandom();
    private final long handshakeTimeoutNanos;
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final Thread thread;
    private volatile boolean running = true;
    private long nextExpiryCheck;
    /** Handles one ready key; one instance, so that a poll allocates nothing. */
    private final Consumer<SelectionKey> dispatcher = this::dispatch;
    /** Held by the thread that drives the selector: the progress thread or a polling waiter. */
    private final ReentrantLock driving = new ReentrantLock();
    /** When the progress thread takes over from polling waiters. */
    private final StandAside standAside = new StandAside();
    /** Whether the progress thread is blocked in the selector. */
    private volatile boolean selecting;
    /** Whether a poller has woken the selector since the progress thread last blocked in it. */
    private volatile boolean wakeRequested;
    /** The connections a polling waiter reads directly, or none; under the driving lock. */
    private Connection[] directReads = new Connection[0];
    /** Direct polls left before the next selection; under the driving lock. */
    private int pollsUntilSelect;

    ProgressEngine(final NiodevDevice device, final Selector selector, final ServerSocketChannel listener,
                   final SecretKeySpec key, final long handshakeTimeoutMillis) throws IOException {
        this.device = device;
        this.selector = selector;
        this.listener = listener;
        this.key = key;
        this.handshakeTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(handshakeTimeoutMillis);
        listener.configureBlocking(false);
        listener.register(selector, SelectionKey.OP_ACCEPT);
        this.thread = new Thread(this, "niodev-progress-rank-" + device.rank());
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    Selector selector() {
        return selector;
    }

    /** Connects to a lower rank and authenticates; the progress thread does the work. */
    void connect(final int rank, final InetSocketAddress address) {
        tasks.add(() -> {
            SocketChannel channel = null;
            try {
                channel = SocketChannel.open();
                configure(channel);
                final Pending pending = new Pending(channel,
                    Handshake.client(device.rank(), rank, device.size(), key, random), rank);
                if (channel.connect(address)) {
                    pending.key = channel.register(selector, SelectionKey.OP_WRITE, pending);
                } else {
                    pending.key = channel.register(selector, SelectionKey.OP_CONNECT, pending);
                }
            } catch (final IOException ex) {
                closeQuietly(channel);
                device.connectFailed(rank, "cannot connect to rank " + rank + " at " + address + ": " + ex);
            }
        });
        selector.wakeup();
    }

    /**
     * Every peer is connected: with few enough of them, polling waiters read their sockets
     * directly from now on.
     *
     * @param peers the connections to every peer, an array the engine keeps
     */
    void allConnected(final Connection[] peers) {
        if (peers.length <= DIRECT_READ_PEERS) {
            execute(() -> directReads = peers);
        }
    }

    /** Runs a task on the progress thread. */
    void execute(final Runnable task) {
        tasks.add(task);
        selector.wakeup();
    }

    /**
     * Drives progress on a waiting thread for a moment: selects without blocking and handles what
     * is ready, unless another thread drives already; keeps the progress thread aside.
     */
    void poll() {
        standAside.polled();
        if (!driving.tryLock()) {
            if (selecting) {
                if (!wakeRequested) {
                    wakeRequested = true;
                    selector.wakeup();
                }
                // The woken progress thread holds the lock until it leaves the selector, and needs a
                // processor to do so; with every core spinning a rank, it waited for the scheduler.
                // An 8 MiB exchange after 10 ms of computing took 3.2-4.1 ms without this yield and
                // 2.8-3.4 ms with it (benchmarks README, "A waiter yields to the progress thread it woke").
                Thread.yield();
            }
            return;
        }
        try {
            if (running) {
                if (readDirectly()) {
                    for (final Connection peer : directReads) {
                        peer.read();
                    }
                } else {
                    pollsUntilSelect = POLLS_PER_SELECT;
                    drive(0);
                }
            }
        } catch (final ClosedSelectorException finished) {
            // the device finished meanwhile: nothing is left to drive
        } catch (final IOException | RuntimeException ex) {
            failed(ex);
        } finally {
            driving.unlock();
        }
    }

    /** Tells whether this poll reads the peers' sockets itself rather than selecting; under the driving lock. */
    private boolean readDirectly() {
        if (directReads.length == 0 || --pollsUntilSelect <= 0 || !tasks.isEmpty()) {
            return false;
        }
        for (final Connection peer : directReads) {
            if (peer.hasQueuedFrames()) {
                return false;
            }
        }
        return true;
    }

    /** A waiting thread stops polling: the progress thread takes over at once. */
    void pollingStops() {
        standAside.pollingStops();
        LockSupport.unpark(thread);
    }

    /** Stops the thread and waits for it (unless called on it). */
    void stop() {
        running = false;
        selector.wakeup();
        LockSupport.unpark(thread);
        if (Thread.currentThread() != thread) {
            try {
                thread.join(TimeUnit.SECONDS.toMillis(10));
            } catch (final InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public void run() {
        try {
            while (running) {
                if (!standAside.awaitTurn(this)) {
                    continue;
                }
                driving.lock();
                try {
                    if (running) {
                        drive(SELECT_MILLIS);
                    }
                } finally {
                    driving.unlock();
                }
            }
        } catch (final IOException | RuntimeException | Error ex) {
            failed(ex);
        }
    }

    /**
     * Runs queued tasks, selects (blocking up to {@code timeoutMillis}, or not at all for 0) and
     * handles every ready key; under the driving lock.
     */
    private void drive(final long timeoutMillis) throws IOException {
        for (Runnable task = tasks.poll(); task != null; task = tasks.poll()) {
            task.run();
        }
        if (timeoutMillis == 0) {
            selector.selectNow(dispatcher);
        } else {
            selecting = true;
            try {
                selector.select(dispatcher, timeoutMillis);
            } finally {
                selecting = false;
                wakeRequested = false;
            }
        }
        expireHandshakes();
    }

    private void failed(final Throwable ex) {
        if (running) {
            LOG.log(System.Logger.Level.ERROR, "niodev progress of rank " + device.rank() + " failed", ex);
            device.progressFailed("the niodev progress of rank " + device.rank() + " failed: " + ex);
        }
    }

    private void dispatch(final SelectionKey ready) {
        if (!ready.isValid()) {
            return;
        }
        final Object attachment = ready.attachment();
        if (attachment instanceof Connection connection) {
            if (ready.isReadable()) {
                connection.read();
            }
            try {
                if (ready.isValid() && ready.isWritable()) {
                    connection.onWritable();
                }
            } catch (final IOException | DeviceException ex) {
                device.connectionFailed(connection, "the connection to rank " + connection.rank + " ("
                    + connection.remote + ") failed: " + ex);
            }
        } else if (attachment instanceof Pending pending) {
            advance(pending, ready);
        } else if (ready.isAcceptable()) {
            accept();
        }
    }

    private void accept() {
        SocketChannel channel = null;
        try {
            channel = listener.accept();
            if (channel == null) {
                return;
            }
            configure(channel);
            final Pending pending = new Pending(channel, Handshake.server(device.rank(), device.size(), key, random),
                -1);
            pending.key = channel.register(selector, SelectionKey.OP_READ, pending);
        } catch (final IOException ex) {
            closeQuietly(channel);
            LOG.log(System.Logger.Level.WARNING, "niodev rank " + device.rank() + " could not accept a connection: "
                + ex);
        }
    }

    private void advance(final Pending pending, final SelectionKey ready) {
        final SocketChannel channel = pending.channel;
        try {
            if (ready.isConnectable()) {
                channel.finishConnect();
            }
            if (pending.handshake.advance(channel)) {
                final String refused = device.authenticated(pending.handshake.peerRank(), channel, ready);
                if (refused != null) {
                    reject(pending, refused);
                }
                return;
            }
            ready.interestOps(pending.handshake.wantsWrite() ? SelectionKey.OP_WRITE : SelectionKey.OP_READ);
        } catch (final IOException ex) {
            reject(pending, ex.getMessage());
        }
    }

    private void expireHandshakes() {
        final long now = System.nanoTime();
        if (now - nextExpiryCheck < 0) {
            return;
        }
        nextExpiryCheck = now + TimeUnit.MILLISECONDS.toNanos(SELECT_MILLIS);
        for (final SelectionKey candidate : selector.keys()) {
            if (candidate.attachment() instanceof Pending pending && candidate.isValid()
                && now - pending.started > handshakeTimeoutNanos) {
                reject(pending, "no complete handshake within "
                    + TimeUnit.NANOSECONDS.toMillis(handshakeTimeoutNanos) + " ms");
            }
        }
    }

    private void reject(final Pending pending, final String reason) {
        pending.key.cancel();
        closeQuietly(pending.channel);
        final String message = "niodev rank " + device.rank() + " refused the connection " + pending.describe()
            + ": " + reason;
        LOG.log(System.Logger.Level.WARNING, message);
        if (pending.connectingTo >= 0) {
            device.connectFailed(pending.connectingTo, message);
        }
        device.rejected(message);
    }

    private static void configure(final SocketChannel channel) throws IOException {
        channel.configureBlocking(false);
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        final long idle = NiodevConfiguration.KEEPALIVE_IDLE_SECONDS;
        if (idle > 0) {
            channel.setOption(StandardSocketOptions.SO_KEEPALIVE, true);
            channel.setOption(ExtendedSocketOptions.TCP_KEEPIDLE, (int) idle);
            channel.setOption(ExtendedSocketOptions.TCP_KEEPINTERVAL, 1);
            channel.setOption(ExtendedSocketOptions.TCP_KEEPCOUNT, 3);
        }
    }

    static void closeQuietly(final Channel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (final IOException ignored) {
                // nothing more to do with it
            }
        }
    }

    /** A connection that has not authenticated yet. */
    private static final class Pending {
        final SocketChannel channel;
        final Handshake handshake;
        /** The rank this side connects to, or -1 for an accepted connection. */
        final int connectingTo;
        final long started = System.nanoTime();
        SelectionKey key;

        Pending(final SocketChannel channel, final Handshake handshake, final int connectingTo) {
            this.channel = channel;
            this.handshake = handshake;
            this.connectingTo = connectingTo;
        }

        String describe() {
            String remote;
            try {
                remote = String.valueOf(channel.getRemoteAddress());
            } catch (final IOException ex) {
                remote = "?";
            }
            return (connectingTo >= 0 ? "to rank " + connectingTo + " at " : "from ") + remote;
        }
    }
}
