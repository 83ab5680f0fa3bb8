package mpi;

/**
 * The structure of a graph communicator, as returned by {@link Graphcomm#Get()}:
 * node {@code i} has the neighbours {@code edges[index[i-1] .. index[i])}.
 *
 * <p>A plain record of public fields as in mpiJava 1.2; not thread-safe, each call
 * returns fresh arrays the caller owns.
 */
public class GraphParms {

    /** Cumulative degrees, one entry per node. */
    public int[] index;
    /** The neighbour lists, concatenated. */
    public int[] edges;

    /** Creates an empty record; {@link Graphcomm#Get()} fills it. */
    public GraphParms() {
    }
}
