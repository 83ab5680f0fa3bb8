package org.mpjbuf.mpj.topology;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A Cartesian process grid: the dimensions, their periodicity, and the mapping
 * between ranks and coordinates. Ranks are numbered in row-major order (the last
 * dimension varies fastest), as MPI requires.
 *
 * <p>Immutable and thread-safe; the arrays passed in are copied and the arrays
 * returned are fresh.
 */
public final class CartesianGrid {
    /** Returned by {@link #shift} for a neighbour beyond a non-periodic edge. */
    public static final int NO_NEIGHBOUR = -1;

    private final int[] dims;
    private final boolean[] periods;
    private final int size;

    /**
     * Creates a grid.
     *
     * @param dims    number of processes along each dimension
     * @param periods whether each dimension wraps around
     * @throws IllegalArgumentException when an array is null, the lengths differ or a dimension is not positive
     */
    public CartesianGrid(final int[] dims, final boolean[] periods) {
        if (dims == null || periods == null) {
            throw new IllegalArgumentException("dims and periods must not be null");
        }
        if (dims.length != periods.length) {
            throw new IllegalArgumentException(
                "dims has " + dims.length + " entries but periods has " + periods.length + ": expected the same number");
        }
        long product = 1;
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] <= 0) {
                throw new IllegalArgumentException("dims[" + i + "] is " + dims[i] + ": expected a dimension > 0");
            }
            product *= dims[i];
            if (product > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("the grid " + Arrays.toString(dims) + " has too many processes");
            }
        }
        this.dims = dims.clone();
        this.periods = periods.clone();
        this.size = (int) product;
    }

    /**
     * Returns the number of processes in the grid, the product of the dimensions (1 for no dimensions).
     *
     * @return the grid size
     */
    public int size() {
        return size;
    }

    /**
     * Returns the number of dimensions.
     *
     * @return the dimension count
     */
    public int dimensionCount() {
        return dims.length;
    }

    /**
     * Returns the dimensions.
     *
     * @return a copy of the dimensions
     */
    public int[] dims() {
        return dims.clone();
    }

    /**
     * Returns the periodicity of each dimension.
     *
     * @return a copy of the periods
     */
    public boolean[] periods() {
        return periods.clone();
    }

    /**
     * Returns the rank at some coordinates; a coordinate out of range wraps in a
     * periodic dimension.
     *
     * @param coords one coordinate per dimension
     * @return the rank
     * @throws IllegalArgumentException when the array has the wrong length or a coordinate is out of
     *                                  range in a non-periodic dimension
     */
    public int rank(final int[] coords) {
        if (coords == null || coords.length != dims.length) {
            throw new IllegalArgumentException("coords has " + (coords == null ? "no" : coords.length)
                + " entries: expected one per dimension, " + dims.length);
        }
        int rank = 0;
        for (int i = 0; i < dims.length; i++) {
            int coordinate = coords[i];
            if (coordinate < 0 || coordinate >= dims[i]) {
                if (!periods[i]) {
                    throw new IllegalArgumentException("coords[" + i + "] is " + coordinate
                        + ": expected 0 <= coordinate < " + dims[i] + " in a non-periodic dimension");
                }
                coordinate = Math.floorMod(coordinate, dims[i]);
            }
            rank = rank * dims[i] + coordinate;
        }
        return rank;
    }

    /**
     * Returns the coordinates of a rank.
     *
     * @param rank a rank of the grid
     * @return its coordinates, one per dimension
     * @throws IllegalArgumentException when the rank is not in {@code [0, size())}
     */
    public int[] coords(final int rank) {
        if (rank < 0 || rank >= size) {
            throw new IllegalArgumentException("rank " + rank + " is not in the grid: expected 0 <= rank < " + size);
        }
        final int[] coords = new int[dims.length];
        int rest = rank;
        for (int i = dims.length - 1; i >= 0; i--) {
            coords[i] = rest % dims[i];
            rest /= dims[i];
        }
        return coords;
    }

    /**
     * Returns the ranks {@code disp} steps behind and ahead of {@code rank} along a
     * dimension: {@code [source, dest]}, where a neighbour beyond a non-periodic
     * edge is {@link #NO_NEIGHBOUR}.
     *
     * @param rank      the rank shifting
     * @param direction the dimension
     * @param disp      the displacement, negative to shift down
     * @return {@code {source, dest}}
     * @throws IllegalArgumentException when the rank or the direction is out of range
     */
    public int[] shift(final int rank, final int direction, final int disp) {
        if (direction < 0 || direction >= dims.length) {
            throw new IllegalArgumentException("direction " + direction
                + " is not a dimension: expected 0 <= direction < " + dims.length);
        }
        final int[] coords = coords(rank);
        final int here = coords[direction];
        coords[direction] = here - disp;
        final int source = neighbour(coords, direction);
        coords[direction] = here + disp;
        final int dest = neighbour(coords, direction);
        return new int[] {source, dest};
    }

    private int neighbour(final int[] coords, final int direction) {
        final int coordinate = coords[direction];
        if (!periods[direction] && (coordinate < 0 || coordinate >= dims[direction])) {
            return NO_NEIGHBOUR;
        }
        return rank(coords);
    }

    /**
     * Returns the shape of the sub-grids left when only the dimensions marked in
     * {@code remain} are kept.
     *
     * @param remain whether each dimension is kept
     * @return the sub-grid (no dimensions and one process when none is kept)
     * @throws IllegalArgumentException when the array has the wrong length
     */
    public CartesianGrid sub(final boolean[] remain) {
        checkRemain(remain);
        final List<Integer> kept = new ArrayList<>();
        for (int i = 0; i < dims.length; i++) {
            if (remain[i]) {
                kept.add(i);
            }
        }
        final int[] subDims = new int[kept.size()];
        final boolean[] subPeriods = new boolean[kept.size()];
        for (int j = 0; j < kept.size(); j++) {
            subDims[j] = dims[kept.get(j)];
            subPeriods[j] = periods[kept.get(j)];
        }
        return new CartesianGrid(subDims, subPeriods);
    }

    /**
     * Returns the colour of the sub-grid a rank falls in when only the marked
     * dimensions are kept: ranks with equal coordinates along every dropped
     * dimension share a colour.
     *
     * @param rank   a rank of the grid
     * @param remain whether each dimension is kept
     * @return the colour, a non-negative number
     */
    public int subColour(final int rank, final boolean[] remain) {
        checkRemain(remain);
        final int[] coords = coords(rank);
        int colour = 0;
        for (int i = 0; i < dims.length; i++) {
            if (!remain[i]) {
                colour = colour * dims[i] + coords[i];
            }
        }
        return colour;
    }

    /**
     * Returns a rank's rank inside its sub-grid.
     *
     * @param rank   a rank of the grid
     * @param remain whether each dimension is kept
     * @return the rank in the sub-grid
     */
    public int subRank(final int rank, final boolean[] remain) {
        checkRemain(remain);
        final int[] coords = coords(rank);
        int subRank = 0;
        for (int i = 0; i < dims.length; i++) {
            if (remain[i]) {
                subRank = subRank * dims[i] + coords[i];
            }
        }
        return subRank;
    }

    private void checkRemain(final boolean[] remain) {
        if (remain == null || remain.length != dims.length) {
            throw new IllegalArgumentException("remain_dims has " + (remain == null ? "no" : remain.length)
                + " entries: expected one per dimension, " + dims.length);
        }
    }

    /**
     * Fills the zero entries of {@code dims} with a balanced factorisation of
     * {@code nodes} divided by the product of the preset (positive) entries, in
     * non-increasing order; preset entries are kept.
     *
     * @param nodes number of processes the grid must hold
     * @param dims  the dimensions, zero where free; updated in place
     * @throws IllegalArgumentException when {@code nodes} is not positive, an entry is negative, or the
     *                                  preset entries do not divide {@code nodes}
     */
    public static void dimsCreate(final int nodes, final int[] dims) {
        if (nodes <= 0) {
            throw new IllegalArgumentException("nnodes is " + nodes + ": expected a number of processes > 0");
        }
        if (dims == null) {
            throw new IllegalArgumentException("dims must not be null");
        }
        long preset = 1;
        int free = 0;
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] < 0) {
                throw new IllegalArgumentException("dims[" + i + "] is " + dims[i] + ": expected 0 (free) or a dimension > 0");
            }
            if (dims[i] == 0) {
                free++;
            } else {
                preset *= dims[i];
            }
        }
        if (nodes % preset != 0 || (free == 0 && preset != nodes)) {
            throw new IllegalArgumentException("the preset dimensions " + Arrays.toString(dims) + " (product " + preset
                + ") cannot make a grid of " + nodes + " processes");
        }
        if (free == 0) {
            return;
        }
        final int[] chosen = new int[free];
        Arrays.fill(chosen, 1);
        final List<Integer> factors = primeFactorsDescending((int) (nodes / preset));
        for (final int factor : factors) {
            int smallest = 0;
            for (int j = 1; j < free; j++) {
                if (chosen[j] < chosen[smallest]) {
                    smallest = j;
                }
            }
            chosen[smallest] *= factor;
        }
        Arrays.sort(chosen);
        int next = free - 1;
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] == 0) {
                dims[i] = chosen[next--];
            }
        }
    }

    private static List<Integer> primeFactorsDescending(final int number) {
        final List<Integer> factors = new ArrayList<>();
        int rest = number;
        for (int divisor = 2; (long) divisor * divisor <= rest; divisor++) {
            while (rest % divisor == 0) {
                factors.add(divisor);
                rest /= divisor;
            }
        }
        if (rest > 1) {
            factors.add(rest);
        }
        factors.sort((a, b) -> Integer.compare(b, a));
        return factors;
    }
}
