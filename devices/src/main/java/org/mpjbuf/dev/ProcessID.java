package org.mpjbuf.dev;

/**
 * The identity of one rank of a device world, as returned by {@link Device#init(DeviceArguments)}.
 *
 * <p>A process id is a value: two ids are equal when their ranks are equal. Ids of different
 * worlds must not be mixed; a device rejects a rank outside its own world. The wildcard
 * {@link Device#ANY_SOURCE} is a process id with rank {@value #ANY_RANK} that is only valid as the
 * source of a receive or a probe.
 *
 * <p>Instances are immutable and therefore thread-safe.
 */
public final class ProcessID {
    /** The rank of {@link Device#ANY_SOURCE}. */
    public static final int ANY_RANK = -1;

    private final int rank;

    private ProcessID(final int rank) {
        this.rank = rank;
    }

    /**
     * Returns the process id of a rank.
     *
     * @param rank the rank, {@code >= 0}, or {@link #ANY_RANK} for the wildcard
     * @return the process id
     * @throws IllegalArgumentException if {@code rank} is negative and not {@link #ANY_RANK}
     */
    public static ProcessID of(final int rank) {
        if (rank == ANY_RANK) {
            return Device.ANY_SOURCE;
        }
        if (rank < 0) {
            throw new IllegalArgumentException("rank must be >= 0 (or ANY_RANK = -1) but was " + rank);
        }
        return new ProcessID(rank);
    }

    static ProcessID anySource() {
        return new ProcessID(ANY_RANK);
    }

    /**
     * Returns the rank of this process in its world.
     *
     * @return the rank, or {@link #ANY_RANK} for the wildcard
     */
    public int rank() {
        return rank;
    }

    /**
     * Tells whether this is the {@link Device#ANY_SOURCE} wildcard.
     *
     * @return {@code true} for the wildcard
     */
    public boolean isAnySource() {
        return rank == ANY_RANK;
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof ProcessID id && id.rank == rank;
    }

    @Override
    public int hashCode() {
        return Integer.hashCode(rank);
    }

    @Override
    public String toString() {
        return rank == ANY_RANK ? "ProcessID[ANY_SOURCE]" : "ProcessID[" + rank + "]";
    }
}
