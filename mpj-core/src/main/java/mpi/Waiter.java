package mpi;

import java.util.concurrent.locks.LockSupport;

import org.mpjbuf.dev.Request;
import org.mpjbuf.mpj.runtime.RankEnvironment;
import org.mpjbuf.mpj.runtime.RuntimeConfiguration;

/**
 * How a rank waits for device requests: it polls for {@link RuntimeConfiguration#WAIT_SPINS}
 * rounds, yields the core {@link RuntimeConfiguration#WAIT_YIELDS} times, then parks until a
 * completion listener wakes it. While parked it wakes now and then to notice a job stopped by a
 * failing rank ({@link RankEnvironment#checkStopping()}), so no rank hangs on a dead peer.
 *
 * <p>Thread-safe: stateless; each waiting thread parks itself.
 */
final class Waiter {

    /** How long a parked waiter sleeps before it checks whether the job was stopped. */
    private static final long PARK_NANOS = 20_000_000L;

    /** How long a polling waiter (a probe) sleeps between polls once it stopped spinning. */
    private static final long POLL_PARK_NANOS = 50_000L;

    private Waiter() {
    }

    /**
     * Waits until a device request completes.
     *
     * @param request     the request
     * @param environment the rank, for the job's stop switch
     */
    static void await(Request request, RankEnvironment environment) {
        if (request.isComplete()) {
            return;
        }
        for (int spin = RuntimeConfiguration.WAIT_SPINS; spin > 0; spin--) {
            Thread.onSpinWait();
            if (request.isComplete()) {
                return;
            }
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
            environment.checkStopping();
            LockSupport.parkNanos(request, PARK_NANOS);
        }
    }

    /**
     * Waits until at least one of several device requests completes.
     *
     * @param requests    the requests; {@code null} entries are ignored, and at least one must
     *                    not be null
     * @param environment the rank, for the job's stop switch
     */
    static void awaitAny(Request[] requests, RankEnvironment environment) {
        for (int round = RuntimeConfiguration.WAIT_SPINS + RuntimeConfiguration.WAIT_YIELDS; round > 0; round--) {
            if (anyComplete(requests)) {
                return;
            }
            if (round > RuntimeConfiguration.WAIT_YIELDS) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
        Thread waiter = Thread.currentThread();
        for (Request request : requests) {
            if (request != null) {
                request.addCompletionListener(completed -> LockSupport.unpark(waiter));
            }
        }
        while (!anyComplete(requests)) {
            environment.checkStopping();
            LockSupport.parkNanos(requests, PARK_NANOS);
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

    private static boolean anyComplete(Request[] requests) {
        for (Request request : requests) {
            if (request != null && request.isComplete()) {
                return true;
            }
        }
        return false;
    }
}
