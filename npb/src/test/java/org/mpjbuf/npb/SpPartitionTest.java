package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** SP's multi-partition covers the grid once, one cell per rank in every slab, neighbours on the successor. */
class SpPartitionTest {

    @ParameterizedTest(name = "{0} cells per side, {1} points")
    @CsvSource({"1, 12", "2, 12", "3, 12", "4, 12", "3, 36", "5, 64"})
    void shouldCoverTheGridOnceWithOneCellPerSlabAndRank(int q, int n) {
        int[] points = {n, n, n};
        int[] owner = new int[n * n * n];
        Arrays.fill(owner, -1);
        SpPartition[] partitions = new SpPartition[q * q];
        for (int rank = 0; rank < q * q; rank++) {
            partitions[rank] = new SpPartition(rank, q, points);
            for (int dir = 0; dir < 3; dir++) {
                boolean[] slabs = new boolean[q];
                for (SpCell cell : partitions[rank].cells) {
                    slabs[cell.coord[dir]] = true;
                }
                for (boolean slab : slabs) {
                    assertTrue(slab, "rank " + rank + " misses a slab along " + dir);
                }
            }
            for (SpCell cell : partitions[rank].cells) {
                for (int z = 0; z < cell.size[2]; z++) {
                    for (int y = 0; y < cell.size[1]; y++) {
                        for (int x = 0; x < cell.size[0]; x++) {
                            int point = ((cell.low[2] + z) * n + cell.low[1] + y) * n + cell.low[0] + x;
                            assertEquals(-1, owner[point], "point " + point + " is in two cells");
                            owner[point] = rank;
                        }
                    }
                }
            }
        }
        assertTrue(Arrays.stream(owner).allMatch(rank -> rank >= 0), "a point is in no cell");
        for (int rank = 0; rank < q * q; rank++) {
            for (int dir = 0; dir < 3; dir++) {
                SpPartition successor = partitions[partitions[rank].successor[dir]];
                assertEquals(rank, successor.predecessor[dir]);
                for (SpCell cell : partitions[rank].cells) {
                    if (cell.coord[dir] == q - 1) {
                        continue;
                    }
                    int[] next = cell.coord.clone();
                    next[dir]++;
                    assertTrue(Arrays.stream(successor.cells).anyMatch(other -> Arrays.equals(other.coord, next)),
                            "the cell after " + Arrays.toString(cell.coord) + " is not on the successor");
                }
            }
        }
    }
}
