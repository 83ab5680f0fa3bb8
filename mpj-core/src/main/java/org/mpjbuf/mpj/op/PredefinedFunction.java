package org.mpjbuf.mpj.op;

import mpi.Datatype;
import mpi.MPIException;
import mpi.User_function;
import org.mpjbuf.mpj.datatype.DatatypeEngine;
import org.mpjbuf.mpj.datatype.MappedDatatype;
import org.mpjbuf.mpj.datatype.RunVisitor;
import org.mpjbuf.mpj.datatype.TypeWalker;

/**
 * The function behind a predefined operation: checks the operands, then runs one kernel per
 * element run of the datatype's type map.
 *
 * <p>In and inout use the same datatype, so their runs sit at the same indices relative to each
 * buffer's offset; each run is combined element by element through the base type's
 * {@link ElementLane}. Runs of a pair type always hold whole pairs. Immutable and thread-safe.
 */
public final class PredefinedFunction extends User_function {

    private final OpKind kind;

    PredefinedFunction(OpKind kind) {
        this.kind = kind;
    }

    /** Returns the operation this function computes. */
    OpKind kind() {
        return kind;
    }

    @Override
    public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count,
                     Datatype datatype) throws MPIException {
        MappedDatatype type = DatatypeEngine.checkAccess(invec, inoffset, count, datatype,
            "invec");
        DatatypeEngine.checkAccess(inoutvec, inoutoffset, count, datatype, "inoutvec");
        if (type.baseType() != null && (!kind.appliesTo(type.baseType())
            || kind.isLocation() && type.size() > 0 && !type.isPairs())) {
            throw new MPIException(MPIException.ERR_OP, "MPI." + kind + " does not apply to "
                + type + " (base type " + type.baseType().javaName() + ")"
                + (kind.isLocation() ? "; use a pair type such as MPI.INT2" : ""));
        }
        if (count == 0 || type.size() == 0) {
            return;
        }
        ElementLane lane = ElementLane.of(type.baseType());
        TypeWalker.walk(type, count, 0, Long.MAX_VALUE, (index, length) ->
            combine(lane, invec, inoffset + index, inoutvec, inoutoffset + index, length));
    }

    private void combine(ElementLane lane, Object in, int inIndex, Object inout, int inoutIndex,
                         int length) {
        if (kind.isLocation()) {
            combinePairs(lane, in, inIndex, inout, inoutIndex, length);
        } else if (ArrayReductions.combine(kind, in, inIndex, inout, inoutIndex, length)) {
            return;
        } else if (lane.isFloating()) {
            for (int i = 0; i < length; i++) {
                lane.setDouble(inout, inoutIndex + i, kind.combine(lane.getDouble(in, inIndex + i),
                    lane.getDouble(inout, inoutIndex + i)));
            }
        } else {
            for (int i = 0; i < length; i++) {
                lane.setLong(inout, inoutIndex + i, kind.combine(lane.getLong(in, inIndex + i),
                    lane.getLong(inout, inoutIndex + i)));
            }
        }
    }

    private void combinePairs(ElementLane lane, Object in, int inIndex, Object inout,
                              int inoutIndex, int length) {
        for (int i = 0; i < length; i += 2) {
            int value = inIndex + i;
            int result = inoutIndex + i;
            double order = lane.isFloating()
                ? kind.combine(lane.getDouble(in, value), lane.getDouble(inout, result))
                : kind.combine(lane.getLong(in, value), lane.getLong(inout, result));
            if (order > 0 || order == 0 && lowerIndex(lane, in, value + 1, inout, result + 1)) {
                if (lane.isFloating()) {
                    lane.setDouble(inout, result, lane.getDouble(in, value));
                    lane.setDouble(inout, result + 1, lane.getDouble(in, value + 1));
                } else {
                    lane.setLong(inout, result, lane.getLong(in, value));
                    lane.setLong(inout, result + 1, lane.getLong(in, value + 1));
                }
            }
        }
    }

    private static boolean lowerIndex(ElementLane lane, Object in, int inIndex, Object inout,
                                      int inoutIndex) {
        return lane.isFloating()
            ? lane.getDouble(in, inIndex) < lane.getDouble(inout, inoutIndex)
            : lane.getLong(in, inIndex) < lane.getLong(inout, inoutIndex);
    }

    @Override
    public String toString() {
        return "MPI." + kind;
    }
}
