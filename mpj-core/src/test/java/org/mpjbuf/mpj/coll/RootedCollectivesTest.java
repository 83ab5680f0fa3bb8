package org.mpjbuf.mpj.coll;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every algorithm of the rooted collectives against a sequential reference, for
 * 1, 2, 3, 4, 5, 8 and 16 ranks, several counts including 0, a commutative
 * operator on a contiguous type and a non-commutative one on a type with holes.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
final class RootedCollectivesTest {
    static final int[] SIZES = {1, 2, 3, 4, 5, 8, 16};
    static final int[] COUNTS = {0, 1, 5, 17};
    private static final int PAD = Kind.PAD;

    static int rootFor(final int size) {
        return size * 2 / 3;
    }

    static void check(final String what, final Object expected, final Object actual) {
        assertTrue(Kind.same(expected, actual), () -> what + "\n expected " + Kind.show(expected)
            + "\n but was  " + Kind.show(actual));
    }

    @Test
    void shouldBroadcastTheRootsBufferWithEveryAlgorithm() {
        for (final Bcast.Algorithm algorithm : Bcast.Algorithm.values()) {
            for (final int size : SIZES) {
                for (final int count : COUNTS) {
                    for (final Kind kind : Kind.values()) {
                        final int root = rootFor(size);
                        LocalWorld.run(size, kind.element, channel -> {
                            final Object buffer = kind.buffer(kind.type, count);
                            final Object expected = kind.buffer(kind.type, count);
                            kind.fill(kind.type, expected, PAD, count, 0, k -> kind.value(root, k));
                            if (channel.rank() == root) {
                                kind.fill(kind.type, buffer, PAD, count, 0, k -> kind.value(root, k));
                            }
                            Bcast.run(algorithm, channel, buffer, PAD, count, kind.type, root);
                            check("Bcast " + algorithm + " p=" + size + " count=" + count + " " + kind
                                + " rank " + channel.rank(), expected, buffer);
                        });
                    }
                }
            }
        }
    }

    @Test
    void shouldReduceInRankOrderWithEveryAlgorithm() {
        for (final Reduce.Algorithm algorithm : Reduce.Algorithm.values()) {
            for (final int size : SIZES) {
                for (final int count : COUNTS) {
                    for (final Kind kind : Kind.values()) {
                        final int root = rootFor(size);
                        LocalWorld.run(size, kind.element, channel -> {
                            final Object send = kind.buffer(kind.type, count);
                            kind.fill(kind.type, send, PAD, count, 0, k -> kind.value(channel.rank(), k));
                            final Object recv = kind.buffer(kind.type, count);
                            Reduce.run(algorithm, channel, send, PAD, recv, PAD, count, kind.type, kind.combiner(), root);
                            final Object expected = kind.buffer(kind.type, count);
                            if (channel.rank() == root) {
                                kind.fill(kind.type, expected, PAD, count, 0, k -> kind.reduced(0, size - 1, k));
                            }
                            check("Reduce " + algorithm + " p=" + size + " count=" + count + " " + kind
                                + " rank " + channel.rank(), expected, recv);
                        });
                    }
                }
            }
        }
    }

    @Test
    void shouldGatherEveryBlockWithEveryAlgorithm() {
        for (final Gather.Algorithm algorithm : Gather.Algorithm.values()) {
            for (final int size : SIZES) {
                for (final int count : COUNTS) {
                    for (final Kind kind : Kind.values()) {
                        final int root = rootFor(size);
                        final int recvCount = count * kind.contiguousPerItem;
                        LocalWorld.run(size, kind.element, channel -> {
                            final Object send = kind.buffer(kind.type, count);
                            kind.fill(kind.type, send, PAD, count, 0, k -> kind.value(channel.rank(), k));
                            final Object recv = kind.buffer(kind.contiguous, size * recvCount);
                            Gather.run(algorithm, channel, send, PAD, count, kind.type,
                                recv, PAD, recvCount, kind.contiguous, root);
                            final Object expected = kind.buffer(kind.contiguous, size * recvCount);
                            if (channel.rank() == root) {
                                for (int source = 0; source < size; source++) {
                                    final int from = source;
                                    kind.fill(kind.contiguous, expected, PAD + source * recvCount, recvCount, 0,
                                        k -> kind.value(from, k));
                                }
                            }
                            check("Gather " + algorithm + " p=" + size + " count=" + count + " " + kind
                                + " rank " + channel.rank(), expected, recv);
                        });
                    }
                }
            }
        }
    }

    @Test
    void shouldScatterEveryBlockWithEveryAlgorithm() {
        for (final Scatter.Algorithm algorithm : Scatter.Algorithm.values()) {
            for (final int size : SIZES) {
                for (final int count : COUNTS) {
                    for (final Kind kind : Kind.values()) {
                        final int root = rootFor(size);
                        final int sendCount = count * kind.contiguousPerItem;
                        LocalWorld.run(size, kind.element, channel -> {
                            final Object send = kind.buffer(kind.contiguous, size * sendCount);
                            if (channel.rank() == root) {
                                for (int dest = 0; dest < size; dest++) {
                                    final int to = dest;
                                    kind.fill(kind.contiguous, send, PAD + dest * sendCount, sendCount, 0,
                                        k -> kind.value(to, k));
                                }
                            }
                            final Object recv = kind.buffer(kind.type, count);
                            Scatter.run(algorithm, channel, send, PAD, sendCount, kind.contiguous,
                                recv, PAD, count, kind.type, root);
                            final Object expected = kind.buffer(kind.type, count);
                            kind.fill(kind.type, expected, PAD, count, 0, k -> kind.value(channel.rank(), k));
                            check("Scatter " + algorithm + " p=" + size + " count=" + count + " " + kind
                                + " rank " + channel.rank(), expected, recv);
                        });
                    }
                }
            }
        }
    }

    /** Blocks of varying size, some empty, at displacements with gaps after odd ranks. */
    static int[] varyingCounts(final int size, final int count) {
        final int[] counts = new int[size];
        for (int i = 0; i < size; i++) {
            counts[i] = (i % 3) * count;
        }
        return counts;
    }

    static int[] displacementsWithGaps(final int[] counts, final int scale) {
        final int[] displacements = new int[counts.length];
        int next = 0;
        for (int i = 0; i < counts.length; i++) {
            displacements[i] = next;
            next += counts[i] * scale + (i % 2);
        }
        return displacements;
    }

    static int span(final int[] counts, final int[] displacements, final int scale) {
        return displacements[counts.length - 1] + counts[counts.length - 1] * scale + 1;
    }

    @Test
    void shouldGatherVaryingBlocksWithEveryAlgorithm() {
        for (final Gatherv.Algorithm algorithm : Gatherv.Algorithm.values()) {
            for (final int size : SIZES) {
                for (final int count : COUNTS) {
                    for (final Kind kind : Kind.values()) {
                        final int root = rootFor(size);
                        final int[] counts = varyingCounts(size, count);
                        final int scale = kind.contiguousPerItem;
                        final int[] recvCounts = counts.clone();
                        for (int i = 0; i < size; i++) {
                            recvCounts[i] *= scale;
                        }
                        final int[] displacements = displacementsWithGaps(counts, scale);
                        final int span = span(counts, displacements, scale);
                        LocalWorld.run(size, kind.element, channel -> {
                            final int mine = counts[channel.rank()];
                            final Object send = kind.buffer(kind.type, mine);
                            kind.fill(kind.type, send, PAD, mine, 0, k -> kind.value(channel.rank(), k));
                            final Object recv = kind.buffer(kind.contiguous, span);
                            Gatherv.run(algorithm, channel, send, PAD, mine, kind.type,
                                recv, PAD, recvCounts, displacements, kind.contiguous, root);
                            final Object expected = kind.buffer(kind.contiguous, span);
                            if (channel.rank() == root) {
                                for (int source = 0; source < size; source++) {
                                    final int from = source;
                                    kind.fill(kind.contiguous, expected, PAD + displacements[source],
                                        recvCounts[source], 0, k -> kind.value(from, k));
                                }
                            }
                            check("Gatherv " + algorithm + " p=" + size + " count=" + count + " " + kind
                                + " rank " + channel.rank(), expected, recv);
                        });
                    }
                }
            }
        }
    }

    @Test
    void shouldScatterVaryingBlocksWithEveryAlgorithm() {
        for (final Scatterv.Algorithm algorithm : Scatterv.Algorithm.values()) {
            for (final int size : SIZES) {
                for (final int count : COUNTS) {
                    for (final Kind kind : Kind.values()) {
                        final int root = rootFor(size);
                        final int[] counts = varyingCounts(size, count);
                        final int scale = kind.contiguousPerItem;
                        final int[] sendCounts = counts.clone();
                        for (int i = 0; i < size; i++) {
                            sendCounts[i] *= scale;
                        }
                        final int[] displacements = displacementsWithGaps(counts, scale);
                        final int span = span(counts, displacements, scale);
                        LocalWorld.run(size, kind.element, channel -> {
                            final Object send = kind.buffer(kind.contiguous, span);
                            if (channel.rank() == root) {
                                for (int dest = 0; dest < size; dest++) {
                                    final int to = dest;
                                    kind.fill(kind.contiguous, send, PAD + displacements[dest], sendCounts[dest], 0,
                                        k -> kind.value(to, k));
                                }
                            }
                            final int mine = counts[channel.rank()];
                            final Object recv = kind.buffer(kind.type, mine);
                            Scatterv.run(algorithm, channel, send, PAD, sendCounts, displacements, kind.contiguous,
                                recv, PAD, mine, kind.type, root);
                            final Object expected = kind.buffer(kind.type, mine);
                            kind.fill(kind.type, expected, PAD, mine, 0, k -> kind.value(channel.rank(), k));
                            check("Scatterv " + algorithm + " p=" + size + " count=" + count + " " + kind
                                + " rank " + channel.rank(), expected, recv);
                        });
                    }
                }
            }
        }
    }
}
