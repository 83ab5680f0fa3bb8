package mpi;

/**
 * A user-defined reduction function, wrapped by {@link Op#Op(User_function, boolean)}.
 *
 * <p>Implementations should be stateless: collectives may call {@link #Call} from any rank's
 * thread, concurrently when ranks share a JVM.
 */
public abstract class User_function {

    /** Creates a user function. */
    public User_function() {
    }

    /**
     * Combines {@code count} items: {@code inoutvec[i] = invec[i] op inoutvec[i]}, item by item,
     * where an item is one element of {@code datatype}.
     *
     * <p>The buffers are the Java arrays of the collective (a primitive array, or
     * {@code Object[]} for {@code MPI.OBJECT}); offsets are in elements of the datatype's base
     * type. The function may read {@code invec} and must write its results into
     * {@code inoutvec}; it must not keep references to either after returning.
     *
     * @param invec the left operands
     * @param inoffset index of the first left operand in {@code invec}
     * @param inoutvec the right operands, overwritten with the results
     * @param inoutoffset index of the first right operand in {@code inoutvec}
     * @param count number of items of {@code datatype}
     * @param datatype the datatype of each item
     * @throws MPIException to fail the collective with the given error class
     */
    public abstract void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset,
                              int count, Datatype datatype) throws MPIException;
}
