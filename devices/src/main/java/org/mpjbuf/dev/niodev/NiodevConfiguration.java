package org.mpjbuf.dev.niodev;

import java.util.Set;

import org.mpjbuf.config.Settings;
import org.mpjbuf.dev.DeviceArguments;

/**
 * The tunables of niodev and their defaults. Each is read once, when this class initializes, by
 * {@link Settings#system()}: the system property first, then the environment variable named by
 * upper-casing the property and replacing {@code .} with {@code _} (for example
 * {@code MPJBUF_NIODEV_EAGERLIMIT}), then the default. A property of the same name in
 * {@link DeviceArguments#property(String)} overrides it for one device. The ranks of a job must
 * agree on the eager limit, the maximum message length and the eager credit: a rank refuses frames
 * beyond its own limits.
 *
 * <p>The job secret is not configured here: it comes from the bootstrap, so that it never
 * appears in a property listing or a log.
 *
 * <p>This class holds constants only and is thread-safe.
 */
public final class NiodevConfiguration {
    /** Property naming the protocol switch limit in bytes: messages up to it are sent eagerly. */
    public static final String EAGER_LIMIT_PROP_NAME = "mpjbuf.niodev.eagerLimit";
    /**
     * Default protocol switch limit: 256 KiB of data and 4 KiB of room for its mpjbuf headers, so
     * that a message of 256 KiB of data, which its headers take past 256 KiB, goes eagerly: 38-40 us
     * a half round trip here against 44-47 us by rendezvous (and 128 KiB of data 22-23 us against
     * 29-34 us; benchmarks README). A message of 512 KiB of data went no faster eagerly.
     */
    public static final int EAGER_LIMIT_DEFAULT = 256 * 1024 + 4096;

    /**
     * Property naming the most bytes niodev asks the socket to take in one write call; a longer
     * frame goes in several calls, one after the other while the socket takes them whole. 0 asks
     * for the whole frame in one call.
     */
    public static final String WRITE_CALL_LIMIT_PROP_NAME = "mpjbuf.niodev.writeCallLimit";
    /**
     * Default write call limit: 512 KiB. Linux's loopback TCP moved 1-4 MiB here 25-40 % faster
     * in writes of 512 KiB than in one write of the whole, and 256 KiB writes gained less (the
     * socket floor's {@code MAX_WRITE} argument, benchmarks README). Through niodev, NPB IS class A
     * on 2 ranks gained 8 % and FT lost 3-4 %.
     */
    public static final int WRITE_CALL_LIMIT_DEFAULT = 512 * 1024;

    /**
     * Property naming the eager credit in bytes: how many bytes of eager messages a rank lets each
     * peer have outstanding at it (arrived, or delivered with the credit not yet returned) before
     * that peer's standard sends fall back to rendezvous, so that unreceived messages cannot fill
     * its memory. At least the eager limit.
     */
    public static final String EAGER_CREDIT_BYTES_PROP_NAME = "mpjbuf.niodev.eagerCreditBytes";
    /**
     * Default eager credit: 1 MiB per peer, four messages of the default eager limit (and
     * thousands of small ones), so only a sender that runs far ahead of its receiver notices it,
     * while a rank's unexpected eager data stay below 1 MiB per peer.
     */
    public static final int EAGER_CREDIT_BYTES_DEFAULT = 1 << 20;

    /**
     * Property naming the longest message in bytes a rank accepts; a request to send a longer one
     * closes the connection as hostile.
     */
    public static final String MAX_MESSAGE_LENGTH_PROP_NAME = "mpjbuf.niodev.maxMessageLength";
    /** Default longest message: 1 GiB. */
    public static final int MAX_MESSAGE_LENGTH_DEFAULT = 1 << 30;

    /**
     * Property naming the address the rank listens on, as {@link org.mpjbuf.dev.HostAddresses}
     * reads it: empty means loopback when every rank shares this host and the interface of the
     * default route otherwise; an interface name, a CIDR block, an address or a host name choose
     * one.
     */
    public static final String BIND_ADDRESS_PROP_NAME = "mpjbuf.niodev.bindAddress";
    /** Default bind address: empty, for loopback on one host and the default route's interface across hosts. */
    public static final String BIND_ADDRESS_DEFAULT = "";

    /** Property naming how long {@code init} waits for every peer to connect, in milliseconds. */
    public static final String CONNECT_TIMEOUT_MILLIS_PROP_NAME = "mpjbuf.niodev.connectTimeoutMillis";
    /** Default connect timeout: 30 s. */
    public static final long CONNECT_TIMEOUT_MILLIS_DEFAULT = 30_000L;

    /**
     * Property naming how long a new connection may take to authenticate, in milliseconds; one
     * that stays silent longer is closed.
     */
    public static final String HANDSHAKE_TIMEOUT_MILLIS_PROP_NAME = "mpjbuf.niodev.handshakeTimeoutMillis";
    /** Default handshake timeout: 10 s. */
    public static final long HANDSHAKE_TIMEOUT_MILLIS_DEFAULT = 10_000L;

    /**
     * Property naming how long {@code finish} waits for its peers to acknowledge, in milliseconds.
     */
    public static final String FINISH_TIMEOUT_MILLIS_PROP_NAME = "mpjbuf.niodev.finishTimeoutMillis";
    /** Default finish timeout: 5 s. */
    public static final long FINISH_TIMEOUT_MILLIS_DEFAULT = 5_000L;

    /**
     * Property naming the longest time a waiting thread spins before it parks, in nanoseconds; the
     * rank adapts below it ({@link org.mpjbuf.dev.SpinBudget}), and a host with more local ranks
     * than processors spins at most 1 us.
     */
    public static final String IDLE_SPIN_NANOS_PROP_NAME = "mpjbuf.niodev.idleSpinNanos";
    /**
     * Default spin time: 50 us, a few loopback round trips (13-15 us for a small message here),
     * so that a polling wait sees its answer on its own core.
     */
    public static final long IDLE_SPIN_NANOS_DEFAULT = 50_000L;

    /**
     * Property naming how long, in seconds, a connection may stay silent before TCP probes the
     * peer (one probe a second, three unanswered end it): a host that disappears without a reset,
     * or a cut link, fails the requests on it within this time plus three seconds instead of
     * hanging; 0 leaves the system's keepalive settings.
     */
    public static final String KEEPALIVE_IDLE_SECONDS_PROP_NAME = "mpjbuf.niodev.keepAliveIdleSeconds";
    /** Default: 5 s, so a silent peer fails its requests after about 8 s. */
    public static final long KEEPALIVE_IDLE_SECONDS_DEFAULT = 5;

    /**
     * Property saying whether a message of an array run of primitives longer than the eager limit
     * moves straight between the user's arrays and the socket ({@link SocketDescriptor}), with no
     * copy in Java and no checksum of its payload (TCP's own checksum guards it, as it guards native
     * MPI's messages); {@code false} sends every {@code mpi} message as a checksummed mpjbuf buffer,
     * copied once on each side.
     */
    public static final String ZERO_COPY_PROP_NAME = "mpjbuf.niodev.zeroCopy";
    /**
     * Default: on. A 1-4 MiB ping-pong took 1.3-2.2 times Open MPI's TCP time with a copy and a
     * checksum on each side, and the socket floor's time without them (benchmarks README, "Large
     * runs straight from the array to the socket").
     */
    public static final boolean ZERO_COPY_DEFAULT = true;

    /**
     * Property naming the TCP congestion control algorithm of every connection
     * ({@code TCP_CONGESTION}), or {@code system} for the kernel's default
     * ({@code net.ipv4.tcp_congestion_control}). A connection whose algorithm cannot be set (not in
     * the kernel, not allowed to the user, no descriptor found) keeps the kernel's, with a warning.
     */
    public static final String CONGESTION_CONTROL_PROP_NAME = "mpjbuf.niodev.congestionControl";
    /**
     * Default: {@code cubic}, the kernel's usual default. Under BBR, this machine's default, a
     * 4 MiB ping-pong over loopback saw segments arrive out of order and be sent twice, and BBR's
     * pacing rate fell to 24 Gbit/s; its round trips took 0.5-9 ms where cubic's took 0.4 ms
     * (benchmarks README, "Congestion control on one host").
     */
    public static final String CONGESTION_CONTROL_DEFAULT = "cubic";
    /** The value of {@link #CONGESTION_CONTROL_PROP_NAME} that keeps the kernel's default. */
    public static final String SYSTEM_CONGESTION_CONTROL = "system";

    private static final Settings SETTINGS = Settings.system();

    /** The settings that are durations read as longs; the others are sizes and counts that fit an int. */
    private static final Set<String> LONG_VALUED = Set.of(CONNECT_TIMEOUT_MILLIS_PROP_NAME,
        HANDSHAKE_TIMEOUT_MILLIS_PROP_NAME, FINISH_TIMEOUT_MILLIS_PROP_NAME, IDLE_SPIN_NANOS_PROP_NAME);

    /** The protocol switch limit in effect. */
    public static final int EAGER_LIMIT = (int) longValue(EAGER_LIMIT_PROP_NAME, null, EAGER_LIMIT_DEFAULT);
    /** The write call limit in effect; 0 for none. */
    public static final int WRITE_CALL_LIMIT =
        (int) longValue(WRITE_CALL_LIMIT_PROP_NAME, null, WRITE_CALL_LIMIT_DEFAULT);
    /** The eager credit in effect. */
    public static final int EAGER_CREDIT_BYTES =
        (int) longValue(EAGER_CREDIT_BYTES_PROP_NAME, null, EAGER_CREDIT_BYTES_DEFAULT);
    /** The longest message in effect. */
    public static final int MAX_MESSAGE_LENGTH =
        (int) longValue(MAX_MESSAGE_LENGTH_PROP_NAME, null, MAX_MESSAGE_LENGTH_DEFAULT);
    /** The bind address in effect. */
    public static final String BIND_ADDRESS = stringValue(BIND_ADDRESS_PROP_NAME, null, BIND_ADDRESS_DEFAULT);
    /** The connect timeout in effect. */
    public static final long CONNECT_TIMEOUT_MILLIS =
        longValue(CONNECT_TIMEOUT_MILLIS_PROP_NAME, null, CONNECT_TIMEOUT_MILLIS_DEFAULT);
    /** The handshake timeout in effect. */
    public static final long HANDSHAKE_TIMEOUT_MILLIS =
        longValue(HANDSHAKE_TIMEOUT_MILLIS_PROP_NAME, null, HANDSHAKE_TIMEOUT_MILLIS_DEFAULT);
    /** The finish timeout in effect. */
    public static final long FINISH_TIMEOUT_MILLIS =
        longValue(FINISH_TIMEOUT_MILLIS_PROP_NAME, null, FINISH_TIMEOUT_MILLIS_DEFAULT);
    /** The keepalive idle time in effect, in seconds; 0 for the system's. */
    public static final long KEEPALIVE_IDLE_SECONDS =
        longValue(KEEPALIVE_IDLE_SECONDS_PROP_NAME, null, KEEPALIVE_IDLE_SECONDS_DEFAULT);
    /** Whether large array runs move with no copy, in effect. */
    public static final boolean ZERO_COPY = booleanValue(ZERO_COPY_PROP_NAME, null, ZERO_COPY_DEFAULT);
    /** The congestion control setting in effect, an algorithm's name or {@link #SYSTEM_CONGESTION_CONTROL}. */
    public static final String CONGESTION_CONTROL =
        stringValue(CONGESTION_CONTROL_PROP_NAME, null, CONGESTION_CONTROL_DEFAULT);
    /** The spin time in effect. */
    public static final long IDLE_SPIN_NANOS = longValue(IDLE_SPIN_NANOS_PROP_NAME, null, IDLE_SPIN_NANOS_DEFAULT);

    private NiodevConfiguration() {
    }

    /**
     * Returns a setting's text: the device argument of that name when {@code arguments} are given,
     * else the value read by {@link Settings#system()}; a blank value selects {@code configured}.
     */
    static String stringValue(final String name, final DeviceArguments arguments, final String configured) {
        return settings(arguments).string(name, configured);
    }

    /**
     * Returns a setting as {@link #stringValue} finds it, as a number from 0 to the largest int, or
     * to the largest long for the durations.
     */
    static long longValue(final String name, final DeviceArguments arguments, final long configured) {
        return settings(arguments).longValue(name, configured, 0,
            LONG_VALUED.contains(name) ? Long.MAX_VALUE : Integer.MAX_VALUE);
    }

    /** Returns a setting as {@link #stringValue} finds it, as {@code true} or {@code false}. */
    static boolean booleanValue(final String name, final DeviceArguments arguments, final boolean configured) {
        return settings(arguments).booleanValue(name, configured);
    }

    private static Settings settings(final DeviceArguments arguments) {
        return arguments == null ? SETTINGS : arguments.settings();
    }
}
