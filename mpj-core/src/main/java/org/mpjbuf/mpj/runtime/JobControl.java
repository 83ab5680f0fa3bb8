package org.mpjbuf.mpj.runtime;

import java.util.concurrent.atomic.AtomicReference;

/**
 * The shared stop switch of one job: the first rank that fails or aborts records why, and every
 * other rank notices it at its next wait and unwinds with a {@link RankAbortedError}.
 *
 * <p>Thread-safe: any rank thread may stop the job; the first stop wins.
 */
final class JobControl {

    /** Why the job was stopped, set once. */
    record Stop(int rank, int errorCode, String reason) {
    }

    private final AtomicReference<Stop> stop = new AtomicReference<>();
    private final Thread[] rankThreads;

    /**
     * @param size the number of ranks
     */
    JobControl(int size) {
        this.rankThreads = new Thread[size];
    }

    /** Remembers the thread of a rank so that a stop can wake it. */
    void register(int rank, Thread thread) {
        rankThreads[rank] = thread;
    }

    /**
     * Stops the job unless it is already stopped, and wakes every rank thread.
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
                java.util.concurrent.locks.LockSupport.unpark(thread);
            }
        }
        return true;
    }

    /** Returns why the job was stopped, or null while it runs. */
    Stop stopped() {
        return stop.get();
    }
}
