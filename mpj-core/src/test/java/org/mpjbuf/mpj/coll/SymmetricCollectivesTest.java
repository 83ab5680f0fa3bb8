package org.mpjbuf.mpj.coll;

import static org.mpjbuf.mpj.coll.RootedCollectivesTest.COUNTS;
import static org.mpjbuf.mpj.coll.RootedCollectivesTest.SIZES;
import static org.mpjbuf.mpj.coll.RootedCollectivesTest.check;
import static org.mpjbuf.mpj.coll.RootedCollectivesTest.displacementsWithGaps;
import static org.mpjbuf.mpj.coll.RootedCollectivesTest.span;
import static org.mpjbuf.mpj.coll.RootedCollectivesTest.varyingCounts;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every algorithm of the collectives without a root against a sequential
 * reference, for the rank counts and data kinds of {@link RootedCollectivesTest}.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
final class SymmetricCollectivesTest {
    private static final int PAD = Kind.PAD;

    @Test
    void shouldAllreduceInRankOrderWithEveryAlgorithm() {
        for (final Allreduce.Algorithm algorithm : Allreduce.Algorithm.values()) {
            for (final int size : SIZES) {
                for (final int count : COUNTS) {
                    for (final Kind kind : Kind.values()) {
                        LocalWorld.run(size, kind.element, channel -> {
                            final Object send = kind.buffer(kind.type, count);
                            kind.fill(kind.type, send, PAD, count, 0, k -> kind.value(channel.rank(), k));
                            final Object recv = kind.buffer(kind.type, count);
                            Allreduce.run(algorithm, channel, send, PAD, recv, PAD, count, kind.type, kind.combiner());
                            final Object expected = kind.buffer(kind.type, count);
                            kind.fill(kind.type, expected, PAD, count, 0, k -> kind.reduced(0, size - 1, k));
                            check("Allreduce " + algorithm + " p=" + size + " count=" + count + " " + kind
                                + " rank " + channel.rank(), expected, recv);
                        });
                    }
                }
            }
        }
    }

    @Test
    void shouldScanInRankOrderWithEveryAlgorithm() {
        for (final Scan.Algorithm algorithm : Scan.Algorithm.values()) {
            for (final int size : SIZES) {
                for (final int count : COUNTS) {
                    for (final Kind kind : Kind.values()) {
                        LocalWorld.run(size, kind.element, channel -> {
                            final Object send = kind.buffer(kind.type, count);
                            kind.fill(kind.type, send, PAD, count, 0, k -> kind.value(channel.rank(), k));
                            final Object recv = kind.buffer(kind.type, count);
                            Scan.run(algorithm, channel, send, PAD, recv, PAD, count, kind.type, kind.combiner());
                            final Object expected = kind.buffer(kind.type, count);
                            kind.fill(kind.type, expected, PAD, count, 0, k -> kind.reduced(0, channel.rank(), k));
                            check("Scan " + algorithm + " p=" + size + " count=" + count + " " + kind
                                + " rank " + channel.rank(), expected, recv);
                        });
                    }
                }
            }
        }
    }

    @Test
    void shouldReduceAndScatterVaryingBlocksWithEveryAlgorithm() {
        for (final ReduceScatter.Algorithm algorithm : ReduceScatter.Algorithm.values()) {
            for (final int size : SIZES) {
                for (final int count : COUNTS) {
                    for (final Kind kind : Kind.values()) {
                        final int[] counts = varyingCounts(size, count);
                        int total = 0;
                        for (final int c : counts) {
                            total += c;
                        }
                        final int items = total;
                        LocalWorld.run(size, kind.element, channel -> {
                            final Object send = kind.buffer(kind.type, items);
                            kind.fill(kind.type, send, PAD, items, 0, k -> kind.value(channel.rank(), k));
                            final int mine = counts[channel.rank()];
                            final Object recv = kind.buffer(kind.type, mine);
                            ReduceScatter.run(algorithm, channel, send, PAD, recv, PAD, counts, kind.type,
                                kind.combiner());
                            int first = 0;
                            for (int i = 0; i < channel.rank(); i++) {
                                first += counts[i] * kind.type.map().length;
                            }
                            final Object expected = kind.buffer(kind.type, mine);
                            kind.fill(kind.type, expected, PAD, mine, first, k -> kind.reduced(0, size - 1, k));
                            check("Reduce_scatter " + algorithm + " p=" + size + " count=" + count + " " + kind
                                + " rank " + channel.rank(), expected, recv);
                        });
                    }
                }
            }
        }
    }

    @Test
    void shouldAllgatherEveryBlockWithEveryAlgorithm() {
        for (final Allgather.Algorithm algorithm : Allgather.Algorithm.values()) {
            for (final int size : SIZES) {
                for (final int count : COUNTS) {
                    for (final Kind kind : Kind.values()) {
                        final int recvCount = count * kind.contiguousPerItem;
                        LocalWorld.run(size, kind.element, channel -> {
                            final Object send = kind.buffer(kind.type, count);
                            kind.fill(kind.type, send, PAD, count, 0, k -> kind.value(channel.rank(), k));
                            final Object recv = kind.buffer(kind.contiguous, size * recvCount);
                            Allgather.run(algorithm, channel, send, PAD, count, kind.type,
                                recv, PAD, recvCount, kind.contiguous);
                            final Object expected = kind.buffer(kind.contiguous, size * recvCount);
                            for (int source = 0; source < size; source++) {
                                final int from = source;
                                kind.fill(kind.contiguous, expected, PAD + source * recvCount, recvCount, 0,
                                    k -> kind.value(from, k));
                            }
                            check("Allgather " + algorithm + " p=" + size + " count=" + count + " " + kind
                                + " rank " + channel.rank(), expected, recv);
                        });
                    }
                }
            }
        }
    }

    @Test
    void shouldAllgatherVaryingBlocksWithEveryAlgorithm() {
        for (final Allgatherv.Algorithm algorithm : Allgatherv.Algorithm.values()) {
            for (final int size : SIZES) {
                for (final int count : COUNTS) {
                    for (final Kind kind : Kind.values()) {
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
                            Allgatherv.run(algorithm, channel, send, PAD, mine, kind.type,
                                recv, PAD, recvCounts, displacements, kind.contiguous);
                            final Object expected = kind.buffer(kind.contiguous, span);
                            for (int source = 0; source < size; source++) {
                                final int from = source;
                                kind.fill(kind.contiguous, expected, PAD + displacements[source], recvCounts[source],
                                    0, k -> kind.value(from, k));
                            }
                            check("Allgatherv " + algorithm + " p=" + size + " count=" + count + " " + kind
                                + " rank " + channel.rank(), expected, recv);
                        });
                    }
                }
            }
        }
    }

    @Test
    void shouldExchangeEveryBlockWithEveryAlltoallAlgorithm() {
        for (final Alltoall.Algorithm algorithm : Alltoall.Algorithm.values()) {
            for (final int size : SIZES) {
                for (final int count : COUNTS) {
                    for (final Kind kind : Kind.values()) {
                        final int recvCount = count * kind.contiguousPerItem;
                        final int perBlock = count * kind.type.map().length;
                        LocalWorld.run(size, kind.element, channel -> {
                            final Object send = kind.buffer(kind.type, size * count);
                            kind.fill(kind.type, send, PAD, size * count, 0, k -> kind.value(channel.rank(), k));
                            final Object recv = kind.buffer(kind.contiguous, size * recvCount);
                            Alltoall.run(algorithm, channel, send, PAD, count, kind.type,
                                recv, PAD, recvCount, kind.contiguous);
                            final Object expected = kind.buffer(kind.contiguous, size * recvCount);
                            for (int source = 0; source < size; source++) {
                                final int from = source;
                                kind.fill(kind.contiguous, expected, PAD + source * recvCount, recvCount,
                                    channel.rank() * perBlock, k -> kind.value(from, k));
                            }
                            check("Alltoall " + algorithm + " p=" + size + " count=" + count + " " + kind
                                + " rank " + channel.rank(), expected, recv);
                        });
                    }
                }
            }
        }
    }

    @Test
    void shouldExchangeVaryingBlocksWithEveryAlltoallvAlgorithm() {
        for (final Alltoallv.Algorithm algorithm : Alltoallv.Algorithm.values()) {
            for (final int size : SIZES) {
                for (final int count : COUNTS) {
                    for (final Kind kind : Kind.values()) {
                        final int scale = kind.contiguousPerItem;
                        LocalWorld.run(size, kind.element, channel -> {
                            final int rank = channel.rank();
                            final int[] sendCounts = new int[size];
                            final int[] recvCounts = new int[size];
                            for (int other = 0; other < size; other++) {
                                sendCounts[other] = (rank + 2 * other) % 3 * count;
                                recvCounts[other] = (other + 2 * rank) % 3 * count * scale;
                            }
                            final int[] sendDisplacements = displacementsWithGaps(sendCounts, 1);
                            final int[] recvDisplacements = displacementsWithGaps(recvCounts, 1);
                            final Object send = kind.buffer(kind.type, span(sendCounts, sendDisplacements, 1));
                            for (int dest = 0; dest < size; dest++) {
                                kind.fill(kind.type, send, PAD + sendDisplacements[dest] * kind.type.extent(),
                                    sendCounts[dest], dest * 1000, k -> kind.value(rank, k));
                            }
                            final int recvSpan = span(recvCounts, recvDisplacements, 1);
                            final Object recv = kind.buffer(kind.contiguous, recvSpan);
                            Alltoallv.run(algorithm, channel, send, PAD, sendCounts, sendDisplacements, kind.type,
                                recv, PAD, recvCounts, recvDisplacements, kind.contiguous);
                            final Object expected = kind.buffer(kind.contiguous, recvSpan);
                            for (int source = 0; source < size; source++) {
                                final int from = source;
                                kind.fill(kind.contiguous, expected, PAD + recvDisplacements[source],
                                    recvCounts[source], rank * 1000, k -> kind.value(from, k));
                            }
                            check("Alltoallv " + algorithm + " p=" + size + " count=" + count + " " + kind
                                + " rank " + rank, expected, recv);
                        });
                    }
                }
            }
        }
    }
}
