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

/**
 * How a rank waits: first a fixed number of allocation-free spins, then an Agrona
 * {@link IdleStrategy} created for the wait. A waiter that reaches the parking phase is unparked
 * by whoever completes what it waits for, so parking costs latency only when a wake-up is missed.
 *
 * <p>Immutable and thread-safe; each wait gets its own idle strategy instance.
 */
final class IdlePolicy {
    /** The idle strategy names accepted by {@link SmdevConfiguration#IDLE_STRATEGY_PROP_NAME}. */
    static final Set<String> NAMES = Set.of("backoff", "spin", "yield", "park");

    private final String name;
    private final int spins;
    private final int yields;
    private final long maxParkNanos;

    IdlePolicy(final String name, final int spins, final int yields, final long maxParkNanos) {
        final String normalized = name.toLowerCase(Locale.ROOT);
        if (!NAMES.contains(normalized)) {
            throw new IllegalArgumentException(
                "idle strategy must be one of " + new TreeSet<>(NAMES) + " but was '" + name + "'");
        }
        if (spins < 0 || yields < 0) {
            throw new IllegalArgumentException(
                "idle spins and yields must be >= 0 but were " + spins + " and " + yields);
        }
        if (maxParkNanos < 1_000) {
            throw new IllegalArgumentException(
                "idle maximum park must be >= 1000 ns but was " + maxParkNanos);
        }
        this.name = normalized;
        this.spins = spins;
        this.yields = yields;
        this.maxParkNanos = maxParkNanos;
    }

    String name() {
        return name;
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

    /**
     * Waits until {@code done} returns {@code true}.
     *
     * @param done the condition, evaluated repeatedly on the calling thread
     */
    void await(final Condition done) {
        for (int i = spins; i > 0; i--) {
            if (done.getAsBoolean()) {
                return;
            }
            Thread.onSpinWait();
        }
        done.idling(Thread.currentThread());
        final IdleStrategy idle = newIdleStrategy();
        while (!done.getAsBoolean()) {
            idle.idle();
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
        return name + "(spins=" + spins + ", yields=" + yields + ", maxParkNanos=" + maxParkNanos + ")";
    }
}
