package mpi;

/**
 * The shape of a Cartesian communicator and the caller's place in it, as returned by
 * {@link Cartcomm#Get()}.
 *
 * <p>A plain record of public fields as in mpiJava 1.2; not thread-safe, each call
 * returns fresh arrays the caller owns.
 */
public class CartParms {

    /** Number of processes along each dimension. */
    public int[] dims;
    /** Whether each dimension wraps around. */
    public boolean[] periods;
    /** The calling process's coordinates. */
    public int[] coords;

    /** Creates an empty record; {@link Cartcomm#Get()} fills it. */
    public CartParms() {
    }
}
