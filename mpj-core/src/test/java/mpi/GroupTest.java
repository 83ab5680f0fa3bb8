package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class GroupTest {

    private final Group six = new Group(new int[] {10, 11, 12, 13, 14, 15}, 12);

    @Test
    void shouldKnowTheCallersRank() throws MPIException {
        assertEquals(6, six.Size());
        assertEquals(2, six.Rank());
        assertEquals(MPI.UNDEFINED, six.Incl(new int[] {0, 1}).Rank());
    }

    @Test
    void shouldIncludeAndExcludeRanksAndRanges() throws MPIException {
        Group picked = six.Incl(new int[] {4, 1});
        assertArrayEquals(new int[] {14, 11}, picked.members());
        assertArrayEquals(new int[] {10, 12, 13, 15}, six.Excl(new int[] {4, 1}).members());
        assertArrayEquals(new int[] {10, 12, 14}, six.Range_incl(new int[][] {{0, 5, 2}}).members());
        assertArrayEquals(new int[] {15, 13, 11, 10}, six.Range_incl(new int[][] {{5, 1, -2}, {0, 0, 1}}).members());
        assertArrayEquals(new int[] {11, 13, 15}, six.Range_excl(new int[][] {{0, 4, 2}}).members());
    }

    @Test
    void shouldCombineGroupsInMpiOrder() throws MPIException {
        Group a = six.Incl(new int[] {0, 1, 2});
        Group b = six.Incl(new int[] {3, 2, 1});
        assertArrayEquals(new int[] {10, 11, 12, 13}, Group.Union(a, b).members());
        assertArrayEquals(new int[] {11, 12}, Group.Intersection(a, b).members());
        assertArrayEquals(new int[] {10}, Group.Difference(a, b).members());
        assertEquals(0, Group.Difference(a, a).Size());
    }

    @Test
    void shouldTranslateAndCompare() throws MPIException {
        Group a = six.Incl(new int[] {0, 1, 2});
        Group b = six.Incl(new int[] {2, 1, 0});
        assertArrayEquals(new int[] {2, 1, MPI.PROC_NULL},
            Group.Translate_ranks(a, new int[] {0, 1, MPI.PROC_NULL}, b));
        assertArrayEquals(new int[] {MPI.UNDEFINED},
            Group.Translate_ranks(six, new int[] {5}, a));
        assertEquals(MPI.IDENT, Group.Compare(a, six.Incl(new int[] {0, 1, 2})));
        assertEquals(MPI.SIMILAR, Group.Compare(a, b));
        assertEquals(MPI.UNEQUAL, Group.Compare(a, six));
    }

    @Test
    void shouldRejectBadRanksAndRanges() {
        MPIException outside = assertThrows(MPIException.class, () -> six.Incl(new int[] {6}));
        assertEquals(MPIException.ERR_RANK, outside.getErrorClass());
        MPIException twice = assertThrows(MPIException.class, () -> six.Excl(new int[] {1, 1}));
        assertEquals(MPIException.ERR_RANK, twice.getErrorClass());
        MPIException stride = assertThrows(MPIException.class, () -> six.Range_incl(new int[][] {{0, 3, 0}}));
        assertEquals(MPIException.ERR_ARG, stride.getErrorClass());
        MPIException triplet = assertThrows(MPIException.class, () -> six.Range_excl(new int[][] {{0, 3}}));
        assertEquals(MPIException.ERR_ARG, triplet.getErrorClass());
        assertThrows(MPIException.class, () -> Group.Union(null, six));
    }
}
