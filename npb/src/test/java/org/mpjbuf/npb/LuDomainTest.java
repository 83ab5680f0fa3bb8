package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * LU's process grid covers the x-y plane once, with neighbours that name
 * each other, and the process counts stop where a block would have fewer
 * than three points along x or y.
 */
class LuDomainTest {

    @ParameterizedTest(name = "{0} ranks, {1} points: {2} x {3}")
    @CsvSource({"1, 12, 1, 1", "2, 12, 2, 1", "4, 12, 2, 2", "8, 12, 4, 2", "16, 12, 4, 4", "32, 33, 8, 4",
        "64, 33, 8, 8", "8, 102, 4, 2"})
    void shouldCoverThePlaneOnceWithNeighboursThatNameEachOther(int processes, int n, int rows, int columns) {
        int[] points = {n, n, n};
        LuDomain[] domains = new LuDomain[processes];
        int[] owner = new int[n * n];
        Arrays.fill(owner, -1);
        for (int rank = 0; rank < processes; rank++) {
            LuDomain d = new LuDomain(rank, processes, points);
            domains[rank] = d;
            assertEquals(rows, d.rows);
            assertEquals(columns, d.columns);
            assertEquals(n, d.nz);
            assertTrue(d.nx >= LuDomain.MINIMUM_POINTS && d.ny >= LuDomain.MINIMUM_POINTS,
                    "rank " + rank + " has a block of " + d.nx + " x " + d.ny);
            for (int j = 0; j < d.ny; j++) {
                for (int i = 0; i < d.nx; i++) {
                    int point = (d.jpt + j) * n + d.ipt + i;
                    assertEquals(-1, owner[point], "point " + point + " is in two blocks");
                    owner[point] = rank;
                }
            }
        }
        assertTrue(Arrays.stream(owner).allMatch(rank -> rank >= 0), "a point is in no block");
        for (int rank = 0; rank < processes; rank++) {
            for (int dir = 0; dir < 2; dir++) {
                int[] mine = along(domains[rank], dir);
                assertEquals(mine[PREVIOUS] == LuDomain.NONE, mine[START] == 0);
                assertEquals(mine[NEXT] == LuDomain.NONE, mine[START] + mine[LENGTH] == n);
                if (mine[NEXT] != LuDomain.NONE) {
                    int[] next = along(domains[mine[NEXT]], dir);
                    assertEquals(rank, next[PREVIOUS], "the neighbour's link back");
                    assertEquals(mine[START] + mine[LENGTH], next[START], "the neighbour's first point");
                    assertEquals(mine[ACROSS_START], next[ACROSS_START], "the neighbour's first point across");
                    assertEquals(mine[ACROSS_LENGTH], next[ACROSS_LENGTH], "the neighbour's points across");
                }
            }
        }
    }

    private static final int START = 0;
    private static final int LENGTH = 1;
    private static final int ACROSS_START = 2;
    private static final int ACROSS_LENGTH = 3;
    private static final int PREVIOUS = 4;
    private static final int NEXT = 5;

    /** {@return a block's first point and length along x (dir 0) or y, the same across, and its neighbours there} */
    private static int[] along(LuDomain d, int dir) {
        return dir == 0 ? new int[] {d.ipt, d.nx, d.jpt, d.ny, d.north, d.south}
                : new int[] {d.jpt, d.ny, d.ipt, d.nx, d.west, d.east};
    }

    @ParameterizedTest(name = "{0} points: up to {1} ranks")
    @CsvSource({"12, 16", "33, 64", "64, 256", "102, 1024", "162, 1024"})
    void shouldAllowThePowersOfTwoWhoseBlocksHaveThreePointsPerSide(int n, int largest) {
        ProcessCounts counts = LuDomain.processCounts(n);
        assertEquals(largest, counts.max());
        assertTrue(counts.allows(largest));
        assertFalse(counts.allows(2 * largest));
        assertFalse(counts.allows(3));
    }
}
