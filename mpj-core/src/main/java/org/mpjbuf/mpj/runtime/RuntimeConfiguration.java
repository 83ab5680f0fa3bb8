package org.mpjbuf.mpj.runtime;

import org.mpjbuf.config.Settings;

/**
 * The tunables of the MPJ runtime and point-to-point layer, read once when the class is
 * initialized by {@link Settings#system()}: a system property first, then the environment variable
 * named by upper-casing the property and turning {@code .} into {@code _}, then the default; a blank
 * value selects the default.
 *
 * <p>Thread-safe: constants only.
 */
public final class RuntimeConfiguration {
    private static final Settings SETTINGS = Settings.system();

    /** Property naming the device jobs run on. */
    public static final String DEVICE_PROP_NAME = "mpjbuf.mpj.device";
    /** Default device: threads of one JVM. */
    public static final String DEVICE_DEFAULT = "smdev";
    /** The device jobs run on. */
    public static final String DEVICE = read(DEVICE_PROP_NAME, DEVICE_DEFAULT);

    /**
     * Property: the device of a program started by a cluster's launcher (MPICH's {@code mpiexec},
     * ...) rather than by {@code bin/mpjrun}; it must be one whose ranks are processes.
     */
    public static final String LAUNCHED_DEVICE_PROP_NAME = "mpjbuf.mpj.launchedDevice";
    /** Default: niodev. */
    public static final String LAUNCHED_DEVICE_DEFAULT = "niodev";
    /** The device of ranks started by a cluster's launcher. */
    public static final String LAUNCHED_DEVICE = read(LAUNCHED_DEVICE_PROP_NAME, LAUNCHED_DEVICE_DEFAULT);

    /**
     * Property: the address {@code bin/mpjrun}'s bootstrap listens on when ranks run on other hosts,
     * as {@link org.mpjbuf.dev.HostAddresses} reads it (empty: the interface of the default route;
     * an interface name, a CIDR block, an address or a host name). A job on one host listens on
     * loopback.
     */
    public static final String LAUNCHER_ADDRESS_PROP_NAME = "mpjbuf.mpj.launcherAddress";
    /** Default: empty. */
    public static final String LAUNCHER_ADDRESS_DEFAULT = "";
    /** The address of the launcher's bootstrap for jobs across hosts. */
    public static final String LAUNCHER_ADDRESS = read(LAUNCHER_ADDRESS_PROP_NAME, LAUNCHER_ADDRESS_DEFAULT);

    /** Property telling whether each output line of a rank is prefixed with {@code [rank] }. */
    public static final String RANK_PREFIX_PROP_NAME = "mpjbuf.mpj.rankPrefix";
    /** Default: no prefix. */
    public static final boolean RANK_PREFIX_DEFAULT = false;
    /** Whether output lines are prefixed with the rank. */
    public static final boolean RANK_PREFIX =
        SETTINGS.booleanValue(RANK_PREFIX_PROP_NAME, RANK_PREFIX_DEFAULT);

    /**
     * Property telling whether a rank's {@code main} receives MPJ Express's leading arguments
     * ({@code rank, size, device}) before the program's, which programs written for MPJ Express read
     * from {@code args[3]} on; {@code MPI.Init} returns the program's arguments either way.
     */
    public static final String MPJ_EXPRESS_ARGS_PROP_NAME = "mpjbuf.mpj.mpjExpressArgs";
    /** Default: {@code main} receives the program's arguments alone. */
    public static final boolean MPJ_EXPRESS_ARGS_DEFAULT = false;
    /** Whether a rank's {@code main} receives MPJ Express's leading arguments. */
    public static final boolean MPJ_EXPRESS_ARGS =
        SETTINGS.booleanValue(MPJ_EXPRESS_ARGS_PROP_NAME, MPJ_EXPRESS_ARGS_DEFAULT);

    /** Property: how long the other ranks may take to unwind after one rank failed, in ms. */
    public static final String STOP_GRACE_MILLIS_PROP_NAME = "mpjbuf.mpj.stopGraceMillis";
    /** Default grace period: 5 s. */
    public static final long STOP_GRACE_MILLIS_DEFAULT = 5_000;
    /** How long the other ranks may take to unwind after one rank failed, in ms. */
    public static final long STOP_GRACE_MILLIS =
        readLong(STOP_GRACE_MILLIS_PROP_NAME, STOP_GRACE_MILLIS_DEFAULT);

    /**
     * Property: the longest time, in nanoseconds, a wait spins on its request before yielding the
     * core; each thread adapts its spin below it (a spin that fails halves the next one).
     */
    public static final String WAIT_SPIN_NANOS_PROP_NAME = "mpjbuf.mpj.waitSpinNanos";
    /** Default: 50 us, as the smdev device's own waits. */
    public static final long WAIT_SPIN_NANOS_DEFAULT = 50_000;
    /** The longest time a wait spins before yielding the core. */
    public static final long WAIT_SPIN_NANOS = readLong(WAIT_SPIN_NANOS_PROP_NAME, WAIT_SPIN_NANOS_DEFAULT);

    /**
     * Property: how long, in ms, a parked wait sleeps at most before it re-checks on its own
     * whether the job was stopped. A stop wakes every parked wait of the job itself, so this is
     * only a safety net; 0 switches the re-check off.
     */
    public static final String STOP_CHECK_MILLIS_PROP_NAME = "mpjbuf.mpj.stopCheckMillis";
    /** Default: 20 ms. */
    public static final long STOP_CHECK_MILLIS_DEFAULT = 20;
    /** How long a parked wait sleeps at most before re-checking the stop switch; 0 = never. */
    public static final long STOP_CHECK_MILLIS =
        readLong(STOP_CHECK_MILLIS_PROP_NAME, STOP_CHECK_MILLIS_DEFAULT);

    /** Property: how many times a wait yields before it parks until the request completes. */
    public static final String WAIT_YIELDS_PROP_NAME = "mpjbuf.mpj.waitYields";
    /** Default: 50 yields. */
    public static final int WAIT_YIELDS_DEFAULT = 50;
    /** How many times a wait yields before it parks until the request completes. */
    public static final int WAIT_YIELDS =
        SETTINGS.intValue(WAIT_YIELDS_PROP_NAME, WAIT_YIELDS_DEFAULT, 0, Integer.MAX_VALUE);

    /**
     * Property: whether the rank threads of an in-JVM job, and the main threads of the ranks that
     * {@code bin/mpjrun} starts as processes, are bound to cores of their own: {@code auto} binds
     * them when every rank of the host gets a core, {@code none} never does (see
     * {@link CoreBinding}).
     */
    public static final String BIND_RANKS_PROP_NAME = "mpjbuf.mpj.bindRanks";
    /** Default: {@code auto}. */
    public static final String BIND_RANKS_DEFAULT = "auto";
    /** {@code auto} or {@code none}; checked when a job starts. */
    public static final String BIND_RANKS = read(BIND_RANKS_PROP_NAME, BIND_RANKS_DEFAULT);

    /**
     * Property: the largest contiguous array, in bytes, that point-to-point keeps for reuse after
     * packing a non-contiguous datatype into it (two per element type and power-of-two size).
     */
    public static final String PACK_CACHE_BYTES_PROP_NAME = "mpjbuf.mpj.packCacheBytes";
    /** Default: arrays up to 8 MiB are kept. */
    public static final long PACK_CACHE_BYTES_DEFAULT = 8L << 20;
    /** The largest packed array, in bytes, kept for reuse; 0 keeps none. */
    public static final long PACK_CACHE_BYTES =
        readLong(PACK_CACHE_BYTES_PROP_NAME, PACK_CACHE_BYTES_DEFAULT);

    private RuntimeConfiguration() {
    }

    /** Reads a text setting. */
    private static String read(String property, String fallback) {
        return SETTINGS.string(property, fallback);
    }

    /** Reads a duration or size, which is never negative. */
    private static long readLong(String property, long fallback) {
        return SETTINGS.longValue(property, fallback, 0, Long.MAX_VALUE);
    }
}
