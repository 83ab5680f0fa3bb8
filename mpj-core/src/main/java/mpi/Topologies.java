package mpi;

import org.mpjbuf.mpj.topology.CartesianGrid;
import org.mpjbuf.mpj.topology.GraphTopology;

/** Builds topology descriptions from user arguments, turning bad arguments into {@link MPIException}s. */
final class Topologies {

    private Topologies() {
    }

    static CartesianGrid grid(int[] dims, boolean[] periods) throws MPIException {
        try {
            return new CartesianGrid(dims, periods);
        } catch (IllegalArgumentException e) {
            throw Checks.error(MPIException.ERR_DIMS, e.getMessage());
        }
    }

    static GraphTopology graph(int[] index, int[] edges) throws MPIException {
        try {
            return new GraphTopology(index, edges);
        } catch (IllegalArgumentException e) {
            throw Checks.error(MPIException.ERR_TOPOLOGY, e.getMessage());
        }
    }
}
