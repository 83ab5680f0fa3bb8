package org.mpjbuf.dev.protocol;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * When a device's progress thread takes the progress over from the rank's waiting threads, which
 * drive it themselves while they spin ({@link org.mpjbuf.dev.Device#poll()}): once none of them
 * has polled for {@link #HANDOVER_NANOS}, or at once after one stops spinning to park
 * ({@link #pollingStops()}).
 *
 * <h2>Design note</h2>
 * The progress thread learns that the waiters stopped polling only by looking, and every look is a
 * thread switch on a processor that a spinning rank holds when the ranks have one each. A look
 * every millisecond stalled about 1 % of a 1 B ping-pong's round trips over niodev by 10-20 us
 * (benchmarks README, "The progress thread looks less often"). So while the waiters keep polling,
 * the progress thread looks again after twice as long each time, 1, 2, 4, 8 ms, then every
 * {@link #LONGEST_NANOS}, and after its turn it starts again at 1 ms. After a long stretch of
 * polling it takes over at most {@link #LONGEST_NANOS} after the last poll.
 *
 * <p>Thread-safe: {@link #polled()} and {@link #pollingStops()} from any thread;
 * {@link #awaitTurn(Object)} from the one progress thread.
 */
public final class StandAside {
    /** How long the progress thread stands aside after a waiting thread last polled. */
    public static final long HANDOVER_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    /** The longest the progress thread waits between two looks while the waiters keep polling. */
    public static final long LONGEST_NANOS = TimeUnit.MILLISECONDS.toNanos(16);

    /** When a waiting thread last polled ({@link System#nanoTime()}). */
    private volatile long lastPoll = System.nanoTime() - 2 * HANDOVER_NANOS;
    /** How long the progress thread waits before its next look; the progress thread's own. */
    private long nextLook = HANDOVER_NANOS;

    /** Creates the stand-aside of a new progress thread, whose turn has come: nobody has polled yet. */
    public StandAside() {
    }

    /** A waiting thread polls the device now. */
    public void polled() {
        lastPoll = System.nanoTime();
    }

    /** A waiting thread stops polling to park: the progress thread's turn comes at its next look. */
    public void pollingStops() {
        lastPoll = System.nanoTime() - 2 * HANDOVER_NANOS;
    }

    /**
     * Looks whether the progress thread's turn has come, and if not, parks it until its next look
     * (an unpark ends the wait early, as after {@link #pollingStops()}).
     *
     * @param blocker the object the progress thread parks on, for thread dumps
     * @return {@code true} if no waiting thread has polled for {@link #HANDOVER_NANOS}: the
     *     progress thread drives the device now; {@code false} after a wait, when it looks again
     */
    public boolean awaitTurn(final Object blocker) {
        final long quiet = System.nanoTime() - lastPoll;
        if (quiet >= HANDOVER_NANOS) {
            nextLook = HANDOVER_NANOS;
            return true;
        }
        LockSupport.parkNanos(blocker, nextLook - quiet);
        nextLook = Math.min(2 * nextLook, LONGEST_NANOS);
        return false;
    }
}
