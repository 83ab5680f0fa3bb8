package org.mpjbuf.buddy;

import java.util.Locale;

/**
 * Defaults of {@link BufferPoolBuilder}, each read once at class initialisation from a system property or,
 * when the property is absent, from the environment variable named by upper-casing the property name and
 * turning {@code .} into {@code _} (for example {@code MPJBUF_BUDDY_REGIONSIZE}). Values set explicitly on
 * a builder always win over these defaults.
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

    static final Medium MEDIUM = Medium.valueOf(read(MEDIUM_PROP_NAME, MEDIUM_DEFAULT.name()).toUpperCase(Locale.ROOT));
    static final int REGION_SIZE = Integer.parseInt(read(REGION_SIZE_PROP_NAME, Integer.toString(REGION_SIZE_DEFAULT)));
    static final int MINIMUM_BLOCK_SIZE =
        Integer.parseInt(read(MINIMUM_BLOCK_SIZE_PROP_NAME, Integer.toString(MINIMUM_BLOCK_SIZE_DEFAULT)));
    static final long MAXIMUM_RESERVED_BYTES =
        Long.parseLong(read(MAXIMUM_RESERVED_BYTES_PROP_NAME, Long.toString(MAXIMUM_RESERVED_BYTES_DEFAULT)));
    static final AllocationStrategy STRATEGY =
        AllocationStrategy.valueOf(read(STRATEGY_PROP_NAME, STRATEGY_DEFAULT.name()).toUpperCase(Locale.ROOT));
    static final int EMPTY_REGIONS_KEPT =
        Integer.parseInt(read(EMPTY_REGIONS_KEPT_PROP_NAME, Integer.toString(EMPTY_REGIONS_KEPT_DEFAULT)));
    static final boolean LEAK_TRACKING =
        Boolean.parseBoolean(read(LEAK_TRACKING_PROP_NAME, Boolean.toString(LEAK_TRACKING_DEFAULT)));
    static final int THREAD_CACHE_BLOCKS =
        Integer.parseInt(read(THREAD_CACHE_BLOCKS_PROP_NAME, Integer.toString(THREAD_CACHE_BLOCKS_DEFAULT)));
    static final int THREAD_CACHE_BYTES =
        Integer.parseInt(read(THREAD_CACHE_BYTES_PROP_NAME, Integer.toString(THREAD_CACHE_BYTES_DEFAULT)));

    private BuddyConfiguration() {
    }

    private static String read(final String propertyName, final String defaultValue) {
        final String property = System.getProperty(propertyName);
        if (property != null) {
            return property.trim();
        }
        final String variable = System.getenv(propertyName.toUpperCase(Locale.ROOT).replace('.', '_'));
        return variable != null ? variable.trim() : defaultValue;
    }
}
