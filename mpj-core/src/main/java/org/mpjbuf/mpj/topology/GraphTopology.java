package org.mpjbuf.mpj.topology;

import java.util.Arrays;

/**
 * A graph topology in MPI's compressed form: node {@code i} has the neighbours
 * {@code edges[index[i-1] .. index[i])} (with {@code index[-1] = 0}).
 *
 * <p>Immutable and thread-safe; the arrays passed in are copied and the arrays
 * returned are fresh.
 */
public final class GraphTopology {
    private final int[] index;
    private final int[] edges;

    /**
     * Creates a graph.
     *
     * @param index cumulative degrees, one entry per node
     * @param edges the neighbour lists, concatenated
     * @throws IllegalArgumentException when an array is null, {@code index} decreases or starts negative,
     *                                  {@code edges} is shorter than {@code index} requires, or an edge names
     *                                  no node
     */
    public GraphTopology(final int[] index, final int[] edges) {
        if (index == null || edges == null) {
            throw new IllegalArgumentException("index and edges must not be null");
        }
        int previous = 0;
        for (int i = 0; i < index.length; i++) {
            if (index[i] < previous) {
                throw new IllegalArgumentException("index[" + i + "] is " + index[i]
                    + ": expected cumulative degrees, at least " + previous);
            }
            previous = index[i];
        }
        final int edgeCount = index.length == 0 ? 0 : index[index.length - 1];
        if (edges.length < edgeCount) {
            throw new IllegalArgumentException("edges has " + edges.length + " entries: index needs " + edgeCount);
        }
        for (int e = 0; e < edgeCount; e++) {
            if (edges[e] < 0 || edges[e] >= index.length) {
                throw new IllegalArgumentException("edges[" + e + "] is " + edges[e]
                    + ": expected a node 0 <= node < " + index.length);
            }
        }
        this.index = index.clone();
        this.edges = Arrays.copyOf(edges, edgeCount);
    }

    /**
     * Returns the number of nodes.
     *
     * @return the node count
     */
    public int nodeCount() {
        return index.length;
    }

    /**
     * Returns the cumulative degrees.
     *
     * @return a copy of {@code index}
     */
    public int[] index() {
        return index.clone();
    }

    /**
     * Returns the concatenated neighbour lists.
     *
     * @return a copy of {@code edges}
     */
    public int[] edges() {
        return edges.clone();
    }

    /**
     * Returns the neighbours of a node in the order given at creation.
     *
     * @param node a node
     * @return its neighbours
     * @throws IllegalArgumentException when the node is out of range
     */
    public int[] neighbours(final int node) {
        if (node < 0 || node >= index.length) {
            throw new IllegalArgumentException("rank " + node + " is not a node: expected 0 <= rank < " + index.length);
        }
        final int from = node == 0 ? 0 : index[node - 1];
        return Arrays.copyOfRange(edges, from, index[node]);
    }
}
