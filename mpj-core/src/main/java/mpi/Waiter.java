package mpi;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BiPredicate;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.MeetingPoint;
import org.mpjbuf.dev.SpinBudget;
import org.mpjbuf.mpj.runtime.RankEnvironment;
import org.mpjbuf.mpj.runtime.RuntimeConfiguration;

/**
 * How a rank waits for requests: it spins on them for the calling thread's {@link SpinBudget}
 * (at most {@link RuntimeConfiguration#WAIT_SPIN_NANOS}, or a large message's longer allowance;
 * at most {@link #OVERSUBSCRIBED_SPIN_NANOS} when more ranks of the job share this host than it
 * has processors), yields the core
 * {@link RuntimeConfiguration#WAIT_YIELDS} times, then parks until a completion wakes it.
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
 * <p>A waiter parks through {@link RankEnvironment#park}, which registers the thread with its
 * rank, so a job stopped by a failing rank wakes every parked waiter of every rank at once and
 * the waiter unwinds with a {@code RankAbortedError}: no rank hangs on a dead peer, whichever of
 * its threads waits. The park also ends after the job's stop-check interval
 * ({@link RankEnvironment#stopCheckNanos()}), a safety net that neither a completion nor a stop
 * depends on.
 *
 * <p>Thread-safe: stateless; each waiting thread parks itself.
 */
final class Waiter {

    /** The longest spin in a job with more ranks than processors, whose peers need the cores. */
    static final long OVERSUBSCRIBED_SPIN_NANOS = SpinBudget.OVERSUBSCRIBED_SPIN_NANOS;

    /** Spins between two reads of the clock (a read costs about 20 ns); a power of two. */
    private static final int SPINS_PER_CLOCK_READ = 64;

    /**
     * Whether a device request is complete, as the spin's test: a constant, where a method
     * reference bound to the request would be a new object on every blocking call.
     */
    private static final BiPredicate<org.mpjbuf.dev.Request, Void> DEVICE_REQUEST_COMPLETE =
        (request, nothing) -> request.isComplete();

    /** Each waiting thread's budget, made on its first spin with its device's probe length. */
    private static final ThreadLocal<SpinBudget> BUDGETS = new ThreadLocal<>();

    private Waiter() {
    }

    /**
     * Waits until a device request that no {@link Request} tracks (a blocking send or receive, a
     * probe) completes.
     *
     * @param request     the device request
     * @param state       the rank: its device, polled while the waiter spins, and the job's stop switch
     */
    static void await(org.mpjbuf.dev.Request request, RankState state) {
        if (request.isComplete() || spin(DEVICE_REQUEST_COMPLETE, request, null, state, request.expectedBytes())) {
            return;
        }
        for (int yield = RuntimeConfiguration.WAIT_YIELDS; yield > 0; yield--) {
            Thread.yield();
            if (request.isComplete()) {
                return;
            }
        }
        Thread waiter = Thread.currentThread();
        request.addCompletionListener(completed -> LockSupport.unpark(waiter));
        while (!request.isComplete()) {
            state.environment().park(request);
        }
    }

    /**
     * Waits until a request's operation completes, or another thread completes the request first.
     *
     * @param request     the request
     * @param operation   its device operation, as read by the caller
     * @param state       the rank: its device, polled while the waiter spins, and the job's stop switch
     */
    static void await(Request request, org.mpjbuf.dev.Request operation,
                      RankState state) {
        await(request, operation, state, state.environment().stopCheckNanos());
    }

    /**
     * As {@link #await(Request, org.mpjbuf.dev.Request, RankState)}, with the longest park
     * between two checks of the job's stop switch given (see {@link #awaitAny(Request[],
     * RankState, long)}).
     */
    static void await(Request request, org.mpjbuf.dev.Request operation,
                      RankState state, long stopCheckNanos) {
        if (done(request, operation) || spin(Waiter::done, request, operation, state, operation.expectedBytes())) {
            return;
        }
        for (int yield = RuntimeConfiguration.WAIT_YIELDS; yield > 0; yield--) {
            Thread.yield();
            if (done(request, operation)) {
                return;
            }
        }
        Thread waiter = Thread.currentThread();
        try {
            request.watch(waiter, operation);
            while (!done(request, operation)) {
                state.environment().park(request, stopCheckNanos);
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
     * @param state       the rank: its device, polled while the waiter spins, and the job's stop switch
     */
    static void awaitAny(Request[] requests, RankState state) {
        awaitAny(requests, state, state.environment().stopCheckNanos());
    }

    /**
     * As {@link #awaitAny(Request[], RankState)}, with the longest park between two checks
     * of the job's stop switch given: tests pass an unbounded one, so that a missed wake-up hangs
     * instead of costing a stop-check interval.
     */
    static void awaitAny(Request[] requests, RankState state, long stopCheckNanos) {
        org.mpjbuf.dev.Request[] operations = new org.mpjbuf.dev.Request[requests.length];
        boolean any = false;
        long expectedBytes = 0;
        for (int i = 0; i < requests.length; i++) {
            operations[i] = requests[i] == null ? null : requests[i].operation();
            if (operations[i] != null) {
                any = true;
                expectedBytes = Math.max(expectedBytes, operations[i].expectedBytes());
            }
        }
        if (!any) {
            return;
        }
        if (anyDone(requests, operations)
            || spin(Waiter::anyDone, requests, operations, state, expectedBytes)) {
            return;
        }
        for (int yield = RuntimeConfiguration.WAIT_YIELDS; yield > 0; yield--) {
            Thread.yield();
            if (anyDone(requests, operations)) {
                return;
            }
        }
        Thread waiter = Thread.currentThread();
        try {
            for (int i = 0; i < requests.length; i++) {
                if (operations[i] != null) {
                    requests[i].watch(waiter, operations[i]);
                }
            }
            while (!anyDone(requests, operations)) {
                state.environment().park(requests, stopCheckNanos);
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
     * Waits until every member of a meeting point has arrived at meeting {@code number} (see
     * {@link MeetingPoint}'s protocol): spins and yields as the other waits do, then registers as
     * the member's sleeper, whom the arrival that ends the meeting unparks.
     *
     * @param meeting the communicator's meeting point
     * @param member  the calling rank's member number
     * @param number  the meeting, which the caller has arrived at
     * @param state   the rank: its device, polled while the waiter spins, and the job's stop switch
     */
    static void await(MeetingPoint meeting, int member, long number, RankState state) {
        if (meeting.isOver(number) || spin(MeetingPoint::isOver, meeting, number, state, 0)) {
            return;
        }
        for (int yield = RuntimeConfiguration.WAIT_YIELDS; yield > 0; yield--) {
            Thread.yield();
            if (meeting.isOver(number)) {
                return;
            }
        }
        meeting.sleeps(member, Thread.currentThread());
        try {
            while (!meeting.isOver(number)) {
                state.environment().park(meeting);
            }
        } finally {
            meeting.wakes(member);
        }
    }

    /**
     * Spins until {@code done} holds of {@code first} and {@code second} or the thread's spin
     * budget, or the awaited message's longer {@linkplain SpinBudget#allowanceNanos allowance}, is
     * spent, polling the rank's device on every turn, and adapts the budget to the outcome (a spin
     * that the allowance lengthened and that fails leaves it as it was). A spin that fails tells
     * the device that polling stops before the caller parks. The test takes what it looks at as
     * arguments, so that callers pass constant functions and a blocking call makes no object for
     * its spin.
     *
     * @param done          whether what the caller waits for has happened
     * @param first         the test's first argument
     * @param second        the test's second argument
     * @param state         the rank, whose device is polled and whose size decides the longest spin
     * @param expectedBytes the bytes the awaited requests move ({@link org.mpjbuf.dev.Request#expectedBytes()})
     * @return whether {@code done} held
     */
    private static <A, B> boolean spin(BiPredicate<A, B> done, A first, B second, RankState state,
                                       long expectedBytes) {
        Device device = state.device();
        SpinBudget budget = BUDGETS.get();
        if (budget == null || budget.probeNanos() != device.spinProbeNanos()) {
            budget = new SpinBudget(RuntimeConfiguration.WAIT_SPIN_NANOS, device.spinProbeNanos(),
                SpinBudget.MESSAGE_NANOS_PER_BYTE);
            BUDGETS.set(budget);
        }
        long nanos = state.ranksHaveProcessors() ? budget.nanosFor(expectedBytes)
            : Math.min(budget.nanos(), OVERSUBSCRIBED_SPIN_NANOS);
        if (nanos == 0) {
            device.pollingStops();
            return false;
        }
        long deadline = System.nanoTime() + nanos;
        for (int i = 1; ; i++) {
            Thread.onSpinWait();
            device.poll();
            if (done.test(first, second)) {
                budget.spinSucceeded();
                return true;
            }
            if ((i & (SPINS_PER_CLOCK_READ - 1)) == 0 && System.nanoTime() - deadline >= 0) {
                budget.spinFailed();
                device.pollingStops();
                return false;
            }
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
