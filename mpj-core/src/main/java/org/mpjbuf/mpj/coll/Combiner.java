package org.mpjbuf.mpj.coll;

/**
 * A reduction operator bound to the datatype of one collective call.
 *
 * <p>{@code combine(in, inIndex, inout, inoutIndex, count)} computes
 * {@code inout[i] = in[i] op inout[i]} for {@code count} items of the datatype, the
 * operand order of an mpiJava {@code User_function}. Not thread-safe: one rank
 * thread uses it for the duration of one call.
 *
 * @param <X> the exception the operator raises
 */
public interface Combiner<X extends Exception> {
    /**
     * Combines {@code count} items: {@code inout = in op inout}.
     *
     * @param in         the left operand buffer (read only)
     * @param inIndex    index of the first item of {@code in}, in base elements
     * @param inout      the right operand buffer, overwritten with the result
     * @param inoutIndex index of the first item of {@code inout}, in base elements
     * @param count      number of items of the call's datatype
     * @throws X when the operator rejects the datatype
     */
    void combine(Object in, int inIndex, Object inout, int inoutIndex, int count) throws X;

    /**
     * Tells whether {@code a op b == b op a}; when false, algorithms combine
     * contributions in rank order.
     *
     * @return true for a commutative operator
     */
    boolean commutative();
}
