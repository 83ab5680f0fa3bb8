package org.mpjbuf.mpj.coll;

/**
 * The automatic choice of algorithm per collective, from the message size in bytes
 * (per rank's block for the gather/scatter/all-to-all family, the whole vector
 * otherwise) and the number of ranks p. An override in
 * {@link CollectiveConfiguration} wins over the table.
 *
 * <p>The thresholds come from the IMB-style sweep in module {@code benchmarks}
 * ({@code org.mpjbuf.bench.coll.CollectiveSweep}) on smdev with 4 and 8 ranks on a
 * 2-core machine, where ranks outnumber cores: there every dependent step of an
 * algorithm costs a thread hand-off, so algorithms with few sequential steps (flat
 * trees, direct exchange) win more often than on a cluster. {@code docs/configuration.md}
 * and {@code benchmarks/README.md} show the table and the measurements behind it.
 *
 * <pre>
 * collective      choice
 * Barrier         dissemination if p &lt;= 4, else flat
 * Bcast           binomial if n &lt; 64 KiB and p &lt;= 4, else flat
 * Reduce          binomial if n &lt; 512 KiB or p &lt; 4 or the op is not commutative,
 *                 else reduce_scatter_gather
 * Allreduce       recursive_doubling if p &lt; 4, or n &lt; 512 B and p &lt;= 4;
 *                 reduce_bcast if n &lt; 32 KiB, or p &gt; 4 and n &lt; 2 MiB;
 *                 else rabenseifner
 * Allgather       p &gt; 4: recursive_doubling if n &lt; 128 B, else ring;
 *                 p &lt;= 4: bruck if p * n &lt; 4 KiB, recursive_doubling if
 *                 p * n &lt; 256 KiB, else ring
 * Allgatherv      recursive_doubling if the total &lt; 256 KiB, else ring
 * Alltoall        pairwise if n &lt; 32 KiB, else linear
 * Alltoallv       linear
 * Gather, Scatter binomial if n &lt; 16 KiB, else flat
 * Gatherv         nonblocking
 * Scatterv        nonblocking
 * Reduce_scatter  pairwise if the total &gt;= 64 KiB, else reduce_scatterv
 * Scan            recursive_doubling if p &gt; 4, else linear
 * </pre>
 */
public final class SelectionTable {
    private static final long KIB = 1024;

    private SelectionTable() {
    }

    /**
     * Chooses the barrier algorithm.
     *
     * @param size number of ranks
     * @return the algorithm
     */
    public static Barrier.Algorithm barrier(final int size) {
        if (CollectiveConfiguration.BARRIER != null) {
            return CollectiveConfiguration.BARRIER;
        }
        return size <= 4 ? Barrier.Algorithm.DISSEMINATION : Barrier.Algorithm.FLAT;
    }

    /**
     * Chooses the broadcast algorithm.
     *
     * @param bytes message size
     * @param size  number of ranks
     * @return the algorithm
     */
    public static Bcast.Algorithm bcast(final long bytes, final int size) {
        if (CollectiveConfiguration.BCAST != null) {
            return CollectiveConfiguration.BCAST;
        }
        return bytes < 64 * KIB && size <= 4 ? Bcast.Algorithm.BINOMIAL : Bcast.Algorithm.FLAT;
    }

    /**
     * Chooses the reduce algorithm.
     *
     * @param bytes       vector size
     * @param size        number of ranks
     * @param commutative whether the operator commutes
     * @return the algorithm
     */
    public static Reduce.Algorithm reduce(final long bytes, final int size, final boolean commutative) {
        if (CollectiveConfiguration.REDUCE != null) {
            return CollectiveConfiguration.REDUCE;
        }
        return bytes < 512 * KIB || size < 4 || !commutative
            ? Reduce.Algorithm.BINOMIAL : Reduce.Algorithm.REDUCE_SCATTER_GATHER;
    }

    /**
     * Chooses the allreduce algorithm.
     *
     * @param bytes vector size
     * @param size  number of ranks
     * @return the algorithm
     */
    public static Allreduce.Algorithm allreduce(final long bytes, final int size) {
        if (CollectiveConfiguration.ALLREDUCE != null) {
            return CollectiveConfiguration.ALLREDUCE;
        }
        if (size < 4 || bytes < 512 && size <= 4) {
            return Allreduce.Algorithm.RECURSIVE_DOUBLING;
        }
        return bytes < 32 * KIB || size > 4 && bytes < 2048 * KIB
            ? Allreduce.Algorithm.REDUCE_BCAST : Allreduce.Algorithm.RABENSEIFNER;
    }

    /**
     * Chooses the allgather algorithm.
     *
     * @param blockBytes size of one rank's block
     * @param size       number of ranks
     * @return the algorithm
     */
    public static Allgather.Algorithm allgather(final long blockBytes, final int size) {
        if (CollectiveConfiguration.ALLGATHER != null) {
            return CollectiveConfiguration.ALLGATHER;
        }
        if (size > 4) {
            return blockBytes < 128 ? Allgather.Algorithm.RECURSIVE_DOUBLING : Allgather.Algorithm.RING;
        }
        final long total = blockBytes * size;
        if (total < 4 * KIB) {
            return Allgather.Algorithm.BRUCK;
        }
        return total < 256 * KIB ? Allgather.Algorithm.RECURSIVE_DOUBLING : Allgather.Algorithm.RING;
    }

    /**
     * Chooses the allgatherv algorithm.
     *
     * @param totalBytes size of all blocks together
     * @return the algorithm
     */
    public static Allgatherv.Algorithm allgatherv(final long totalBytes) {
        if (CollectiveConfiguration.ALLGATHERV != null) {
            return CollectiveConfiguration.ALLGATHERV;
        }
        return totalBytes < 256 * KIB ? Allgatherv.Algorithm.RECURSIVE_DOUBLING : Allgatherv.Algorithm.RING;
    }

    /**
     * Chooses the alltoall algorithm.
     *
     * @param blockBytes size of one block
     * @param size       number of ranks
     * @return the algorithm
     */
    public static Alltoall.Algorithm alltoall(final long blockBytes, final int size) {
        if (CollectiveConfiguration.ALLTOALL != null) {
            return CollectiveConfiguration.ALLTOALL;
        }
        return blockBytes < 32 * KIB ? Alltoall.Algorithm.PAIRWISE : Alltoall.Algorithm.LINEAR;
    }

    /**
     * Chooses the alltoallv algorithm.
     *
     * @return the algorithm
     */
    public static Alltoallv.Algorithm alltoallv() {
        return CollectiveConfiguration.ALLTOALLV != null ? CollectiveConfiguration.ALLTOALLV
            : Alltoallv.Algorithm.LINEAR;
    }

    /**
     * Chooses the gather algorithm.
     *
     * @param blockBytes size of one rank's block
     * @return the algorithm
     */
    public static Gather.Algorithm gather(final long blockBytes) {
        if (CollectiveConfiguration.GATHER != null) {
            return CollectiveConfiguration.GATHER;
        }
        return blockBytes < 16 * KIB ? Gather.Algorithm.BINOMIAL : Gather.Algorithm.FLAT;
    }

    /**
     * Chooses the scatter algorithm.
     *
     * @param blockBytes size of one rank's block
     * @return the algorithm
     */
    public static Scatter.Algorithm scatter(final long blockBytes) {
        if (CollectiveConfiguration.SCATTER != null) {
            return CollectiveConfiguration.SCATTER;
        }
        return blockBytes < 16 * KIB ? Scatter.Algorithm.BINOMIAL : Scatter.Algorithm.FLAT;
    }

    /**
     * Chooses the gatherv algorithm.
     *
     * @return the algorithm
     */
    public static Gatherv.Algorithm gatherv() {
        return CollectiveConfiguration.GATHERV != null ? CollectiveConfiguration.GATHERV
            : Gatherv.Algorithm.NONBLOCKING;
    }

    /**
     * Chooses the scatterv algorithm.
     *
     * @return the algorithm
     */
    public static Scatterv.Algorithm scatterv() {
        return CollectiveConfiguration.SCATTERV != null ? CollectiveConfiguration.SCATTERV
            : Scatterv.Algorithm.NONBLOCKING;
    }

    /**
     * Chooses the reduce_scatter algorithm.
     *
     * @param totalBytes size of the whole vector
     * @return the algorithm
     */
    public static ReduceScatter.Algorithm reduceScatter(final long totalBytes) {
        if (CollectiveConfiguration.REDUCE_SCATTER != null) {
            return CollectiveConfiguration.REDUCE_SCATTER;
        }
        return totalBytes >= 64 * KIB ? ReduceScatter.Algorithm.PAIRWISE : ReduceScatter.Algorithm.REDUCE_SCATTERV;
    }

    /**
     * Chooses the scan algorithm.
     *
     * @param size number of ranks
     * @return the algorithm
     */
    public static Scan.Algorithm scan(final int size) {
        if (CollectiveConfiguration.SCAN != null) {
            return CollectiveConfiguration.SCAN;
        }
        return size > 4 ? Scan.Algorithm.RECURSIVE_DOUBLING : Scan.Algorithm.LINEAR;
    }
}
