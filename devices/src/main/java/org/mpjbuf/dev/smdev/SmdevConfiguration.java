package org.mpjbuf.dev.smdev;

import java.util.Locale;

/**
 * The tunables of smdev and their defaults. Each is read once, when this class initializes: the
 * system property first, then the environment variable named by upper-casing the property and
 * replacing {@code .} with {@code _} (for example {@code MPJBUF_SMDEV_EAGERLIMIT}), then the
 * default. A {@link SmdevWorld.Builder} may override them per world.
 *
 * <p>This class holds constants only and is thread-safe.
 */
public final class SmdevConfiguration {
    /** Property naming the protocol switch limit in bytes: messages up to it are sent eagerly. */
    public static final String EAGER_LIMIT_PROP_NAME = "mpjbuf.smdev.eagerLimit";
    /** Default protocol switch limit: 64 KiB. */
    public static final int EAGER_LIMIT_DEFAULT = 64 * 1024;

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

    /** The protocol switch limit in effect. */
    public static final int EAGER_LIMIT = intValue(EAGER_LIMIT_PROP_NAME, EAGER_LIMIT_DEFAULT);
    /** The idle strategy in effect. */
    public static final String IDLE_STRATEGY = stringValue(IDLE_STRATEGY_PROP_NAME, IDLE_STRATEGY_DEFAULT);
    /** The spin time in effect. */
    public static final long IDLE_SPIN_NANOS = longValue(IDLE_SPIN_NANOS_PROP_NAME, IDLE_SPIN_NANOS_DEFAULT);
    /** The yield count in effect. */
    public static final int IDLE_YIELDS = intValue(IDLE_YIELDS_PROP_NAME, IDLE_YIELDS_DEFAULT);
    /** The longest park in effect. */
    public static final long IDLE_MAX_PARK_NANOS =
        longValue(IDLE_MAX_PARK_NANOS_PROP_NAME, IDLE_MAX_PARK_NANOS_DEFAULT);

    private SmdevConfiguration() {
    }

    static String stringValue(final String name, final String defaultValue) {
        final String property = System.getProperty(name);
        if (property != null) {
            return property.trim();
        }
        final String variable = System.getenv(name.toUpperCase(Locale.ROOT).replace('.', '_'));
        return variable != null ? variable.trim() : defaultValue;
    }

    private static int intValue(final String name, final int defaultValue) {
        return Math.toIntExact(longValue(name, defaultValue));
    }

    private static long longValue(final String name, final long defaultValue) {
        final String text = stringValue(name, null);
        if (text == null) {
            return defaultValue;
        }
        try {
            return Long.parseLong(text);
        } catch (final NumberFormatException ex) {
            throw new IllegalArgumentException(
                "configuration " + name + " must be an integer but was '" + text + "'", ex);
        }
    }
}
