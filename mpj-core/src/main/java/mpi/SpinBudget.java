package mpi;

/**
 * How long a waiting thread spins before it yields and parks, adapted to what its recent spins
 * bought: a wait that ended while spinning adds {@link #STEP_NANOS} (up to the configured
 * maximum), a wait that spun in vain halves the budget, down to zero; at zero, one wait in
 * {@link #PROBE_INTERVAL} still spins {@link #STEP_NANOS} so the budget can grow back.
 *
 * <p>Spinning pays only while the peer runs on another core: on an idle machine a small-message
 * reply arrives within a microsecond and the budget stays at its maximum; on a machine whose
 * cores are busy (other work, more ranks than cores) spins fail, and after a few waits the thread
 * parks at once and leaves its core to the peer. This is the same policy as the smdev device's
 * own waits, so that a wait through {@code mpi} behaves like a wait on the device.
 *
 * <p>Not thread-safe: one instance per waiting thread.
 */
final class SpinBudget {

    /** What a successful spin adds, and how long a probe spins. */
    static final long STEP_NANOS = 1_000L;

    /** Waits between two probes while the budget is zero; a power of two. */
    static final int PROBE_INTERVAL = 16;

    private final long maximumNanos;
    private long nanos;
    private int waitsSinceProbe;

    /**
     * @param maximumNanos the longest spin, {@code >= 0}; the budget starts there
     */
    SpinBudget(long maximumNanos) {
        this.maximumNanos = maximumNanos;
        this.nanos = maximumNanos;
    }

    /** Returns how long the next wait may spin. */
    long nanos() {
        if (nanos > 0) {
            return nanos;
        }
        return (++waitsSinceProbe & (PROBE_INTERVAL - 1)) == 0 ? Math.min(STEP_NANOS, maximumNanos) : 0;
    }

    /** Records a wait that ended while spinning. */
    void succeeded() {
        nanos = Math.min(maximumNanos, nanos + STEP_NANOS);
    }

    /** Records a wait that spun for its whole time in vain. */
    void failed() {
        long halved = nanos >> 1;
        nanos = halved < STEP_NANOS ? 0 : halved;
    }
}
