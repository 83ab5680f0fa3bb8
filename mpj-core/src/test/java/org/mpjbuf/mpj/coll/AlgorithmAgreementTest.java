package org.mpjbuf.mpj.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * For random rank counts, counts and values, every algorithm of a collective
 * produces the same result on every rank.
 */
final class AlgorithmAgreementTest {

    private static final int TRIES = 12;

    /** Runs one algorithm and returns each rank's result. */
    private interface Runner {
        int[] run(LocalWorld.Channel channel, int[] mine);
    }

    private static int[][] results(final int size, final long seed, final int length, final Runner runner) {
        final ConcurrentHashMap<Integer, int[]> byRank = new ConcurrentHashMap<>();
        LocalWorld.run(size, int.class, channel -> {
            final int[] mine = new Random(seed * 31 + channel.rank()).ints(length, -1000, 1000).toArray();
            byRank.put(channel.rank(), runner.run(channel, mine));
        });
        final int[][] results = new int[size][];
        for (int rank = 0; rank < size; rank++) {
            results[rank] = byRank.get(rank);
        }
        return results;
    }

    private static <A extends Enum<A>> void agree(final A[] algorithms, final IntFunction<int[][]> resultsOf) {
        final List<int[][]> all = new ArrayList<>();
        for (final A algorithm : algorithms) {
            all.add(resultsOf.apply(algorithm.ordinal()));
        }
        for (int i = 1; i < all.size(); i++) {
            for (int rank = 0; rank < all.get(0).length; rank++) {
                assertArrayEquals(all.get(0)[rank], all.get(i)[rank],
                    algorithms[i] + " disagrees with " + algorithms[0] + " on rank " + rank);
            }
        }
    }

    @Property(tries = TRIES)
    void allreduceAlgorithmsAgree(@ForAll @IntRange(min = 1, max = 9) final int size,
                                  @ForAll @IntRange(min = 0, max = 40) final int count,
                                  @ForAll final long seed) {
        agree(Allreduce.Algorithm.values(), ordinal -> results(size, seed, count, (channel, mine) -> {
            final int[] out = new int[count];
            Allreduce.run(Allreduce.Algorithm.values()[ordinal], channel, mine, 0, out, 0, count, TestType.SINGLE,
                Kind.INT_SUM.combiner());
            return out;
        }));
    }

    @Property(tries = TRIES)
    void reduceAlgorithmsAgree(@ForAll @IntRange(min = 1, max = 9) final int size,
                               @ForAll @IntRange(min = 0, max = 40) final int count,
                               @ForAll @IntRange(min = 0, max = 8) final int rootSeed,
                               @ForAll final long seed) {
        final int root = rootSeed % size;
        agree(Reduce.Algorithm.values(), ordinal -> results(size, seed, count, (channel, mine) -> {
            final int[] out = new int[count];
            Reduce.run(Reduce.Algorithm.values()[ordinal], channel, mine, 0, out, 0, count, TestType.SINGLE,
                Kind.INT_SUM.combiner(), root);
            return out;
        }));
    }

    @Property(tries = TRIES)
    void bcastAlgorithmsAgree(@ForAll @IntRange(min = 1, max = 9) final int size,
                              @ForAll @IntRange(min = 0, max = 40) final int count,
                              @ForAll @IntRange(min = 0, max = 8) final int rootSeed,
                              @ForAll final long seed) {
        final int root = rootSeed % size;
        agree(Bcast.Algorithm.values(), ordinal -> results(size, seed, count, (channel, mine) -> {
            Bcast.run(Bcast.Algorithm.values()[ordinal], channel, mine, 0, count, TestType.SINGLE, root);
            return mine;
        }));
    }

    @Property(tries = TRIES)
    void allgatherAlgorithmsAgree(@ForAll @IntRange(min = 1, max = 9) final int size,
                                  @ForAll @IntRange(min = 0, max = 10) final int count,
                                  @ForAll final long seed) {
        agree(Allgather.Algorithm.values(), ordinal -> results(size, seed, count, (channel, mine) -> {
            final int[] out = new int[size * count];
            Allgather.run(Allgather.Algorithm.values()[ordinal], channel, mine, 0, count, TestType.SINGLE,
                out, 0, count, TestType.SINGLE);
            return out;
        }));
    }

    @Property(tries = TRIES)
    void alltoallAlgorithmsAgree(@ForAll @IntRange(min = 1, max = 9) final int size,
                                 @ForAll @IntRange(min = 0, max = 6) final int count,
                                 @ForAll final long seed) {
        agree(Alltoall.Algorithm.values(), ordinal -> results(size, seed, size * count, (channel, mine) -> {
            final int[] out = new int[size * count];
            Alltoall.run(Alltoall.Algorithm.values()[ordinal], channel, mine, 0, count, TestType.SINGLE,
                out, 0, count, TestType.SINGLE);
            return out;
        }));
    }

    @Property(tries = TRIES)
    void scanAlgorithmsAgree(@ForAll @IntRange(min = 1, max = 9) final int size,
                             @ForAll @IntRange(min = 0, max = 20) final int count,
                             @ForAll final long seed) {
        agree(Scan.Algorithm.values(), ordinal -> results(size, seed, count, (channel, mine) -> {
            final int[] out = new int[count];
            Scan.run(Scan.Algorithm.values()[ordinal], channel, mine, 0, out, 0, count, TestType.SINGLE,
                Kind.INT_SUM.combiner());
            return out;
        }));
    }
}
