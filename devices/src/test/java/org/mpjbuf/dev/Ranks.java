package org.mpjbuf.dev;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Runs one body per rank, each on its own thread, and rethrows the first failure with the rank
 * that raised it; a rank still running after the deadline fails the run instead of hanging it, with
 * the failures of the ranks that ended before it (often the reason it waits) attached.
 */
public final class Ranks {
    /** The code one rank runs. */
    @FunctionalInterface
    public interface Body {
        /**
         * Runs one rank.
         *
         * @param device the rank's device
         * @param rank the rank
         * @param ids the process ids of all ranks
         * @throws Exception any failure, reported with the rank
         */
        void run(Device device, int rank, ProcessID[] ids) throws Exception;
    }

    private Ranks() {
    }

    /**
     * Runs {@code body} once per device, each on its own thread, and waits for all.
     *
     * @param devices the initialized devices, indexed by rank
     * @param ids the process ids of all ranks
     * @param timeoutSeconds how long the ranks may run together
     * @param body what each rank runs
     * @throws InterruptedException if interrupted while waiting
     * @throws AssertionError if a rank failed or was still running at the deadline
     */
    public static void run(final List<Device> devices, final ProcessID[] ids, final long timeoutSeconds,
                    final Body body) throws InterruptedException {
        final int size = devices.size();
        final AtomicReferenceArray<Throwable> failures = new AtomicReferenceArray<>(size);
        final List<Thread> threads = new ArrayList<>(size);
        for (int rank = 0; rank < size; rank++) {
            final int r = rank;
            final Thread thread = new Thread(() -> {
                try {
                    body.run(devices.get(r), r, ids);
                } catch (final Throwable ex) {
                    failures.set(r, ex);
                }
            }, "rank-" + rank);
            thread.setDaemon(true);
            threads.add(thread);
        }
        threads.forEach(Thread::start);
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        for (int rank = 0; rank < size; rank++) {
            final Thread thread = threads.get(rank);
            thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            if (thread.isAlive()) {
                final AssertionError hung = new AssertionError("rank " + rank + " still running after "
                    + timeoutSeconds + " s; its stack:");
                hung.setStackTrace(thread.getStackTrace());
                for (int other = 0; other < size; other++) {
                    final Throwable failure = failures.get(other);
                    if (failure != null) {
                        hung.addSuppressed(new AssertionError("rank " + other + " failed: " + failure, failure));
                    }
                }
                threads.forEach(Thread::interrupt);
                throw hung;
            }
        }
        for (int rank = 0; rank < size; rank++) {
            final Throwable failure = failures.get(rank);
            if (failure != null) {
                throw new AssertionError("rank " + rank + " failed: " + failure, failure);
            }
        }
    }
}
