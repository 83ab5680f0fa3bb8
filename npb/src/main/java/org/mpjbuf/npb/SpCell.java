package org.mpjbuf.npb;

/**
 * One cell of the multi-partition of SP and BT: a box of grid points and
 * its fields, flattened, with two ghost layers on every side.
 *
 * <p>Layout. A point at local coordinates {@code (i, j, k)}, each from
 * {@code -2} to {@code size + 1}, is at index
 * {@code ((k + 2) * n1 + (j + 2)) * n0 + (i + 2)} with
 * {@code n = size + 4}; a field of several components keeps component
 * {@code m} at {@code m * volume + index}. Local {@code 0} is global
 * {@code low}. The ghost layers hold the neighbours' solution for the
 * right-hand side's stencils ({@code u}), and during a solve the two rows
 * before and after the cell along the line ({@code rhs}).
 *
 * <p>Not thread-safe: a cell belongs to one rank.
 */
final class SpCell {
    /** Ghost layers on each side. */
    static final int GHOSTS = 2;

    /** The cell's coordinates among the cells, per direction. */
    final int[] coord;
    /** The number of points per direction. */
    final int[] size;
    /** The global index of local point 0, per direction. */
    final int[] low;
    /** The distance between neighbouring points along each direction, in array elements. */
    final int[] stride = new int[3];
    /** The distance between a field's components: the points with their ghosts, padded ({@link #componentStride}). */
    final int volume;

    /** The solution: density, the three momenta, energy. */
    final double[] u;
    final double[] rhs;
    final double[] forcing;
    final double[] rhoI;
    /** The velocities, one array per direction. */
    final double[][] velocity;
    final double[] square;
    final double[] qs;
    final double[] speed;
    final double[] ainv;

    /**
     * Creates a cell's arrays.
     *
     * @param coord the cell's coordinates among the cells
     * @param size the points per direction
     * @param low the global index of the first point per direction
     */
    SpCell(int[] coord, int[] size, int[] low) {
        this.coord = coord.clone();
        this.size = size.clone();
        this.low = low.clone();
        stride[0] = 1;
        stride[1] = size[0] + 2 * GHOSTS;
        stride[2] = stride[1] * (size[1] + 2 * GHOSTS);
        volume = componentStride(stride[2] * (size[2] + 2 * GHOSTS));
        u = new double[5 * volume];
        rhs = new double[5 * volume];
        forcing = new double[5 * volume];
        rhoI = new double[volume];
        velocity = new double[][] {new double[volume], new double[volume], new double[volume]};
        square = new double[volume];
        qs = new double[volume];
        speed = new double[volume];
        ainv = new double[volume];
    }

    /**
     * {@return the distance between a field's components for a cell of
     * {@code points} points: at least {@code points}, and an odd number of
     * 64-byte cache lines}
     * With a distance of a multiple of 4 KiB (a cell of 40^3 points, SP's
     * class W on one rank: 125 pages), every component of a point falls into
     * the same set of the level 1 cache, which holds only eight lines of a
     * set; with an odd number of lines, up to 64 components fall into
     * different sets.
     */
    static int componentStride(int points) {
        int lines = (points + 7) / 8;
        return 8 * (lines | 1);
    }

    /** {@return the index of local point {@code (i, j, k)}} */
    int index(int i, int j, int k) {
        return ((k + GHOSTS) * (size[1] + 2 * GHOSTS) + (j + GHOSTS)) * stride[1] + i + GHOSTS;
    }

    /**
     * {@return the first local index along {@code dir} of the points the
     * time step changes: 1 in the first cell (global point 0 is a boundary),
     * else 0}
     */
    int first(int dir) {
        return low[dir] == 0 ? 1 : 0;
    }

    /**
     * {@return the last local index along {@code dir} of the points the
     * time step changes}
     *
     * @param dir the direction
     * @param points the grid's points along it
     */
    int last(int dir, int points) {
        return low[dir] + size[dir] == points ? size[dir] - 2 : size[dir] - 1;
    }

    /**
     * {@return the lines along {@code dir} through this cell: the points the
     * time step changes across it}
     *
     * @param dir the direction of the lines
     * @param points the grid's points along each direction
     */
    int lineCount(int dir, int[] points) {
        int a = dir == 0 ? 1 : 0;
        int b = dir == 2 ? 1 : 2;
        return (last(a, points[a]) - first(a) + 1) * (last(b, points[b]) - first(b) + 1);
    }
}
