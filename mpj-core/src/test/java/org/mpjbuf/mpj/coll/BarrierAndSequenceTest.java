package org.mpjbuf.mpj.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpjbuf.mpj.coll.RootedCollectivesTest.SIZES;
import static org.mpjbuf.mpj.coll.RootedCollectivesTest.check;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Barriers, back-to-back collectives of different kinds, and argument errors. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
final class BarrierAndSequenceTest {
    private static final int PAD = Kind.PAD;
    private static final int ROUNDS = 4;

    @Test
    void shouldLetNoRankLeaveABarrierBeforeAllEnteredWithEveryAlgorithm() {
        for (final Barrier.Algorithm algorithm : Barrier.Algorithm.values()) {
            for (final int size : SIZES) {
                final AtomicIntegerArray arrived = new AtomicIntegerArray(ROUNDS);
                LocalWorld.run(size, int.class, channel -> {
                    for (int round = 0; round < ROUNDS; round++) {
                        arrived.incrementAndGet(round);
                        Barrier.run(algorithm, channel);
                        assertEquals(size, arrived.get(round),
                            "Barrier " + algorithm + " p=" + size + " round " + round + " rank " + channel.rank());
                    }
                });
            }
        }
    }

    @Test
    void shouldKeepConsecutiveCollectivesApart() {
        final Kind kind = Kind.TEXT_CONCAT;
        for (final int size : SIZES) {
            LocalWorld.run(size, kind.element, channel -> {
                final int rank = channel.rank();
                for (int round = 0; round < ROUNDS; round++) {
                    final int root = round % size;
                    final int count = 3 + round;
                    final Object mine = kind.buffer(kind.type, count);
                    kind.fill(kind.type, mine, PAD, count, 0, k -> kind.value(rank, k));
                    final Object reduced = kind.buffer(kind.type, count);
                    Collectives.reduce(channel, mine, PAD, reduced, PAD, count, kind.type, kind.combiner(), root);
                    final Object broadcast = kind.buffer(kind.type, count);
                    if (rank == root) {
                        kind.fill(kind.type, broadcast, PAD, count, 0, k -> kind.value(root, k));
                    }
                    Collectives.bcast(channel, broadcast, PAD, count, kind.type, root);
                    final Object all = kind.buffer(kind.type, size * count);
                    Collectives.allgather(channel, mine, PAD, count, kind.type, all, PAD, count, kind.type);
                    final Object summed = kind.buffer(kind.type, count);
                    Collectives.allreduce(channel, mine, PAD, summed, PAD, count, kind.type, kind.combiner());

                    final Object expectedReduced = kind.buffer(kind.type, count);
                    if (rank == root) {
                        kind.fill(kind.type, expectedReduced, PAD, count, 0, k -> kind.reduced(0, size - 1, k));
                    }
                    check("Reduce in a sequence, p=" + size, expectedReduced, reduced);
                    final Object expectedBroadcast = kind.buffer(kind.type, count);
                    kind.fill(kind.type, expectedBroadcast, PAD, count, 0, k -> kind.value(root, k));
                    check("Bcast in a sequence, p=" + size, expectedBroadcast, broadcast);
                    final Object expectedAll = kind.buffer(kind.type, size * count);
                    for (int source = 0; source < size; source++) {
                        final int from = source;
                        kind.fill(kind.type, expectedAll, PAD + source * count * kind.type.extent(), count, 0,
                            k -> kind.value(from, k));
                    }
                    check("Allgather in a sequence, p=" + size, expectedAll, all);
                    final Object expectedSummed = kind.buffer(kind.type, count);
                    kind.fill(kind.type, expectedSummed, PAD, count, 0, k -> kind.reduced(0, size - 1, k));
                    check("Allreduce in a sequence, p=" + size, expectedSummed, summed);
                }
            });
        }
    }

    @Test
    void shouldRejectARootOutsideTheCommunicator() {
        LocalWorld.run(3, int.class, channel -> {
            final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> Collectives.bcast(channel, new int[4], 0, 4, TestType.SINGLE, 3));
            assertTrue(error.getMessage().contains("root 3"), error.getMessage());
        });
    }

    @Test
    void shouldRejectNegativeCountsAndShortCountVectors() {
        LocalWorld.run(2, int.class, channel -> {
            final IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                () -> Collectives.allreduce(channel, new int[4], 0, new int[4], 0, -1, TestType.SINGLE,
                    Kind.INT_SUM.combiner()));
            assertTrue(negative.getMessage().contains("-1"), negative.getMessage());
            final IllegalArgumentException shortVector = assertThrows(IllegalArgumentException.class,
                () -> Collectives.alltoallv(channel, new int[4], 0, new int[1], new int[2], TestType.SINGLE,
                    new int[4], 0, new int[2], new int[2], TestType.SINGLE));
            assertTrue(shortVector.getMessage().contains("sendcount has 1 entries"), shortVector.getMessage());
        });
    }
}
