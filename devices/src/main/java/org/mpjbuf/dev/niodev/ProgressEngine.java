package org.mpjbuf.dev.niodev;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;

import jdk.net.ExtendedSocketOptions;
import java.nio.channels.Channel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.security.SecureRandom;
import java.util.Iterator;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

import javax.crypto.spec.SecretKeySpec;

import org.mpjbuf.dev.DeviceException;

/**
 * The progress thread of one niodev device: one selector over the listening socket, the
 * connections being authenticated and the authenticated connections.
 *
 * <h2>Design note</h2>
 * Progress runs in one selector thread per device, and sends start in the sending thread
 * (optionally a spinning waiter reads too, see below):
 * <ol>
 *   <li>A sending thread writes its frame itself when nothing is queued before it on that
 *       connection (the common case: one system call, no hand-off); only what the socket does
 *       not take is queued, and the progress thread finishes it when the socket is writable.</li>
 *   <li>The progress thread reads every connection (a header, then the payload straight into a
 *       pooled block), matches arrivals, answers requests to send, and delivers data into
 *       receives that were posted first.</li>
 * </ol>
 * So a thread that waits for a receive never reads sockets: it spins briefly and parks, and the
 * progress thread unparks it. Reading in the waiting thread instead would save that wake-up on a
 * dedicated core, but a user thread would then block on (or have to hand over) the traffic of
 * peers it does not wait for, and a rank whose threads are all computing would not answer a
 * rendezvous request to send; one thread that owns all reads keeps the frame order of each
 * connection trivially and costs one core's share only when there is traffic. The queues between
 * user threads and this thread are a lock per connection and the matcher's lock; no JCTools queue
 * is needed because sends do not go through this thread unless the socket is full.
 *
 * <p><b>Measured</b> (a ping-pong between two ranks as threads of one JVM over loopback, on the
 * 2-core development machine while other builds ran, load average 9 to 27, so only the shape
 * counts): 1 B half round trip 24-47 us, 64 KiB 1.0-1.8 GB/s, 1 MiB 2.5-3.5 GB/s, 4 MiB
 * 1.7-2.8 GB/s. A waiting thread that kept spinning (no park) made it 3 to 6 times slower
 * there (132 us at 1 B, 0.47 GB/s at 1 MiB), because on two busy cores the spinner takes the
 * core the progress thread needs; hence waits spin only for the rank's adaptive
 * {@link org.mpjbuf.dev.SpinBudget} (20 us at most by default), which shrinks to nothing when
 * spins fail. Each message costs two wake-ups (the progress thread, then the waiter). With
 * {@code mpjbuf.niodev.waiterReads=1} a waiting thread that spins also reads the socket it waits
 * on when the progress thread is not reading it (one read lock per connection keeps each
 * connection's frames in order), so it does both: in interleaved runs on the same busy machine
 * the 1 B half round trip fell from 35-41 us to 21-26 us, but the bandwidth at 64 KiB to 1 MiB
 * fell by up to half (the spinning reader takes the core the progress thread and the peer
 * need), so the default stays with the progress thread alone until this is measured on idle
 * cores beside Open MPI's TCP transport.
 *
 * <p>Handshakes: a connection accepted or made is not a peer until it has passed the
 * challenge-response of {@link Handshake}; one that fails, sends garbage, or stays silent past the
 * handshake timeout is closed and logged, and nothing else happens.
 *
 * <p>Thread-safe: {@link #connect} and {@link #stop} may be called from any thread; everything
 * else runs on the progress thread.
 */
final class ProgressEngine implements Runnable {
    private static final System.Logger LOG = System.getLogger(ProgressEngine.class.getName());
    private static final long SELECT_MILLIS = 100;

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

    /** Runs a task on the progress thread. */
    void execute(final Runnable task) {
        tasks.add(task);
        selector.wakeup();
    }

    /** Stops the thread and waits for it (unless called on it). */
    void stop() {
        running = false;
        selector.wakeup();
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
                for (Runnable task = tasks.poll(); task != null; task = tasks.poll()) {
                    task.run();
                }
                selector.select(SELECT_MILLIS);
                final Iterator<SelectionKey> selected = selector.selectedKeys().iterator();
                while (selected.hasNext()) {
                    final SelectionKey ready = selected.next();
                    selected.remove();
                    dispatch(ready);
                }
                expireHandshakes();
            }
        } catch (final IOException | RuntimeException | Error ex) {
            if (running) {
                LOG.log(System.Logger.Level.ERROR, "niodev progress thread of rank " + device.rank() + " failed", ex);
                device.progressFailed("the niodev progress thread of rank " + device.rank() + " failed: " + ex);
            }
        }
    }

    private void dispatch(final SelectionKey ready) {
        if (!ready.isValid()) {
            return;
        }
        final Object attachment = ready.attachment();
        if (attachment instanceof Connection connection) {
            if (ready.isReadable()) {
                connection.read(true);
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
