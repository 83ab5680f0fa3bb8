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
 * <p>A wait for a large message of a process device may spin longer than the budget: for its
 * {@linkplain #allowanceNanos allowance}, {@link #MESSAGE_NANOS_PER_BYTE} per byte up to
 * {@link #MESSAGE_ALLOWANCE_MAX_NANOS}. Such a wait
 * lasts while the peer packs, checksums and sends the message and this rank copies it in, about
 * 60 us a MiB with nothing arriving on top of the transfer, so it outlasted any budget and the
 * budget fell to zero; its end then waited for a parked thread's wake-up, which takes tens to
 * hundreds of microseconds on a virtual machine. A spin that its allowance lengthened and that
 * fails leaves the budget as it was. The allowance is for hosts whose ranks have a processor
 * each: a budget for an oversubscribed host is made without one.
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

    /** The longest spin on a host with more ranks than processors, whose peers need the cores. */
    public static final long OVERSUBSCRIBED_SPIN_NANOS = 1_000L;

    /**
     * A large message's spin allowance per byte: 1 ns, a rate of 1 GB/s, below what niodev moves
     * over loopback (3-8 GB/s), so that the allowance outlasts a transfer that runs at all.
     */
    public static final long MESSAGE_NANOS_PER_BYTE = 1L;

    /**
     * The longest allowance, 10 ms (about 10 MB): beyond it a wake-up costs less than 1 % of the
     * wait, and a rank that waits for a message sent long after it posted the receive does not
     * hold its processor for longer.
     */
    public static final long MESSAGE_ALLOWANCE_MAX_NANOS = 10_000_000L;

    private final long maximumNanos;
    private final long probeNanos;
    private final long messageNanosPerByte;
    private long nanos;
    private int waitsSinceProbe;
    /** Whether the last wait's spin was a message's allowance, longer than the budget. */
    private boolean lengthened;

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
        this(maximumNanos, probeNanos, 0);
    }

    /**
     * Creates a budget as {@link #SpinBudget(long, long)} does, whose waits for large messages may
     * spin longer ({@link #allowanceNanos}).
     *
     * @param maximumNanos        the configured spin time, {@code >= 0}
     * @param probeNanos          the probe length and least budget after a success, {@code >= 0}
     * @param messageNanosPerByte a message's allowance per byte: {@link #MESSAGE_NANOS_PER_BYTE}
     *                            where every rank of the host has a processor, 0 for none
     * @throws IllegalArgumentException if any is negative
     */
    public SpinBudget(final long maximumNanos, final long probeNanos, final long messageNanosPerByte) {
        if (maximumNanos < 0 || probeNanos < 0 || messageNanosPerByte < 0) {
            throw new IllegalArgumentException("maximum spin, probe and allowance per byte must be >= 0 ns but were "
                + maximumNanos + ", " + probeNanos + " and " + messageNanosPerByte);
        }
        this.maximumNanos = maximumNanos;
        this.probeNanos = probeNanos;
        this.messageNanosPerByte = messageNanosPerByte;
        this.nanos = maximumNanos;
    }

    /**
     * Makes the budget of a process device's rank: spins of at most {@code spinNanos}, probes as
     * long, and an allowance for large messages, except on a host with more local ranks than
     * processors, whose spins last at most {@link #OVERSUBSCRIBED_SPIN_NANOS} and get no allowance.
     *
     * @param spinNanos  the device's configured spin time, {@code >= 0}
     * @param localRanks the job's ranks on this host
     * @return the budget
     * @throws IllegalArgumentException if {@code spinNanos} is negative
     */
    public static SpinBudget forProcessDevice(final long spinNanos, final int localRanks) {
        final boolean oversubscribed = localRanks > HostProcessors.count();
        return new SpinBudget(oversubscribed ? Math.min(spinNanos, OVERSUBSCRIBED_SPIN_NANOS) : spinNanos, spinNanos,
            oversubscribed ? 0 : MESSAGE_NANOS_PER_BYTE);
    }

    /**
     * Tells how long a wait for a message of {@code messageBytes} may spin whatever the budget:
     * the wait spins for the longer of the two ({@link #nanosFor}).
     *
     * @param messageBytes the bytes the awaited request moves, {@code >= 0}
     * @return nanoseconds, at most {@link #MESSAGE_ALLOWANCE_MAX_NANOS}; 0 for a budget made
     *         without an allowance
     */
    public long allowanceNanos(final long messageBytes) {
        if (messageBytes <= 0 || messageNanosPerByte == 0) {
            return 0;
        }
        return messageBytes >= MESSAGE_ALLOWANCE_MAX_NANOS / messageNanosPerByte
            ? MESSAGE_ALLOWANCE_MAX_NANOS : messageBytes * messageNanosPerByte;
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
     * Tells how long the next wait, for a request that moves {@code messageBytes}
     * ({@link org.mpjbuf.dev.Request#expectedBytes()}), may spin: the budget, or the message's
     * allowance where that is longer. If such a lengthened spin fails, {@link #spinFailed()}
     * leaves the budget as it was: it says nothing about the small waits the budget is for.
     *
     * @param messageBytes the bytes the awaited request moves, 0 if unknown
     * @return nanoseconds
     */
    public long nanosFor(final long messageBytes) {
        final long budget = nanos();
        final long allowance = allowanceNanos(messageBytes);
        lengthened = allowance > budget;
        return lengthened ? allowance : budget;
    }

    /**
     * Tells how long the next wait may spin.
     *
     * @return the budget in nanoseconds, or a probe now and then when the budget is zero
     */
    public long nanos() {
        lengthened = false;
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

    /**
     * Records a wait that spun for its whole time in vain: halves the budget, unless the spin was
     * a message's allowance ({@link #nanosFor}).
     */
    public void spinFailed() {
        if (lengthened) {
            lengthened = false;
            return;
        }
        final long halved = nanos >> 1;
        nanos = halved < STEP_NANOS ? 0 : halved;
    }
}
