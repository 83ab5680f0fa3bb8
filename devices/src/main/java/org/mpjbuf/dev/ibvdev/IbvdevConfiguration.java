package org.mpjbuf.dev.ibvdev;

import org.mpjbuf.config.Settings;

/**
 * The tunables of ibvdev and their defaults. Each is read once, when this class initializes, by
 * {@link Settings#system()}, the rule every device's configuration follows: the system property
 * first, then the environment variable named by upper-casing the property and replacing {@code .}
 * with {@code _} (for example {@code MPJBUF_IBVDEV_PINDOWNCACHEENTRIES}), then the default.
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
}
