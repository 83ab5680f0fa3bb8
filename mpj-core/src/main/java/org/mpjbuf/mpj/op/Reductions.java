package org.mpjbuf.mpj.op;

import mpi.Datatype;
import mpi.MPIException;
import mpi.Op;

/**
 * The reduction API the collectives call: combine two buffers with an {@link Op}, and ask
 * whether operands may be reordered.
 *
 * <p>Stateless and thread-safe; buffers are used only during the call.
 */
public final class Reductions {

    private Reductions() {
    }

    /**
     * Computes {@code inout[i] = in[i] op inout[i]} for {@code count} items of {@code datatype}:
     * the left operand comes from {@code in}, the right one and the result live in
     * {@code inout}. Predefined operations walk the datatype's type map; a user operation gets
     * the arguments as they are.
     *
     * @param op the operation
     * @param in the left operands (a primitive array, or {@code Object[]} for user operations
     *     over {@code MPI.OBJECT})
     * @param inOffset offset of the first item in {@code in}, in base-type elements
     * @param inout the right operands, overwritten with the results
     * @param inoutOffset offset of the first item in {@code inout}, in base-type elements
     * @param count number of items
     * @param datatype the datatype of each item
     * @throws MPIException {@code ERR_OP} if {@code op} is null or freed or does not apply to
     *     the base type; {@code ERR_TYPE}, {@code ERR_COUNT} or {@code ERR_BUFFER} for a bad
     *     datatype, count or buffer; whatever a user function throws
     */
    public static void apply(Op op, Object in, int inOffset, Object inout, int inoutOffset,
                             int count, Datatype datatype) throws MPIException {
        if (op == null) {
            throw new MPIException(MPIException.ERR_OP, "op is null; expected an MPI.* operation"
                + " or a user Op");
        }
        OpAccess.get().function(op).Call(in, inOffset, inout, inoutOffset, count, datatype);
    }

    /**
     * Combines a dense run of elements with a predefined {@code SUM}, {@code MAX} or {@code MIN}
     * when the arrays are {@code double[]}, {@code long[]} or {@code int[]}, without
     * {@link #apply}'s checks of the operands and its walk over the datatype's type map: for a
     * collective that has checked its buffers against the datatype already, and combines a few
     * elements at a time, where those checks would cost more than the arithmetic. Computes
     * {@code inout[inoutIndex + i] = in[inIndex + i] op inout[inoutIndex + i]} for
     * {@code i < length}, as {@link #apply} would for those elements.
     *
     * @param op the operation
     * @param in the left operands
     * @param inIndex index of the first left operand
     * @param inout the right operands, and the results
     * @param inoutIndex index of the first right operand
     * @param length the number of elements
     * @return {@code false}, having changed nothing, for any other operation or array type (or a
     *     null operation), which {@link #apply} then handles and checks
     * @throws MPIException {@code ERR_OP} if {@code op} has been freed
     */
    public static boolean combineRun(Op op, Object in, int inIndex, Object inout, int inoutIndex,
                                     int length) throws MPIException {
        return op != null && OpAccess.get().function(op) instanceof PredefinedFunction predefined
            && ArrayReductions.combine(predefined.kind(), in, inIndex, inout, inoutIndex, length);
    }

    /**
     * Returns whether the operation is commutative, so that operands may be combined in any
     * order; non-commutative operations must be applied in rank order.
     *
     * @param op the operation
     * @return {@code true} for every predefined operation and for user operations created as
     *     commutative
     * @throws MPIException {@code ERR_OP} if {@code op} is null or freed
     */
    public static boolean isCommutative(Op op) throws MPIException {
        check(op);
        return OpAccess.get().isCommutative(op);
    }

    /**
     * Checks that an operation can be applied, before a collective starts to exchange anything.
     *
     * @param op the operation
     * @throws MPIException {@code ERR_OP} if {@code op} is null or freed
     */
    public static void check(Op op) throws MPIException {
        if (op == null) {
            throw new MPIException(MPIException.ERR_OP, "op is null");
        }
        OpAccess.get().function(op);
    }
}
