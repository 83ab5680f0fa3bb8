package org.mpjbuf.mpj.runtime;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The shared stop switch of one job: the first rank that fails or aborts records why, wakes every
 * thread of every rank that is parked in a wait, and each of them unwinds with a
 * {@link RankAbortedError}.
 *
 * <h2>Wake-ups</h2>
 * A waiting thread {@linkplain #park parks} in the one safe order: it enters the job's registry
 * of parked threads, only then reads the switch, and parks only if the job still runs; it leaves
 * the registry when it wakes. {@link #stop} sets the switch, then unparks every registered
 * thread. Both sides go through volatile accesses, so either the stopping thread sees the waiter
 * in the registry (and unparks it, which makes a park that has not started yet return at once),
 * or the waiter registered after the switch was set and sees it. No wake-up depends on the
 * periodic re-check, which stays only as a safety net for a thread that parks outside this
 * registry, and can be switched off ({@link RuntimeConfiguration#STOP_CHECK_MILLIS}).
 *
 * <p>Thread-safe: any rank thread may stop the job; the first stop wins.
 */
final class JobControl {

    /** Why the job was stopped, set once. */
    record Stop(int rank, int errorCode, String reason) {
    }

    private final AtomicReference<Stop> stop = new AtomicReference<>();
    private final Thread[] rankThreads;
    private final Set<Thread> parked = ConcurrentHashMap.newKeySet();
    private final long stopCheckNanos;

    /**
     * @param size            the number of ranks
     * @param stopCheckMillis how often a parked thread re-checks the switch on its own; 0 never
     */
    JobControl(int size, long stopCheckMillis) {
        this.rankThreads = new Thread[size];
        this.stopCheckNanos =
            stopCheckMillis == 0 ? Long.MAX_VALUE : TimeUnit.MILLISECONDS.toNanos(stopCheckMillis);
    }

    /** Remembers the thread of a rank so that a stop can wake it. */
    void register(int rank, Thread thread) {
        rankThreads[rank] = thread;
    }

    /**
     * Stops the job unless it is already stopped, and wakes every rank's main thread and every
     * thread parked in a wait.
     *
     * @return true when this call stopped the job
     */
    boolean stop(int rank, int errorCode, String reason) {
        if (!stop.compareAndSet(null, new Stop(rank, errorCode, reason))) {
            return false;
        }
        for (int other = 0; other < rankThreads.length; other++) {
            Thread thread = rankThreads[other];
            if (other != rank && thread != null) {
                LockSupport.unpark(thread);
            }
        }
        for (Thread waiter : parked) {
            LockSupport.unpark(waiter);
        }
        return true;
    }

    /** Returns why the job was stopped, or null while it runs. */
    Stop stopped() {
        return stop.get();
    }

    /** The longest a parked thread sleeps before it re-checks the switch on its own. */
    long stopCheckNanos() {
        return stopCheckNanos;
    }

    /**
     * Parks the calling thread (of any rank) for at most {@code nanos} ({@link Long#MAX_VALUE}: without
     * a bound) unless the job is stopped, registered so that a stop wakes it.
     *
     * @return the stop, if the job was stopped before the park or while parked; null otherwise
     */
    Stop park(Object blocker, long nanos) {
        Thread self = Thread.currentThread();
        parked.add(self);
        try {
            Stop stopped = stop.get();
            if (stopped != null) {
                return stopped;
            }
            if (nanos == Long.MAX_VALUE) {
                LockSupport.park(blocker);
            } else {
                LockSupport.parkNanos(blocker, nanos);
            }
            return stop.get();
        } finally {
            parked.remove(self);
        }
    }
}
