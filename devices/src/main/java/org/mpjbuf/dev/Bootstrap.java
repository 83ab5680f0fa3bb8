package org.mpjbuf.dev;

/**
 * What a process device ({@link WorldKind#PROCESSES}) needs from whoever started its rank: who it
 * is, which ranks share its host, a key-value exchange to publish and find endpoints, the job's
 * secret, and a way to abort the whole job. The device receives it in
 * {@link Device#init(DeviceArguments)} through {@link DeviceArguments#bootstrap()}; the
 * implementations (the {@code bin/mpjrun} launcher, PMIx, PMI-1/2, or {@link InJvmBootstrap} for
 * ranks that are threads of one JVM in tests) live with the runtime, and a device knows none of
 * them by name.
 *
 * <p><b>The exchange.</b> A rank {@linkplain #put puts} its own values, then every rank calls
 * {@link #fence()}; after its fence returns, a rank may {@linkplain #get get} any value that any
 * rank put before entering the same fence. This is the put/commit/fence/get pattern of PMI and
 * PMIx. Keys and values are text (PMI-1 moves strings only); a value is at most
 * {@link #MAX_VALUE_LENGTH} characters. A key is put at most once per rank.
 *
 * <p><b>The secret.</b> {@link #jobSecret()} returns bytes that only the ranks of this job know:
 * the launcher hands them to its ranks out of sight of other users (never on a command line),
 * and a device uses them to prove to its peers that a connection belongs to the job. A bootstrap
 * must never log or print them.
 *
 * <p><b>Threading.</b> {@link #rank()}, {@link #size()}, {@link #localRanks()},
 * {@link #jobSecret()} and {@link #abort} may be called from any thread at any time. {@link #put},
 * {@link #fence()} and {@link #get} belong to the thread that initializes the device: fence is
 * collective, every rank calls it the same number of times, in the same order relative to its
 * puts.
 *
 * <p><b>Errors.</b> A fence that does not complete within the bootstrap's own time limit, or that
 * an abort interrupts, throws {@link BootstrapException}; so does a get of a key that was not put.
 * Implementations say their time limit.
 */
public interface Bootstrap {
    /** The longest value {@link #put} accepts, in characters. */
    int MAX_VALUE_LENGTH = 1024;

    /**
     * Returns this rank.
     *
     * @return the rank, {@code 0 <= rank < size()}
     */
    int rank();

    /**
     * Returns the number of ranks of the job.
     *
     * @return the size, {@code >= 1}
     */
    int size();

    /**
     * Returns the ranks that run on this host, this one included, in ascending order: what a
     * device needs to choose shared memory or loopback, and what spin budgets count.
     *
     * @return a fresh array of ranks
     */
    int[] localRanks();

    /**
     * Publishes a value of this rank under a key; other ranks see it after the next fence.
     *
     * @param key the key, not empty
     * @param value the value, at most {@link #MAX_VALUE_LENGTH} characters
     * @throws NullPointerException if {@code key} or {@code value} is {@code null}
     * @throws IllegalArgumentException if the key is empty, was put already by this rank, or the
     *     value is too long
     * @throws BootstrapException if the job has been aborted
     */
    void put(String key, String value);

    /**
     * Waits until every rank of the job has called {@code fence} as many times as this rank, and
     * commits this rank's puts: afterwards {@link #get} sees every value put before the fence by
     * any rank.
     *
     * @throws BootstrapException if the fence times out or the job is aborted while waiting
     */
    void fence();

    /**
     * Returns the value a rank put under a key before the last fence.
     *
     * @param rank the rank that put the value
     * @param key the key
     * @return the value
     * @throws NullPointerException if {@code key} is {@code null}
     * @throws IllegalArgumentException if {@code rank} is not a rank of the job
     * @throws BootstrapException if that rank put no value under the key before the last fence
     */
    String get(int rank, String key);

    /**
     * Returns the secret shared by the ranks of this job only.
     *
     * @return a fresh copy of the secret, at least 16 bytes
     */
    byte[] jobSecret();

    /**
     * Ends the whole job because this rank cannot go on: the launcher stops every rank and
     * reports {@code reason}. A bootstrap of processes does not return from this call when it can
     * help it; {@link InJvmBootstrap} marks the job aborted, so that fences fail, and returns.
     *
     * @param status the exit status the job should end with, not 0
     * @param reason why, naming this rank, for the launcher to print
     */
    void abort(int status, String reason);
}
