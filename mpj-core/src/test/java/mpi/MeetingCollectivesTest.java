package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpjbuf.dev.DeviceProvider;
import org.mpjbuf.dev.WorldKind;
import org.mpjbuf.mpj.runtime.RankEnvironment;

/**
 * Barrier and small Allreduce on communicators whose ranks meet in memory (ranks as threads), and
 * the communicators that must not share a meeting point: the two halves of a split, which may get
 * the same context. On a process device the same calls run as messages. 8 ranks are more than the
 * cores.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class MeetingCollectivesTest {

    private static boolean ranksAreThreads() {
        return DeviceProvider.forName(RankEnvironment.current().deviceName()).worldKind() == WorldKind.THREADS;
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 8})
    void shouldMeetInMemoryOnlyWhenRanksAreThreadsAndNotAlone(int size) {
        Ranks.run(size, world -> {
            if (ranksAreThreads()) {
                assertNotNull(world.meetingPoint(), "the world's ranks are threads of this JVM");
                assertEquals(size, world.meetingPoint().members());
            } else {
                assertNull(world.meetingPoint(), "processes share no memory");
            }
            assertNull(RankState.lookup().self().meetingPoint(), "a rank alone meets nobody");
            Intracomm copy = world.Dup();
            if (ranksAreThreads()) {
                assertNotNull(copy.meetingPoint());
                assertNotSame(world.meetingPoint(), copy.meetingPoint(), "a duplicate has a context of its own");
            }
            copy.Free();
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 8})
    void shouldKeepTheHalvesOfASplitApart(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            Intracomm half = world.Split(rank % 2, rank);
            Intracomm again = world.Split(rank % 2, rank);
            int members = half.Size();
            long expected = 0;
            for (int r = rank % 2; r < size; r += 2) {
                expected += r;
            }
            long[] mine = {rank};
            long[] sum = new long[1];
            for (int call = 0; call < 2_000; call++) {
                half.Barrier();
                mine[0] = rank + (long) call * size;
                half.Allreduce(mine, 0, sum, 0, 1, MPI.LONG, MPI.SUM);
                assertEquals(expected + (long) call * size * members, sum[0], "call " + call + " at rank " + rank);
                again.Allreduce(mine, 0, sum, 0, 1, MPI.LONG, MPI.MAX);
                long largest = (size - 2 + rank % 2) + (long) call * size;
                assertEquals(largest, sum[0], "maximum of call " + call + " at rank " + rank);
            }
            if (ranksAreThreads()) {
                assertEquals(members, half.meetingPoint().members());
            }
            half.Free();
            again.Free();
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 5})
    void shouldReduceEveryPrimitiveTypeAndKeepTheSendArrayIntact(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            int n = world.Size();
            int[] ints = {rank, -rank, 7};
            int[] intSums = new int[3];
            world.Allreduce(ints, 0, intSums, 0, 3, MPI.INT, MPI.SUM);
            assertEquals(n * (n - 1) / 2, intSums[0]);
            assertEquals(-n * (n - 1) / 2, intSums[1]);
            assertEquals(7 * n, intSums[2]);
            assertEquals(rank, ints[0], "the operand is the caller's");
            double[] doubles = {rank + 0.5};
            world.Allreduce(doubles, 0, doubles, 0, 1, MPI.DOUBLE, MPI.MAX);
            assertEquals(n - 0.5, doubles[0], "into the send array itself");
            char[] chars = {(char) ('a' + rank)};
            char[] least = new char[1];
            world.Allreduce(chars, 0, least, 0, 1, MPI.CHAR, MPI.MIN);
            assertEquals('a', least[0]);
            boolean[] flags = {rank == 0};
            boolean[] any = new boolean[1];
            world.Allreduce(flags, 0, any, 0, 1, MPI.BOOLEAN, MPI.LOR);
            assertTrue(any[0]);
            // larger than the meeting point takes: the message algorithms, same result
            int count = (int) (MeetingCollectives.LARGEST_ALLREDUCE_BYTES / 8) + 1;
            long[] many = new long[count];
            java.util.Arrays.fill(many, rank);
            long[] manySums = new long[count];
            world.Allreduce(many, 0, manySums, 0, count, MPI.LONG, MPI.SUM);
            assertEquals((long) n * (n - 1) / 2, manySums[count - 1]);
        });
    }
}
