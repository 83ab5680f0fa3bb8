package org.mpjbuf.dev;

/**
 * How long one rank spins before it yields and parks, adapted to what spinning has bought it
 * lately: a wait that ended while spinning adds {@link #STEP_NANOS} to the budget (up to the
 * configured spin time), a wait that spun in vain halves it, down to zero. Growth is additive and
 * decay multiplicative because the two outcomes cost differently: a spin that succeeds saves one
 * park and unpark (a few microseconds), one that fails wastes the whole budget and, on a busy
 * machine, holds the core the peer needs.
 *
 * <p>Spinning pays only while the peer runs on another core. On an idle machine nearly every
 * small-message wait ends within a microsecond and the budget stays at its maximum; on a machine
 * whose cores are taken by other work (or by more ranks than cores) the spins fail and within a
 * few waits the rank yields at once instead. A rank whose budget is zero still probes with a
 * {@link #PROBE_NANOS} spin once every {@link #PROBE_INTERVAL} waits, so that the budget grows
 * back when the cores free up.
 *
 * <p>The probe is long, and a successful spin raises the budget to at least its length, because
 * the peer may be yielding too: two ranks that both lost their budget (to a compilation or a
 * collection that took a core for a while) answer each other only after a yield, about a
 * microsecond here, so short probes would fail for ever and the pair would stay several times
 * slower than it need be (measured: 1-2 us per 1-byte message instead of 0.1-0.3 us, for whole
 * runs). A probe that outlasts a yielding peer's answer, followed by spins as long, brings both
 * ranks back to spinning within a few probes.
 *
 * <p>The smdev device's waits and the {@code mpi} layer's waits both use it, so that a wait through
 * {@code mpi} behaves like a wait on the device.
 *
 * <p>Not thread-safe: one instance per waiting thread (or per rank whose threads share it, since
 * a lost update only blurs a heuristic).
 */
public final class SpinBudget {
    /** What a successful spin adds to the budget. */
    public static final long STEP_NANOS = 1_000L;

    /** How long a probe spins, and the least budget a successful spin leaves, unless a device says otherwise. */
    public static final long PROBE_NANOS = 10_000L;

    /** Waits between two probes while the budget is zero, a power of two. */
    public static final int PROBE_INTERVAL = 16;

    private final long maximumNanos;
    private final long probeNanos;
    private long nanos;
    private int waitsSinceProbe;

    /**
     * Creates a budget that starts at its maximum, with probes of {@link #PROBE_NANOS}.
     *
     * @param maximumNanos the configured spin time, {@code >= 0}
     * @throws IllegalArgumentException if {@code maximumNanos} is negative
     */
    public SpinBudget(final long maximumNanos) {
        this(maximumNanos, PROBE_NANOS);
    }

    /**
     * Creates a budget that starts at its maximum, for a device whose answers take about
     * {@code probeNanos} at the least (a network round trip): probes spin that long, and a
     * successful spin leaves at least that much, so that a budget never shrinks below what a
     * spin needs to see any answer at all.
     *
     * @param maximumNanos the configured spin time, {@code >= 0}
     * @param probeNanos   the probe length and least budget after a success, {@code >= 0}
     * @throws IllegalArgumentException if either is negative
     */
    public SpinBudget(final long maximumNanos, final long probeNanos) {
        if (maximumNanos < 0 || probeNanos < 0) {
            throw new IllegalArgumentException("maximum spin and probe must be >= 0 ns but were " + maximumNanos
                + " and " + probeNanos);
        }
        this.maximumNanos = maximumNanos;
        this.probeNanos = probeNanos;
        this.nanos = maximumNanos;
    }

    /**
     * Tells how long a probe spins, and the least budget a successful spin leaves.
     *
     * @return nanoseconds
     */
    public long probeNanos() {
        return probeNanos;
    }

    /**
     * Tells how long the next wait may spin.
     *
     * @return the budget in nanoseconds, or a probe now and then when the budget is zero
     */
    public long nanos() {
        final long current = nanos;
        if (current > 0) {
            return current;
        }
        return (++waitsSinceProbe & (PROBE_INTERVAL - 1)) == 0 ? Math.min(probeNanos, maximumNanos) : 0;
    }

    /** Records a wait that ended while spinning. */
    public void spinSucceeded() {
        nanos = Math.min(maximumNanos, Math.max(probeNanos, nanos + STEP_NANOS));
    }

    /** Records a wait that spun for its whole time in vain. */
    public void spinFailed() {
        final long halved = nanos >> 1;
        nanos = halved < STEP_NANOS ? 0 : halved;
    }
}
