package org.mpjbuf.dev;

import java.security.SecureRandom;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A {@link Bootstrap} for jobs whose ranks are threads of one JVM that each run a process device
 * of their own: what tests use to run niodev over real sockets without starting processes, and
 * what a launcher can use to run a process device in one JVM.
 *
 * <pre>{@code
 * InJvmBootstrap.Job job = InJvmBootstrap.newJob(4);        // once: shared by the 4 rank threads
 * // in rank thread r:
 * Device device = Device.newInstance("niodev");
 * device.init(DeviceArguments.builder().rank(r).size(4).bootstrap(job.bootstrap(r)).build());
 * }</pre>
 *
 * <p>All ranks are on one host, so {@link #localRanks()} lists every rank. The job secret is 32
 * random bytes from {@link SecureRandom}, unless the job was created with one. Values put by a
 * rank become visible to the others when that rank enters a fence. A fence waits at most the
 * job's fence timeout (default {@value #FENCE_TIMEOUT_MILLIS_DEFAULT} ms) and fails with
 * {@link BootstrapException} when it expires or when a rank aborts the job; {@link #abort} records
 * the reason and returns.
 *
 * <p>Thread-safe; the job's state is guarded by one lock.
 */
public final class InJvmBootstrap implements Bootstrap {
    /** The default longest wait of a fence, in milliseconds. */
    public static final long FENCE_TIMEOUT_MILLIS_DEFAULT = 60_000L;

    private final Job job;
    private final int rank;

    private InJvmBootstrap(final Job job, final int rank) {
        this.job = job;
        this.rank = rank;
    }

    /**
     * Creates a job of {@code size} ranks with a random secret and the default fence timeout.
     *
     * @param size the number of ranks, {@code >= 1}
     * @return the job
     * @throws IllegalArgumentException if {@code size < 1}
     */
    public static Job newJob(final int size) {
        final byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        return new Job(size, secret, FENCE_TIMEOUT_MILLIS_DEFAULT);
    }

    /**
     * Creates a job with the given secret and fence timeout.
     *
     * @param size the number of ranks, {@code >= 1}
     * @param secret the job secret, at least 16 bytes (copied)
     * @param fenceTimeoutMillis the longest wait of a fence, {@code > 0}
     * @return the job
     * @throws IllegalArgumentException if an argument is out of range
     * @throws NullPointerException if {@code secret} is {@code null}
     */
    public static Job newJob(final int size, final byte[] secret, final long fenceTimeoutMillis) {
        return new Job(size, secret.clone(), fenceTimeoutMillis);
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return job.size;
    }

    @Override
    public int[] localRanks() {
        final int[] ranks = new int[job.size];
        for (int r = 0; r < ranks.length; r++) {
            ranks[r] = r;
        }
        return ranks;
    }

    @Override
    public void put(final String key, final String value) {
        job.put(rank, key, value);
    }

    @Override
    public void fence() {
        job.fence(rank);
    }

    @Override
    public String get(final int fromRank, final String key) {
        return job.get(rank, fromRank, key);
    }

    @Override
    public byte[] jobSecret() {
        return job.secret.clone();
    }

    @Override
    public void abort(final int status, final String reason) {
        job.abort(rank, status, reason);
    }

    @Override
    public String toString() {
        return "InJvmBootstrap[rank " + rank + " of " + job.size + "]";
    }

    /**
     * The state shared by the ranks of one in-JVM job: the committed key-value store, the fence
     * and the abort flag. Thread-safe.
     */
    public static final class Job {
        private final int size;
        private final byte[] secret;
        private final long fenceTimeoutNanos;
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition fenceDone = lock.newCondition();
        private final Map<String, String> committed = new HashMap<>();
        private final Map<String, String> pending = new HashMap<>();
        private long generation;
        private int arrived;
        private String abortReason;

        private Job(final int size, final byte[] secret, final long fenceTimeoutMillis) {
            if (size < 1) {
                throw new IllegalArgumentException("job size must be >= 1 but was " + size);
            }
            if (secret.length < 16) {
                throw new IllegalArgumentException("the job secret must have at least 16 bytes but has "
                    + secret.length);
            }
            if (fenceTimeoutMillis <= 0) {
                throw new IllegalArgumentException("fence timeout must be > 0 ms but was " + fenceTimeoutMillis);
            }
            this.size = size;
            this.secret = secret;
            this.fenceTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(fenceTimeoutMillis);
        }

        /**
         * Returns the bootstrap of one rank.
         *
         * @param rank the rank, {@code 0 <= rank < size}
         * @return its bootstrap (a new view of this job; several views of one rank share its state)
         * @throws IllegalArgumentException if {@code rank} is out of range
         */
        public Bootstrap bootstrap(final int rank) {
            checkRank(rank);
            return new InJvmBootstrap(this, rank);
        }

        /**
         * Returns the number of ranks.
         *
         * @return the size
         */
        public int size() {
            return size;
        }

        /**
         * Returns why the job was aborted.
         *
         * @return the reason given to {@link Bootstrap#abort}, or {@code null} if it was not
         */
        public String abortReason() {
            lock.lock();
            try {
                return abortReason;
            } finally {
                lock.unlock();
            }
        }

        private void checkRank(final int rank) {
            if (rank < 0 || rank >= size) {
                throw new IllegalArgumentException("rank must be in [0, " + size + ") but was " + rank);
            }
        }

        private void put(final int rank, final String key, final String value) {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
            if (key.isEmpty()) {
                throw new IllegalArgumentException("bootstrap key of rank " + rank + " is empty");
            }
            if (value.length() > MAX_VALUE_LENGTH) {
                throw new IllegalArgumentException("bootstrap value of rank " + rank + " for key '" + key + "' has "
                    + value.length() + " characters, more than " + MAX_VALUE_LENGTH);
            }
            final String entry = rank + "/" + key;
            lock.lock();
            try {
                checkNotAborted(rank, "put");
                if (committed.containsKey(entry) || pending.putIfAbsent(entry, value) != null) {
                    throw new IllegalArgumentException("rank " + rank + " has put key '" + key + "' already");
                }
            } finally {
                lock.unlock();
            }
        }

        private void fence(final int rank) {
            lock.lock();
            try {
                checkNotAborted(rank, "fence");
                pending.entrySet().removeIf(entry -> {
                    if (entry.getKey().startsWith(rank + "/")) {
                        committed.put(entry.getKey(), entry.getValue());
                        return true;
                    }
                    return false;
                });
                final long mine = generation;
                if (++arrived == size) {
                    arrived = 0;
                    generation++;
                    fenceDone.signalAll();
                    return;
                }
                long nanos = fenceTimeoutNanos;
                while (generation == mine) {
                    checkNotAborted(rank, "fence");
                    if (nanos <= 0) {
                        throw new BootstrapException("fence of rank " + rank + " timed out after "
                            + TimeUnit.NANOSECONDS.toMillis(fenceTimeoutNanos) + " ms: " + arrived + " of " + size
                            + " ranks had arrived");
                    }
                    nanos = fenceDone.awaitNanos(nanos);
                }
            } catch (final InterruptedException ex) {
                Thread.currentThread().interrupt();
                throw new BootstrapException("fence of rank " + rank + " was interrupted", ex);
            } finally {
                lock.unlock();
            }
        }

        private String get(final int asker, final int rank, final String key) {
            Objects.requireNonNull(key, "key");
            checkRank(rank);
            lock.lock();
            try {
                final String value = committed.get(rank + "/" + key);
                if (value == null) {
                    throw new BootstrapException("rank " + asker + " asked for key '" + key + "' of rank " + rank
                        + ", which rank " + rank + " did not put before a fence");
                }
                return value;
            } finally {
                lock.unlock();
            }
        }

        private void abort(final int rank, final int status, final String reason) {
            lock.lock();
            try {
                if (abortReason == null) {
                    abortReason = "rank " + rank + " aborted the job with status " + status + ": " + reason;
                }
                fenceDone.signalAll();
            } finally {
                lock.unlock();
            }
        }

        private void checkNotAborted(final int rank, final String operation) {
            if (abortReason != null) {
                throw new BootstrapException(operation + " of rank " + rank + " failed: " + abortReason);
            }
        }

        @Override
        public String toString() {
            return "InJvmBootstrap.Job[size=" + size + "]";
        }
    }
}
