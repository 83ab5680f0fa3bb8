package org.mpjbuf.dev.protocol;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * What {@code Device.peek()} waits on: a count of the rank's completed requests, the most recent
 * one, and the thread parked for the next. A completion counts, records itself and unparks the
 * waiter; {@link #next} returns at once when a completion happened since the previous call
 * returned, so the pattern "test my requests, then peek" never misses one.
 *
 * <p>Thread-safe.
 */
final class Completions {
    private final AtomicLong completed = new AtomicLong();
    private final AtomicLong seen = new AtomicLong();
    private volatile MessageRequest last;
    private volatile Thread waiter;

    /** Counts a completed request and wakes the waiter. */
    void completed(final MessageRequest request) {
        last = request;
        completed.incrementAndGet();
        wake();
    }

    /** Wakes the waiter, if any, so that it checks again (its rank may have finished). */
    void wake() {
        final Thread waiting = waiter;
        if (waiting != null) {
            LockSupport.unpark(waiting);
        }
    }

    /**
     * Waits for a completion not yet returned and returns the most recent request completed.
     *
     * @param active whether the rank is still active; checked after every wake-up
     * @return the request, or {@code null} once {@code active} says no
     */
    MessageRequest next(final BooleanSupplier active) {
        while (true) {
            final long before = seen.get();
            if (completed.get() > before) {
                if (seen.compareAndSet(before, completed.get())) {
                    return last;
                }
                continue;
            }
            waiter = Thread.currentThread();
            if (completed.get() == before && active.getAsBoolean()) {
                LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(10));
            }
            waiter = null;
            if (!active.getAsBoolean()) {
                return null;
            }
        }
    }
}
