package mpi;

import org.mpjbuf.mpj.topology.CartesianGrid;

/**
 * An intracommunicator with a Cartesian process grid: ranks are numbered in row-major
 * order over the grid's coordinates, and neighbours are found by {@link #Shift}.
 *
 * <p>Created by {@link Intracomm#Create_cart} or {@link #Sub}. Thread safety as
 * {@link Intracomm}: the topology queries are read-only and may be called from any thread of
 * the rank; creating communicators is collective.
 */
public class Cartcomm extends Intracomm {

    private final CartesianGrid grid;

    Cartcomm(Intracomm members, CartesianGrid grid) {
        super(members.state, members.group, members.pair);
        this.grid = grid;
    }

    /**
     * Builds a Cartesian communicator over the first ranks of {@code comm} (collective over
     * {@code comm}); ranks keep their order ({@code reorder} is allowed to be ignored).
     *
     * @return the new communicator, or {@code null} on ranks outside the grid
     */
    static Cartcomm create(Intracomm comm, int[] dims, boolean[] periods) throws MPIException {
        CartesianGrid grid = Topologies.grid(dims, periods);
        int size = comm.Size();
        if (grid.size() > size) {
            throw Checks.error(MPIException.ERR_DIMS, "the grid " + java.util.Arrays.toString(dims) + " needs "
                + grid.size() + " processes but the communicator has " + size);
        }
        int rank = comm.Rank();
        Intracomm members = comm.Split(rank < grid.size() ? 0 : MPI.UNDEFINED, rank);
        return members == null ? null : new Cartcomm(members, grid);
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
     * Duplicates the communicator with its topology (collective): same grid, new context.
     *
     * @return the duplicate
     * @throws MPIException (MPI_ERR_COMM) on a freed communicator or when no context is free
     */
    @Override
    public Cartcomm Dup() throws MPIException {
        return new Cartcomm(super.Dup(), grid);
    }

    /**
     * Returns the rank at some coordinates; out-of-range coordinates wrap in periodic
     * dimensions.
     *
     * @param coords one coordinate per dimension
     * @return the rank
     * @throws MPIException (MPI_ERR_ARG) when the array has the wrong length or a coordinate is
     *                      out of range in a non-periodic dimension
     */
    public int Rank(int[] coords) throws MPIException {
        checkOpen();
        try {
            return grid.rank(coords);
        } catch (IllegalArgumentException e) {
            throw Checks.error(MPIException.ERR_ARG, e.getMessage());
        }
    }

    /**
     * Returns the coordinates of a rank.
     *
     * @param rank a rank of this communicator
     * @return its coordinates, a fresh array
     * @throws MPIException (MPI_ERR_RANK) when the rank is out of range
     */
    public int[] Coords(int rank) throws MPIException {
        checkOpen();
        try {
            return grid.coords(rank);
        } catch (IllegalArgumentException e) {
            throw Checks.error(MPIException.ERR_RANK, e.getMessage());
        }
    }

    /**
     * Returns the neighbours of the calling process {@code disp} steps along a dimension:
     * the source to receive from and the destination to send to, {@code MPI.PROC_NULL}
     * beyond a non-periodic edge.
     *
     * @param direction the dimension, {@code 0 <= direction < ndims}
     * @param disp      the displacement, negative to shift down
     * @return the two ranks
     * @throws MPIException (MPI_ERR_ARG) when the direction is not a dimension
     */
    public ShiftParms Shift(int direction, int disp) throws MPIException {
        checkOpen();
        int[] ranks;
        try {
            ranks = grid.shift(Rank(), direction, disp);
        } catch (IllegalArgumentException e) {
            throw Checks.error(MPIException.ERR_ARG, e.getMessage());
        }
        ShiftParms parms = new ShiftParms();
        parms.rank_source = ranks[0] == CartesianGrid.NO_NEIGHBOUR ? MPI.PROC_NULL : ranks[0];
        parms.rank_dest = ranks[1] == CartesianGrid.NO_NEIGHBOUR ? MPI.PROC_NULL : ranks[1];
        return parms;
    }

    /**
     * Partitions the grid into sub-grids keeping the marked dimensions (collective): the
     * processes that agree on every dropped coordinate form one new Cartesian communicator.
     *
     * @param remain_dims whether each dimension is kept
     * @return the sub-grid communicator holding the calling process
     * @throws MPIException (MPI_ERR_ARG) when the array does not have one entry per dimension
     */
    public Cartcomm Sub(boolean[] remain_dims) throws MPIException {
        checkOpen();
        CartesianGrid sub;
        int colour;
        int key;
        try {
            sub = grid.sub(remain_dims);
            colour = grid.subColour(Rank(), remain_dims);
            key = grid.subRank(Rank(), remain_dims);
        } catch (IllegalArgumentException e) {
            throw Checks.error(MPIException.ERR_ARG, e.getMessage());
        }
        return new Cartcomm(Split(colour, key), sub);
    }

    /**
     * Returns the rank the calling process would have in a grid of the given shape built
     * from this communicator: its rank here if the grid holds it, else {@code MPI.UNDEFINED}.
     *
     * @param dims    number of processes along each dimension
     * @param periods whether each dimension wraps around
     * @return the rank, or {@code MPI.UNDEFINED}
     * @throws MPIException (MPI_ERR_DIMS) for a malformed grid or one larger than this communicator
     */
    public int Map(int[] dims, boolean[] periods) throws MPIException {
        checkOpen();
        CartesianGrid shape = Topologies.grid(dims, periods);
        if (shape.size() > Size()) {
            throw Checks.error(MPIException.ERR_DIMS, "the grid needs " + shape.size()
                + " processes but the communicator has " + Size());
        }
        return Rank() < shape.size() ? Rank() : MPI.UNDEFINED;
    }

    /**
     * Returns the grid and the calling process's coordinates.
     *
     * @return dims, periods and coords, in fresh arrays
     * @throws MPIException (MPI_ERR_COMM) on a freed communicator
     */
    public CartParms Get() throws MPIException {
        checkOpen();
        CartParms parms = new CartParms();
        parms.dims = grid.dims();
        parms.periods = grid.periods();
        parms.coords = grid.coords(Rank());
        return parms;
    }

    /**
     * Returns the topology type.
     *
     * @return {@code MPI.CART}
     * @throws MPIException (MPI_ERR_COMM) on a freed communicator
     */
    @Override
    public int Topo_test() throws MPIException {
        checkOpen();
        return MPI.CART;
    }

    /**
     * Fills the zero entries of {@code dims} with a balanced factorisation of {@code nnodes},
     * in non-increasing order; entries the caller set (positive) are kept.
     *
     * @param nnodes number of processes the grid must hold
     * @param dims   the dimensions, zero where free; updated in place
     * @throws MPIException (MPI_ERR_DIMS) when {@code nnodes} is not positive, an entry is negative or
     *                      the preset entries do not divide {@code nnodes}
     */
    public static void Dims_create(int nnodes, int[] dims) throws MPIException {
        try {
            CartesianGrid.dimsCreate(nnodes, dims);
        } catch (IllegalArgumentException e) {
            throw Checks.error(MPIException.ERR_DIMS, e.getMessage());
        }
    }
}
