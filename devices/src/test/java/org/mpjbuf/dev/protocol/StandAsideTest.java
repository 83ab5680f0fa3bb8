package org.mpjbuf.dev.protocol;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The progress thread's stand-aside: its turn comes at once while nobody polls or after the last
 * poller said it stops to park, it looks less and less often while waiting threads keep polling,
 * and its turn still comes soon after they stop. The test thread plays the progress thread. The
 * bounds on time are loose, for a loaded machine: they separate a look every 16 ms from one every
 * millisecond, and a turn that comes from one that never does.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
final class StandAsideTest {
    private static final long POLLING_NANOS = TimeUnit.MILLISECONDS.toNanos(400);

    @Test
    void shouldGiveTheTurnAtOnceWhileNobodyPolls() {
        final StandAside standAside = new StandAside();
        assertTrue(standAside.awaitTurn(this), "nobody has polled yet");
        standAside.polled();
        standAside.pollingStops();
        assertTrue(standAside.awaitTurn(this), "the last poller stopped to park");
    }

    @Test
    void shouldLookLessOftenWhileWaitersKeepPollingAndTakeOverSoonAfter() throws InterruptedException {
        final StandAside standAside = new StandAside();
        final AtomicBoolean polling = new AtomicBoolean(true);
        final AtomicLong lastPoll = new AtomicLong();
        final Thread poller = Thread.ofPlatform().daemon().start(() -> {
            final long end = System.nanoTime() + POLLING_NANOS;
            while (System.nanoTime() - end < 0) {
                standAside.polled();
                lastPoll.set(System.nanoTime());
                LockSupport.parkNanos(20_000);
            }
            polling.set(false);
        });
        standAside.polled();
        int looks = 0;
        long turnNanos;
        while (true) {
            if (!standAside.awaitTurn(this)) {
                looks++;
                continue;
            }
            turnNanos = System.nanoTime();
            if (!polling.get()) {
                break;
            }
            // a turn while the waiter still polls: its polls paused for over 1 ms (a loaded machine)
        }
        poller.join();
        // doubling from 1 ms to 16 ms looks about 28 times in 400 ms, a look every millisecond 400 times
        assertTrue(looks < 100, looks + " looks in " + TimeUnit.NANOSECONDS.toMillis(POLLING_NANOS) + " ms of polling");
        final long afterLastPoll = turnNanos - lastPoll.get();
        assertTrue(afterLastPoll < TimeUnit.MILLISECONDS.toNanos(500),
            "the turn came " + TimeUnit.NANOSECONDS.toMillis(afterLastPoll) + " ms after the last poll");
    }
}
