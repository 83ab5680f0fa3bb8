package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** DT's graphs have the reference's nodes (its README's table) and arcs, numbered in topological order. */
class DtGraphTest {

    @ParameterizedTest(name = "{0} sources: BH and WH {1} nodes, SH {2}")
    @CsvSource({"4, 5, 12", "8, 11, 32", "16, 21, 80", "32, 43, 192", "64, 85, 448"})
    void shouldHaveTheReferencesNodeCounts(int sources, int holeNodes, int shuffleNodes) {
        assertEquals(holeNodes, DtGraph.build(DtGraph.Shape.BH, sources).nodeCount());
        assertEquals(holeNodes, DtGraph.build(DtGraph.Shape.WH, sources).nodeCount());
        assertEquals(shuffleNodes, DtGraph.build(DtGraph.Shape.SH, sources).nodeCount());
    }

    @ParameterizedTest
    @EnumSource(DtGraph.Shape.class)
    void shouldNumberNodesInTopologicalOrderAndArcsOnce(DtGraph.Shape shape) {
        DtGraph graph = DtGraph.build(shape, 32);
        boolean[] seen = new boolean[graph.arcCount()];
        for (DtGraph.Node node : graph.nodes()) {
            for (DtGraph.Arc arc : node.out()) {
                assertEquals(node.id(), arc.tail());
                assertTrue(arc.head() > arc.tail(), () -> shape + ": arc " + arc + " goes backwards");
                assertTrue(graph.node(arc.head()).in().contains(arc));
                seen[arc.id()] = true;
            }
            boolean source = node.kind() == DtGraph.Kind.SOURCE;
            boolean sink = node.kind() == DtGraph.Kind.SINK;
            assertEquals(source, node.in().isEmpty(), () -> shape + ": node " + node.id());
            assertEquals(sink, node.out().isEmpty(), () -> shape + ": node " + node.id());
        }
        for (int arc = 0; arc < seen.length; arc++) {
            assertTrue(seen[arc], shape + ": arc " + arc + " belongs to no node");
        }
    }

    @Test
    void shouldReverseTheBlackHoleIntoTheWhiteHole() {
        DtGraph black = DtGraph.build(DtGraph.Shape.BH, 8);
        DtGraph white = DtGraph.build(DtGraph.Shape.WH, 8);

        assertEquals(black.arcCount(), white.arcCount());
        assertEquals(DtGraph.Kind.SOURCE, white.node(0).kind());
        assertEquals(2, white.node(0).out().size(), "the source feeds the two comparators over eight sinks");
        assertEquals(DtGraph.Kind.SINK, black.node(10).kind());
        assertEquals(2, black.node(10).in().size());
    }

    @Test
    void shouldShuffleTheSourcesThroughAButterfly() {
        DtGraph graph = DtGraph.build(DtGraph.Shape.SH, 4);

        // layer 1 mixes sources one apart, the sinks comparators two apart
        assertEquals(0, graph.node(5).in().get(0).tail());
        assertEquals(1, graph.node(5).in().get(1).tail());
        assertEquals(5, graph.node(9).in().get(0).tail());
        assertEquals(7, graph.node(9).in().get(1).tail());
        assertEquals(16, graph.arcCount());
    }
}
