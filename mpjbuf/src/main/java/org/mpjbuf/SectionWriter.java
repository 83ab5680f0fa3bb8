package org.mpjbuf;

/**
 * The writing half of the packing API: three families of methods, for every primitive type and
 * for {@code Object}, that append elements to the current section of a buffer in write mode.
 *
 * <ul>
 *   <li>{@code write(src, srcOff, numEls)}: the contiguous run {@code src[srcOff .. srcOff + numEls)};</li>
 *   <li>{@code gather(src, numEls, idxOff, indexes)}: the elements
 *       {@code src[indexes[idxOff]] .. src[indexes[idxOff + numEls - 1]]}, in that order; indexes
 *       may repeat and come in any order;</li>
 *   <li>{@code strGather(src, srcOff, rank, exts, strs, shape)}: a multi-strided region of rank
 *       {@code r} with extents {@code n1..nr = shape[exts .. exts + r - 1]} and strides
 *       {@code s1..sr = shape[strs .. strs + r - 1]}; its elements are
 *       {@code src[srcOff + i1*s1 + ... + ir*sr]} for {@code 0 <= ik < nk}, visited with the last
 *       dimension varying fastest (rank 2: row {@code i1 = 0} across {@code i2}, then row
 *       {@code i1 = 1}, ...). Rank 0 is the one element {@code src[srcOff]}; a zero extent makes the
 *       region empty. Strides may be zero or negative as long as every element index stays inside
 *       the array.</li>
 * </ul>
 *
 * <p>Every element written is appended packed to the current section, whose type must match the
 * method's element type (static or dynamic variant alike; objects only to {@link Type#OBJECT}).
 * All arguments are checked before anything is written: a call that throws leaves the buffer as it
 * was, except an object write that fails half-way through serialization, after which the buffer
 * must be cleared. Beyond the exceptions listed per method, a null array raises
 * {@link NullPointerException}.
 *
 * <p>Not thread-safe: see {@link Buffer}.
 */
public interface SectionWriter {
    /**
     * Writes the {@code byte} elements {@code src[srcOff .. srcOff + numEls)} to the current section, which
     * must be a {@link Type#BYTE} or {@link Type#BYTE_DYNAMIC} section.
     *
     * @param src the elements
     * @param srcOff index of the first element in {@code src}
     * @param numEls number of elements
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void write(byte[] src, int srcOff, int numEls);

    /**
     * Writes the {@code byte} elements {@code src[indexes[idxOff]] .. src[indexes[idxOff + numEls - 1]]}, in
     * that order, to the current section, which must be a {@link Type#BYTE} or {@link Type#BYTE_DYNAMIC} section.
     *
     * @param src the elements
     * @param numEls number of elements
     * @param idxOff position of the first index in {@code indexes}
     * @param indexes element indexes into {@code src}
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void gather(byte[] src, int numEls, int idxOff, int[] indexes);

    /**
     * Writes the {@code byte} elements of a multi-strided region of {@code src} (see the interface description)
     * to the current section, which must be a {@link Type#BYTE} or {@link Type#BYTE_DYNAMIC} section.
     *
     * @param src the elements
     * @param srcOff index of the region's origin in {@code src}
     * @param rank number of dimensions
     * @param exts position of the first extent in {@code shape}
     * @param strs position of the first stride in {@code shape}
     * @param shape extents and strides
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void strGather(byte[] src, int srcOff, int rank, int exts, int strs, int[] shape);

    /**
     * Writes the {@code short} elements {@code src[srcOff .. srcOff + numEls)} to the current section, which
     * must be a {@link Type#SHORT} or {@link Type#SHORT_DYNAMIC} section.
     *
     * @param src the elements
     * @param srcOff index of the first element in {@code src}
     * @param numEls number of elements
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void write(short[] src, int srcOff, int numEls);

    /**
     * Writes the {@code short} elements {@code src[indexes[idxOff]] .. src[indexes[idxOff + numEls - 1]]}, in
     * that order, to the current section, which must be a {@link Type#SHORT} or {@link Type#SHORT_DYNAMIC} section.
     *
     * @param src the elements
     * @param numEls number of elements
     * @param idxOff position of the first index in {@code indexes}
     * @param indexes element indexes into {@code src}
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void gather(short[] src, int numEls, int idxOff, int[] indexes);

    /**
     * Writes the {@code short} elements of a multi-strided region of {@code src} (see the interface description)
     * to the current section, which must be a {@link Type#SHORT} or {@link Type#SHORT_DYNAMIC} section.
     *
     * @param src the elements
     * @param srcOff index of the region's origin in {@code src}
     * @param rank number of dimensions
     * @param exts position of the first extent in {@code shape}
     * @param strs position of the first stride in {@code shape}
     * @param shape extents and strides
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void strGather(short[] src, int srcOff, int rank, int exts, int strs, int[] shape);

    /**
     * Writes the {@code int} elements {@code src[srcOff .. srcOff + numEls)} to the current section, which
     * must be a {@link Type#INT} or {@link Type#INT_DYNAMIC} section.
     *
     * @param src the elements
     * @param srcOff index of the first element in {@code src}
     * @param numEls number of elements
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void write(int[] src, int srcOff, int numEls);

    /**
     * Writes the {@code int} elements {@code src[indexes[idxOff]] .. src[indexes[idxOff + numEls - 1]]}, in
     * that order, to the current section, which must be a {@link Type#INT} or {@link Type#INT_DYNAMIC} section.
     *
     * @param src the elements
     * @param numEls number of elements
     * @param idxOff position of the first index in {@code indexes}
     * @param indexes element indexes into {@code src}
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void gather(int[] src, int numEls, int idxOff, int[] indexes);

    /**
     * Writes the {@code int} elements of a multi-strided region of {@code src} (see the interface description)
     * to the current section, which must be a {@link Type#INT} or {@link Type#INT_DYNAMIC} section.
     *
     * @param src the elements
     * @param srcOff index of the region's origin in {@code src}
     * @param rank number of dimensions
     * @param exts position of the first extent in {@code shape}
     * @param strs position of the first stride in {@code shape}
     * @param shape extents and strides
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void strGather(int[] src, int srcOff, int rank, int exts, int strs, int[] shape);

    /**
     * Writes the {@code long} elements {@code src[srcOff .. srcOff + numEls)} to the current section, which
     * must be a {@link Type#LONG} or {@link Type#LONG_DYNAMIC} section.
     *
     * @param src the elements
     * @param srcOff index of the first element in {@code src}
     * @param numEls number of elements
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void write(long[] src, int srcOff, int numEls);

    /**
     * Writes the {@code long} elements {@code src[indexes[idxOff]] .. src[indexes[idxOff + numEls - 1]]}, in
     * that order, to the current section, which must be a {@link Type#LONG} or {@link Type#LONG_DYNAMIC} section.
     *
     * @param src the elements
     * @param numEls number of elements
     * @param idxOff position of the first index in {@code indexes}
     * @param indexes element indexes into {@code src}
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void gather(long[] src, int numEls, int idxOff, int[] indexes);

    /**
     * Writes the {@code long} elements of a multi-strided region of {@code src} (see the interface description)
     * to the current section, which must be a {@link Type#LONG} or {@link Type#LONG_DYNAMIC} section.
     *
     * @param src the elements
     * @param srcOff index of the region's origin in {@code src}
     * @param rank number of dimensions
     * @param exts position of the first extent in {@code shape}
     * @param strs position of the first stride in {@code shape}
     * @param shape extents and strides
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void strGather(long[] src, int srcOff, int rank, int exts, int strs, int[] shape);

    /**
     * Writes the {@code float} elements {@code src[srcOff .. srcOff + numEls)} to the current section, which
     * must be a {@link Type#FLOAT} or {@link Type#FLOAT_DYNAMIC} section.
     *
     * @param src the elements
     * @param srcOff index of the first element in {@code src}
     * @param numEls number of elements
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void write(float[] src, int srcOff, int numEls);

    /**
     * Writes the {@code float} elements {@code src[indexes[idxOff]] .. src[indexes[idxOff + numEls - 1]]}, in
     * that order, to the current section, which must be a {@link Type#FLOAT} or {@link Type#FLOAT_DYNAMIC} section.
     *
     * @param src the elements
     * @param numEls number of elements
     * @param idxOff position of the first index in {@code indexes}
     * @param indexes element indexes into {@code src}
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void gather(float[] src, int numEls, int idxOff, int[] indexes);

    /**
     * Writes the {@code float} elements of a multi-strided region of {@code src} (see the interface description)
     * to the current section, which must be a {@link Type#FLOAT} or {@link Type#FLOAT_DYNAMIC} section.
     *
     * @param src the elements
     * @param srcOff index of the region's origin in {@code src}
     * @param rank number of dimensions
     * @param exts position of the first extent in {@code shape}
     * @param strs position of the first stride in {@code shape}
     * @param shape extents and strides
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void strGather(float[] src, int srcOff, int rank, int exts, int strs, int[] shape);

    /**
     * Writes the {@code double} elements {@code src[srcOff .. srcOff + numEls)} to the current section, which
     * must be a {@link Type#DOUBLE} or {@link Type#DOUBLE_DYNAMIC} section.
     *
     * @param src the elements
     * @param srcOff index of the first element in {@code src}
     * @param numEls number of elements
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void write(double[] src, int srcOff, int numEls);

    /**
     * Writes the {@code double} elements {@code src[indexes[idxOff]] .. src[indexes[idxOff + numEls - 1]]}, in
     * that order, to the current section, which must be a {@link Type#DOUBLE} or {@link Type#DOUBLE_DYNAMIC} section.
     *
     * @param src the elements
     * @param numEls number of elements
     * @param idxOff position of the first index in {@code indexes}
     * @param indexes element indexes into {@code src}
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void gather(double[] src, int numEls, int idxOff, int[] indexes);

    /**
     * Writes the {@code double} elements of a multi-strided region of {@code src} (see the interface description)
     * to the current section, which must be a {@link Type#DOUBLE} or {@link Type#DOUBLE_DYNAMIC} section.
     *
     * @param src the elements
     * @param srcOff index of the region's origin in {@code src}
     * @param rank number of dimensions
     * @param exts position of the first extent in {@code shape}
     * @param strs position of the first stride in {@code shape}
     * @param shape extents and strides
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void strGather(double[] src, int srcOff, int rank, int exts, int strs, int[] shape);

    /**
     * Writes the {@code char} elements {@code src[srcOff .. srcOff + numEls)} to the current section, which
     * must be a {@link Type#CHAR} or {@link Type#CHAR_DYNAMIC} section.
     *
     * @param src the elements
     * @param srcOff index of the first element in {@code src}
     * @param numEls number of elements
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void write(char[] src, int srcOff, int numEls);

    /**
     * Writes the {@code char} elements {@code src[indexes[idxOff]] .. src[indexes[idxOff + numEls - 1]]}, in
     * that order, to the current section, which must be a {@link Type#CHAR} or {@link Type#CHAR_DYNAMIC} section.
     *
     * @param src the elements
     * @param numEls number of elements
     * @param idxOff position of the first index in {@code indexes}
     * @param indexes element indexes into {@code src}
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void gather(char[] src, int numEls, int idxOff, int[] indexes);

    /**
     * Writes the {@code char} elements of a multi-strided region of {@code src} (see the interface description)
     * to the current section, which must be a {@link Type#CHAR} or {@link Type#CHAR_DYNAMIC} section.
     *
     * @param src the elements
     * @param srcOff index of the region's origin in {@code src}
     * @param rank number of dimensions
     * @param exts position of the first extent in {@code shape}
     * @param strs position of the first stride in {@code shape}
     * @param shape extents and strides
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void strGather(char[] src, int srcOff, int rank, int exts, int strs, int[] shape);

    /**
     * Writes the {@code boolean} elements {@code src[srcOff .. srcOff + numEls)} to the current section, which
     * must be a {@link Type#BOOLEAN} or {@link Type#BOOLEAN_DYNAMIC} section.
     *
     * @param src the elements
     * @param srcOff index of the first element in {@code src}
     * @param numEls number of elements
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void write(boolean[] src, int srcOff, int numEls);

    /**
     * Writes the {@code boolean} elements {@code src[indexes[idxOff]] .. src[indexes[idxOff + numEls - 1]]}, in
     * that order, to the current section, which must be a {@link Type#BOOLEAN} or {@link Type#BOOLEAN_DYNAMIC} section.
     *
     * @param src the elements
     * @param numEls number of elements
     * @param idxOff position of the first index in {@code indexes}
     * @param indexes element indexes into {@code src}
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void gather(boolean[] src, int numEls, int idxOff, int[] indexes);

    /**
     * Writes the {@code boolean} elements of a multi-strided region of {@code src} (see the interface description)
     * to the current section, which must be a {@link Type#BOOLEAN} or {@link Type#BOOLEAN_DYNAMIC} section.
     *
     * @param src the elements
     * @param srcOff index of the region's origin in {@code src}
     * @param rank number of dimensions
     * @param exts position of the first extent in {@code shape}
     * @param strs position of the first stride in {@code shape}
     * @param shape extents and strides
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void strGather(boolean[] src, int srcOff, int rank, int exts, int strs, int[] shape);

    /**
     * Writes the objects {@code src[srcOff .. srcOff + numEls)} to the current section, which
     * must be an {@link Type#OBJECT} section.
     *
     * @param src the elements
     * @param srcOff index of the first element in {@code src}
     * @param numEls number of elements
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     * @throws IllegalArgumentException if an object is not serializable
     */
    void write(Object[] src, int srcOff, int numEls);

    /**
     * Writes the objects {@code src[indexes[idxOff]] .. src[indexes[idxOff + numEls - 1]]}, in
     * that order, to the current section, which must be an {@link Type#OBJECT} section.
     *
     * @param src the elements
     * @param numEls number of elements
     * @param idxOff position of the first index in {@code indexes}
     * @param indexes element indexes into {@code src}
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     * @throws IllegalArgumentException if an object is not serializable
     */
    void gather(Object[] src, int numEls, int idxOff, int[] indexes);

    /**
     * Writes the objects of a multi-strided region of {@code src} (see the interface description)
     * to the current section, which must be an {@link Type#OBJECT} section.
     *
     * @param src the elements
     * @param srcOff index of the region's origin in {@code src}
     * @param rank number of dimensions
     * @param exts position of the first extent in {@code shape}
     * @param strs position of the first stride in {@code shape}
     * @param shape extents and strides
     * @throws IllegalStateException if the buffer is readable, no section is open, the section has
     *     another type, or the static section is full
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     * @throws IllegalArgumentException if an object is not serializable
     */
    void strGather(Object[] src, int srcOff, int rank, int exts, int strs, int[] shape);
}
