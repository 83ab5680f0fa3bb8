package org.mpjbuf.mpj.datatype;

import mpi.Datatype;
import mpi.MPIException;

/**
 * The predefined datatypes that {@code mpi.MPI} publishes: {@code MPI.INT = BasicTypes.INT} and
 * so on for every constant here.
 *
 * <p>Each basic type is one element of its base type (lower bound 0, upper bound 1, extent 1,
 * size 1); {@link #PACKED} is a byte, as {@code Pack} produces bytes. The pair types
 * {@link #SHORT2} ... {@link #DOUBLE2} are two elements of their base type, a value and an index,
 * for MAXLOC and MINLOC (extent 2). {@link #LB} and {@link #UB} are the bound markers for
 * {@code Struct}: no elements, extent 0, no base type. There is no object for
 * {@code MPI.NULL}: publish {@code null}, which every datatype argument rejects with
 * {@code MPI_ERR_TYPE}.
 *
 * <p>The constants are created once per class loader (once per rank under smdev), committed,
 * and cannot be freed. Thread-safe.
 */
public final class BasicTypes {

    /** {@code MPI.BYTE}: a {@code byte}. */
    public static final Datatype BYTE = basic("MPI.BYTE", BaseType.BYTE, 1, false);
    /** {@code MPI.CHAR}: a {@code char}. */
    public static final Datatype CHAR = basic("MPI.CHAR", BaseType.CHAR, 1, false);
    /** {@code MPI.SHORT}: a {@code short}. */
    public static final Datatype SHORT = basic("MPI.SHORT", BaseType.SHORT, 1, false);
    /** {@code MPI.BOOLEAN}: a {@code boolean}. */
    public static final Datatype BOOLEAN = basic("MPI.BOOLEAN", BaseType.BOOLEAN, 1, false);
    /** {@code MPI.INT}: an {@code int}. */
    public static final Datatype INT = basic("MPI.INT", BaseType.INT, 1, false);
    /** {@code MPI.LONG}: a {@code long}. */
    public static final Datatype LONG = basic("MPI.LONG", BaseType.LONG, 1, false);
    /** {@code MPI.FLOAT}: a {@code float}. */
    public static final Datatype FLOAT = basic("MPI.FLOAT", BaseType.FLOAT, 1, false);
    /** {@code MPI.DOUBLE}: a {@code double}. */
    public static final Datatype DOUBLE = basic("MPI.DOUBLE", BaseType.DOUBLE, 1, false);
    /** {@code MPI.OBJECT}: a serializable object in an {@code Object[]}. */
    public static final Datatype OBJECT = basic("MPI.OBJECT", BaseType.OBJECT, 1, false);
    /** {@code MPI.PACKED}: a byte of data produced by {@code Comm.Pack}. */
    public static final Datatype PACKED = basic("MPI.PACKED", BaseType.BYTE, 1, false);
    /** {@code MPI.SHORT2}: a (value, index) pair of {@code short}s. */
    public static final Datatype SHORT2 = basic("MPI.SHORT2", BaseType.SHORT, 2, true);
    /** {@code MPI.INT2}: a (value, index) pair of {@code int}s. */
    public static final Datatype INT2 = basic("MPI.INT2", BaseType.INT, 2, true);
    /** {@code MPI.LONG2}: a (value, index) pair of {@code long}s. */
    public static final Datatype LONG2 = basic("MPI.LONG2", BaseType.LONG, 2, true);
    /** {@code MPI.FLOAT2}: a (value, index) pair of {@code float}s. */
    public static final Datatype FLOAT2 = basic("MPI.FLOAT2", BaseType.FLOAT, 2, true);
    /** {@code MPI.DOUBLE2}: a (value, index) pair of {@code double}s. */
    public static final Datatype DOUBLE2 = basic("MPI.DOUBLE2", BaseType.DOUBLE, 2, true);
    /** {@code MPI.LB}: the lower-bound marker. */
    public static final Datatype LB = marker("MPI.LB", true);
    /** {@code MPI.UB}: the upper-bound marker. */
    public static final Datatype UB = marker("MPI.UB", false);

    private BasicTypes() {
    }

    private static Datatype basic(String name, BaseType baseType, int length, boolean pairs) {
        return create(name, baseType, SegmentAlgebra.run(length), false, false, pairs);
    }

    private static Datatype marker(String name, boolean lower) {
        return create(name, null, Segment.NONE, lower, !lower, false);
    }

    private static Datatype create(String name, BaseType baseType, Segment[] program,
                                   boolean lbMarked, boolean ubMarked, boolean pairs) {
        try {
            return new MappedDatatype(name, baseType, program, lbMarked, 0, ubMarked, 0, pairs,
                true);
        } catch (MPIException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
