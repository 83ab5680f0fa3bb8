package org.mpjbuf.npb;

/**
 * The multi-partition of SP and BT: the grid cut into {@code q x q x q} cells, each of
 * the {@code q^2} ranks owning {@code q} of them, one in every slab of every
 * direction.
 *
 * <p>Design note (NPB 3.4 MPI {@code make_set.f}; Van der Wijngaart, NAS
 * report 95-020). Rank {@code r = i + q j} owns the cells
 * <pre>
 *   cell c (c = 0 .. q-1) at coordinates ((i + c) mod q, (j - c) mod q, c)
 * </pre>
 * so every rank has exactly one cell in each x, y and z slab, and the
 * neighbour of its cell {@code c} one step along a direction belongs to one
 * fixed rank, the successor in that direction: {@code (i + 1, j)} along x,
 * {@code (i, j + 1)} along y, {@code (i - 1, j + 1)} along z (all mod
 * {@code q}); the predecessor is the opposite. A line solve therefore runs
 * as a pipeline of {@code q} stages in which every rank works on its cell
 * of one slab, and no rank waits for long. Along each direction the
 * {@code N} points are split into {@code q} runs, the first
 * {@code N mod q} of them one point longer.
 *
 * <p>Immutable after construction; not shared between ranks.
 */
final class SpPartition {
    /** The cells per direction, {@code q}, and the cells per rank. */
    final int cellsPerSide;
    /** This rank's cells, indexed by {@code c}. */
    final SpCell[] cells;
    /** Per direction, the rank owning the next cell along it. */
    final int[] successor = new int[3];
    /** Per direction, the rank owning the previous cell along it. */
    final int[] predecessor = new int[3];
    /** Per direction and slab, the index {@code c} of this rank's cell in that slab. */
    final int[][] slice;

    /**
     * Lays out a rank's cells.
     *
     * @param rank the rank, below {@code q^2}
     * @param cellsPerSide {@code q}, the square root of the number of ranks
     * @param points the grid points per direction
     */
    SpPartition(int rank, int cellsPerSide, int[] points) {
        int q = cellsPerSide;
        this.cellsPerSide = q;
        int i = rank % q;
        int j = rank / q;
        predecessor[0] = Math.floorMod(i - 1, q) + q * j;
        predecessor[1] = i + q * Math.floorMod(j - 1, q);
        predecessor[2] = Math.floorMod(i + 1, q) + q * Math.floorMod(j - 1, q);
        successor[0] = Math.floorMod(i + 1, q) + q * j;
        successor[1] = i + q * Math.floorMod(j + 1, q);
        successor[2] = Math.floorMod(i - 1, q) + q * Math.floorMod(j + 1, q);
        cells = new SpCell[q];
        slice = new int[3][q];
        for (int c = 0; c < q; c++) {
            int[] coord = {Math.floorMod(i + c, q), Math.floorMod(j - c, q), c};
            int[] size = new int[3];
            int[] low = new int[3];
            for (int dir = 0; dir < 3; dir++) {
                int base = points[dir] / q;
                int excess = points[dir] % q;
                size[dir] = coord[dir] < excess ? base + 1 : base;
                low[dir] = coord[dir] < excess ? coord[dir] * (base + 1)
                        : excess * (base + 1) + (coord[dir] - excess) * base;
                slice[dir][coord[dir]] = c;
            }
            cells[c] = new SpCell(coord, size, low);
        }
    }

    /**
     * {@return the largest number of cells per side for a grid: every cell
     * needs at least three points along each direction}
     *
     * @param points the grid points per direction (all equal in the NPB classes)
     */
    static int maxCellsPerSide(int points) {
        return points / 3;
    }

    /**
     * {@return the process counts the multi-partition runs a grid on: the squares up to the count
     * whose cells have three points per direction}
     *
     * @param points the grid points per direction
     */
    static ProcessCounts processCounts(int points) {
        int side = maxCellsPerSide(points);
        return ProcessCounts.squares(side * side);
    }

    /** {@return a cubic grid's size as the report prints it, e.g. {@code 12x12x12}} @param points per direction */
    static String size(int points) {
        return points + "x" + points + "x" + points;
    }
}
