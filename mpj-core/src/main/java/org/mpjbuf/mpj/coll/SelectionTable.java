package org.mpjbuf.mpj.coll;

/**
 * The automatic choice of algorithm per collective, from the message size in bytes
 * (per rank's block for the gather/scatter/all-to-all family, the whole vector
 * otherwise) and the number of ranks p. An override in
 * {@link CollectiveConfiguration} wins over the table.
 *
 * <p>The thresholds come from the IMB-style sweep in module {@code benchmarks}
 * ({@code org.mpjbuf.bench.coll.CollectiveSweep}, three passes, best time per point)
 * on smdev with 4 and 8 ranks on an otherwise idle 2-core machine, where ranks
 * outnumber cores: there every dependent step of an algorithm costs a thread
 * hand-off, so algorithms with few sequential steps (flat trees, direct exchange,
 * Bruck) win more often than on a cluster. {@code docs/configuration.md}
 * and {@code benchmarks/README.md} show the table and the measurements behind it.
 *
 * <p>Ranks that are threads of one JVM (smdev) run Barrier, and Allreduce of up to 8 KiB of a
 * primitive type when every rank has a processor, on their communicator's meeting point in memory
 * instead of any table entry, unless an algorithm is forced ({@link #barrierInMemory()},
 * {@link #allreduceInMemory}).
 *
 * <pre>
 * When every rank on the host has a processor of its own (ranks as processes on a cluster,
 * or no more ranks than cores), a round of simultaneous exchanges costs about one message time,
 * and two choices change: Barrier is dissemination and Allreduce below 4 KiB is recursive
 * doubling, one round each at 2 ranks instead of a fan-in and a fan-out (measured at 2 ranks:
 * smdev Barrier 0.9-1.6 us flat against 0.24-0.41 us, Allreduce of 8 B 2.8-3.4 us against
 * 0.46-0.69 us; niodev 15.7-16.7 against 9.6-13.7 us and 13.4-14.8 against 9.7-11.7 us;
 * benchmarks/README.md, "Collectives when every rank has a processor").
 *
 * collective      choice
 * Barrier         flat if p &lt;= 4, else binomial
 * Bcast           binomial if p &lt;= 4 or n &gt;= 8 KiB, else flat
 * Reduce          flat if p &lt;= 4; p &gt; 4: binomial if n &lt; 2 KiB, else flat
 * Allreduce       p &lt;= 4: reduce_bcast if n &lt; 16 KiB, rabenseifner if
 *                 n &lt; 32 KiB, else ring;
 *                 p &gt; 4: recursive_doubling if n &lt; 4 KiB, reduce_bcast if
 *                 n &lt; 64 KiB, else ring
 * Allgather       p &lt;= 4: bruck if p * n &lt; 16 KiB, ring if p * n &lt; 256 KiB,
 *                 recursive_doubling if p * n &lt; 2 MiB, else ring;
 *                 p &gt; 4: bruck if n &lt; 512 B, gather_bcast if n &lt; 64 KiB,
 *                 else ring
 * Allgatherv      recursive_doubling if the total &lt; 256 KiB, else ring
 * Alltoall        bruck if p &gt; 4 and n &lt; 512 B, else linear
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
     * Tells whether a barrier of ranks that are threads of one JVM meets in memory (a shared
     * counter; see {@code mpi.MeetingCollectives}) rather than running a message algorithm: unless
     * a barrier algorithm is forced.
     *
     * @return whether ranks that can meet in memory do
     */
    public static boolean barrierInMemory() {
        return CollectiveConfiguration.BARRIER == null;
    }

    /**
     * Largest operand, in bytes, that an allreduce reduces in memory. Each rank reads every rank's
     * operand, so the traffic grows with the square of the rank count; up to this size the rounds
     * of messages it saves cost more.
     */
    public static final long LARGEST_ALLREDUCE_IN_MEMORY = 8 * KIB;

    /**
     * Tells whether an allreduce of ranks that are threads of one JVM, with an operand of a
     * primitive type in one dense run, reduces in memory (each rank reads every rank's operand)
     * rather than by messages: unless an allreduce algorithm is forced, for operands of up to
     * {@link #LARGEST_ALLREDUCE_IN_MEMORY}, and only when every rank has a processor. With more
     * ranks than processors every meeting wakes all ranks at once, which measured slower than the
     * message algorithms' pairwise steps (an 8-byte Allreduce of 8 ranks on 2 cores: 21-33 us
     * against 19 us; benchmarks README, "Barrier and small Allreduce in memory"), while a Barrier
     * there still gains.
     *
     * @param bytes               the operand's size
     * @param ranksHaveProcessors whether every rank on this host has a processor of its own
     * @return whether ranks that can meet in memory do
     */
    public static boolean allreduceInMemory(final long bytes, final boolean ranksHaveProcessors) {
        return CollectiveConfiguration.ALLREDUCE == null && ranksHaveProcessors && bytes <= LARGEST_ALLREDUCE_IN_MEMORY;
    }

    /**
     * Chooses the barrier algorithm.
     *
     * @param size                number of ranks
     * @param ranksHaveProcessors whether every rank on this host has a processor of its own
     * @return the algorithm
     */
    public static Barrier.Algorithm barrier(final int size, final boolean ranksHaveProcessors) {
        if (CollectiveConfiguration.BARRIER != null) {
            return CollectiveConfiguration.BARRIER;
        }
        if (ranksHaveProcessors) {
            return Barrier.Algorithm.DISSEMINATION;
        }
        return size <= 4 ? Barrier.Algorithm.FLAT : Barrier.Algorithm.BINOMIAL;
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
        return size <= 4 || bytes >= 8 * KIB ? Bcast.Algorithm.BINOMIAL : Bcast.Algorithm.FLAT;
    }

    /**
     * Chooses the reduce algorithm.
     *
     * @param bytes       vector size
     * @param size        number of ranks
     * @return the algorithm (both candidates keep rank order for non-commutative operators)
     */
    public static Reduce.Algorithm reduce(final long bytes, final int size) {
        if (CollectiveConfiguration.REDUCE != null) {
            return CollectiveConfiguration.REDUCE;
        }
        return size > 4 && bytes < 2 * KIB ? Reduce.Algorithm.BINOMIAL : Reduce.Algorithm.FLAT;
    }

    /**
     * Chooses the allreduce algorithm.
     *
     * @param bytes               vector size
     * @param size                number of ranks
     * @param ranksHaveProcessors whether every rank on this host has a processor of its own
     * @return the algorithm
     */
    public static Allreduce.Algorithm allreduce(final long bytes, final int size, final boolean ranksHaveProcessors) {
        if (CollectiveConfiguration.ALLREDUCE != null) {
            return CollectiveConfiguration.ALLREDUCE;
        }
        if (ranksHaveProcessors && bytes < 4 * KIB) {
            return Allreduce.Algorithm.RECURSIVE_DOUBLING;
        }
        if (size <= 4) {
            if (bytes < 16 * KIB) {
                return Allreduce.Algorithm.REDUCE_BCAST;
            }
            return bytes < 32 * KIB ? Allreduce.Algorithm.RABENSEIFNER : Allreduce.Algorithm.RING;
        }
        if (bytes < 4 * KIB) {
            return Allreduce.Algorithm.RECURSIVE_DOUBLING;
        }
        return bytes < 64 * KIB ? Allreduce.Algorithm.REDUCE_BCAST : Allreduce.Algorithm.RING;
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
            if (blockBytes < 512) {
                return Allgather.Algorithm.BRUCK;
            }
            return blockBytes < 64 * KIB ? Allgather.Algorithm.GATHER_BCAST : Allgather.Algorithm.RING;
        }
        final long total = blockBytes * size;
        if (total < 16 * KIB) {
            return Allgather.Algorithm.BRUCK;
        }
        return total >= 256 * KIB && total < 2048 * KIB
            ? Allgather.Algorithm.RECURSIVE_DOUBLING : Allgather.Algorithm.RING;
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
        return size > 4 && blockBytes < 512 ? Alltoall.Algorithm.BRUCK : Alltoall.Algorithm.LINEAR;
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
