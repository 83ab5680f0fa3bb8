package mpi;

import org.mpjbuf.Buffer;
import org.mpjbuf.mpj.datatype.BaseType;
import org.mpjbuf.mpj.datatype.MappedDatatype;
import org.mpjbuf.mpj.datatype.RunVisitor;
import org.mpjbuf.mpj.datatype.TypeWalker;

/**
 * Moves the runs of a datatype's type map between the user's array and the current section of an
 * mpjbuf {@link Buffer}, as the datatype engine's walk hands them over: a run is one
 * {@code write} or {@code read}, a multi-strided block one {@code strGather} or
 * {@code strScatter}, so the elements are copied once, straight between the array and the
 * buffer. This is the one switch over base types between arrays and buffers.
 *
 * <p>Not thread-safe: a visitor serves one walk, on one thread. Errors are the buffer's
 * ({@link IllegalStateException} for a section that does not fit or holds too few elements, and
 * what reading an {@code OBJECT} section raises).
 */
final class SectionRuns implements RunVisitor {

    private final Buffer buffer;
    private final Object array;
    private final BaseType base;
    private final boolean toBuffer;
    /** The region of the last strided block, reused while the walk repeats the same leaf. */
    private int[] shape;
    private int[] shapeCounts;
    private int[] shapeStrides;
    private int shapeLength;

    /**
     * @param buffer   the buffer, positioned in the section to write or read
     * @param array    the user's array, of the base type
     * @param base     the base type of the datatype walked
     * @param toBuffer true to write the runs into the buffer, false to read them out of it
     */
    SectionRuns(Buffer buffer, Object array, BaseType base, boolean toBuffer) {
        this.buffer = buffer;
        this.array = array;
        this.base = base;
        this.toBuffer = toBuffer;
    }

    /**
     * Moves the first {@code limit} base elements of {@code count} items of {@code type} at
     * {@code offset} of {@code array} into the buffer or out of it: a dense type's one run
     * directly, any other type through a walk with a visitor.
     *
     * @param type     the datatype
     * @param count    the items
     * @param offset   the offset argument, in base elements
     * @param limit    the most base elements to move
     * @param buffer   the buffer, positioned in the section to write or read
     * @param array    the user's array, of the base type
     * @param base     the base type of {@code type}
     * @param toBuffer true to write into the buffer, false to read out of it
     * @throws MPIException if the walk fails
     */
    static void copy(MappedDatatype type, int count, int offset, int limit, Buffer buffer, Object array,
                     BaseType base, boolean toBuffer) throws MPIException {
        if (limit > 0 && type.isDense(count)) {
            int length = (int) Math.min(limit, (long) count * type.size());
            move(buffer, array, base, toBuffer, offset + type.dataMin(), length);
        } else {
            TypeWalker.walk(type, count, offset, limit, new SectionRuns(buffer, array, base, toBuffer));
        }
    }

    @Override
    public void run(int index, int length) {
        move(buffer, array, base, toBuffer, index, length);
    }

    /**
     * Moves one run of {@code length} elements at {@code index} of {@code array} into the buffer
     * or out of it: what a walk does for each run, and all that a dense datatype needs, without
     * a visitor.
     *
     * @param buffer   the buffer, positioned in the section to write or read
     * @param array    the user's array, of the base type
     * @param base     the base type
     * @param toBuffer true to write the run into the buffer, false to read it out of it
     * @param index    the run's first element in {@code array}
     * @param length   the run's elements
     */
    static void move(Buffer buffer, Object array, BaseType base, boolean toBuffer, int index, int length) {
        if (toBuffer) {
            switch (base) {
                case BYTE -> buffer.write((byte[]) array, index, length);
                case CHAR -> buffer.write((char[]) array, index, length);
                case SHORT -> buffer.write((short[]) array, index, length);
                case BOOLEAN -> buffer.write((boolean[]) array, index, length);
                case INT -> buffer.write((int[]) array, index, length);
                case LONG -> buffer.write((long[]) array, index, length);
                case FLOAT -> buffer.write((float[]) array, index, length);
                case DOUBLE -> buffer.write((double[]) array, index, length);
                case OBJECT -> buffer.write((Object[]) array, index, length);
            }
        } else {
            switch (base) {
                case BYTE -> buffer.read((byte[]) array, index, length);
                case CHAR -> buffer.read((char[]) array, index, length);
                case SHORT -> buffer.read((short[]) array, index, length);
                case BOOLEAN -> buffer.read((boolean[]) array, index, length);
                case INT -> buffer.read((int[]) array, index, length);
                case LONG -> buffer.read((long[]) array, index, length);
                case FLOAT -> buffer.read((float[]) array, index, length);
                case DOUBLE -> buffer.read((double[]) array, index, length);
                case OBJECT -> buffer.read((Object[]) array, index, length);
            }
        }
    }

    /**
     * Moves the block as one region of rank {@code counts.length + 1}: the walk's dimensions,
     * then the run itself with stride 1.
     */
    @Override
    public void strided(int index, int length, int[] counts, int[] strides) {
        int rank = counts.length + 1;
        int[] region = shapeOf(length, counts, strides);
        if (toBuffer) {
            switch (base) {
                case BYTE -> buffer.strGather((byte[]) array, index, rank, 0, rank, region);
                case CHAR -> buffer.strGather((char[]) array, index, rank, 0, rank, region);
                case SHORT -> buffer.strGather((short[]) array, index, rank, 0, rank, region);
                case BOOLEAN -> buffer.strGather((boolean[]) array, index, rank, 0, rank, region);
                case INT -> buffer.strGather((int[]) array, index, rank, 0, rank, region);
                case LONG -> buffer.strGather((long[]) array, index, rank, 0, rank, region);
                case FLOAT -> buffer.strGather((float[]) array, index, rank, 0, rank, region);
                case DOUBLE -> buffer.strGather((double[]) array, index, rank, 0, rank, region);
                case OBJECT -> buffer.strGather((Object[]) array, index, rank, 0, rank, region);
            }
        } else {
            switch (base) {
                case BYTE -> buffer.strScatter((byte[]) array, index, rank, 0, rank, region);
                case CHAR -> buffer.strScatter((char[]) array, index, rank, 0, rank, region);
                case SHORT -> buffer.strScatter((short[]) array, index, rank, 0, rank, region);
                case BOOLEAN -> buffer.strScatter((boolean[]) array, index, rank, 0, rank, region);
                case INT -> buffer.strScatter((int[]) array, index, rank, 0, rank, region);
                case LONG -> buffer.strScatter((long[]) array, index, rank, 0, rank, region);
                case FLOAT -> buffer.strScatter((float[]) array, index, rank, 0, rank, region);
                case DOUBLE -> buffer.strScatter((double[]) array, index, rank, 0, rank, region);
                case OBJECT -> buffer.strScatter((Object[]) array, index, rank, 0, rank, region);
            }
        }
    }

    /**
     * Returns the extents then the strides of the region; the walk hands over the same arrays of
     * the type for every item, so the last region is kept.
     */
    private int[] shapeOf(int length, int[] counts, int[] strides) {
        if (counts != shapeCounts || strides != shapeStrides || length != shapeLength) {
            int rank = counts.length + 1;
            shape = new int[2 * rank];
            System.arraycopy(counts, 0, shape, 0, counts.length);
            shape[counts.length] = length;
            System.arraycopy(strides, 0, shape, rank, strides.length);
            shape[2 * rank - 1] = 1;
            shapeCounts = counts;
            shapeStrides = strides;
            shapeLength = length;
        }
        return shape;
    }
}
