package mpi;

import org.mpjbuf.mpj.topology.GraphTopology;

/**
 * An intracommunicator with a graph topology: node {@code i} is rank {@code i}, and its
 * neighbours are listed in MPI's compressed form.
 *
 * <p>Created by {@link Intracomm#Create_graph}. Thread safety as {@link Intracomm}: the
 * topology queries are read-only; creating communicators is collective.
 */
public class Graphcomm extends Intracomm {

    private final GraphTopology graph;

    Graphcomm(Intracomm members, GraphTopology graph) {
        super(members.state, members.group, members.pair);
        this.graph = graph;
    }

    /**
     * Builds a graph communicator over the first ranks of {@code comm} (collective over
     * {@code comm}); ranks keep their order.
     *
     * @return the new communicator, or {@code null} on ranks beyond the graph's nodes
     */
    static Graphcomm create(Intracomm comm, int[] index, int[] edges) throws MPIException {
        GraphTopology graph = Topologies.graph(index, edges);
        int size = comm.Size();
        if (graph.nodeCount() > size) {
            throw Checks.error(MPIException.ERR_TOPOLOGY, "the graph has " + graph.nodeCount()
                + " nodes but the communicator has " + size + " processes");
        }
        int rank = comm.Rank();
        Intracomm members = comm.Split(rank < graph.nodeCount() ? 0 : MPI.UNDEFINED, rank);
        return members == null ? null : new Graphcomm(members, graph);
    }

    /**
     * Duplicates the communicator with its topology (collective).
     *
     * @return the duplicate
     * @throws IllegalStateException wrapping the {@link MPIException} if the duplication failed
     */
    @Override
    public Object clone() {
        return super.clone();
    }

    /**
     * Duplicates the communicator with its topology (collective): same graph, new context.
     *
     * @return the duplicate
     * @throws MPIException (MPI_ERR_COMM) on a freed communicator or when no context is free
     */
    @Override
    public Graphcomm Dup() throws MPIException {
        return new Graphcomm(super.Dup(), graph);
    }

    /**
     * Returns the graph.
     *
     * @return index and edges, in fresh arrays
     * @throws MPIException (MPI_ERR_COMM) on a freed communicator
     */
    public GraphParms Get() throws MPIException {
        checkOpen();
        GraphParms parms = new GraphParms();
        parms.index = graph.index();
        parms.edges = graph.edges();
        return parms;
    }

    /**
     * Returns the neighbours of a rank in the order given at creation.
     *
     * @param rank a rank of this communicator
     * @return its neighbours, a fresh array
     * @throws MPIException (MPI_ERR_RANK) when the rank is out of range
     */
    public int[] Neighbours(int rank) throws MPIException {
        checkOpen();
        try {
            return graph.neighbours(rank);
        } catch (IllegalArgumentException e) {
            throw Checks.error(MPIException.ERR_RANK, e.getMessage());
        }
    }

    /**
     * Returns the rank the calling process would have in a graph built from this
     * communicator: its rank here if the graph has that node, else {@code MPI.UNDEFINED}.
     *
     * @param index cumulative degrees, one entry per node
     * @param edges the neighbour lists, concatenated
     * @return the rank, or {@code MPI.UNDEFINED}
     * @throws MPIException (MPI_ERR_TOPOLOGY) for a malformed graph or one larger than this communicator
     */
    public int Map(int[] index, int[] edges) throws MPIException {
        checkOpen();
        GraphTopology shape = Topologies.graph(index, edges);
        if (shape.nodeCount() > Size()) {
            throw Checks.error(MPIException.ERR_TOPOLOGY, "the graph has " + shape.nodeCount()
                + " nodes but the communicator has " + Size() + " processes");
        }
        return Rank() < shape.nodeCount() ? Rank() : MPI.UNDEFINED;
    }

    /**
     * Returns the topology type.
     *
     * @return {@code MPI.GRAPH}
     * @throws MPIException (MPI_ERR_COMM) on a freed communicator
     */
    @Override
    public int Topo_test() throws MPIException {
        checkOpen();
        return MPI.GRAPH;
    }
}
