package mpi;

import org.mpjbuf.mpj.coll.Combiner;
import org.mpjbuf.mpj.datatype.MappedDatatype;
import org.mpjbuf.mpj.op.Reductions;

/**
 * An {@link Op} bound to the datatype of one reduction call, as the collective algorithms
 * use it. The call's buffers were checked against the datatype on entry, and the algorithms'
 * own buffers are made for it, so items that form one dense run of {@code double}, {@code long}
 * or {@code int} under {@code SUM}, {@code MAX} or {@code MIN} are combined by a plain loop
 * ({@link Reductions#combineRun}), without {@link Reductions#apply}'s checks and type-map walk,
 * which cost more than the arithmetic for a few elements; anything else goes through
 * {@code apply}. Not thread-safe: it serves one call on one rank thread.
 */
final class OpCombiner implements Combiner<MPIException> {

    private final Op op;
    private final Datatype datatype;
    private final MappedDatatype mapped;
    private final boolean commutative;

    OpCombiner(Op op, Datatype datatype) throws MPIException {
        this.op = op;
        this.datatype = datatype;
        this.mapped = MappedDatatype.committed(datatype);
        this.commutative = Reductions.isCommutative(op);
    }

    @Override
    public void combine(Object in, int inIndex, Object inout, int inoutIndex, int count)
        throws MPIException {
        if (count > 0 && mapped.isDense(count)) {
            int first = mapped.dataMin();
            if (Reductions.combineRun(op, in, inIndex + first, inout, inoutIndex + first, count * mapped.size())) {
                return;
            }
        }
        Reductions.apply(op, in, inIndex, inout, inoutIndex, count, datatype);
    }

    @Override
    public boolean commutative() {
        return commutative;
    }
}
