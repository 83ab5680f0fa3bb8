package org.mpjbuf.mpj.coll;

import java.util.Locale;

import org.mpjbuf.config.Settings;

/**
 * Tunables of the collectives: one algorithm override per collective.
 *
 * <p>Each value is read once, when the collectives of a rank are first used, by
 * {@link Settings#system()}: the system property first, then the environment
 * variable named by upper-casing the property name and turning {@code .} into
 * {@code _} (for example {@code mpjbuf.coll.bcast.algorithm} is read from
 * {@code MPJBUF_COLL_BCAST_ALGORITHM}). The value {@code auto} (the default)
 * leaves the choice to {@link SelectionTable}; any other value is the name of
 * one of the collective's algorithms, case-insensitive (for example
 * {@code -Dmpjbuf.coll.allreduce.algorithm=ring}). An algorithm that cannot run a
 * given call (a ring reduction with a non-commutative operator) falls back as its
 * Javadoc says. Immutable and thread-safe.
 */
public final class CollectiveConfiguration {
    /** Value meaning "let the selection table choose". */
    public static final String AUTO = "auto";

    /** Barrier algorithm: {@code auto}, {@code dissemination}, {@code binomial}, {@code flat}. */
    public static final String BARRIER_ALGORITHM_PROP_NAME = "mpjbuf.coll.barrier.algorithm";
    /** Default of {@link #BARRIER_ALGORITHM_PROP_NAME}. */
    public static final String BARRIER_ALGORITHM_DEFAULT = AUTO;
    /** Bcast algorithm: {@code auto}, {@code flat}, {@code binomial}, {@code scatter_ring}, {@code scatter_doubling}. */
    public static final String BCAST_ALGORITHM_PROP_NAME = "mpjbuf.coll.bcast.algorithm";
    /** Default of {@link #BCAST_ALGORITHM_PROP_NAME}. */
    public static final String BCAST_ALGORITHM_DEFAULT = AUTO;
    /** Gather algorithm: {@code auto}, {@code flat}, {@code binomial}. */
    public static final String GATHER_ALGORITHM_PROP_NAME = "mpjbuf.coll.gather.algorithm";
    /** Default of {@link #GATHER_ALGORITHM_PROP_NAME}. */
    public static final String GATHER_ALGORITHM_DEFAULT = AUTO;
    /** Gatherv algorithm: {@code auto}, {@code sequential}, {@code nonblocking}. */
    public static final String GATHERV_ALGORITHM_PROP_NAME = "mpjbuf.coll.gatherv.algorithm";
    /** Default of {@link #GATHERV_ALGORITHM_PROP_NAME}. */
    public static final String GATHERV_ALGORITHM_DEFAULT = AUTO;
    /** Scatter algorithm: {@code auto}, {@code flat}, {@code binomial}. */
    public static final String SCATTER_ALGORITHM_PROP_NAME = "mpjbuf.coll.scatter.algorithm";
    /** Default of {@link #SCATTER_ALGORITHM_PROP_NAME}. */
    public static final String SCATTER_ALGORITHM_DEFAULT = AUTO;
    /** Scatterv algorithm: {@code auto}, {@code sequential}, {@code nonblocking}. */
    public static final String SCATTERV_ALGORITHM_PROP_NAME = "mpjbuf.coll.scatterv.algorithm";
    /** Default of {@link #SCATTERV_ALGORITHM_PROP_NAME}. */
    public static final String SCATTERV_ALGORITHM_DEFAULT = AUTO;
    /** Allgather algorithm: {@code auto}, {@code ring}, {@code recursive_doubling}, {@code bruck}, {@code gather_bcast}. */
    public static final String ALLGATHER_ALGORITHM_PROP_NAME = "mpjbuf.coll.allgather.algorithm";
    /** Default of {@link #ALLGATHER_ALGORITHM_PROP_NAME}. */
    public static final String ALLGATHER_ALGORITHM_DEFAULT = AUTO;
    /** Allgatherv algorithm: {@code auto}, {@code ring}, {@code recursive_doubling}, {@code linear}. */
    public static final String ALLGATHERV_ALGORITHM_PROP_NAME = "mpjbuf.coll.allgatherv.algorithm";
    /** Default of {@link #ALLGATHERV_ALGORITHM_PROP_NAME}. */
    public static final String ALLGATHERV_ALGORITHM_DEFAULT = AUTO;
    /** Alltoall algorithm: {@code auto}, {@code pairwise}, {@code bruck}, {@code linear}. */
    public static final String ALLTOALL_ALGORITHM_PROP_NAME = "mpjbuf.coll.alltoall.algorithm";
    /** Default of {@link #ALLTOALL_ALGORITHM_PROP_NAME}. */
    public static final String ALLTOALL_ALGORITHM_DEFAULT = AUTO;
    /** Alltoallv algorithm: {@code auto}, {@code pairwise}, {@code linear}. */
    public static final String ALLTOALLV_ALGORITHM_PROP_NAME = "mpjbuf.coll.alltoallv.algorithm";
    /** Default of {@link #ALLTOALLV_ALGORITHM_PROP_NAME}. */
    public static final String ALLTOALLV_ALGORITHM_DEFAULT = AUTO;
    /** Reduce algorithm: {@code auto}, {@code flat}, {@code binomial}, {@code reduce_scatter_gather}. */
    public static final String REDUCE_ALGORITHM_PROP_NAME = "mpjbuf.coll.reduce.algorithm";
    /** Default of {@link #REDUCE_ALGORITHM_PROP_NAME}. */
    public static final String REDUCE_ALGORITHM_DEFAULT = AUTO;
    /** Allreduce algorithm: {@code auto}, {@code recursive_doubling}, {@code reduce_bcast}, {@code ring}, {@code rabenseifner}. */
    public static final String ALLREDUCE_ALGORITHM_PROP_NAME = "mpjbuf.coll.allreduce.algorithm";
    /** Default of {@link #ALLREDUCE_ALGORITHM_PROP_NAME}. */
    public static final String ALLREDUCE_ALGORITHM_DEFAULT = AUTO;
    /** Reduce_scatter algorithm: {@code auto}, {@code reduce_scatterv}, {@code pairwise}. */
    public static final String REDUCE_SCATTER_ALGORITHM_PROP_NAME = "mpjbuf.coll.reduceScatter.algorithm";
    /** Default of {@link #REDUCE_SCATTER_ALGORITHM_PROP_NAME}. */
    public static final String REDUCE_SCATTER_ALGORITHM_DEFAULT = AUTO;
    /** Scan algorithm: {@code auto}, {@code linear}, {@code recursive_doubling}. */
    public static final String SCAN_ALGORITHM_PROP_NAME = "mpjbuf.coll.scan.algorithm";
    /** Default of {@link #SCAN_ALGORITHM_PROP_NAME}. */
    public static final String SCAN_ALGORITHM_DEFAULT = AUTO;

    private static final Settings SETTINGS = Settings.system();

    static final Barrier.Algorithm BARRIER =
        read(BARRIER_ALGORITHM_PROP_NAME, BARRIER_ALGORITHM_DEFAULT, Barrier.Algorithm.class);
    static final Bcast.Algorithm BCAST =
        read(BCAST_ALGORITHM_PROP_NAME, BCAST_ALGORITHM_DEFAULT, Bcast.Algorithm.class);
    static final Gather.Algorithm GATHER =
        read(GATHER_ALGORITHM_PROP_NAME, GATHER_ALGORITHM_DEFAULT, Gather.Algorithm.class);
    static final Gatherv.Algorithm GATHERV =
        read(GATHERV_ALGORITHM_PROP_NAME, GATHERV_ALGORITHM_DEFAULT, Gatherv.Algorithm.class);
    static final Scatter.Algorithm SCATTER =
        read(SCATTER_ALGORITHM_PROP_NAME, SCATTER_ALGORITHM_DEFAULT, Scatter.Algorithm.class);
    static final Scatterv.Algorithm SCATTERV =
        read(SCATTERV_ALGORITHM_PROP_NAME, SCATTERV_ALGORITHM_DEFAULT, Scatterv.Algorithm.class);
    static final Allgather.Algorithm ALLGATHER =
        read(ALLGATHER_ALGORITHM_PROP_NAME, ALLGATHER_ALGORITHM_DEFAULT, Allgather.Algorithm.class);
    static final Allgatherv.Algorithm ALLGATHERV =
        read(ALLGATHERV_ALGORITHM_PROP_NAME, ALLGATHERV_ALGORITHM_DEFAULT, Allgatherv.Algorithm.class);
    static final Alltoall.Algorithm ALLTOALL =
        read(ALLTOALL_ALGORITHM_PROP_NAME, ALLTOALL_ALGORITHM_DEFAULT, Alltoall.Algorithm.class);
    static final Alltoallv.Algorithm ALLTOALLV =
        read(ALLTOALLV_ALGORITHM_PROP_NAME, ALLTOALLV_ALGORITHM_DEFAULT, Alltoallv.Algorithm.class);
    static final Reduce.Algorithm REDUCE =
        read(REDUCE_ALGORITHM_PROP_NAME, REDUCE_ALGORITHM_DEFAULT, Reduce.Algorithm.class);
    static final Allreduce.Algorithm ALLREDUCE =
        read(ALLREDUCE_ALGORITHM_PROP_NAME, ALLREDUCE_ALGORITHM_DEFAULT, Allreduce.Algorithm.class);
    static final ReduceScatter.Algorithm REDUCE_SCATTER =
        read(REDUCE_SCATTER_ALGORITHM_PROP_NAME, REDUCE_SCATTER_ALGORITHM_DEFAULT, ReduceScatter.Algorithm.class);
    static final Scan.Algorithm SCAN =
        read(SCAN_ALGORITHM_PROP_NAME, SCAN_ALGORITHM_DEFAULT, Scan.Algorithm.class);

    private CollectiveConfiguration() {
    }

    /**
     * Returns the environment variable a property may also be set through.
     *
     * @param propertyName the property name
     * @return the variable name: upper case, {@code .} replaced by {@code _}
     */
    public static String environmentName(final String propertyName) {
        return Settings.environmentName(propertyName);
    }

    /**
     * Parses an algorithm override.
     *
     * @param value      the trimmed value
     * @param algorithms the collective's algorithm enumeration
     * @param <A>        the enumeration type
     * @return the algorithm, or null for {@code auto}
     * @throws IllegalArgumentException when the value names no algorithm of the collective
     */
    static <A extends Enum<A>> A parse(final String value, final Class<A> algorithms) {
        if (value.equalsIgnoreCase(AUTO)) {
            return null;
        }
        for (final A algorithm : algorithms.getEnumConstants()) {
            if (algorithm.name().equalsIgnoreCase(value)) {
                return algorithm;
            }
        }
        throw new IllegalArgumentException("'" + value + "' names no algorithm of " + algorithms.getName());
    }

    private static <A extends Enum<A>> A read(final String propertyName, final String defaultValue,
                                              final Class<A> algorithms) {
        final StringBuilder expected = new StringBuilder(AUTO).append(" or one of ");
        final A[] constants = algorithms.getEnumConstants();
        for (int i = 0; i < constants.length; i++) {
            expected.append(i == 0 ? "" : ", ").append(constants[i].name().toLowerCase(Locale.ROOT));
        }
        expected.append(" (in any case)");
        return SETTINGS.value(propertyName, parse(defaultValue, algorithms), expected.toString(),
            text -> parse(text, algorithms));
    }
}
