package org.mpjbuf.mpj.datatype;

import mpi.Datatype;
import mpi.MPIException;

/**
 * The one implementation of {@link Datatype}: a base type, the type map in compact form (a
 * {@link Segment} program), the size, and the bounds with their {@code MPI.LB}/{@code MPI.UB}
 * markers.
 *
 * <p>Everything but the committed and freed flags is fixed at construction. Not thread-safe
 * while {@link #commit()} or {@link #markFreed()} may run; a committed type is read-only.
 */
public final class MappedDatatype extends Datatype {

    /** Average run length below which a committed type packs element by element. */
    static final int TABLE_RUN_LENGTH = 8;
    /** Largest irregular type, in elements, that gets an element table. */
    static final int TABLE_MAX_SIZE = 1 << 16;

    private final String name;
    private final BaseType baseType;
    private final Segment[] program;
    private final int size;
    private final boolean lbMarked;
    private final boolean ubMarked;
    private final int lb;
    private final int ub;
    private final int dataMin;
    private final int dataMax;
    private final boolean pairs;
    private final boolean predefined;
    private boolean committed;
    private boolean freed;
    private ElementPattern pattern;

    /**
     * Creates a type.
     *
     * @param name how the type is shown in messages
     * @param baseType the base type, {@code null} for a type of bound markers only
     * @param program the normalised type map
     * @param lbMarked whether the type map holds an {@code MPI.LB} marker
     * @param markerLb the least {@code MPI.LB} marker, if {@code lbMarked}
     * @param ubMarked whether the type map holds an {@code MPI.UB} marker
     * @param markerUb the greatest {@code MPI.UB} marker, if {@code ubMarked}
     * @param pairs whether the type map is a sequence of (value, index) pairs for MAXLOC/MINLOC
     * @param predefined whether this is a basic type of {@code MPI}
     */
    MappedDatatype(String name, BaseType baseType, Segment[] program, boolean lbMarked,
                   long markerLb, boolean ubMarked, long markerUb, boolean pairs,
                   boolean predefined) throws MPIException {
        this.name = name;
        this.baseType = baseType;
        this.program = program;
        long elements = 0;
        long low = Long.MAX_VALUE;
        long high = Long.MIN_VALUE;
        for (Segment segment : program) {
            elements += segment.size;
            low = Math.min(low, segment.minIndex);
            high = Math.max(high, segment.maxIndex);
        }
        if (elements > Integer.MAX_VALUE) {
            throw Errors.sizeRange(elements);
        }
        this.size = (int) elements;
        this.dataMin = elements == 0 ? 0 : (int) low;
        this.dataMax = elements == 0 ? -1 : (int) high;
        this.lbMarked = lbMarked;
        this.ubMarked = ubMarked;
        long lower = lbMarked ? markerLb : elements > 0 ? low : ubMarked ? markerUb : 0;
        long upper = ubMarked ? markerUb : elements > 0 ? high + 1 : lower;
        if (lower < Integer.MIN_VALUE || upper > Integer.MAX_VALUE
            || upper - lower > Integer.MAX_VALUE || upper - lower < Integer.MIN_VALUE) {
            throw Errors.indexRange(lower, upper);
        }
        this.lb = (int) lower;
        this.ub = (int) upper;
        this.pairs = pairs;
        this.predefined = predefined;
        this.committed = predefined;
    }

    /**
     * Returns the implementation of a datatype that is not freed.
     *
     * @param datatype a datatype
     * @return the datatype as this class
     * @throws MPIException {@code ERR_TYPE} if it is null, foreign or freed
     */
    public static MappedDatatype of(Datatype datatype) throws MPIException {
        if (datatype instanceof MappedDatatype mapped) {
            if (mapped.freed) {
                throw Errors.freed(mapped);
            }
            return mapped;
        }
        throw datatype == null ? Errors.nullArgument(MPIException.ERR_TYPE, "datatype")
            : Errors.notOurs(datatype);
    }

    /**
     * Returns the implementation of a datatype that may be used in communication.
     *
     * @param datatype a datatype
     * @return the datatype as this class
     * @throws MPIException {@code ERR_TYPE} if it is null, foreign, freed or not committed
     */
    public static MappedDatatype committed(Datatype datatype) throws MPIException {
        MappedDatatype mapped = of(datatype);
        if (!mapped.committed) {
            throw Errors.uncommitted(mapped);
        }
        return mapped;
    }

    /**
     * Returns the base type.
     *
     * @return the Java element type, {@code null} for a type made of bound markers only
     */
    public BaseType baseType() {
        return baseType;
    }

    /**
     * Returns the number of base-type elements in the type map.
     *
     * @return the size
     */
    public int size() {
        return size;
    }

    /**
     * Returns the extent.
     *
     * @return {@code ub() - lb()}
     */
    public int extent() {
        return ub - lb;
    }

    /**
     * Returns the lower bound.
     *
     * @return the lower bound in elements
     */
    public int lb() {
        return lb;
    }

    /**
     * Returns the upper bound.
     *
     * @return the upper bound in elements
     */
    public int ub() {
        return ub;
    }

    /**
     * Returns the least displacement of an element (the MPI "true lower bound").
     *
     * @return the least element index relative to the type's origin, 0 if the type is empty
     */
    public int dataMin() {
        return dataMin;
    }

    /**
     * Returns the greatest displacement of an element (the MPI "true upper bound" minus one).
     *
     * @return the greatest element index relative to the type's origin, -1 if the type is empty
     */
    public int dataMax() {
        return dataMax;
    }

    /**
     * Returns whether the type map is a sequence of (value, index) pairs, as built from
     * {@code MPI.INT2} and the other pair types.
     *
     * @return {@code true} if MAXLOC and MINLOC apply
     */
    public boolean isPairs() {
        return pairs;
    }

    /**
     * Returns whether this is a predefined type of {@code MPI}.
     *
     * @return {@code true} for the basic types
     */
    public boolean isPredefined() {
        return predefined;
    }

    /**
     * Returns whether the type has been committed.
     *
     * @return {@code true} after {@link #commit()}, and always for predefined types
     */
    public boolean isCommitted() {
        return committed;
    }

    boolean lbMarked() {
        return lbMarked;
    }

    boolean ubMarked() {
        return ubMarked;
    }

    Segment[] program() {
        return program;
    }

    /**
     * Returns whether one item is a single contiguous run starting at {@link #dataMin()}.
     *
     * @return {@code true} if the type map is {@code size()} consecutive elements
     */
    public boolean isContiguous() {
        return program.length == 0 || program.length == 1 && program[0].isLeaf()
            && program[0].rank() == 0;
    }

    /**
     * Returns whether {@code count} items of this type form a single run: the type is contiguous
     * and its extent equals its size (no gaps, no overlap), or {@code count <= 1}.
     *
     * @param count number of items
     * @return whether the items cover consecutive elements in type-map order
     */
    public boolean isDense(int count) {
        return isContiguous() && (count <= 1 || extent() == size);
    }

    /**
     * Commits the type: from now on it may be used in communication. A type whose runs are short
     * on average (fewer than {@link #TABLE_RUN_LENGTH} elements) also gets its
     * {@link ElementPattern}, so packing copies element by element in one tight loop instead of
     * one bulk copy per tiny run.
     */
    public void commit() {
        if (committed) {
            return;
        }
        long runs = 0;
        for (Segment segment : program) {
            runs += segment.runs;
        }
        if (size > 1 && size < runs * TABLE_RUN_LENGTH) {
            pattern = ElementPattern.compile(this);
        }
        committed = true;
    }

    /**
     * Returns the compiled element pattern, if the type was committed with short runs.
     *
     * @return the pattern, or {@code null} to pack run by run
     */
    ElementPattern pattern() {
        return pattern;
    }

    /**
     * Frees the type: from now on every use of it fails.
     *
     * @throws MPIException {@code ERR_TYPE} if the type is predefined
     */
    public void markFreed() throws MPIException {
        if (predefined) {
            throw new MPIException(MPIException.ERR_TYPE, "predefined datatype " + name
                + " cannot be freed");
        }
        freed = true;
    }

    @Override
    public String toString() {
        return name;
    }
}
