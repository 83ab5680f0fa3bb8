package org.mpjbuf.mpj.datatype;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import mpi.Datatype;
import mpi.MPIException;

/**
 * The derived-datatype constructors behind {@link Datatype}: argument checks, then one builder
 * that replicates each component type over its index space and combines base types, programs
 * and bounds.
 *
 * <h2>Bounds</h2>
 * A component is a type {@code t} placed at the shifts {@code offset + sum(i_k * strides[k])}.
 * Its {@code MPI.LB} markers end up at {@code t.lb + shift}, so the least one is
 * {@code t.lb + minShift}; its {@code MPI.UB} markers likewise give {@code t.ub + maxShift}. The
 * new type has an LB marker if any component has one, and its lower bound is then the least of
 * them; otherwise it is the least element displacement (and symmetrically for UB). A component
 * replicated zero times contributes nothing, markers included.
 *
 * <p>Stateless and thread-safe.
 */
public final class DerivedTypes {

    private DerivedTypes() {
    }

    /**
     * Builds {@code Contiguous(count, oldtype)}.
     *
     * @param count number of copies
     * @param oldtype the replicated type
     * @return the new type
     * @throws MPIException as documented on {@link Datatype#Contiguous}
     */
    public static Datatype contiguous(int count, Datatype oldtype) throws MPIException {
        if (count < 0) {
            throw Errors.negative(MPIException.ERR_COUNT, "count", count);
        }
        MappedDatatype old = argument(oldtype, "oldtype");
        Builder builder = new Builder();
        builder.add(0, new int[] {count}, new long[] {old.extent()}, old, 0);
        return builder.build("Contiguous(" + count + ", " + old + ")");
    }

    /**
     * Builds {@code Vector} or {@code Hvector}.
     *
     * @param count number of blocks
     * @param blocklength copies per block
     * @param stride block stride, in extents of {@code oldtype} or (if {@code elementStride})
     *     in base-type elements
     * @param oldtype the replicated type
     * @param elementStride {@code true} for Hvector
     * @return the new type
     * @throws MPIException as documented on {@link Datatype#Vector}
     */
    public static Datatype vector(int count, int blocklength, int stride, Datatype oldtype,
                                  boolean elementStride) throws MPIException {
        if (count < 0) {
            throw Errors.negative(MPIException.ERR_COUNT, "count", count);
        }
        if (blocklength < 0) {
            throw Errors.negative(MPIException.ERR_ARG, "blocklength", blocklength);
        }
        MappedDatatype old = argument(oldtype, "oldtype");
        long extent = old.extent();
        long blockStride = elementStride ? stride : stride * extent;
        Builder builder = new Builder();
        builder.add(0, new int[] {count, blocklength}, new long[] {blockStride, extent}, old, 0);
        return builder.build((elementStride ? "Hvector(" : "Vector(") + count + ", "
            + blocklength + ", " + stride + ", " + old + ")");
    }

    /**
     * Builds {@code Indexed} or {@code Hindexed}.
     *
     * @param blocklengths copies per block
     * @param displacements block displacements, in extents of {@code oldtype} or (if
     *     {@code elementDisplacements}) in base-type elements
     * @param oldtype the replicated type
     * @param elementDisplacements {@code true} for Hindexed
     * @return the new type
     * @throws MPIException as documented on {@link Datatype#Indexed}
     */
    public static Datatype indexed(int[] blocklengths, int[] displacements, Datatype oldtype,
                                   boolean elementDisplacements) throws MPIException {
        checkArrays(blocklengths, displacements, 0, null);
        MappedDatatype old = argument(oldtype, "oldtype");
        long extent = old.extent();
        Builder builder = new Builder();
        for (int i = 0; i < blocklengths.length; i++) {
            long displacement = elementDisplacements ? displacements[i]
                : displacements[i] * extent;
            builder.add(displacement, new int[] {blocklengths[i]}, new long[] {extent}, old, i);
        }
        return builder.build((elementDisplacements ? "Hindexed(" : "Indexed(")
            + describe(blocklengths) + ", " + describe(displacements) + ", " + old + ")");
    }

    /**
     * Builds {@code Struct}.
     *
     * @param blocklengths copies per block
     * @param displacements block displacements in base-type elements
     * @param types the type of each block
     * @return the new type
     * @throws MPIException as documented on {@link Datatype#Struct}
     */
    public static Datatype struct(int[] blocklengths, int[] displacements, Datatype[] types)
        throws MPIException {
        if (types == null) {
            throw Errors.nullArgument(MPIException.ERR_ARG, "types");
        }
        checkArrays(blocklengths, displacements, types.length, "types");
        Builder builder = new Builder();
        StringBuilder names = new StringBuilder();
        for (int i = 0; i < blocklengths.length; i++) {
            MappedDatatype type = argument(types[i], "types[" + i + "]");
            builder.add(displacements[i], new int[] {blocklengths[i]}, new long[] {type.extent()},
                type, i);
            names.append(i == 0 ? "" : ", ").append(type);
        }
        return builder.build("Struct(" + describe(blocklengths) + ", " + describe(displacements)
            + ", [" + names + "])");
    }

    private static void checkArrays(int[] blocklengths, int[] displacements, int thirdLength,
                                    String third) throws MPIException {
        if (blocklengths == null) {
            throw Errors.nullArgument(MPIException.ERR_ARG, "blocklengths");
        }
        if (displacements == null) {
            throw Errors.nullArgument(MPIException.ERR_ARG, "displacements");
        }
        if (displacements.length != blocklengths.length) {
            throw Errors.lengthMismatch("blocklengths", blocklengths.length, "displacements",
                displacements.length);
        }
        if (third != null && thirdLength != blocklengths.length) {
            throw Errors.lengthMismatch("blocklengths", blocklengths.length, third, thirdLength);
        }
        for (int i = 0; i < blocklengths.length; i++) {
            if (blocklengths[i] < 0) {
                throw Errors.negative(MPIException.ERR_ARG, "blocklengths[" + i + "]",
                    blocklengths[i]);
            }
        }
    }

    private static MappedDatatype argument(Datatype datatype, String argument)
        throws MPIException {
        if (datatype == null) {
            throw Errors.nullArgument(MPIException.ERR_TYPE, argument);
        }
        return MappedDatatype.of(datatype);
    }

    private static String describe(int[] values) {
        return values.length <= 8 ? Arrays.toString(values) : "[" + values.length + " entries]";
    }

    /** Accumulates replicated components, then computes the new type. */
    private static final class Builder {
        private final List<Segment> parts = new ArrayList<>();
        private BaseType baseType;
        private BaseType dataBaseType;
        private boolean lbMarked;
        private boolean ubMarked;
        private long markerLb = Long.MAX_VALUE;
        private long markerUb = Long.MIN_VALUE;
        private boolean allPairs = true;

        void add(long offset, int[] counts, long[] strides, MappedDatatype type, int index)
            throws MPIException {
            if (baseType == null) {
                baseType = type.baseType();
            }
            long minShift = offset;
            long maxShift = offset;
            for (int k = 0; k < counts.length; k++) {
                if (counts[k] == 0) {
                    return;
                }
                long span = (counts[k] - 1L) * strides[k];
                minShift += Math.min(0, span);
                maxShift += Math.max(0, span);
            }
            if (type.size() > 0) {
                if (dataBaseType == null) {
                    dataBaseType = type.baseType();
                    baseType = dataBaseType;
                } else if (dataBaseType != type.baseType()) {
                    throw Errors.mixedBaseTypes(index, dataBaseType, type.baseType());
                }
                allPairs &= type.isPairs();
            }
            if (type.lbMarked()) {
                lbMarked = true;
                markerLb = Math.min(markerLb, type.lb() + minShift);
            }
            if (type.ubMarked()) {
                ubMarked = true;
                markerUb = Math.max(markerUb, type.ub() + maxShift);
            }
            parts.addAll(Arrays.asList(SegmentAlgebra.replicate(offset, counts, strides,
                type.program())));
        }

        MappedDatatype build(String name) throws MPIException {
            return new MappedDatatype(name, baseType, SegmentAlgebra.concat(parts), lbMarked,
                markerLb, ubMarked, markerUb, dataBaseType != null && allPairs, false);
        }
    }
}
