package org.mpjbuf.dev.ibvdev;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Arrays;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * The "adapter" of a {@link SoftVerbs} device: one daemon thread that owns a selector over the
 * device's listening socket and every connection, reads and executes packets, transmits posted
 * requests, runs retry timers and writes completions. It is the only writer of completion queues
 * and of the transport state of queue pairs.
 *
 * <h2>Loop</h2>
 * <ol>
 * <li>Run the set-up tasks other threads submitted (register a connection, destroy a queue pair).</li>
 * <li>For every queue pair: flush a failed one's new work requests, fail one whose oldest send
 *     failed locally, transmit posted requests whose retry timer is not running.</li>
 * <li>Select (handing each ready key straight to its handler, so no selected-key set grows and
 *     shrinks per packet): without waiting if work is left, otherwise until the nearest retry timer (at least a
 *     millisecond) or a doorbell. A post rings the doorbell ({@link Selector#wakeup()}) only when
 *     the thread is parked, so a busy device costs posters nothing but a volatile read.</li>
 * <li>Accept connections, read and execute what sockets hold (a bounded amount per connection per
 *     round, for fairness), write pending responses and frames.</li>
 * </ol>
 * A connection that reaches end of stream or fails, or whose peer breaks the protocol, is closed
 * and its queue pair moved to the error state.
 */
final class SoftHca implements Runnable {
    private static final int STAGING_LENGTH = 64 * 1024;
    private static final long READ_BUDGET = 1024 * 1024;

    private final SoftVerbs verbs;
    private final Selector selector;
    private final ServerSocketChannel server;
    private final Thread thread;
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final Map<Integer, SoftQueuePair> byNumber = new ConcurrentHashMap<>();
    private volatile SoftQueuePair[] queuePairs = new SoftQueuePair[0];
    private final ByteBuffer staging = ByteBuffer.allocateDirect(STAGING_LENGTH);
    private final MemorySegment stagingMemory = MemorySegment.ofBuffer(staging);
    private final Consumer<SelectionKey> handler = this::handle;
    private volatile boolean parked;
    private volatile boolean running = true;

    SoftHca(SoftVerbs verbs, ServerSocketChannel server) throws IOException {
        this.verbs = verbs;
        this.server = server;
        this.selector = Selector.open();
        server.configureBlocking(false);
        server.register(selector, SelectionKey.OP_ACCEPT);
        thread = new Thread(this, "soft-hca-" + verbs.gid());
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** The HCA thread's id (for tests that watch its allocation). */
    long threadId() {
        return thread.threadId();
    }

    /** Wakes the thread if it is parked in select; called after a post publishes its work request. */
    void doorbell() {
        if (parked) {
            selector.wakeup();
        }
    }

    /**
     * Runs {@code task} on the HCA thread and waits for it, or runs it here once the thread stopped.
     */
    void execute(Runnable task) {
        if (!running || Thread.currentThread() == thread) {
            task.run();
            return;
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        tasks.add(() -> {
            try {
                task.run();
                done.complete(null);
            } catch (RuntimeException | Error failed) {
                done.completeExceptionally(failed);
            }
        });
        selector.wakeup();
        try {
            done.get(30, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the soft HCA ran a task", interrupted);
        } catch (ExecutionException failed) {
            if (failed.getCause() instanceof RuntimeException unchecked) {
                throw unchecked;
            }
            throw new IllegalStateException(failed.getCause());
        } catch (TimeoutException stuck) {
            throw new IllegalStateException("the soft HCA thread did not run a task within 30 s", stuck);
        }
    }

    void add(SoftQueuePair queuePair) {
        execute(() -> {
            byNumber.put(queuePair.number(), queuePair);
            SoftQueuePair[] grown = Arrays.copyOf(queuePairs, queuePairs.length + 1);
            grown[grown.length - 1] = queuePair;
            queuePairs = grown;
        });
    }

    /** Removes a queue pair: flushes its work requests and closes its connections. */
    void remove(SoftQueuePair queuePair) {
        execute(() -> {
            if (queuePair.state() != VerbsConstants.QPS_ERR) {
                queuePair.fail(VerbsConstants.WC_WR_FLUSH_ERR);
            } else {
                queuePair.progress(System.nanoTime());
            }
            close(queuePair.requester);
            close(queuePair.responder);
            byNumber.remove(queuePair.number());
            queuePairs = Arrays.stream(queuePairs).filter(other -> other != queuePair).toArray(SoftQueuePair[]::new);
        });
    }

    /** Makes a connected requester socket the queue pair's requester end. */
    void attachRequester(SoftQueuePair queuePair, SocketChannel channel) {
        execute(() -> {
            SoftConnection connection = new SoftConnection(channel, true);
            connection.queuePair = queuePair;
            queuePair.requester = connection;
            try {
                channel.configureBlocking(false);
                connection.key = channel.register(selector, SelectionKey.OP_READ, connection);
            } catch (IOException failed) {
                lose(connection);
            }
        });
    }

    /** Binds an accepted connection to the queue pair its hello names. */
    void bind(SoftConnection connection, int number) throws SoftConnection.MalformedPacketException {
        SoftQueuePair queuePair = byNumber.get(number);
        if (queuePair == null) {
            throw new SoftConnection.MalformedPacketException("hello for queue pair " + number
                + ", which this device does not have");
        }
        if (queuePair.responder != null) {
            throw new SoftConnection.MalformedPacketException("a second connection for queue pair " + number);
        }
        connection.queuePair = queuePair;
        queuePair.responder = connection;
    }

    /** Closes a connection whose peer is gone, failing its queue pair. */
    void lose(SoftConnection connection) {
        close(connection);
        if (connection.queuePair != null) {
            connection.queuePair.connectionLost();
        }
    }

    void close(SoftConnection connection) {
        if (connection == null) {
            return;
        }
        SoftQueuePair queuePair = connection.queuePair;
        if (queuePair != null) {
            if (queuePair.requester == connection) {
                queuePair.requester = null;
            }
            if (queuePair.responder == connection) {
                queuePair.responder = null;
            }
        }
        if (connection.key != null) {
            connection.key.cancel();
        }
        try {
            connection.channel.close();
        } catch (IOException ignored) {
            // closing is all that was wanted
        }
    }

    /** Stops the thread and closes every socket; the peers see their connections end. */
    void stop() {
        running = false;
        selector.wakeup();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void run() {
        try {
            while (running) {
                loopOnce();
            }
        } catch (IOException | ClosedSelectorException failed) {
            running = false;
        } finally {
            for (SelectionKey key : selector.keys()) {
                if (key.attachment() instanceof SoftConnection connection) {
                    lose(connection);
                }
            }
            try {
                selector.close();
                server.close();
            } catch (IOException ignored) {
                // the device is going away
            }
            Runnable task;
            while ((task = tasks.poll()) != null) {
                task.run();
            }
        }
    }

    private void loopOnce() throws IOException {
        Runnable task;
        while ((task = tasks.poll()) != null) {
            task.run();
        }
        long now = System.nanoTime();
        SoftQueuePair[] all = queuePairs;
        for (SoftQueuePair queuePair : all) {
            queuePair.progress(now);
        }
        if (hasWork(all, now)) {
            selector.selectNow(handler);
        } else {
            parked = true;
            if (hasWork(all, System.nanoTime()) || !tasks.isEmpty()) {
                selector.selectNow(handler);
            } else {
                long deadline = Long.MAX_VALUE;
                for (SoftQueuePair queuePair : all) {
                    deadline = Math.min(deadline, queuePair.deadline());
                }
                long waitMillis = deadline == Long.MAX_VALUE ? 0
                    : Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
                selector.select(handler, waitMillis);
            }
            parked = false;
        }
    }

    private void accept() {
        SocketChannel channel = null;
        try {
            channel = server.accept();
            if (channel != null) {
                channel.configureBlocking(false);
                SoftConnection connection = new SoftConnection(channel, false);
                connection.key = channel.register(selector, SelectionKey.OP_READ, connection);
            }
        } catch (IOException failed) {
            // the connecting peer sees its connection end, as it would if this device had not answered
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException ignored) {
                    // closing is all that was wanted
                }
            }
        }
    }

    private static boolean hasWork(SoftQueuePair[] all, long now) {
        for (SoftQueuePair queuePair : all) {
            if (queuePair.hasWork(now)) {
                return true;
            }
        }
        return false;
    }

    /** Handles a ready key; the selector calls it for each, without collecting them in a set. */
    private void handle(SelectionKey key) {
        if (!key.isValid()) {
            return;
        }
        long now = System.nanoTime();
        if (key.isAcceptable()) {
            accept();
            return;
        }
        SoftConnection connection = (SoftConnection) key.attachment();
        try {
            if (key.isWritable()) {
                if (connection.requesterEnd) {
                    connection.transmit();
                } else {
                    connection.flushResponses();
                }
            }
            if (key.isValid() && key.isReadable()) {
                if (!connection.read(this, staging, stagingMemory, READ_BUDGET, now)) {
                    lose(connection);
                    return;
                }
                if (connection.hasResponses()) {
                    connection.flushResponses();
                }
            }
        } catch (SoftConnection.MalformedPacketException malformed) {
            verbs.countMalformed();
            lose(connection);
        } catch (IOException failed) {
            lose(connection);
        }
    }
}
