package org.mpjbuf.dev.smdev;

import org.mpjbuf.config.Settings;

/**
 * The tunables of smdev and their defaults. Each is read once, when this class initializes, by
 * {@link Settings#system()}: the system property first, then the environment variable named by
 * upper-casing the property and replacing {@code .} with {@code _} (for example
 * {@code MPJBUF_SMDEV_EAGERLIMIT}), then the default. A {@link SmdevWorld.Builder} may override them per world.
 *
 * <p>This class holds constants only and is thread-safe.
 */
public final class SmdevConfiguration {
    /** Property naming the protocol switch limit in bytes: messages up to it are sent eagerly. */
    public static final String EAGER_LIMIT_PROP_NAME = "mpjbuf.smdev.eagerLimit";
    /** Default protocol switch limit: 64 KiB. */
    public static final int EAGER_LIMIT_DEFAULT = 64 * 1024;

    /**
     * Property naming whether small eager messages (up to 2 KiB of
     * a primitive array run) between two ranks go through a ring of slots of that pair, polled
     * by the receiving rank, rather than the receiving rank's queues: {@code true} or
     * {@code false}.
     */
    public static final String FAST_BOXES_PROP_NAME = "mpjbuf.smdev.fastBoxes";
    /**
     * Default: fast boxes. Measured alternately with the queues alone (benchmarks README, "Fast
     * boxes by default"), they gave the lower half round trip from 1 B to 1 KiB in every run, on
     * 2 ranks and on 3 ranks sharing 2 cores, NPB MG class A on 2 ranks 9027-9428 Mop/s against
     * 7404-8173, CG class A on 4 ranks over 2 cores 2732-3150 against 2349-2592; CG class A on 2
     * ranks stayed within the spread of its runs (ahead in 9 of 17 pairs), CG class B on 2 ranks
     * and MG on 4 even. {@code false} keeps every message in the receiving rank's queues.
     */
    public static final boolean FAST_BOXES_DEFAULT = true;

    /**
     * Property naming how a waiting rank idles: {@code backoff} (spin, then yield, then park),
     * {@code spin} (busy spin, lowest latency, one core per waiting rank), {@code yield} (spin,
     * then yield forever) or {@code park} (spin briefly, then park).
     */
    public static final String IDLE_STRATEGY_PROP_NAME = "mpjbuf.smdev.idleStrategy";
    /** Default idle strategy: {@code backoff}. */
    public static final String IDLE_STRATEGY_DEFAULT = "backoff";

    /** Property naming how long, in nanoseconds, a waiting rank spins before it starts yielding. */
    public static final String IDLE_SPIN_NANOS_PROP_NAME = "mpjbuf.smdev.idleSpinNanos";
    /**
     * Default spin time: 50 us, long enough to catch a peer's reply on another core (well under a
     * microsecond for small messages) and the end of a large copy, short enough that an idle rank
     * gives its core up soon. A world with more ranks than processors spins at most 1 us.
     */
    public static final long IDLE_SPIN_NANOS_DEFAULT = 50_000L;

    /** Property naming how many times a waiting rank yields before it starts parking. */
    public static final String IDLE_YIELDS_PROP_NAME = "mpjbuf.smdev.idleYields";
    /**
     * Default number of yields: 10, a short phase that lets another runnable rank take the core
     * before the waiter parks; longer yielding keeps a waiter in the run queue on a loaded machine,
     * while a parked one is woken at once by {@code unpark} when its message arrives.
     */
    public static final int IDLE_YIELDS_DEFAULT = 10;

    /**
     * Property naming the longest park in nanoseconds; a parked rank is also unparked as soon as
     * what it waits for happens, so this only bounds the cost of a missed wake-up.
     */
    public static final String IDLE_MAX_PARK_NANOS_PROP_NAME = "mpjbuf.smdev.idleMaxParkNanos";
    /** Default longest park: 1 ms. */
    public static final long IDLE_MAX_PARK_NANOS_DEFAULT = 1_000_000L;

    private static final Settings SETTINGS = Settings.system();

    // The bounds are those SmdevWorld.Builder enforces, so that a bad value is refused naming its property.
    /** The protocol switch limit in effect. */
    public static final int EAGER_LIMIT =
        SETTINGS.intValue(EAGER_LIMIT_PROP_NAME, EAGER_LIMIT_DEFAULT, 0, Integer.MAX_VALUE);
    /** Whether fast boxes are used. */
    public static final boolean FAST_BOXES = SETTINGS.booleanValue(FAST_BOXES_PROP_NAME, FAST_BOXES_DEFAULT);
    /** The idle strategy in effect. */
    public static final String IDLE_STRATEGY = SETTINGS.string(IDLE_STRATEGY_PROP_NAME, IDLE_STRATEGY_DEFAULT);
    /** The spin time in effect. */
    public static final long IDLE_SPIN_NANOS =
        SETTINGS.longValue(IDLE_SPIN_NANOS_PROP_NAME, IDLE_SPIN_NANOS_DEFAULT, 0, Long.MAX_VALUE);
    /** The yield count in effect. */
    public static final int IDLE_YIELDS =
        SETTINGS.intValue(IDLE_YIELDS_PROP_NAME, IDLE_YIELDS_DEFAULT, 0, Integer.MAX_VALUE);
    /** The longest park in effect. */
    public static final long IDLE_MAX_PARK_NANOS =
        SETTINGS.longValue(IDLE_MAX_PARK_NANOS_PROP_NAME, IDLE_MAX_PARK_NANOS_DEFAULT, 1_000, Long.MAX_VALUE);

    private SmdevConfiguration() {
    }
}
