package org.mpjbuf.buddy;

import org.mpjbuf.config.Settings;

/**
 * Defaults of {@link BufferPoolBuilder}, each read once at class initialisation by {@link Settings#system()}:
 * a system property or, when the property is absent, the environment variable named by upper-casing the
 * property name and turning {@code .} into {@code _} (for example {@code MPJBUF_BUDDY_REGIONSIZE}), else the
 * default. Values set explicitly on a builder always win over these defaults.
 *
 * <p>Thread safety: immutable after class initialisation.
 */
public final class BuddyConfiguration {
    /** Property naming the default medium: {@code HEAP}, {@code DIRECT} or {@code NATIVE}. */
    public static final String MEDIUM_PROP_NAME = "mpjbuf.buddy.medium";
    /** Default medium. */
    public static final Medium MEDIUM_DEFAULT = Medium.DIRECT;

    /** Property naming the default region size in bytes (a power of two). */
    public static final String REGION_SIZE_PROP_NAME = "mpjbuf.buddy.regionSize";
    /** Default region size: 8 MiB. */
    public static final int REGION_SIZE_DEFAULT = 8 << 20;

    /** Property naming the default minimum block size in bytes (a power of two, at least 16). */
    public static final String MINIMUM_BLOCK_SIZE_PROP_NAME = "mpjbuf.buddy.minimumBlockSize";
    /** Default minimum block size: 64 bytes. */
    public static final int MINIMUM_BLOCK_SIZE_DEFAULT = 64;

    /** Property naming the default maximum number of bytes a pool may reserve. */
    public static final String MAXIMUM_RESERVED_BYTES_PROP_NAME = "mpjbuf.buddy.maximumReservedBytes";
    /** Default maximum reserved bytes: unlimited (the platform's own limits apply). */
    public static final long MAXIMUM_RESERVED_BYTES_DEFAULT = Long.MAX_VALUE;

    /** Property naming the default strategy: {@code SHARED_FREE_LISTS} or {@code PER_REGION_FREE_LISTS}. */
    public static final String STRATEGY_PROP_NAME = "mpjbuf.buddy.strategy";
    /** Default strategy. */
    public static final AllocationStrategy STRATEGY_DEFAULT = AllocationStrategy.SHARED_FREE_LISTS;

    /** Property naming the default number of entirely free regions a pool keeps instead of releasing. */
    public static final String EMPTY_REGIONS_KEPT_PROP_NAME = "mpjbuf.buddy.emptyRegionsKept";
    /** Default number of empty regions kept: 1. */
    public static final int EMPTY_REGIONS_KEPT_DEFAULT = 1;

    /** Property naming the default number of freed oversized (dedicated) regions a pool keeps for reuse. */
    public static final String OVERSIZED_REGIONS_KEPT_PROP_NAME = "mpjbuf.buddy.oversizedRegionsKept";
    /** Default number of oversized regions kept: 2, one message being sent and one being received. */
    public static final int OVERSIZED_REGIONS_KEPT_DEFAULT = 2;

    /** Property naming whether leak tracking is on by default ({@code true} or {@code false}). */
    public static final String LEAK_TRACKING_PROP_NAME = "mpjbuf.buddy.leakTracking";
    /** Default leak tracking: off. */
    public static final boolean LEAK_TRACKING_DEFAULT = false;

    /** Property naming the default maximum number of freed blocks of one size a thread keeps cached (0 disables). */
    public static final String THREAD_CACHE_BLOCKS_PROP_NAME = "mpjbuf.buddy.threadCacheBlocks";
    /** Default thread cache depth per block size: 64 blocks. */
    public static final int THREAD_CACHE_BLOCKS_DEFAULT = 64;

    /** Property naming the default byte budget of one block size in a thread cache (at least one block is kept). */
    public static final String THREAD_CACHE_BYTES_PROP_NAME = "mpjbuf.buddy.threadCacheBytes";
    /** Default thread cache budget per block size: 2 MiB (16 blocks of 128 KiB). */
    public static final int THREAD_CACHE_BYTES_DEFAULT = 2 << 20;

    private static final Settings SETTINGS = Settings.system();

    // The bounds are those of the builder's setters; that a size is a power of two is left to build(),
    // which checks it as it checks a size set on the builder.
    static final Medium MEDIUM = SETTINGS.enumValue(MEDIUM_PROP_NAME, MEDIUM_DEFAULT);
    static final int REGION_SIZE = SETTINGS.intValue(REGION_SIZE_PROP_NAME, REGION_SIZE_DEFAULT,
        BufferPoolBuilder.SMALLEST_MINIMUM_BLOCK_SIZE, BufferPoolBuilder.LARGEST_REGION_SIZE);
    static final int MINIMUM_BLOCK_SIZE = SETTINGS.intValue(MINIMUM_BLOCK_SIZE_PROP_NAME, MINIMUM_BLOCK_SIZE_DEFAULT,
        BufferPoolBuilder.SMALLEST_MINIMUM_BLOCK_SIZE, BufferPoolBuilder.LARGEST_REGION_SIZE);
    static final long MAXIMUM_RESERVED_BYTES =
        SETTINGS.longValue(MAXIMUM_RESERVED_BYTES_PROP_NAME, MAXIMUM_RESERVED_BYTES_DEFAULT, 1, Long.MAX_VALUE);
    static final AllocationStrategy STRATEGY = SETTINGS.enumValue(STRATEGY_PROP_NAME, STRATEGY_DEFAULT);
    static final int EMPTY_REGIONS_KEPT =
        SETTINGS.intValue(EMPTY_REGIONS_KEPT_PROP_NAME, EMPTY_REGIONS_KEPT_DEFAULT, 0, Integer.MAX_VALUE);
    static final int OVERSIZED_REGIONS_KEPT =
        SETTINGS.intValue(OVERSIZED_REGIONS_KEPT_PROP_NAME, OVERSIZED_REGIONS_KEPT_DEFAULT, 0, Integer.MAX_VALUE);
    static final boolean LEAK_TRACKING = SETTINGS.booleanValue(LEAK_TRACKING_PROP_NAME, LEAK_TRACKING_DEFAULT);
    static final int THREAD_CACHE_BLOCKS =
        SETTINGS.intValue(THREAD_CACHE_BLOCKS_PROP_NAME, THREAD_CACHE_BLOCKS_DEFAULT, 0, Integer.MAX_VALUE);
    static final int THREAD_CACHE_BYTES =
        SETTINGS.intValue(THREAD_CACHE_BYTES_PROP_NAME, THREAD_CACHE_BYTES_DEFAULT, 1, Integer.MAX_VALUE);

    private BuddyConfiguration() {
    }
}
