package org.mpjbuf.dev.ibvdev;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

import org.mpjbuf.dev.protocol.StandAside;

/**
 * The progress of one ibvdev rank: polls the rank's one completion queue and hands every completion
 * to the channel of the peer its work request names (the upper 32 bits of the work request id).
 *
 * <h2>Design note</h2>
 * As niodev's selector, the completion queue is driven by one thread at a time, under the
 * {@code driving} lock: a waiting thread that spins {@linkplain #poll() polls} it itself, so its
 * own completion needs no wake-up; the progress thread polls only while nobody else does
 * ({@link StandAside}: it takes over 1 ms after the last poll, or up to 16 ms after it when the
 * waiters polled for long), and at once when a waiter stops spinning to park. The verbs give no
 * blocking wait here (a completion channel is not bound), so an idle progress thread polls with a
 * pause that doubles from {@link #MIN_PAUSE_NANOS} to {@link #MAX_PAUSE_NANOS} while nothing
 * completes and falls back to the shortest as soon as something does: a parked waiter hears of
 * its completion within a millisecond at worst, and an idle rank wakes a thousand times a
 * second.
 *
 * <p>Thread-safe: {@link #poll}, {@link #pollingStops} and {@link #stop} from any thread.
 */
final class CompletionDriver implements Runnable {
    /** What the driver tells the device it drives. */
    interface Owner {
        /**
         * Returns the rank, for names and messages.
         *
         * @return the rank
         */
        int rank();

        /** Acts on the failures the channels reported during the poll; by the driving thread. */
        void handleLinkFailures();

        /**
         * The completion queue failed (it overflowed, or the adapter refused the poll): nothing
         * progresses any more.
         *
         * @param reason what failed
         */
        void completionQueueFailed(String reason);
    }

    private static final long MIN_PAUSE_NANOS = TimeUnit.MICROSECONDS.toNanos(5);
    private static final long MAX_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final Owner device;
    private final Verbs verbs;
    private final Verbs.CompletionQueue queue;
    private final IbvdevLink[] links;
    private final Completions completions;
    private final ReentrantLock driving = new ReentrantLock();
    private final Thread thread;
    private volatile boolean running = true;
    /** When the progress thread takes over from polling waiters. */
    private final StandAside standAside = new StandAside();

    /**
     * Creates the driver; {@link #start()} starts its thread.
     *
     * @param device the device, told of failures
     * @param verbs the verbs
     * @param queue the rank's completion queue
     * @param links the link to each peer, by rank ({@code null} for this rank)
     */
    CompletionDriver(final Owner device, final Verbs verbs, final Verbs.CompletionQueue queue,
                     final IbvdevLink[] links) {
        this.device = device;
        this.verbs = verbs;
        this.queue = queue;
        this.links = links;
        this.completions = new Completions(Math.min(64, queue.capacity()));
        this.thread = new Thread(this, "ibvdev-progress-rank-" + device.rank());
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** Polls once on a waiting thread, unless another thread drives already; keeps the progress thread aside. */
    void poll() {
        standAside.polled();
        if (!driving.tryLock()) {
            return;
        }
        try {
            if (running) {
                drive();
            }
        } finally {
            driving.unlock();
        }
    }

    /** A waiting thread stops polling: the progress thread takes over at once. */
    void pollingStops() {
        standAside.pollingStops();
        LockSupport.unpark(thread);
    }

    /** Stops the thread and waits for it (unless called on it). */
    void stop() {
        running = false;
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
        long pause = MIN_PAUSE_NANOS;
        while (running) {
            if (!standAside.awaitTurn(this)) {
                continue;
            }
            final int handled;
            driving.lock();
            try {
                handled = running ? drive() : 0;
            } finally {
                driving.unlock();
            }
            if (handled > 0) {
                pause = MIN_PAUSE_NANOS;
            } else {
                LockSupport.parkNanos(this, pause);
                pause = Math.min(MAX_PAUSE_NANOS, pause * 2);
            }
        }
    }

    /**
     * Polls the queue once and hands each completion on, then lets the device act on the failures
     * the channels reported meanwhile; under the driving lock.
     *
     * @return the completions handled
     */
    private int drive() {
        final int count;
        try {
            count = verbs.poll(queue, completions);
        } catch (final VerbsException | IllegalStateException ex) {
            running = false;
            device.completionQueueFailed("the completion queue of ibvdev rank " + device.rank() + " failed: "
                + ex.getMessage());
            return 0;
        }
        for (int i = 0; i < count; i++) {
            final long peer = completions.wrId(i) >>> 32;
            final IbvdevLink link = peer < links.length ? links[(int) peer] : null;
            if (link == null) {
                device.completionQueueFailed("a completion with the work request id 0x"
                    + Long.toHexString(completions.wrId(i)) + " names no peer of rank " + device.rank());
                continue;
            }
            link.channel().completed(completions, i);
        }
        device.handleLinkFailures();
        return count;
    }
}
