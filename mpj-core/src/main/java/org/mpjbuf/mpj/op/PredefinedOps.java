package org.mpjbuf.mpj.op;

import mpi.Op;

/**
 * The predefined operations that {@code mpi.MPI} publishes: {@code MPI.SUM = PredefinedOps.SUM}
 * and so on for every constant here. All are commutative; see {@link Op} for the types each one
 * applies to.
 *
 * <p>Created once per class loader; thread-safe.
 */
public final class PredefinedOps {

    /** {@code MPI.MAX}. */
    public static final Op MAX = create(OpKind.MAX);
    /** {@code MPI.MIN}. */
    public static final Op MIN = create(OpKind.MIN);
    /** {@code MPI.SUM}. */
    public static final Op SUM = create(OpKind.SUM);
    /** {@code MPI.PROD}. */
    public static final Op PROD = create(OpKind.PROD);
    /** {@code MPI.LAND}. */
    public static final Op LAND = create(OpKind.LAND);
    /** {@code MPI.BAND}. */
    public static final Op BAND = create(OpKind.BAND);
    /** {@code MPI.LOR}. */
    public static final Op LOR = create(OpKind.LOR);
    /** {@code MPI.BOR}. */
    public static final Op BOR = create(OpKind.BOR);
    /** {@code MPI.LXOR}. */
    public static final Op LXOR = create(OpKind.LXOR);
    /** {@code MPI.BXOR}. */
    public static final Op BXOR = create(OpKind.BXOR);
    /** {@code MPI.MAXLOC}. */
    public static final Op MAXLOC = create(OpKind.MAXLOC);
    /** {@code MPI.MINLOC}. */
    public static final Op MINLOC = create(OpKind.MINLOC);

    private PredefinedOps() {
    }

    private static Op create(OpKind kind) {
        return new Op(new PredefinedFunction(kind), true);
    }
}
