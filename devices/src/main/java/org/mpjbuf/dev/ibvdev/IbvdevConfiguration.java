package org.mpjbuf.dev.ibvdev;

import java.util.Locale;

import org.mpjbuf.config.Settings;
import org.mpjbuf.dev.DeviceArguments;

/**
 * The tunables of ibvdev and their defaults. Each is read by {@link Settings#system()}, the rule
 * every device's configuration follows: the system property first, then the environment variable
 * named by upper-casing the property and replacing {@code .} with {@code _} (for example
 * {@code MPJBUF_IBVDEV_PINDOWNCACHEENTRIES}), then the default; a device argument of the same name
 * ({@link DeviceArguments#property}) overrides both for one rank.
 *
 * <p>This class holds constants only and is thread-safe.
 */
public final class IbvdevConfiguration {
    /**
     * Property naming the most registrations the pin-down cache of memory outside the pool holds,
     * in use or idle.
     */
    public static final String PIN_DOWN_CACHE_ENTRIES_PROP_NAME = "mpjbuf.ibvdev.pinDownCacheEntries";
    /**
     * Default number of registrations: 1024, far below any adapter's limit on memory regions, and
     * enough for the user buffers a rank has in flight at once plus those it reuses.
     */
    public static final int PIN_DOWN_CACHE_ENTRIES_DEFAULT = 1024;

    /** Property naming the most bytes the pin-down cache keeps registered (pinned), in use or idle. */
    public static final String PIN_DOWN_CACHE_BYTES_PROP_NAME = "mpjbuf.ibvdev.pinDownCacheBytes";
    /**
     * Default registered bytes: 1 GiB. Pinned memory also counts against the process's
     * {@code RLIMIT_MEMLOCK} ({@code ulimit -l}), which the device enforces when it registers.
     */
    public static final long PIN_DOWN_CACHE_BYTES_DEFAULT = 1L << 30;

    /**
     * Property naming the verbs the device runs on: {@code libibverbs} (the default), the FFM binding
     * of rdma-core's library and the first active port of the first RDMA device, or {@code soft},
     * {@link SoftVerbs}, the software device that carries the verbs over Unix domain sockets between
     * the processes of one host: for testing the protocol on a machine without an adapter.
     */
    public static final String VERBS_PROP_NAME = "mpjbuf.ibvdev.verbs";
    /** Default verbs: {@code libibverbs}. */
    public static final String VERBS_DEFAULT = "libibverbs";

    /**
     * Property naming the protocol switch limit in bytes: a standard send of at most this many
     * bytes travels in a frame, copied into a pre-posted receive slot of the peer; a longer one by
     * rendezvous, its data written by RDMA straight into the receive's registered memory.
     */
    public static final String EAGER_LIMIT_PROP_NAME = "mpjbuf.ibvdev.eagerLimit";
    /** Default switch limit: 16 KiB, where one more copy starts to cost more than the rendezvous' round trip. */
    public static final int EAGER_LIMIT_DEFAULT = 16 * 1024;

    /**
     * Property naming the frames a rank may send to a peer before the peer gives their receive
     * slots back: each peer keeps this many slots of the eager limit plus a frame header, and two
     * more, posted for this rank.
     */
    public static final String SEND_SLOTS_PROP_NAME = "mpjbuf.ibvdev.sendSlots";
    /** Default: 16 slots, 264 KiB per peer and direction at the default eager limit. */
    public static final int SEND_SLOTS_DEFAULT = 16;

    /**
     * Property naming the bytes of eager messages a rank may have outstanding at a peer, received
     * but not matched (as niodev's {@code mpjbuf.niodev.eagerCreditBytes}): past that, standard
     * sends go rendezvous.
     */
    public static final String EAGER_CREDIT_BYTES_PROP_NAME = "mpjbuf.ibvdev.eagerCreditBytes";
    /** Default: 1 MiB per peer. */
    public static final int EAGER_CREDIT_BYTES_DEFAULT = 1 << 20;

    /** Property naming the longest message in bytes. */
    public static final String MAX_MESSAGE_LENGTH_PROP_NAME = "mpjbuf.ibvdev.maxMessageLength";
    /** Default longest message: 1 GiB. */
    public static final int MAX_MESSAGE_LENGTH_DEFAULT = 1 << 30;

    /**
     * Property naming the longest time a waiting thread spins, polling the completion queue,
     * before it parks, in nanoseconds; a host with more local ranks than processors spins at most
     * 1 us.
     */
    public static final String IDLE_SPIN_NANOS_PROP_NAME = "mpjbuf.ibvdev.idleSpinNanos";
    /** Default spin: 50 us. */
    public static final long IDLE_SPIN_NANOS_DEFAULT = 50_000L;

    /**
     * Property naming how long, in milliseconds, {@code finish} waits for every peer to acknowledge
     * its goodbye before it tears the queue pairs down.
     */
    public static final String FINISH_TIMEOUT_MILLIS_PROP_NAME = "mpjbuf.ibvdev.finishTimeoutMillis";
    /** Default: 5 s. */
    public static final long FINISH_TIMEOUT_MILLIS_DEFAULT = 5_000L;

    /** The configured {@link #PIN_DOWN_CACHE_ENTRIES_PROP_NAME}. */
    public static final int PIN_DOWN_CACHE_ENTRIES =
        (int) positive(PIN_DOWN_CACHE_ENTRIES_PROP_NAME, PIN_DOWN_CACHE_ENTRIES_DEFAULT, Integer.MAX_VALUE);
    /** The configured {@link #PIN_DOWN_CACHE_BYTES_PROP_NAME}. */
    public static final long PIN_DOWN_CACHE_BYTES =
        positive(PIN_DOWN_CACHE_BYTES_PROP_NAME, PIN_DOWN_CACHE_BYTES_DEFAULT, Long.MAX_VALUE);

    private IbvdevConfiguration() {
    }

    /** Returns the setting as a number from 1 to {@code max}, or {@code configured} when it is not set. */
    static long positive(final String name, final long configured, final long max) {
        return Settings.system().longValue(name, configured, 1, max);
    }

    /**
     * Returns a setting of one rank as a number from {@code min} to {@code max}: its device
     * argument if given, else as {@link Settings#system()} reads it, else {@code defaultValue}.
     */
    static long longValue(final DeviceArguments arguments, final String name, final long defaultValue,
                          final long min, final long max) {
        return settings(arguments).longValue(name, Settings.system().longValue(name, defaultValue, min, max), min,
            max);
    }

    /** Returns the verbs setting of one rank, {@code libibverbs} or {@code soft}. */
    static String verbs(final DeviceArguments arguments) {
        final String verbs = settings(arguments).string(VERBS_PROP_NAME,
            Settings.system().string(VERBS_PROP_NAME, VERBS_DEFAULT)).toLowerCase(Locale.ROOT);
        if (!verbs.equals("libibverbs") && !verbs.equals("soft")) {
            throw new IllegalArgumentException(VERBS_PROP_NAME + " = '" + verbs + "' names no verbs: use libibverbs"
                + " (an RDMA adapter) or soft (the software device, for testing)");
        }
        return verbs;
    }

    private static Settings settings(final DeviceArguments arguments) {
        return arguments.settings();
    }
}
