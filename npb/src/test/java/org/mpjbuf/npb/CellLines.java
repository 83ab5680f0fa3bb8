package org.mpjbuf.npb;

import java.util.function.IntConsumer;

/**
 * The lines of an SP or BT cell along one direction, one at a time: what the tests that check a
 * solver against a line-by-line elimination walk over.
 */
final class CellLines {
    private CellLines() {
    }

    /**
     * Calls {@code line} with the index of the first point of every line of {@code cell} along
     * {@code dir}, the other two directions in increasing order (the slower one last).
     *
     * @param cell the cell
     * @param dir the direction of the lines, 0 to 2
     * @param k the class's constants
     * @param line takes a line's first point
     */
    static void forEach(SpCell cell, int dir, SpConstants k, IntConsumer line) {
        int a = dir == 0 ? 1 : 0;
        int b = dir == 2 ? 1 : 2;
        int[] local = new int[3];
        for (local[b] = cell.first(b); local[b] <= cell.last(b, k.points[b]); local[b]++) {
            for (local[a] = cell.first(a); local[a] <= cell.last(a, k.points[a]); local[a]++) {
                local[dir] = 0;
                line.accept(cell.index(local[0], local[1], local[2]));
            }
        }
    }
}
