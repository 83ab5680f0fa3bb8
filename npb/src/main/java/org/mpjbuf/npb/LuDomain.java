package org.mpjbuf.npb;

/**
 * LU's data distribution: the x-y plane cut into a grid of
 * {@code rows x columns} blocks, one per rank, each holding every z-plane
 * of its block, with two ghost layers on each side in x and y.
 *
 * <p>Design note (NPB 3.4 MPI {@code proc_grid.f}, {@code neighbors.f},
 * {@code subdomain.f}). On {@code 2^n} ranks the grid has
 * {@code rows = 2^ceil(n/2)} rows along x and {@code columns = 2^floor(n/2)}
 * along y; rank {@code r} sits in row {@code r mod rows} and column
 * {@code r / rows}. Its neighbours are named as in the reference: north
 * (row - 1) and south (row + 1) along x, west (column - 1) and east
 * (column + 1) along y. Along each of x and y the {@code N} points are split
 * into runs, the first {@code N mod parts} of them one point longer.
 * <pre>
 *            y (columns) --&gt;
 *          +-------+-------+
 *   x      | 0     | 2     |       rank 0: south 1, east 2
 * (rows)   +-------+-------+
 *   |      | 1     | 3     |       rank 3: north 2, west 1
 *   v      +-------+-------+
 * </pre>
 * A rank's arrays hold five components per point, interleaved (the
 * reference's {@code u(5, i, j, k)}): component {@code m} of local point
 * {@code (i, j, k)}, {@code -2 <= i < nx + 2}, {@code -2 <= j < ny + 2},
 * {@code 0 <= k < nz}, is at {@code 5 * index(i, j, k) + m}. Indices are
 * 0-based here (the reference's are 1-based); global point {@code ipt + i}
 * along x, {@code jpt + j} along y.
 *
 * <p>Immutable; not shared between ranks.
 */
final class LuDomain {
    /** The ghost layers on each side in x and y. */
    static final int GHOST = 2;
    /** The least points per direction a rank's block must have (the reference's {@code subdomain}). */
    static final int MINIMUM_POINTS = 3;
    /** Marks a side without a neighbour, where the block meets the grid's boundary. */
    static final int NONE = -1;

    /** The grid points per direction, {@code nx0, ny0, nz0}. */
    final int[] points;
    final int rows;
    final int columns;
    final int north;
    final int south;
    final int west;
    final int east;
    /** This rank's points along x, y and z. */
    final int nx;
    final int ny;
    final int nz;
    /** The global index of this rank's first point along x and along y. */
    final int ipt;
    final int jpt;
    /** The first and last local points along x and y the solver changes (boundary points excluded). */
    final int ist;
    final int iend;
    final int jst;
    final int jend;
    /** The distance between neighbouring points along y and z, in points. */
    final int strideY;
    final int strideZ;
    /** Points in a rank's arrays, ghosts included. */
    final int volume;

    /**
     * Lays out one rank's block.
     *
     * @param rank the rank
     * @param processes the number of ranks, a power of two
     * @param points the grid points per direction
     */
    LuDomain(int rank, int processes, int[] points) {
        this.points = points.clone();
        rows = rows(processes);
        columns = processes / rows;
        int row = rank % rows;
        int column = rank / rows;
        north = row > 0 ? rank - 1 : NONE;
        south = row < rows - 1 ? rank + 1 : NONE;
        west = column > 0 ? rank - rows : NONE;
        east = column < columns - 1 ? rank + rows : NONE;
        nx = length(points[0], rows, row);
        ny = length(points[1], columns, column);
        nz = points[2];
        ipt = start(points[0], rows, row);
        jpt = start(points[1], columns, column);
        ist = north == NONE ? 1 : 0;
        iend = south == NONE ? nx - 2 : nx - 1;
        jst = west == NONE ? 1 : 0;
        jend = east == NONE ? ny - 2 : ny - 1;
        strideY = nx + 2 * GHOST;
        strideZ = strideY * (ny + 2 * GHOST);
        volume = strideZ * nz;
    }

    /** {@return the point index of local point {@code (i, j, k)}} */
    int index(int i, int j, int k) {
        return k * strideZ + (j + GHOST) * strideY + i + GHOST;
    }

    /** {@return the distance between neighbouring points along a direction (0 = x, 1 = y, 2 = z), in points} */
    int stride(int dir) {
        return dir == 0 ? 1 : dir == 1 ? strideY : strideZ;
    }

    /** {@return the rows of the process grid on {@code processes} ranks, a power of two} */
    static int rows(int processes) {
        int n = Integer.numberOfTrailingZeros(processes);
        return 1 << (n + 1) / 2;
    }

    /**
     * {@return the process counts LU runs a cubic grid on: the powers of two
     * whose blocks have at least {@value #MINIMUM_POINTS} points along x and y}
     *
     * @param points the grid points per direction
     */
    static ProcessCounts processCounts(int points) {
        int largest = 1;
        while (fits(points, 2 * largest)) {
            largest *= 2;
        }
        return ProcessCounts.powersOfTwo(largest);
    }

    private static boolean fits(int points, int processes) {
        int rows = rows(processes);
        return points / rows >= MINIMUM_POINTS && points / (processes / rows) >= MINIMUM_POINTS;
    }

    private static int length(int points, int parts, int part) {
        return points / parts + (part < points % parts ? 1 : 0);
    }

    private static int start(int points, int parts, int part) {
        int base = points / parts;
        int excess = points % parts;
        return part < excess ? part * (base + 1) : part * base + excess;
    }
}
