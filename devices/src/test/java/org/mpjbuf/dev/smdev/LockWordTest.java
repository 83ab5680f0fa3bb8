package org.mpjbuf.dev.smdev;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Pins {@link LockWord}: mutual exclusion, also with more threads than cores, and release. */
final class LockWordTest {
    private static final VarHandle HELD;

    static {
        try {
            HELD = MethodHandles.lookup().findVarHandle(Guarded.class, "held", long.class);
        } catch (final ReflectiveOperationException impossible) {
            throw new ExceptionInInitializerError(impossible);
        }
    }

    /** A lock word and two plain fields that only a holder of the lock may change. */
    private static final class Guarded {
        volatile long held;
        long first;
        long second;
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldLetOneThreadAtATimeChangeWhatTheWordGuardsWhenThreadsOutnumberCores() throws InterruptedException {
        final Guarded guarded = new Guarded();
        final int threads = 2 * Runtime.getRuntime().availableProcessors() + 1;
        final int increments = 1_000_000;
        final CountDownLatch start = new CountDownLatch(1);
        final long[] tornReads = new long[threads];
        final List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            final int index = t;
            final Thread worker = new Thread(() -> {
                try {
                    start.await();
                } catch (final InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
                for (int i = 0; i < increments; i++) {
                    LockWord.lock(HELD, guarded);
                    try {
                        if (guarded.first != guarded.second) {
                            tornReads[index]++;
                        }
                        guarded.first++;
                        guarded.second++;
                    } finally {
                        LockWord.unlock(HELD, guarded);
                    }
                }
            });
            worker.start();
            workers.add(worker);
        }
        start.countDown();
        for (final Thread worker : workers) {
            worker.join();
        }
        assertEquals((long) threads * increments, guarded.first, "increments lost: two threads held the lock at once");
        assertEquals(guarded.first, guarded.second);
        long torn = 0;
        for (final long count : tornReads) {
            torn += count;
        }
        assertEquals(0, torn, "a holder saw another holder's change half made");
        assertEquals(0L, guarded.held, "the word is free once every holder has released it");
    }
}
