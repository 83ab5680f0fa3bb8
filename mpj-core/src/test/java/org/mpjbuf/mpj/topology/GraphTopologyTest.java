package org.mpjbuf.mpj.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Graph topology arithmetic against MPI's definition of index and edges. */
final class GraphTopologyTest {

    @Test
    void shouldListNeighboursFromTheCumulativeIndex() {
        final GraphTopology graph = new GraphTopology(new int[] {2, 3, 4, 6}, new int[] {1, 3, 0, 3, 0, 2});
        assertEquals(4, graph.nodeCount());
        assertArrayEquals(new int[] {1, 3}, graph.neighbours(0));
        assertArrayEquals(new int[] {0}, graph.neighbours(1));
        assertArrayEquals(new int[] {3}, graph.neighbours(2));
        assertArrayEquals(new int[] {0, 2}, graph.neighbours(3));
        assertArrayEquals(new int[] {2, 3, 4, 6}, graph.index());
        assertArrayEquals(new int[] {1, 3, 0, 3, 0, 2}, graph.edges());
    }

    @Test
    void shouldAllowNodesWithoutNeighbours() {
        final GraphTopology graph = new GraphTopology(new int[] {0, 1, 1}, new int[] {0});
        assertArrayEquals(new int[0], graph.neighbours(0));
        assertArrayEquals(new int[] {0}, graph.neighbours(1));
        assertArrayEquals(new int[0], graph.neighbours(2));
    }

    @Test
    void shouldRejectMalformedGraphs() {
        final IllegalArgumentException decreasing = assertThrows(IllegalArgumentException.class,
            () -> new GraphTopology(new int[] {2, 1}, new int[] {1, 0}));
        assertTrue(decreasing.getMessage().contains("index[1] is 1"), decreasing.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new GraphTopology(new int[] {1, 3}, new int[] {1, 0}));
        final IllegalArgumentException badEdge = assertThrows(IllegalArgumentException.class,
            () -> new GraphTopology(new int[] {1, 2}, new int[] {1, 5}));
        assertTrue(badEdge.getMessage().contains("edges[1] is 5"), badEdge.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new GraphTopology(new int[] {1}, new int[] {0}).neighbours(1));
    }
}
