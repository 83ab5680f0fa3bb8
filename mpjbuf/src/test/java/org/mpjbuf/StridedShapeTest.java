package org.mpjbuf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StridedShapeTest {

    @Test
    void shouldCountTheProductOfExtents() {
        assertEquals(1, StridedShape.count(0, 0, 0, new int[0]));
        assertEquals(12, StridedShape.count(2, 0, 2, new int[] {3, 4, 4, 1}));
        assertEquals(0, StridedShape.count(2, 0, 2, new int[] {3, 0, 4, 1}));
    }

    @Test
    void shouldVisitTheLastDimensionFastest() {
        int[] shape = {2, 3, 10, 2};
        List<Integer> visited = new ArrayList<>();
        StridedShape.forEach(5, 2, 0, 2, shape, visited::add);
        assertEquals(List.of(5, 7, 9, 15, 17, 19), visited);
    }

    @Test
    void shouldVisitZeroAndNegativeStrides() {
        List<Integer> visited = new ArrayList<>();
        StridedShape.forEach(4, 2, 0, 2, new int[] {2, 3, 0, -2}, visited::add);
        assertEquals(List.of(4, 2, 0, 4, 2, 0), visited);
        StridedShape.checkRegion(4, 2, 0, 2, new int[] {2, 3, 0, -2}, 5);
    }

    @Test
    void shouldVisitOneElementForRankZero() {
        List<Integer> visited = new ArrayList<>();
        StridedShape.forEach(7, 0, 0, 0, new int[0], visited::add);
        assertArrayEquals(new Object[] {7}, visited.toArray());
    }

    @Test
    void shouldRejectRegionsLeavingTheArray() {
        IndexOutOfBoundsException high = assertThrows(IndexOutOfBoundsException.class,
                () -> StridedShape.checkRegion(0, 1, 0, 1, new int[] {4, 3}, 9));
        assertTrue(high.getMessage().contains("0 to 9"), high.getMessage());
        IndexOutOfBoundsException low = assertThrows(IndexOutOfBoundsException.class,
                () -> StridedShape.checkRegion(2, 1, 0, 1, new int[] {4, -1}, 9));
        assertTrue(low.getMessage().contains("-1 to 2"), low.getMessage());
    }

    @Test
    void shouldRejectMalformedShapes() {
        assertThrows(IllegalArgumentException.class, () -> StridedShape.count(-1, 0, 0, new int[2]));
        assertThrows(IllegalArgumentException.class, () -> StridedShape.count(2, 0, 1, new int[2]));
        assertThrows(IllegalArgumentException.class, () -> StridedShape.count(1, 0, 1, new int[] {-3, 1}));
        assertThrows(IllegalArgumentException.class,
                () -> StridedShape.count(2, 0, 2, new int[] {1 << 16, 1 << 16, 1, 1}));
        assertThrows(NullPointerException.class, () -> StridedShape.count(1, 0, 1, null));
    }
}
