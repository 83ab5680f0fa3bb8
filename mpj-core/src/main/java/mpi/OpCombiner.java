package mpi;

import org.mpjbuf.mpj.coll.Combiner;
import org.mpjbuf.mpj.op.Reductions;

/**
 * An {@link Op} bound to the datatype of one reduction call, as the collective algorithms
 * use it. Not thread-safe: it serves one call on one rank thread.
 */
final class OpCombiner implements Combiner<MPIException> {

    private final Op op;
    private final Datatype datatype;
    private final boolean commutative;

    OpCombiner(Op op, Datatype datatype) throws MPIException {
        this.op = op;
        this.datatype = datatype;
        this.commutative = Reductions.isCommutative(op);
    }

    @Override
    public void combine(Object in, int inIndex, Object inout, int inoutIndex, int count)
        throws MPIException {
        Reductions.apply(op, in, inIndex, inout, inoutIndex, count, datatype);
    }

    @Override
    public boolean commutative() {
        return commutative;
    }
}
