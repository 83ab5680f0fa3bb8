package mpi;

import java.util.concurrent.locks.LockSupport;

import org.mpjbuf.mpj.runtime.RankEnvironment;
import org.mpjbuf.mpj.runtime.RuntimeConfiguration;

/**
 * How a rank waits for requests: it polls for {@link RuntimeConfiguration#WAIT_SPINS} rounds,
 * yields the core {@link RuntimeConfiguration#WAIT_YIELDS} times, then parks until a completion
 * wakes it.
 *
 * <h2>Wake-ups</h2>
 * A parking waiter never misses a completion, because it follows the one safe order:
 * <ol>
 *   <li>it makes itself known to whoever completes the request: as the request's
 *       {@linkplain Request#watch watcher} (the request registers one completion listener with the
 *       device per operation, which unparks the watcher), or with a listener of its own when
 *       another thread watches that request already;</li>
 *   <li>only then it checks the requests again, and parks only if none has completed.</li>
 * </ol>
 * A completion after step 1 unparks the waiter, so a park that starts after it returns at once;
 * a completion before step 1 is seen by step 2. {@code Waitany} over a request that stays pending
 * for many rounds registers its listener once, not once per round.
 *
 * <p>While parked the waiter wakes every {@link #STOP_CHECK_NANOS} to notice a job stopped by a
 * failing rank ({@link RankEnvironment#checkStopping()}), so no rank hangs on a dead peer; a
 * completion never depends on that interval.
 *
 * <p>Thread-safe: stateless; each waiting thread parks itself.
 */
final class Waiter {

    /** How long a parked waiter sleeps at most before it checks whether the job was stopped. */
    static final long STOP_CHECK_NANOS = 20_000_000L;

    /** How long a polling waiter (a probe) sleeps between polls once it stopped spinning. */
    private static final long POLL_PARK_NANOS = 50_000L;

    private Waiter() {
    }

    /**
     * Waits until a device request that no {@link Request} tracks (a blocking send) completes.
     *
     * @param request     the device request
     * @param environment the rank, for the job's stop switch
     */
    static void await(org.mpjbuf.dev.Request request, RankEnvironment environment) {
        for (int round = RuntimeConfiguration.WAIT_SPINS + RuntimeConfiguration.WAIT_YIELDS; round > 0; round--) {
            if (request.isComplete()) {
                return;
            }
            idle(round);
        }
        Thread waiter = Thread.currentThread();
        request.addCompletionListener(completed -> LockSupport.unpark(waiter));
        while (!request.isComplete()) {
            environment.checkStopping();
            LockSupport.parkNanos(request, STOP_CHECK_NANOS);
        }
    }

    /**
     * Waits until a request's operation completes, or another thread completes the request first.
     *
     * @param request     the request
     * @param operation   its device operation, as read by the caller
     * @param environment the rank, for the job's stop switch
     */
    static void await(Request request, org.mpjbuf.dev.Request operation,
                      RankEnvironment environment) {
        await(request, operation, environment, STOP_CHECK_NANOS);
    }

    /**
     * As {@link #await(Request, org.mpjbuf.dev.Request, RankEnvironment)}, with the longest park
     * between two checks of the job's stop switch given (see {@link #awaitAny(Request[],
     * RankEnvironment, long)}).
     */
    static void await(Request request, org.mpjbuf.dev.Request operation,
                      RankEnvironment environment, long stopCheckNanos) {
        for (int round = RuntimeConfiguration.WAIT_SPINS + RuntimeConfiguration.WAIT_YIELDS; round > 0; round--) {
            if (done(request, operation)) {
                return;
            }
            idle(round);
        }
        Thread waiter = Thread.currentThread();
        try {
            request.watch(waiter, operation);
            while (!done(request, operation)) {
                environment.checkStopping();
                LockSupport.parkNanos(request, stopCheckNanos);
            }
        } finally {
            request.unwatch(waiter);
        }
    }

    /**
     * Waits until the operation of at least one of several requests completes, or another thread
     * completes one of them first.
     *
     * @param requests    the requests; {@code null} entries and requests without an operation in
     *                    flight are ignored, and when all are, this returns at once
     * @param environment the rank, for the job's stop switch
     */
    static void awaitAny(Request[] requests, RankEnvironment environment) {
        awaitAny(requests, environment, STOP_CHECK_NANOS);
    }

    /**
     * As {@link #awaitAny(Request[], RankEnvironment)}, with the longest park between two checks
     * of the job's stop switch given: tests pass an unbounded one, so that a missed wake-up hangs
     * instead of costing a stop-check interval.
     */
    static void awaitAny(Request[] requests, RankEnvironment environment, long stopCheckNanos) {
        org.mpjbuf.dev.Request[] operations = new org.mpjbuf.dev.Request[requests.length];
        boolean any = false;
        for (int i = 0; i < requests.length; i++) {
            operations[i] = requests[i] == null ? null : requests[i].operation();
            any |= operations[i] != null;
        }
        if (!any) {
            return;
        }
        for (int round = RuntimeConfiguration.WAIT_SPINS + RuntimeConfiguration.WAIT_YIELDS; round > 0; round--) {
            if (anyDone(requests, operations)) {
                return;
            }
            idle(round);
        }
        Thread waiter = Thread.currentThread();
        try {
            for (int i = 0; i < requests.length; i++) {
                if (operations[i] != null) {
                    requests[i].watch(waiter, operations[i]);
                }
            }
            while (!anyDone(requests, operations)) {
                environment.checkStopping();
                LockSupport.parkNanos(requests, stopCheckNanos);
            }
        } finally {
            for (int i = 0; i < requests.length; i++) {
                if (operations[i] != null) {
                    requests[i].unwatch(waiter);
                }
            }
        }
    }

    /**
     * Sleeps briefly between polls of something that has no completion listener (a probe):
     * spinning first, then yielding, then parking for {@link #POLL_PARK_NANOS}.
     *
     * @param polls       how many polls found nothing
     * @param environment the rank, for the job's stop switch
     */
    static void pause(int polls, RankEnvironment environment) {
        if (polls < RuntimeConfiguration.WAIT_SPINS) {
            Thread.onSpinWait();
        } else if (polls < RuntimeConfiguration.WAIT_SPINS + RuntimeConfiguration.WAIT_YIELDS) {
            Thread.yield();
        } else {
            environment.checkStopping();
            LockSupport.parkNanos(POLL_PARK_NANOS);
        }
    }

    /** Spins while more than {@code WAIT_YIELDS} rounds are left, then yields. */
    private static void idle(int roundsLeft) {
        if (roundsLeft > RuntimeConfiguration.WAIT_YIELDS) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
    }

    /**
     * Tells whether one of the operations has completed, or its request no longer tracks it (a
     * completion by another thread, a restart).
     */
    private static boolean anyDone(Request[] requests, org.mpjbuf.dev.Request[] operations) {
        for (int i = 0; i < operations.length; i++) {
            org.mpjbuf.dev.Request operation = operations[i];
            if (operation != null && done(requests[i], operation)) {
                return true;
            }
        }
        return false;
    }

    private static boolean done(Request request, org.mpjbuf.dev.Request operation) {
        return operation.isComplete() || request.operation() != operation;
    }
}
