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
import org.mpjbuf.mpj.coll.SelectionTable;
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
            int count = (int) (SelectionTable.LARGEST_ALLREDUCE_IN_MEMORY / 8) + 1;
            long[] many = new long[count];
            java.util.Arrays.fill(many, rank);
            long[] manySums = new long[count];
            world.Allreduce(many, 0, manySums, 0, count, MPI.LONG, MPI.SUM);
            assertEquals((long) n * (n - 1) / 2, manySums[count - 1]);
        });
    }

    /** Composes affine maps {@code x -> a x + b}, stored as (a, b): associative, not commutative. */
    private static Op composition() throws MPIException {
        return new Op(new User_function() {
            @Override
            public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count,
                             Datatype datatype) throws MPIException {
                long[] in = (long[]) invec;
                long[] io = (long[]) inoutvec;
                for (int item = 0; item < count; item++) {
                    int f = inoffset + 2 * item;
                    int g = inoutoffset + 2 * item;
                    long a = in[f] * io[g];
                    long b = in[f] * io[g + 1] + in[f + 1];
                    io[g] = a;
                    io[g + 1] = b;
                }
            }
        }, false);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void shouldCombineANonCommutativeOperatorInRankOrderInlineAndInSlots(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            Datatype map = Datatype.Contiguous(2, MPI.LONG);
            map.Commit();
            Op compose = composition();
            for (int items : new int[] {1, 3}) {
                long[] mine = new long[2 * items];
                for (int item = 0; item < items; item++) {
                    mine[2 * item] = rank + 2 + item;
                    mine[2 * item + 1] = 10 * rank + item;
                }
                long[] result = new long[2 * items];
                world.Allreduce(mine, 0, result, 0, items, map, compose);
                for (int item = 0; item < items; item++) {
                    long a = 1;
                    long b = 0;
                    // x0 o (x1 o ... o x(p-1)): fold from the last rank down
                    for (int r = size - 1; r >= 0; r--) {
                        long ar = r + 2 + item;
                        long br = 10L * r + item;
                        b = ar * b + br;
                        a = ar * a;
                    }
                    assertEquals(a, result[2 * item], "slope of item " + item + " at rank " + rank);
                    assertEquals(b, result[2 * item + 1], "offset of item " + item + " at rank " + rank);
                }
            }
        });
    }
}
