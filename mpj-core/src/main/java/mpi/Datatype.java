package mpi;

import org.mpjbuf.mpj.datatype.DerivedTypes;
import org.mpjbuf.mpj.datatype.MappedDatatype;

/**
 * An MPI datatype: a type map, i.e. a sequence of (base type, displacement) pairs, plus lower and
 * upper bounds.
 *
 * <p>The basic types are the constants of {@code MPI} ({@code MPI.INT}, {@code MPI.DOUBLE},
 * {@code MPI.OBJECT}, the pair types {@code MPI.INT2} ... for MAXLOC/MINLOC, and the bound markers
 * {@code MPI.LB}/{@code MPI.UB}); derived types come from the static constructors of this class
 * and must be {@link #Commit() committed} before they are used in communication. Java has no byte
 * addresses, so every displacement, stride, bound and size is counted in elements of the base
 * type, and all components of a derived type share one base type (the Java array type of the
 * buffer), except the {@code MPI.LB}/{@code MPI.UB} markers, which have none:
 * <ul>
 *   <li>{@link #Vector Vector} strides and {@link #Indexed Indexed} displacements are in units of
 *       the old type's extent;</li>
 *   <li>{@link #Hvector Hvector} strides and {@link #Hindexed Hindexed}/{@link #Struct Struct}
 *       displacements are in base-type elements;</li>
 *   <li>bounds follow MPI-1.1: the lower bound is the least {@code MPI.LB} marker if the type map
 *       has one, else the least displacement; the upper bound is the greatest {@code MPI.UB}
 *       marker if there is one, else the greatest displacement plus one; markers of old types
 *       are inherited, replicated with them.</li>
 * </ul>
 *
 * <p>A datatype is not thread-safe while it is built, committed or freed; once committed it is
 * immutable and may be used by any number of threads. Datatypes are created only by this
 * library: an instance of an application subclass is rejected with {@code MPI_ERR_TYPE}.
 */
public abstract class Datatype implements Freeable {

    /** Constructor for the library's datatype implementations. */
    public Datatype() {
    }

    /**
     * Returns the extent, {@code Ub() - Lb()}: the distance between consecutive items when the
     * type is replicated.
     *
     * @return the extent in base-type elements
     * @throws MPIException {@code ERR_TYPE} if this type has been freed
     */
    public final int Extent() throws MPIException {
        return MappedDatatype.of(this).extent();
    }

    /**
     * Returns the number of base-type elements in the type map (markers excluded).
     *
     * @return the size in base-type elements
     * @throws MPIException {@code ERR_TYPE} if this type has been freed
     */
    public final int Size() throws MPIException {
        return MappedDatatype.of(this).size();
    }

    /**
     * Returns the lower bound.
     *
     * @return the lower bound in base-type elements
     * @throws MPIException {@code ERR_TYPE} if this type has been freed
     */
    public final int Lb() throws MPIException {
        return MappedDatatype.of(this).lb();
    }

    /**
     * Returns the upper bound.
     *
     * @return the upper bound in base-type elements
     * @throws MPIException {@code ERR_TYPE} if this type has been freed
     */
    public final int Ub() throws MPIException {
        return MappedDatatype.of(this).ub();
    }

    /**
     * Commits this type for use in communication. Committing a committed or predefined type does
     * nothing.
     *
     * @throws MPIException {@code ERR_TYPE} if this type has been freed
     */
    public final void Commit() throws MPIException {
        MappedDatatype.of(this).commit();
    }

    /**
     * Frees this type. Types derived from it earlier stay valid; this type may not be used again.
     *
     * @throws MPIException {@code ERR_TYPE} if this type is predefined or already freed
     */
    @Override
    public final void free() throws MPIException {
        MappedDatatype.of(this).markFreed();
    }

    /**
     * Builds {@code count} copies of {@code oldtype}, each placed one extent of
     * {@code oldtype} after the previous one.
     *
     * @param count number of copies
     * @param oldtype the replicated type
     * @return a new, uncommitted type
     * @throws MPIException {@code ERR_COUNT} if {@code count < 0}; {@code ERR_TYPE} if
     *     {@code oldtype} is null or freed; {@code ERR_ARG} if an index overflows {@code int}
     */
    public static Datatype Contiguous(int count, Datatype oldtype) throws MPIException {
        return DerivedTypes.contiguous(count, oldtype);
    }

    /**
     * Builds {@code count} blocks of {@code blocklength} copies of {@code oldtype}; block starts
     * are {@code stride} extents of {@code oldtype} apart.
     *
     * @param count number of blocks
     * @param blocklength copies of {@code oldtype} per block
     * @param stride distance between block starts, in extents of {@code oldtype} (may be
     *     negative)
     * @param oldtype the replicated type
     * @return a new, uncommitted type
     * @throws MPIException {@code ERR_COUNT} if {@code count < 0}; {@code ERR_ARG} if
     *     {@code blocklength < 0} or an index overflows {@code int}; {@code ERR_TYPE} if
     *     {@code oldtype} is null or freed
     */
    public static Datatype Vector(int count, int blocklength, int stride, Datatype oldtype)
        throws MPIException {
        return DerivedTypes.vector(count, blocklength, stride, oldtype, false);
    }

    /**
     * Like {@link #Vector Vector}, but {@code stride} is in base-type elements.
     *
     * @param count number of blocks
     * @param blocklength copies of {@code oldtype} per block
     * @param stride distance between block starts, in base-type elements (may be negative)
     * @param oldtype the replicated type
     * @return a new, uncommitted type
     * @throws MPIException {@code ERR_COUNT} if {@code count < 0}; {@code ERR_ARG} if
     *     {@code blocklength < 0} or an index overflows {@code int}; {@code ERR_TYPE} if
     *     {@code oldtype} is null or freed
     */
    public static Datatype Hvector(int count, int blocklength, int stride, Datatype oldtype)
        throws MPIException {
        return DerivedTypes.vector(count, blocklength, stride, oldtype, true);
    }

    /**
     * Builds blocks of {@code blocklengths[i]} copies of {@code oldtype} at displacements
     * {@code displacements[i]}, counted in extents of {@code oldtype}.
     *
     * @param blocklengths copies per block, each {@code >= 0}
     * @param displacements block displacements in extents of {@code oldtype}
     * @param oldtype the replicated type
     * @return a new, uncommitted type
     * @throws MPIException {@code ERR_ARG} if an array is null, the arrays differ in length, a
     *     block length is negative or an index overflows {@code int}; {@code ERR_TYPE} if
     *     {@code oldtype} is null or freed
     */
    public static Datatype Indexed(int[] blocklengths, int[] displacements, Datatype oldtype)
        throws MPIException {
        return DerivedTypes.indexed(blocklengths, displacements, oldtype, false);
    }

    /**
     * Like {@link #Indexed Indexed}, but displacements are in base-type elements.
     *
     * @param blocklengths copies per block, each {@code >= 0}
     * @param displacements block displacements in base-type elements
     * @param oldtype the replicated type
     * @return a new, uncommitted type
     * @throws MPIException {@code ERR_ARG} if an array is null, the arrays differ in length, a
     *     block length is negative or an index overflows {@code int}; {@code ERR_TYPE} if
     *     {@code oldtype} is null or freed
     */
    public static Datatype Hindexed(int[] blocklengths, int[] displacements, Datatype oldtype)
        throws MPIException {
        return DerivedTypes.indexed(blocklengths, displacements, oldtype, true);
    }

    /**
     * Builds blocks of {@code blocklengths[i]} copies of {@code types[i]} at displacements
     * {@code displacements[i]} in base-type elements. All types must share one base type, except
     * {@code MPI.LB} and {@code MPI.UB}, which set the bounds.
     *
     * @param blocklengths copies per block, each {@code >= 0}
     * @param displacements block displacements in base-type elements
     * @param types the type of each block
     * @return a new, uncommitted type
     * @throws MPIException {@code ERR_ARG} if an array is null, the arrays differ in length, a
     *     block length is negative or an index overflows {@code int}; {@code ERR_TYPE} if a type
     *     is null or freed, or two types have different base types
     */
    public static Datatype Struct(int[] blocklengths, int[] displacements, Datatype[] types)
        throws MPIException {
        return DerivedTypes.struct(blocklengths, displacements, types);
    }
}
