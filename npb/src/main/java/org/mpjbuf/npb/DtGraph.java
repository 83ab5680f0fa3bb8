package org.mpjbuf.npb;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The communication graphs of DT: which nodes send their features to which.
 *
 * <p>Design note (NPB 3.4 MPI {@code dt.c}). With {@code n} the class's
 * number of sources (a power of two), the three graphs are:
 * <pre>
 *   BH, black hole: n sources, then layers of comparators, each taking up to
 *       4 consecutive nodes of the layer before (ceil(m/4) comparators over m
 *       nodes) until at most 4 remain, then one sink taking those.
 *           S0 S1 S2 S3 S4 S5 S6 S7
 *            \  |  |  /  \  |  |  /
 *              C0            C1
 *                 \       /
 *                   Sink
 *   WH, white hole: BH with every arc reversed: one source feeding layers
 *       of comparators, each feeding up to 4 nodes, down to n sinks.
 *   SH, shuffle: n sources, log2(n) - 1 layers of n comparators, n sinks;
 *       node i of layer j + 1 takes nodes i &amp; ~(1 &lt;&lt; j) and
 *       (i &amp; ~(1 &lt;&lt; j)) + (1 &lt;&lt; j) of layer j (a butterfly).
 * </pre>
 * Nodes are numbered in topological order (every arc goes from a lower to a
 * higher number): the order of construction for BH and SH; for WH, whose
 * construction starts at the sinks, the reverse of it. Arcs are numbered in
 * the order of construction; an arc's number is the tag of its messages.
 * A node's in-arcs keep the order of construction, which is the order in
 * which it receives (a comparator's result depends on it). These numbers
 * enter the features and the checksum, so they are the reference's.
 *
 * <p>Immutable and thread-safe.
 */
final class DtGraph {
    /** The maximum in-degree of a BH comparator (out-degree of a WH one). */
    private static final int FAN = 4;

    /** The three graphs. */
    enum Shape {
        /** Black hole: many sources, one sink. */
        BH,
        /** White hole: one source, many sinks. */
        WH,
        /** Shuffle: a butterfly from n sources to n sinks. */
        SH
    }

    /** What a node does with the features. */
    enum Kind {
        /** Generates features and sends them on. */
        SOURCE,
        /** Filters the features it receives into one and sends that on. */
        COMPARATOR,
        /** Reduces the features it receives to a checksum. */
        SINK
    }

    /**
     * A directed arc.
     *
     * @param id the arc's number, the tag of its messages
     * @param tail the sending node's number
     * @param head the receiving node's number
     */
    record Arc(int id, int tail, int head) {
    }

    /**
     * A node.
     *
     * @param id the node's number, in topological order; the rank it runs on
     * @param kind what it does
     * @param in the arcs into it, in the order it receives from them
     * @param out the arcs out of it, in the order it sends along them
     */
    record Node(int id, Kind kind, List<Arc> in, List<Arc> out) {
    }

    private final List<Node> nodes;
    private final int arcCount;

    private DtGraph(List<Node> nodes, int arcCount) {
        this.nodes = nodes;
        this.arcCount = arcCount;
    }

    /**
     * Builds a graph.
     *
     * @param shape which graph
     * @param sources the class's number of sources {@code n}, a power of two
     *        from 4 on
     * @return the graph
     */
    static DtGraph build(Shape shape, int sources) {
        Builder builder = new Builder();
        switch (shape) {
            case BH -> {
                List<Integer> layer = builder.addNodes(Kind.SOURCE, sources);
                while (layer.size() > FAN) {
                    layer = builder.addFunnelLayer(layer, false);
                }
                builder.addFunnel(Kind.SINK, layer, false);
            }
            case WH -> {
                List<Integer> layer = builder.addNodes(Kind.SINK, sources);
                while (layer.size() > FAN) {
                    layer = builder.addFunnelLayer(layer, true);
                }
                builder.addFunnel(Kind.SOURCE, layer, true);
            }
            case SH -> {
                List<Integer> layer = builder.addNodes(Kind.SOURCE, sources);
                int layers = Integer.numberOfTrailingZeros(sources) - 1;
                for (int j = 0; j < layers; j++) {
                    layer = builder.addButterflyLayer(layer, Kind.COMPARATOR, 1 << j);
                }
                builder.addButterflyLayer(layer, Kind.SINK, 1 << layers);
            }
        }
        return builder.finish(shape == Shape.WH);
    }

    /** {@return the number of nodes, one per process} */
    int nodeCount() {
        return nodes.size();
    }

    /** {@return the number of arcs} */
    int arcCount() {
        return arcCount;
    }

    /**
     * {@return a node}
     *
     * @param id the node's number
     */
    Node node(int id) {
        return nodes.get(id);
    }

    /** {@return the nodes, in topological order} */
    List<Node> nodes() {
        return nodes;
    }

    /** Collects nodes and arcs in the order of construction. */
    private static final class Builder {
        private final List<Kind> kinds = new ArrayList<>();
        private final List<int[]> arcs = new ArrayList<>();

        /** Adds {@code count} nodes of a kind; returns their numbers. */
        List<Integer> addNodes(Kind kind, int count) {
            List<Integer> added = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                added.add(kinds.size());
                kinds.add(kind);
            }
            return added;
        }

        /**
         * Adds a layer of ceil(m/4) comparators over the m nodes of
         * {@code layer}, comparator i joined to nodes 4i to 4i + 3: from them
         * ({@code reversed} false, BH) or to them (WH).
         */
        List<Integer> addFunnelLayer(List<Integer> layer, boolean reversed) {
            int count = (layer.size() + FAN - 1) / FAN;
            List<Integer> comparators = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                List<Integer> group = layer.subList(FAN * i, Math.min(FAN * (i + 1), layer.size()));
                comparators.add(addFunnel(Kind.COMPARATOR, group, reversed));
            }
            return comparators;
        }

        /**
         * Adds one node of a kind joined to every node of {@code group}:
         * receiving from them ({@code reversed} false: a BH comparator or
         * sink) or sending to them (a WH comparator or source).
         */
        int addFunnel(Kind kind, List<Integer> group, boolean reversed) {
            int node = kinds.size();
            kinds.add(kind);
            for (int member : group) {
                arcs.add(reversed ? new int[] {node, member} : new int[] {member, node});
            }
            return node;
        }

        /** Adds a butterfly layer of {@code layer.size()} nodes of a kind, mixing nodes {@code mask} apart. */
        List<Integer> addButterflyLayer(List<Integer> layer, Kind kind, int mask) {
            List<Integer> added = addNodes(kind, layer.size());
            for (int i = 0; i < layer.size(); i++) {
                int low = i & ~mask;
                arcs.add(new int[] {layer.get(low), added.get(i)});
                arcs.add(new int[] {layer.get(low + mask), added.get(i)});
            }
            return added;
        }

        /** Numbers the nodes (in reverse order of construction when {@code reversed}) and links the arcs. */
        DtGraph finish(boolean reversed) {
            int count = kinds.size();
            List<List<Arc>> in = new ArrayList<>(count);
            List<List<Arc>> out = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                in.add(new ArrayList<>());
                out.add(new ArrayList<>());
            }
            for (int id = 0; id < arcs.size(); id++) {
                int tail = reversed ? count - 1 - arcs.get(id)[0] : arcs.get(id)[0];
                int head = reversed ? count - 1 - arcs.get(id)[1] : arcs.get(id)[1];
                Arc arc = new Arc(id, tail, head);
                out.get(tail).add(arc);
                in.get(head).add(arc);
            }
            List<Node> nodes = new ArrayList<>(count);
            for (int id = 0; id < count; id++) {
                int built = reversed ? count - 1 - id : id;
                nodes.add(new Node(id, kinds.get(built), List.copyOf(in.get(id)), List.copyOf(out.get(id))));
            }
            return new DtGraph(Collections.unmodifiableList(nodes), arcs.size());
        }
    }
}
