package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.dev.CompletionListener;

/**
 * Wake-ups of parked waiters, driven by device operations the test completes itself. A completer
 * thread completes an operation only once it has seen the waiter parked on it, and waits run
 * with an unbounded stop-check park: a missed wake-up hangs until the timeout instead of costing
 * a stop-check interval, so these tests fail on a lost wake-up whatever the machine's speed.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WaiterTest {

    private static final long FOREVER = Long.MAX_VALUE;

    @Test
    void shouldWakeAWaiterParkedBeforeTheCompletion() {
        Ranks.run(1, world -> {
            RankState rank = RankState.lookup();
            for (int round = 0; round < 10; round++) {
                Operation operation = new Operation();
                Request request = tracking(rank, operation);
                Thread completer = completeWhenParked(Thread.currentThread(), request, operation);
                Waiter.await(request, operation, rank, FOREVER);
                completer.join();
                assertTrue(request.ready());
                assertEquals(7, request.Wait().tag);
            }
        });
    }

    @Test
    void shouldWakeEveryThreadWaitingForTheSameRequest() {
        Ranks.run(1, world -> {
            RankState rank = RankState.lookup();
            Operation operation = new Operation();
            Request request = tracking(rank, operation);
            Thread first = Thread.ofPlatform().start(() ->
                Waiter.await(request, operation, rank, FOREVER));
            Thread second = Thread.ofPlatform().start(() ->
                Waiter.await(request, operation, rank, FOREVER));
            awaitParked(first, request);
            awaitParked(second, request);
            operation.complete();
            first.join();
            second.join();
            assertEquals(2, operation.registrations());
        });
    }

    @Test
    void shouldRegisterOneListenerForARequestPendingThroughManyWaitany() {
        Ranks.run(1, world -> {
            RankState rank = RankState.lookup();
            Operation never = new Operation();
            Request pendingForever = tracking(rank, never);
            Request[] requests = {pendingForever, null};
            for (int round = 0; round < 10; round++) {
                Operation operation = new Operation();
                requests[1] = tracking(rank, operation);
                Thread completer = completeWhenParked(Thread.currentThread(), requests, operation);
                Waiter.awaitAny(requests, rank, FOREVER);
                completer.join();
                assertEquals(1, Request.Waitany(requests).index);
            }
            assertEquals(1, never.registrations());
            never.complete();
            assertEquals(0, Request.Waitany(requests).index);
        });
    }

    private static Request tracking(RankState rank, Operation operation) {
        Request request = new Request(rank);
        request.track(operation, ignored -> new Status(0, 7, 1, 0));
        return request;
    }

    /** Starts a thread that completes {@code operation} once {@code waiter} parks on {@code blocker}. */
    private static Thread completeWhenParked(Thread waiter, Object blocker, Operation operation) {
        return Thread.ofPlatform().start(() -> {
            awaitParked(waiter, blocker);
            operation.complete();
        });
    }

    private static void awaitParked(Thread waiter, Object blocker) {
        while (LockSupport.getBlocker(waiter) != blocker) {
            Thread.yield();
        }
    }

    /** A device operation the test completes by hand; listeners as the device contract says. */
    private static final class Operation implements org.mpjbuf.dev.Request {
        private final List<CompletionListener> listeners = new ArrayList<>();
        private boolean complete;
        private int registrations;

        @Override
        public synchronized boolean isComplete() {
            return complete;
        }

        @Override
        public org.mpjbuf.dev.Status test() {
            return null;
        }

        @Override
        public org.mpjbuf.dev.Status await() {
            while (!isComplete()) {
                Thread.onSpinWait();
            }
            return null;
        }

        @Override
        public boolean cancel() {
            return false;
        }

        @Override
        public void addCompletionListener(CompletionListener listener) {
            synchronized (this) {
                registrations++;
                if (!complete) {
                    listeners.add(listener);
                    return;
                }
            }
            listener.onComplete(this);
        }

        synchronized int registrations() {
            return registrations;
        }

        void complete() {
            List<CompletionListener> registered;
            synchronized (this) {
                complete = true;
                registered = new ArrayList<>(listeners);
                listeners.clear();
            }
            registered.forEach(listener -> listener.onComplete(this));
        }
    }
}
