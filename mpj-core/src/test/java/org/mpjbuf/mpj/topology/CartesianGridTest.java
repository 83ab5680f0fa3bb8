package org.mpjbuf.mpj.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Cartesian grid arithmetic against the definitions of MPI's Cartesian topology functions. */
final class CartesianGridTest {

    @Test
    void shouldFactorIntoBalancedNonIncreasingDimensions() {
        assertArrayEquals(new int[] {3, 2}, created(6, 0, 0));
        assertArrayEquals(new int[] {4, 4}, created(16, 0, 0));
        assertArrayEquals(new int[] {7, 1}, created(7, 0, 0));
        assertArrayEquals(new int[] {2, 2, 2}, created(8, 0, 0, 0));
        assertArrayEquals(new int[] {4, 3}, created(12, 0, 0));
        assertArrayEquals(new int[] {1}, created(1, 0));
    }

    @Test
    void shouldKeepTheDimensionsTheCallerPreset() {
        assertArrayEquals(new int[] {3, 2, 2}, created(12, 0, 2, 0));
        assertArrayEquals(new int[] {1, 6}, created(6, 1, 0));
        assertArrayEquals(new int[] {2, 5, 3}, created(30, 2, 5, 3));
        assertArrayEquals(new int[] {5, 4}, created(20, 5, 0));
    }

    @Test
    void shouldRejectPresetDimensionsThatDoNotDivideTheProcessCount() {
        final IllegalArgumentException error =
            assertThrows(IllegalArgumentException.class, () -> CartesianGrid.dimsCreate(7, new int[] {2, 0}));
        assertTrue(error.getMessage().contains("7 processes"), error.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CartesianGrid.dimsCreate(6, new int[] {2, 2}));
        assertThrows(IllegalArgumentException.class, () -> CartesianGrid.dimsCreate(6, new int[] {-1, 0}));
        assertThrows(IllegalArgumentException.class, () -> CartesianGrid.dimsCreate(0, new int[] {0}));
    }

    @Property(tries = 200)
    void dimsCreateShouldMultiplyToTheProcessCount(
        @ForAll @IntRange(min = 1, max = 400) final int nodes,
        @ForAll @IntRange(min = 1, max = 4) final int dimensions,
        @ForAll @IntRange(min = 0, max = 3) final int presetIndex) {
        final int[] dims = new int[dimensions];
        final int preset = presetIndex < dimensions && dimensions > 1 && nodes % 2 == 0 ? 2 : 0;
        if (preset > 0) {
            dims[presetIndex] = preset;
        }
        CartesianGrid.dimsCreate(nodes, dims);
        int product = 1;
        int previousFree = Integer.MAX_VALUE;
        for (int i = 0; i < dimensions; i++) {
            product *= dims[i];
            if (i == presetIndex && preset > 0) {
                assertEquals(preset, dims[i]);
            } else {
                assertTrue(dims[i] <= previousFree, "free dimensions must not increase");
                previousFree = dims[i];
            }
        }
        assertEquals(nodes, product);
    }

    @Property(tries = 100)
    void rankAndCoordsShouldBeInverseInRowMajorOrder(
        @ForAll @IntRange(min = 1, max = 5) final int a,
        @ForAll @IntRange(min = 1, max = 5) final int b,
        @ForAll @IntRange(min = 1, max = 5) final int c) {
        final CartesianGrid grid = new CartesianGrid(new int[] {a, b, c}, new boolean[] {false, true, false});
        for (int rank = 0; rank < grid.size(); rank++) {
            final int[] coords = grid.coords(rank);
            assertEquals(rank, (coords[0] * b + coords[1]) * c + coords[2]);
            assertEquals(rank, grid.rank(coords));
        }
    }

    @Test
    void shouldShiftToNoNeighbourAtNonPeriodicEdgesAndWrapAtPeriodicOnes() {
        final CartesianGrid grid = new CartesianGrid(new int[] {3, 4}, new boolean[] {false, true});
        assertArrayEquals(new int[] {CartesianGrid.NO_NEIGHBOUR, 4}, grid.shift(0, 0, 1));
        assertArrayEquals(new int[] {4, CartesianGrid.NO_NEIGHBOUR}, grid.shift(8, 0, 1));
        assertArrayEquals(new int[] {CartesianGrid.NO_NEIGHBOUR, CartesianGrid.NO_NEIGHBOUR}, grid.shift(4, 0, 3));
        assertArrayEquals(new int[] {3, 1}, grid.shift(0, 1, 1));
        assertArrayEquals(new int[] {1, 3}, grid.shift(0, 1, -1));
        assertArrayEquals(new int[] {5, 5}, grid.shift(5, 1, 4));
        assertEquals(11, grid.rank(new int[] {2, -1}));
        assertThrows(IllegalArgumentException.class, () -> grid.rank(new int[] {3, 0}));
        assertThrows(IllegalArgumentException.class, () -> grid.shift(0, 2, 1));
    }

    @Test
    void shouldPartitionIntoSubGridsByTheDroppedCoordinates() {
        final CartesianGrid grid = new CartesianGrid(new int[] {2, 3, 4}, new boolean[] {true, false, true});
        final boolean[] remain = {true, false, true};
        final CartesianGrid sub = grid.sub(remain);
        assertArrayEquals(new int[] {2, 4}, sub.dims());
        assertArrayEquals(new boolean[] {true, true}, sub.periods());
        final Set<String> seen = new HashSet<>();
        for (int rank = 0; rank < grid.size(); rank++) {
            final int[] coords = grid.coords(rank);
            assertEquals(coords[1], grid.subColour(rank, remain));
            final int subRank = grid.subRank(rank, remain);
            assertArrayEquals(new int[] {coords[0], coords[2]}, sub.coords(subRank));
            assertTrue(seen.add(grid.subColour(rank, remain) + "/" + subRank));
        }
        final CartesianGrid point = grid.sub(new boolean[3]);
        assertEquals(1, point.size());
        assertEquals(0, point.dimensionCount());
    }

    private static int[] created(final int nodes, final int... dims) {
        CartesianGrid.dimsCreate(nodes, dims);
        return dims;
    }
}
