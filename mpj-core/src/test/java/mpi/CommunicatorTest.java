package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CommunicatorTest {

    static Stream<Integer> sizes() {
        return java.util.Arrays.stream(Ranks.SIZES).boxed();
    }

    @ParameterizedTest(name = "{0} ranks")
    @MethodSource("sizes")
    void shouldKeepMessagesOfSplitCommunicatorsApartWithOverlappingTags(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            Intracomm half = world.Split(rank % 2, -rank);
            int halfSize = (size + 1 - rank % 2) / 2;
            assertEquals(halfSize, half.Size());
            assertEquals(halfSize - 1 - rank / 2, half.Rank());
            Intracomm dup = (Intracomm) world.clone();
            int tag = 5;
            int wr = (rank + 1) % size;
            int hr = (half.Rank() + 1) % half.Size();
            world.Send(new int[] {1000 + rank}, 0, 1, MPI.INT, wr, tag);
            half.Send(new int[] {2000 + rank}, 0, 1, MPI.INT, hr, tag);
            dup.Send(new int[] {3000 + rank}, 0, 1, MPI.INT, wr, tag);
            int[] in = new int[1];
            dup.Recv(in, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
            assertEquals(3000 + (rank + size - 1) % size, in[0]);
            half.Recv(in, 0, 1, MPI.INT, MPI.ANY_SOURCE, tag);
            assertTrue(in[0] >= 2000 && in[0] < 3000 && (in[0] - 2000) % 2 == rank % 2);
            world.Recv(in, 0, 1, MPI.INT, MPI.ANY_SOURCE, tag);
            assertEquals(1000 + (rank + size - 1) % size, in[0]);
            assertEquals(MPI.CONGRUENT, Comm.Compare(world, dup));
            assertEquals(MPI.IDENT, Intracomm.Compare(world, world));
            assertEquals(size == 1 ? MPI.CONGRUENT : MPI.UNEQUAL, Comm.Compare(world, half));
            assertNull(world.Split(MPI.UNDEFINED, 0));
            dup.Free();
            half.Free();
            MPIException freed = assertThrows(MPIException.class, dup::Size);
            assertEquals(MPIException.ERR_COMM, freed.getErrorClass());
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @MethodSource("sizes")
    void shouldCreateACommunicatorOfASubgroup(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            Group evens = world.Group().Range_incl(new int[][] {{0, size - 1, 2}});
            Intracomm created = world.Create(evens);
            if (rank % 2 == 0) {
                assertEquals(rank / 2, created.Rank());
                int[] value = {rank};
                int root = 0;
                if (created.Rank() == root) {
                    for (int member = 1; member < created.Size(); member++) {
                        created.Recv(value, 0, 1, MPI.INT, member, 0);
                        assertEquals(2 * member, value[0]);
                    }
                } else {
                    created.Send(value, 0, 1, MPI.INT, root, 0);
                }
            } else {
                assertNull(created);
            }
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @MethodSource("sizes")
    void shouldCarryTrafficBetweenTheGroupsOfAnIntercommunicator(int size) {
        if (size < 2) {
            return;
        }
        Ranks.run(size, world -> {
            int rank = world.Rank();
            int color = rank < size / 2 ? 0 : 1;
            Intracomm local = world.Split(color, rank);
            int remoteLeader = color == 0 ? size / 2 : 0;
            Intercomm inter = world.Create_intercomm(local, 0, remoteLeader, 77);
            assertTrue(inter.Test_inter());
            int remoteSize = color == 0 ? size - size / 2 : size / 2;
            assertEquals(remoteSize, inter.Remote_size());
            assertEquals(remoteSize, inter.Remote_group().Size());
            int partner = local.Rank() % remoteSize;
            inter.Send(new int[] {rank}, 0, 1, MPI.INT, partner, 1);
            int expected = 0;
            for (int remote = 0; remote < (color == 0 ? size - size / 2 : size / 2); remote++) {
                int otherLocalSize = color == 0 ? size / 2 : size - size / 2;
                expected += remote % otherLocalSize == local.Rank() ? 1 : 0;
            }
            for (int i = 0; i < expected; i++) {
                int[] in = new int[1];
                Status status = inter.Recv(in, 0, 1, MPI.INT, MPI.ANY_SOURCE, 1);
                int remoteWorldRank = color == 0 ? size / 2 + status.source : status.source;
                assertEquals(remoteWorldRank, in[0]);
            }
            Intercomm interDup = inter.Dup();
            assertEquals(remoteSize, interDup.Remote_size());
            Intracomm merged = inter.Merge(color == 1);
            assertEquals(size, merged.Size());
            assertEquals(rank, merged.Rank());
            Intracomm swapped = inter.Merge(color == 0);
            assertEquals(color == 0 ? rank + (size - size / 2) : rank - size / 2, swapped.Rank());
            int[] token = {merged.Rank()};
            int[] in = new int[1];
            merged.Sendrecv(token, 0, 1, MPI.INT, (rank + 1) % size, 0, in, 0, 1, MPI.INT,
                (rank + size - 1) % size, 0);
            assertEquals((rank + size - 1) % size, in[0]);
            interDup.Free();
            inter.Free();
        });
    }

    @Test
    void shouldAnswerPredefinedAttributesAndRefuseToDeleteThem() {
        Ranks.run(1, world -> {
            assertEquals(Integer.MAX_VALUE, world.Attr_get(MPI.TAG_UB));
            assertEquals(MPI.PROC_NULL, world.Attr_get(MPI.HOST));
            assertEquals(MPI.ANY_SOURCE, world.Attr_get(MPI.IO));
            assertEquals(MPIException.ERR_ARG,
                assertThrows(MPIException.class, () -> world.Attr_delete(MPI.TAG_UB)).getErrorClass());
            assertEquals(MPIException.ERR_ARG,
                assertThrows(MPIException.class, () -> world.Attr_get(12345)).getErrorClass());
            assertEquals(MPIException.ERR_COMM,
                assertThrows(MPIException.class, world::Free).getErrorClass());
            assertEquals(MPIException.ERR_COMM,
                assertThrows(MPIException.class, MPI.COMM_NULL::Rank).getErrorClass());
            assertFalse(world.Test_inter());
            assertEquals(MPI.UNDEFINED, world.Topo_test());
        });
    }

    @Test
    void shouldReuseTheContextOfAFreedCommunicator() {
        Ranks.run(2, world -> {
            Intracomm first = world.Dup();
            first.Free();
            for (int i = 0; i < 20; i++) {
                Intracomm dup = world.Dup();
                assertEquals(first.pair, dup.pair);
                dup.Free();
            }
            Intracomm kept = world.Dup();
            Intracomm next = world.Dup();
            assertEquals(kept.pair + 1, next.pair);
        });
    }
}
