package org.mpjbuf;

/**
 * The reading half of the packing API: three families of methods, for every primitive type and
 * for {@code Object}, that take elements from the current section of a buffer in read mode, in
 * the order they were written; the mirror of {@link SectionWriter}.
 *
 * <ul>
 *   <li>{@code read(dest, dstOff, numEls)}: into {@code dest[dstOff .. dstOff + numEls)};</li>
 *   <li>{@code scatter(dest, numEls, idxOff, indexes)}: into
 *       {@code dest[indexes[idxOff]] .. dest[indexes[idxOff + numEls - 1]]}, in that order; where an
 *       index repeats, the later element wins;</li>
 *   <li>{@code strScatter(dest, dstOff, rank, exts, strs, shape)}: into the multi-strided region
 *       defined as for {@link SectionWriter}, visited with the last dimension varying fastest.</li>
 * </ul>
 *
 * <p>Any method of any family may read what any other wrote, as long as the element type matches:
 * a section written with {@code gather} can be read with plain {@code read}, and a section may be
 * read in several calls. Arguments are checked before anything is read: a call that throws leaves
 * the buffer and the array as they were (an object read may have stored the objects read before
 * the failure). Beyond the exceptions listed per method, a null array raises
 * {@link NullPointerException}; an object read into an array of the wrong component type raises
 * {@link ArrayStoreException}.
 *
 * <p>Not thread-safe: see {@link Buffer}.
 */
public interface SectionReader {
    /**
     * Reads {@code byte} elements of the current section, which must be a {@link Type#BYTE} or {@link Type#BYTE_DYNAMIC} section, into
     * {@code dest[dstOff .. dstOff + numEls)}.
     *
     * @param dest receives the elements
     * @param dstOff index of the first element in {@code dest}
     * @param numEls number of elements
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void read(byte[] dest, int dstOff, int numEls);

    /**
     * Reads {@code byte} elements of the current section, which must be a {@link Type#BYTE} or {@link Type#BYTE_DYNAMIC} section, into
     * {@code dest[indexes[idxOff]] .. dest[indexes[idxOff + numEls - 1]]}, in that order.
     *
     * @param dest receives the elements
     * @param numEls number of elements
     * @param idxOff position of the first index in {@code indexes}
     * @param indexes element indexes into {@code dest}
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void scatter(byte[] dest, int numEls, int idxOff, int[] indexes);

    /**
     * Reads {@code byte} elements of the current section, which must be a {@link Type#BYTE} or {@link Type#BYTE_DYNAMIC} section, into a multi-strided region of
     * {@code dest} (see the interface description).
     *
     * @param dest receives the elements
     * @param dstOff index of the region's origin in {@code dest}
     * @param rank number of dimensions
     * @param exts position of the first extent in {@code shape}
     * @param strs position of the first stride in {@code shape}
     * @param shape extents and strides
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void strScatter(byte[] dest, int dstOff, int rank, int exts, int strs, int[] shape);

    /**
     * Reads {@code short} elements of the current section, which must be a {@link Type#SHORT} or {@link Type#SHORT_DYNAMIC} section, into
     * {@code dest[dstOff .. dstOff + numEls)}.
     *
     * @param dest receives the elements
     * @param dstOff index of the first element in {@code dest}
     * @param numEls number of elements
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void read(short[] dest, int dstOff, int numEls);

    /**
     * Reads {@code short} elements of the current section, which must be a {@link Type#SHORT} or {@link Type#SHORT_DYNAMIC} section, into
     * {@code dest[indexes[idxOff]] .. dest[indexes[idxOff + numEls - 1]]}, in that order.
     *
     * @param dest receives the elements
     * @param numEls number of elements
     * @param idxOff position of the first index in {@code indexes}
     * @param indexes element indexes into {@code dest}
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void scatter(short[] dest, int numEls, int idxOff, int[] indexes);

    /**
     * Reads {@code short} elements of the current section, which must be a {@link Type#SHORT} or {@link Type#SHORT_DYNAMIC} section, into a multi-strided region of
     * {@code dest} (see the interface description).
     *
     * @param dest receives the elements
     * @param dstOff index of the region's origin in {@code dest}
     * @param rank number of dimensions
     * @param exts position of the first extent in {@code shape}
     * @param strs position of the first stride in {@code shape}
     * @param shape extents and strides
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void strScatter(short[] dest, int dstOff, int rank, int exts, int strs, int[] shape);

    /**
     * Reads {@code int} elements of the current section, which must be a {@link Type#INT} or {@link Type#INT_DYNAMIC} section, into
     * {@code dest[dstOff .. dstOff + numEls)}.
     *
     * @param dest receives the elements
     * @param dstOff index of the first element in {@code dest}
     * @param numEls number of elements
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void read(int[] dest, int dstOff, int numEls);

    /**
     * Reads {@code int} elements of the current section, which must be a {@link Type#INT} or {@link Type#INT_DYNAMIC} section, into
     * {@code dest[indexes[idxOff]] .. dest[indexes[idxOff + numEls - 1]]}, in that order.
     *
     * @param dest receives the elements
     * @param numEls number of elements
     * @param idxOff position of the first index in {@code indexes}
     * @param indexes element indexes into {@code dest}
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void scatter(int[] dest, int numEls, int idxOff, int[] indexes);

    /**
     * Reads {@code int} elements of the current section, which must be a {@link Type#INT} or {@link Type#INT_DYNAMIC} section, into a multi-strided region of
     * {@code dest} (see the interface description).
     *
     * @param dest receives the elements
     * @param dstOff index of the region's origin in {@code dest}
     * @param rank number of dimensions
     * @param exts position of the first extent in {@code shape}
     * @param strs position of the first stride in {@code shape}
     * @param shape extents and strides
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void strScatter(int[] dest, int dstOff, int rank, int exts, int strs, int[] shape);

    /**
     * Reads {@code long} elements of the current section, which must be a {@link Type#LONG} or {@link Type#LONG_DYNAMIC} section, into
     * {@code dest[dstOff .. dstOff + numEls)}.
     *
     * @param dest receives the elements
     * @param dstOff index of the first element in {@code dest}
     * @param numEls number of elements
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void read(long[] dest, int dstOff, int numEls);

    /**
     * Reads {@code long} elements of the current section, which must be a {@link Type#LONG} or {@link Type#LONG_DYNAMIC} section, into
     * {@code dest[indexes[idxOff]] .. dest[indexes[idxOff + numEls - 1]]}, in that order.
     *
     * @param dest receives the elements
     * @param numEls number of elements
     * @param idxOff position of the first index in {@code indexes}
     * @param indexes element indexes into {@code dest}
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void scatter(long[] dest, int numEls, int idxOff, int[] indexes);

    /**
     * Reads {@code long} elements of the current section, which must be a {@link Type#LONG} or {@link Type#LONG_DYNAMIC} section, into a multi-strided region of
     * {@code dest} (see the interface description).
     *
     * @param dest receives the elements
     * @param dstOff index of the region's origin in {@code dest}
     * @param rank number of dimensions
     * @param exts position of the first extent in {@code shape}
     * @param strs position of the first stride in {@code shape}
     * @param shape extents and strides
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void strScatter(long[] dest, int dstOff, int rank, int exts, int strs, int[] shape);

    /**
     * Reads {@code float} elements of the current section, which must be a {@link Type#FLOAT} or {@link Type#FLOAT_DYNAMIC} section, into
     * {@code dest[dstOff .. dstOff + numEls)}.
     *
     * @param dest receives the elements
     * @param dstOff index of the first element in {@code dest}
     * @param numEls number of elements
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void read(float[] dest, int dstOff, int numEls);

    /**
     * Reads {@code float} elements of the current section, which must be a {@link Type#FLOAT} or {@link Type#FLOAT_DYNAMIC} section, into
     * {@code dest[indexes[idxOff]] .. dest[indexes[idxOff + numEls - 1]]}, in that order.
     *
     * @param dest receives the elements
     * @param numEls number of elements
     * @param idxOff position of the first index in {@code indexes}
     * @param indexes element indexes into {@code dest}
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void scatter(float[] dest, int numEls, int idxOff, int[] indexes);

    /**
     * Reads {@code float} elements of the current section, which must be a {@link Type#FLOAT} or {@link Type#FLOAT_DYNAMIC} section, into a multi-strided region of
     * {@code dest} (see the interface description).
     *
     * @param dest receives the elements
     * @param dstOff index of the region's origin in {@code dest}
     * @param rank number of dimensions
     * @param exts position of the first extent in {@code shape}
     * @param strs position of the first stride in {@code shape}
     * @param shape extents and strides
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void strScatter(float[] dest, int dstOff, int rank, int exts, int strs, int[] shape);

    /**
     * Reads {@code double} elements of the current section, which must be a {@link Type#DOUBLE} or {@link Type#DOUBLE_DYNAMIC} section, into
     * {@code dest[dstOff .. dstOff + numEls)}.
     *
     * @param dest receives the elements
     * @param dstOff index of the first element in {@code dest}
     * @param numEls number of elements
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void read(double[] dest, int dstOff, int numEls);

    /**
     * Reads {@code double} elements of the current section, which must be a {@link Type#DOUBLE} or {@link Type#DOUBLE_DYNAMIC} section, into
     * {@code dest[indexes[idxOff]] .. dest[indexes[idxOff + numEls - 1]]}, in that order.
     *
     * @param dest receives the elements
     * @param numEls number of elements
     * @param idxOff position of the first index in {@code indexes}
     * @param indexes element indexes into {@code dest}
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void scatter(double[] dest, int numEls, int idxOff, int[] indexes);

    /**
     * Reads {@code double} elements of the current section, which must be a {@link Type#DOUBLE} or {@link Type#DOUBLE_DYNAMIC} section, into a multi-strided region of
     * {@code dest} (see the interface description).
     *
     * @param dest receives the elements
     * @param dstOff index of the region's origin in {@code dest}
     * @param rank number of dimensions
     * @param exts position of the first extent in {@code shape}
     * @param strs position of the first stride in {@code shape}
     * @param shape extents and strides
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void strScatter(double[] dest, int dstOff, int rank, int exts, int strs, int[] shape);

    /**
     * Reads {@code char} elements of the current section, which must be a {@link Type#CHAR} or {@link Type#CHAR_DYNAMIC} section, into
     * {@code dest[dstOff .. dstOff + numEls)}.
     *
     * @param dest receives the elements
     * @param dstOff index of the first element in {@code dest}
     * @param numEls number of elements
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void read(char[] dest, int dstOff, int numEls);

    /**
     * Reads {@code char} elements of the current section, which must be a {@link Type#CHAR} or {@link Type#CHAR_DYNAMIC} section, into
     * {@code dest[indexes[idxOff]] .. dest[indexes[idxOff + numEls - 1]]}, in that order.
     *
     * @param dest receives the elements
     * @param numEls number of elements
     * @param idxOff position of the first index in {@code indexes}
     * @param indexes element indexes into {@code dest}
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void scatter(char[] dest, int numEls, int idxOff, int[] indexes);

    /**
     * Reads {@code char} elements of the current section, which must be a {@link Type#CHAR} or {@link Type#CHAR_DYNAMIC} section, into a multi-strided region of
     * {@code dest} (see the interface description).
     *
     * @param dest receives the elements
     * @param dstOff index of the region's origin in {@code dest}
     * @param rank number of dimensions
     * @param exts position of the first extent in {@code shape}
     * @param strs position of the first stride in {@code shape}
     * @param shape extents and strides
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void strScatter(char[] dest, int dstOff, int rank, int exts, int strs, int[] shape);

    /**
     * Reads {@code boolean} elements of the current section, which must be a {@link Type#BOOLEAN} or {@link Type#BOOLEAN_DYNAMIC} section, into
     * {@code dest[dstOff .. dstOff + numEls)}.
     *
     * @param dest receives the elements
     * @param dstOff index of the first element in {@code dest}
     * @param numEls number of elements
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void read(boolean[] dest, int dstOff, int numEls);

    /**
     * Reads {@code boolean} elements of the current section, which must be a {@link Type#BOOLEAN} or {@link Type#BOOLEAN_DYNAMIC} section, into
     * {@code dest[indexes[idxOff]] .. dest[indexes[idxOff + numEls - 1]]}, in that order.
     *
     * @param dest receives the elements
     * @param numEls number of elements
     * @param idxOff position of the first index in {@code indexes}
     * @param indexes element indexes into {@code dest}
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void scatter(boolean[] dest, int numEls, int idxOff, int[] indexes);

    /**
     * Reads {@code boolean} elements of the current section, which must be a {@link Type#BOOLEAN} or {@link Type#BOOLEAN_DYNAMIC} section, into a multi-strided region of
     * {@code dest} (see the interface description).
     *
     * @param dest receives the elements
     * @param dstOff index of the region's origin in {@code dest}
     * @param rank number of dimensions
     * @param exts position of the first extent in {@code shape}
     * @param strs position of the first stride in {@code shape}
     * @param shape extents and strides
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     */
    void strScatter(boolean[] dest, int dstOff, int rank, int exts, int strs, int[] shape);

    /**
     * Reads objects of the current section, which must be an {@link Type#OBJECT} section, into
     * {@code dest[dstOff .. dstOff + numEls)}.
     *
     * @param dest receives the elements
     * @param dstOff index of the first element in {@code dest}
     * @param numEls number of elements
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     * @throws MalformedMessageException if the objects cannot be deserialized or are refused by
     *     the object filter
     */
    void read(Object[] dest, int dstOff, int numEls);

    /**
     * Reads objects of the current section, which must be an {@link Type#OBJECT} section, into
     * {@code dest[indexes[idxOff]] .. dest[indexes[idxOff + numEls - 1]]}, in that order.
     *
     * @param dest receives the elements
     * @param numEls number of elements
     * @param idxOff position of the first index in {@code indexes}
     * @param indexes element indexes into {@code dest}
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     * @throws MalformedMessageException if the objects cannot be deserialized or are refused by
     *     the object filter
     */
    void scatter(Object[] dest, int numEls, int idxOff, int[] indexes);

    /**
     * Reads objects of the current section, which must be an {@link Type#OBJECT} section, into a multi-strided region of
     * {@code dest} (see the interface description).
     *
     * @param dest receives the elements
     * @param dstOff index of the region's origin in {@code dest}
     * @param rank number of dimensions
     * @param exts position of the first extent in {@code shape}
     * @param strs position of the first stride in {@code shape}
     * @param shape extents and strides
     * @throws IllegalStateException if the buffer is writable, no section is current, the section
     *     has another type, or it holds fewer unread elements than asked for
     * @throws IndexOutOfBoundsException if an element lies outside the array
     * @throws IllegalArgumentException if a count, rank or extent is negative
     * @throws MalformedMessageException if the objects cannot be deserialized or are refused by
     *     the object filter
     */
    void strScatter(Object[] dest, int dstOff, int rank, int exts, int strs, int[] shape);
}
