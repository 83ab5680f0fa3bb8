package mpi;

/**
 * The result of {@link Cartcomm#Shift(int, int)}: the ranks to receive from and send
 * to, {@code MPI.PROC_NULL} beyond a non-periodic edge.
 *
 * <p>A plain record of public fields as in mpiJava 1.2; not thread-safe.
 */
public class ShiftParms {

    /** The rank {@code disp} steps behind along the dimension, the source of a shift. */
    public int rank_source;
    /** The rank {@code disp} steps ahead along the dimension, the destination of a shift. */
    public int rank_dest;

    /** Creates an empty record; {@link Cartcomm#Shift(int, int)} fills it. */
    public ShiftParms() {
    }
}
