package mpi;

import org.mpjbuf.mpj.op.OpAccess;
import org.mpjbuf.mpj.op.PredefinedFunction;

/**
 * A reduction operation for {@code Reduce}, {@code Allreduce}, {@code Reduce_scatter} and
 * {@code Scan}: one of the predefined operations of {@code MPI} ({@code MPI.SUM}, {@code MPI.MAX},
 * {@code MPI.MAXLOC} ...) or a {@link User_function} supplied by the application.
 *
 * <p>The predefined operations apply to these base types (an {@code MPI_ERR_OP} otherwise):
 * MAX, MIN, SUM, PROD to {@code byte, char, short, int, long, float, double}; LAND, LOR, LXOR,
 * BAND, BOR, BXOR to {@code boolean, byte, char, short, int, long} (the logical ones give 1 or 0
 * on integers, as in C); MAXLOC and MINLOC to the pair types {@code MPI.SHORT2}, {@code INT2},
 * {@code LONG2}, {@code FLOAT2}, {@code DOUBLE2} and types built from them, keeping the lower
 * index on ties. Integer arithmetic wraps as Java's does. Derived datatypes are reduced element
 * by element along their type map.
 *
 * <p>An operation is immutable apart from {@link #free()}; it may be used by many threads at
 * once if its user function may.
 */
public class Op implements Freeable {

    static {
        OpAccess.install(new OpAccess.Accessor() {
            @Override
            public User_function function(Op op) throws MPIException {
                if (op.freed) {
                    throw new MPIException(MPIException.ERR_OP, "operation " + op
                        + " has been freed and cannot be used any more");
                }
                return op.function;
            }

            @Override
            public boolean isCommutative(Op op) {
                return op.commute;
            }
        });
    }

    private final User_function function;
    private final boolean commute;
    private volatile boolean freed;

    /**
     * Creates an operation from a user function.
     *
     * @param function computes {@code inoutvec = invec op inoutvec}; must be associative
     * @param commute whether the operation is also commutative, which lets collectives combine
     *     operands in any order; if {@code false}, operands are combined in rank order
     * @throws NullPointerException if {@code function} is null
     */
    public Op(User_function function, boolean commute) {
        if (function == null) {
            throw new NullPointerException("function is null; expected a User_function");
        }
        this.function = function;
        this.commute = commute;
    }

    /**
     * Creates an operation from a user function; the form MPJ Express programs use.
     *
     * @param function computes {@code inoutvec = invec op inoutvec}; must be associative
     * @param commute whether the operation is also commutative
     * @param code an operation code, accepted for source compatibility with MPJ Express; it has
     *     no effect here, since the function alone defines the operation
     * @throws NullPointerException if {@code function} is null
     */
    public Op(User_function function, boolean commute, int code) {
        this(function, commute);
    }

    /**
     * Frees the operation; using it afterwards fails with {@code MPI_ERR_OP}.
     *
     * @throws MPIException {@code ERR_OP} if the operation is predefined
     */
    @Override
    public void free() throws MPIException {
        if (function instanceof PredefinedFunction) {
            throw new MPIException(MPIException.ERR_OP, "predefined operation " + this
                + " cannot be freed");
        }
        freed = true;
    }

    @Override
    public String toString() {
        return function instanceof PredefinedFunction ? function.toString()
            : (commute ? "commutative" : "non-commutative") + " user operation " + function;
    }
}
