package org.mpjbuf.dev.smdev;

import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;
import org.mpjbuf.dev.SpinBudget;

/**
 * How a rank waits: first it spins for a bounded time (allocation-free, polling the condition;
 * the time is the rank's {@link SpinBudget}, at most the configured spin time), then it hands over to an Agrona {@link IdleStrategy} created for the wait ({@code backoff}:
 * yield a few times, then park). A waiter that stops spinning tells the condition, so whoever
 * completes what it waits for unparks it; parking costs latency only when a wake-up is missed.
 *
 * <p>The spin is bounded by time rather than by a count, because what it must cover is a peer's
 * reply on another core (a fraction of a microsecond for small messages, tens of microseconds for
 * a large copy), whatever the speed of {@link Thread#onSpinWait()} on the machine. In a world with
 * more ranks than processors the spin is cut to {@link #OVERSUBSCRIBED_SPIN_NANOS}: there the
 * peer a rank waits for probably needs the very core the waiter would burn.
 *
 * <p>Immutable and thread-safe; each wait gets its own idle strategy instance.
 */
final class IdlePolicy {
    /** The idle strategy names accepted by {@link SmdevConfiguration#IDLE_STRATEGY_PROP_NAME}. */
    static final Set<String> NAMES = Set.of("backoff", "spin", "yield", "park");

    /** The longest spin of a waiter in a world with more ranks than processors. */
    static final long OVERSUBSCRIBED_SPIN_NANOS = SpinBudget.OVERSUBSCRIBED_SPIN_NANOS;

    /** Spins between two reads of the clock, a power of two (a clock read costs ~20 ns). */
    private static final int SPINS_PER_CLOCK_READ = 64;

    private final String name;
    private final long spinNanos;
    private final int yields;
    private final long maxParkNanos;

    /**
     * Creates a policy.
     *
     * @param name the idle strategy after the spin
     * @param spinNanos how long a waiter spins before the idle strategy starts
     * @param yields how many times {@code backoff} yields before it parks
     * @param maxParkNanos the longest park
     * @param oversubscribed whether the world has more ranks than processors
     */
    IdlePolicy(final String name, final long spinNanos, final int yields, final long maxParkNanos,
               final boolean oversubscribed) {
        final String normalized = name.toLowerCase(Locale.ROOT);
        if (!NAMES.contains(normalized)) {
            throw new IllegalArgumentException(
                "idle strategy must be one of " + new TreeSet<>(NAMES) + " but was '" + name + "'");
        }
        if (spinNanos < 0 || yields < 0) {
            throw new IllegalArgumentException(
                "idle spin time and yields must be >= 0 but were " + spinNanos + " ns and " + yields);
        }
        if (maxParkNanos < 1_000) {
            throw new IllegalArgumentException(
                "idle maximum park must be >= 1000 ns but was " + maxParkNanos);
        }
        this.name = normalized;
        this.spinNanos = oversubscribed ? Math.min(spinNanos, OVERSUBSCRIBED_SPIN_NANOS) : spinNanos;
        this.yields = yields;
        this.maxParkNanos = maxParkNanos;
    }

    String name() {
        return name;
    }

    long spinNanos() {
        return spinNanos;
    }

    /** A condition to wait for, told when its waiter is about to stop spinning. */
    interface Condition extends BooleanSupplier {
        /**
         * Called once, before the waiter starts yielding or parking, so that whoever makes the
         * condition true can unpark it; waiters that are only spinning cost the waker nothing.
         *
         * @param waiter the waiting thread
         */
        void idling(Thread waiter);
    }

    /** Returns a new spin budget for one rank, starting at this policy's spin time. */
    SpinBudget newBudget() {
        return new SpinBudget(spinNanos);
    }

    /**
     * Waits until {@code done} returns {@code true}.
     *
     * @param done the condition, evaluated repeatedly on the calling thread
     * @param budget the waiting rank's spin budget, updated with the outcome of the spin
     */
    void await(final Condition done, final SpinBudget budget) {
        if (done.getAsBoolean()) {
            return;
        }
        final long nanos = budget.nanos();
        if (nanos > 0) {
            if (spin(done, nanos)) {
                budget.spinSucceeded();
                return;
            }
            budget.spinFailed();
        }
        done.idling(Thread.currentThread());
        final IdleStrategy idle = newIdleStrategy();
        while (!done.getAsBoolean()) {
            idle.idle();
        }
    }

    /** Spins until {@code done} or {@code nanos} are over; returns whether {@code done} held. */
    private static boolean spin(final Condition done, final long nanos) {
        final long deadline = System.nanoTime() + nanos;
        for (int i = 1; ; i++) {
            Thread.onSpinWait();
            if (done.getAsBoolean()) {
                return true;
            }
            if ((i & (SPINS_PER_CLOCK_READ - 1)) == 0 && System.nanoTime() - deadline >= 0) {
                return false;
            }
        }
    }

    private IdleStrategy newIdleStrategy() {
        return switch (name) {
            case "spin" -> new BusySpinIdleStrategy();
            case "yield" -> new YieldingIdleStrategy();
            case "park" -> new SleepingIdleStrategy(maxParkNanos);
            default -> new BackoffIdleStrategy(1, yields, 1_000, maxParkNanos);
        };
    }

    @Override
    public String toString() {
        return name + "(spinNanos=" + spinNanos + ", yields=" + yields + ", maxParkNanos=" + maxParkNanos + ")";
    }
}
