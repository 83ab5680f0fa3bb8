package org.mpjbuf.raw;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A fixed-capacity block of memory with absolute typed, bulk, gather/scatter and strided access
 * in a byte order chosen per buffer.
 *
 * <p><b>Indexes.</b> Every {@code index} is an absolute byte position in the buffer, from 0 to
 * {@link #capacity()}; there is no position, limit or mark. Values need no alignment. A multi-byte
 * value is stored in {@link #order()}; a {@code boolean} is one byte, written as 0 or 1 and read
 * as {@code true} when non-zero; a {@code char} is its two UTF-16 bytes; floats and doubles are
 * stored as their raw IEEE 754 bits, so NaN payloads survive.
 *
 * <p><b>Element copies.</b> The bulk, gather/scatter and strided methods move elements of one
 * primitive array, given as {@code Object} for the generic forms (any of {@code byte[]},
 * {@code short[]}, {@code char[]}, {@code int[]}, {@code long[]}, {@code float[]},
 * {@code double[]}, {@code boolean[]}), and always pack them contiguously in the buffer: element
 * {@code k} of the copy lives at {@code index + k * elementSize}.
 *
 * <p><b>Checks.</b> Unless turned off with {@link RawBufferConfiguration#BOUNDS_CHECKS_PROP_NAME},
 * every method checks its arguments before touching memory, and a failed check leaves buffer and
 * array unchanged (with one exception: gather and scatter check each element index as they reach
 * it, so the elements before a bad one have been copied when the exception is raised): an index or
 * length outside the buffer raises {@link IndexOutOfBoundsException},
 * an array range outside the array raises {@link IndexOutOfBoundsException}, a malformed request
 * (negative count, rank or extent, a shape array too short, an array that is not a primitive
 * array) raises {@link IllegalArgumentException}, a null array raises {@link NullPointerException},
 * and any access after {@link #free()} raises {@link IllegalStateException}. Messages name the
 * argument, its value and the range expected. Writing to a read-only buffer raises
 * {@link java.nio.ReadOnlyBufferException} (an {@link UnsupportedOperationException}); with
 * checks off the memory segment refuses the write itself, with an
 * {@link IllegalArgumentException}.
 *
 * <p><b>Ownership.</b> A buffer from a {@link RawBufferPool} owns its pooled block until
 * {@link #free()} returns it; a buffer made by {@link RawBuffers} wraps memory it does not own,
 * and {@code free()} only retires the buffer object. Views returned by {@link #byteBuffer()} and
 * {@link #segment()} share the memory and must not be used after {@code free()}.
 *
 * <p><b>Thread safety.</b> A {@code RawBuffer} is not thread-safe: use it from one thread at a
 * time, and hand it to another thread only through a happens-before edge (a queue, a lock, a
 * volatile write and read).
 */
public interface RawBuffer {

    /**
     * The number of bytes this buffer holds; every valid index is below it.
     *
     * @return the capacity in bytes, fixed for the life of the buffer
     */
    int capacity();

    /**
     * The byte order of multi-byte values; {@link ByteOrder#nativeOrder()} unless set otherwise.
     *
     * @return {@link ByteOrder#BIG_ENDIAN} or {@link ByteOrder#LITTLE_ENDIAN}
     */
    ByteOrder order();

    /**
     * Sets the byte order of all later multi-byte accesses; the bytes already in the buffer are
     * not changed.
     *
     * @param order the new byte order
     * @return this buffer
     * @throws NullPointerException if {@code order} is null
     */
    RawBuffer order(ByteOrder order);

    /**
     * Whether writes are refused because the memory is read-only (for instance a wrapped read-only
     * {@link ByteBuffer}).
     *
     * @return true if every method that writes to the buffer throws
     *     {@link java.nio.ReadOnlyBufferException}
     */
    boolean isReadOnly();

    /**
     * Reads one byte.
     *
     * @param index byte position, {@code 0 <= index < capacity()}
     * @return the byte at {@code index}
     * @throws IndexOutOfBoundsException if {@code index} is out of range
     * @throws IllegalStateException if the buffer has been freed
     */
    byte getByte(int index);

    /**
     * Writes one byte.
     *
     * @param index byte position, {@code 0 <= index < capacity()}
     * @param value the byte
     * @throws IndexOutOfBoundsException if {@code index} is out of range
     * @throws IllegalStateException if the buffer has been freed
     */
    void putByte(int index, byte value);

    /**
     * Reads a short in {@link #order()}.
     *
     * @param index byte position of its first byte, {@code 0 <= index <= capacity() - 2}
     * @return the value
     * @throws IndexOutOfBoundsException if the two bytes are not inside the buffer
     * @throws IllegalStateException if the buffer has been freed
     */
    short getShort(int index);

    /**
     * Writes a short in {@link #order()}.
     *
     * @param index byte position of its first byte, {@code 0 <= index <= capacity() - 2}
     * @param value the value
     * @throws IndexOutOfBoundsException if the two bytes are not inside the buffer
     * @throws IllegalStateException if the buffer has been freed
     */
    void putShort(int index, short value);

    /**
     * Reads a char (two UTF-16 bytes) in {@link #order()}.
     *
     * @param index byte position of its first byte, {@code 0 <= index <= capacity() - 2}
     * @return the value
     * @throws IndexOutOfBoundsException if the two bytes are not inside the buffer
     * @throws IllegalStateException if the buffer has been freed
     */
    char getChar(int index);

    /**
     * Writes a char (two UTF-16 bytes) in {@link #order()}.
     *
     * @param index byte position of its first byte, {@code 0 <= index <= capacity() - 2}
     * @param value the value
     * @throws IndexOutOfBoundsException if the two bytes are not inside the buffer
     * @throws IllegalStateException if the buffer has been freed
     */
    void putChar(int index, char value);

    /**
     * Reads an int in {@link #order()}.
     *
     * @param index byte position of its first byte, {@code 0 <= index <= capacity() - 4}
     * @return the value
     * @throws IndexOutOfBoundsException if the four bytes are not inside the buffer
     * @throws IllegalStateException if the buffer has been freed
     */
    int getInt(int index);

    /**
     * Writes an int in {@link #order()}.
     *
     * @param index byte position of its first byte, {@code 0 <= index <= capacity() - 4}
     * @param value the value
     * @throws IndexOutOfBoundsException if the four bytes are not inside the buffer
     * @throws IllegalStateException if the buffer has been freed
     */
    void putInt(int index, int value);

    /**
     * Reads a float (its raw IEEE 754 bits) in {@link #order()}.
     *
     * @param index byte position of its first byte, {@code 0 <= index <= capacity() - 4}
     * @return the value
     * @throws IndexOutOfBoundsException if the four bytes are not inside the buffer
     * @throws IllegalStateException if the buffer has been freed
     */
    float getFloat(int index);

    /**
     * Writes a float (its raw IEEE 754 bits) in {@link #order()}.
     *
     * @param index byte position of its first byte, {@code 0 <= index <= capacity() - 4}
     * @param value the value
     * @throws IndexOutOfBoundsException if the four bytes are not inside the buffer
     * @throws IllegalStateException if the buffer has been freed
     */
    void putFloat(int index, float value);

    /**
     * Reads a long in {@link #order()}.
     *
     * @param index byte position of its first byte, {@code 0 <= index <= capacity() - 8}
     * @return the value
     * @throws IndexOutOfBoundsException if the eight bytes are not inside the buffer
     * @throws IllegalStateException if the buffer has been freed
     */
    long getLong(int index);

    /**
     * Writes a long in {@link #order()}.
     *
     * @param index byte position of its first byte, {@code 0 <= index <= capacity() - 8}
     * @param value the value
     * @throws IndexOutOfBoundsException if the eight bytes are not inside the buffer
     * @throws IllegalStateException if the buffer has been freed
     */
    void putLong(int index, long value);

    /**
     * Reads a double (its raw IEEE 754 bits) in {@link #order()}.
     *
     * @param index byte position of its first byte, {@code 0 <= index <= capacity() - 8}
     * @return the value
     * @throws IndexOutOfBoundsException if the eight bytes are not inside the buffer
     * @throws IllegalStateException if the buffer has been freed
     */
    double getDouble(int index);

    /**
     * Writes a double (its raw IEEE 754 bits) in {@link #order()}.
     *
     * @param index byte position of its first byte, {@code 0 <= index <= capacity() - 8}
     * @param value the value
     * @throws IndexOutOfBoundsException if the eight bytes are not inside the buffer
     * @throws IllegalStateException if the buffer has been freed
     */
    void putDouble(int index, double value);

    /**
     * Reads a boolean: one byte, {@code true} when non-zero.
     *
     * @param index byte position, {@code 0 <= index < capacity()}
     * @return the value
     * @throws IndexOutOfBoundsException if {@code index} is out of range
     * @throws IllegalStateException if the buffer has been freed
     */
    boolean getBoolean(int index);

    /**
     * Writes a boolean as one byte, 1 or 0.
     *
     * @param index byte position, {@code 0 <= index < capacity()}
     * @param value the value
     * @throws IndexOutOfBoundsException if {@code index} is out of range
     * @throws IllegalStateException if the buffer has been freed
     */
    void putBoolean(int index, boolean value);

    /**
     * Copies {@code src[srcOffset .. srcOffset + count)} into the buffer at {@code index}, packed,
     * in {@link #order()}, with one bulk copy (booleans excepted, which are normalised one by one).
     *
     * @param index byte position of the first element in the buffer
     * @param src a primitive array
     * @param srcOffset index of the first element in {@code src}
     * @param count number of elements, {@code >= 0}
     * @throws NullPointerException if {@code src} is null
     * @throws IllegalArgumentException if {@code src} is not a primitive array or {@code count < 0}
     * @throws IndexOutOfBoundsException if the elements are not all inside {@code src}, or
     *     {@code count * elementSize} bytes from {@code index} are not all inside the buffer
     * @throws IllegalStateException if the buffer has been freed
     */
    void putArray(int index, Object src, int srcOffset, int count);

    /**
     * Copies {@code count} packed elements from the buffer at {@code index} into
     * {@code dst[dstOffset .. dstOffset + count)}; the mirror of
     * {@link #putArray(int, Object, int, int)}, with the same exceptions.
     *
     * @param index byte position of the first element in the buffer
     * @param dst a primitive array
     * @param dstOffset index of the first element in {@code dst}
     * @param count number of elements, {@code >= 0}
     * @throws NullPointerException if {@code dst} is null
     * @throws IllegalArgumentException if {@code dst} is not a primitive array or {@code count < 0}
     * @throws IndexOutOfBoundsException if the elements are not all inside {@code dst} or the bytes
     *     not all inside the buffer
     * @throws IllegalStateException if the buffer has been freed
     */
    void getArray(int index, Object dst, int dstOffset, int count);

    /**
     * Typed form of {@link #putArray(int, Object, int, int)}, with its contract.
     *
     * @param index byte position of the first element
     * @param src source array
     * @param srcOffset first element in {@code src}
     * @param count number of elements
     */
    void putBytes(int index, byte[] src, int srcOffset, int count);

    /**
     * Typed form of {@link #getArray(int, Object, int, int)}, with its contract.
     *
     * @param index byte position of the first element
     * @param dst destination array
     * @param dstOffset first element in {@code dst}
     * @param count number of elements
     */
    void getBytes(int index, byte[] dst, int dstOffset, int count);

    /**
     * Typed form of {@link #putArray(int, Object, int, int)}, with its contract.
     *
     * @param index byte position of the first element
     * @param src source array
     * @param srcOffset first element in {@code src}
     * @param count number of elements
     */
    void putShorts(int index, short[] src, int srcOffset, int count);

    /**
     * Typed form of {@link #getArray(int, Object, int, int)}, with its contract.
     *
     * @param index byte position of the first element
     * @param dst destination array
     * @param dstOffset first element in {@code dst}
     * @param count number of elements
     */
    void getShorts(int index, short[] dst, int dstOffset, int count);

    /**
     * Typed form of {@link #putArray(int, Object, int, int)}, with its contract.
     *
     * @param index byte position of the first element
     * @param src source array
     * @param srcOffset first element in {@code src}
     * @param count number of elements
     */
    void putChars(int index, char[] src, int srcOffset, int count);

    /**
     * Typed form of {@link #getArray(int, Object, int, int)}, with its contract.
     *
     * @param index byte position of the first element
     * @param dst destination array
     * @param dstOffset first element in {@code dst}
     * @param count number of elements
     */
    void getChars(int index, char[] dst, int dstOffset, int count);

    /**
     * Typed form of {@link #putArray(int, Object, int, int)}, with its contract.
     *
     * @param index byte position of the first element
     * @param src source array
     * @param srcOffset first element in {@code src}
     * @param count number of elements
     */
    void putInts(int index, int[] src, int srcOffset, int count);

    /**
     * Typed form of {@link #getArray(int, Object, int, int)}, with its contract.
     *
     * @param index byte position of the first element
     * @param dst destination array
     * @param dstOffset first element in {@code dst}
     * @param count number of elements
     */
    void getInts(int index, int[] dst, int dstOffset, int count);

    /**
     * Typed form of {@link #putArray(int, Object, int, int)}, with its contract.
     *
     * @param index byte position of the first element
     * @param src source array
     * @param srcOffset first element in {@code src}
     * @param count number of elements
     */
    void putFloats(int index, float[] src, int srcOffset, int count);

    /**
     * Typed form of {@link #getArray(int, Object, int, int)}, with its contract.
     *
     * @param index byte position of the first element
     * @param dst destination array
     * @param dstOffset first element in {@code dst}
     * @param count number of elements
     */
    void getFloats(int index, float[] dst, int dstOffset, int count);

    /**
     * Typed form of {@link #putArray(int, Object, int, int)}, with its contract.
     *
     * @param index byte position of the first element
     * @param src source array
     * @param srcOffset first element in {@code src}
     * @param count number of elements
     */
    void putLongs(int index, long[] src, int srcOffset, int count);

    /**
     * Typed form of {@link #getArray(int, Object, int, int)}, with its contract.
     *
     * @param index byte position of the first element
     * @param dst destination array
     * @param dstOffset first element in {@code dst}
     * @param count number of elements
     */
    void getLongs(int index, long[] dst, int dstOffset, int count);

    /**
     * Typed form of {@link #putArray(int, Object, int, int)}, with its contract.
     *
     * @param index byte position of the first element
     * @param src source array
     * @param srcOffset first element in {@code src}
     * @param count number of elements
     */
    void putDoubles(int index, double[] src, int srcOffset, int count);

    /**
     * Typed form of {@link #getArray(int, Object, int, int)}, with its contract.
     *
     * @param index byte position of the first element
     * @param dst destination array
     * @param dstOffset first element in {@code dst}
     * @param count number of elements
     */
    void getDoubles(int index, double[] dst, int dstOffset, int count);

    /**
     * Typed form of {@link #putArray(int, Object, int, int)}, with its contract.
     *
     * @param index byte position of the first element
     * @param src source array
     * @param srcOffset first element in {@code src}
     * @param count number of elements
     */
    void putBooleans(int index, boolean[] src, int srcOffset, int count);

    /**
     * Typed form of {@link #getArray(int, Object, int, int)}, with its contract.
     *
     * @param index byte position of the first element
     * @param dst destination array
     * @param dstOffset first element in {@code dst}
     * @param count number of elements
     */
    void getBooleans(int index, boolean[] dst, int dstOffset, int count);

    /**
     * Gathers {@code src[indexes[idxOffset]] .. src[indexes[idxOffset + count - 1]]} into the buffer
     * at {@code index}, packed, in {@link #order()}. Indexes may repeat and come in any order.
     *
     * @param index byte position of the first element in the buffer
     * @param src a primitive array
     * @param indexes element indexes into {@code src}
     * @param idxOffset position of the first index in {@code indexes}
     * @param count number of elements, {@code >= 0}
     * @throws NullPointerException if {@code src} or {@code indexes} is null
     * @throws IllegalArgumentException if {@code src} is not a primitive array or {@code count < 0}
     * @throws IndexOutOfBoundsException if {@code indexes[idxOffset .. idxOffset + count)} is not
     *     inside {@code indexes}, or the packed bytes are not all inside the buffer (nothing is
     *     copied), or one of those indexes is outside {@code src} (the message names it; the
     *     elements before it have been copied)
     * @throws IllegalStateException if the buffer has been freed
     */
    void gather(int index, Object src, int[] indexes, int idxOffset, int count);

    /**
     * Scatters {@code count} packed elements from the buffer at {@code index} to
     * {@code dst[indexes[idxOffset]] .. dst[indexes[idxOffset + count - 1]]}; the mirror of
     * {@link #gather(int, Object, int[], int, int)}, with the same exceptions. If an index repeats,
     * the later element wins.
     *
     * @param index byte position of the first element in the buffer
     * @param dst a primitive array
     * @param indexes element indexes into {@code dst}
     * @param idxOffset position of the first index in {@code indexes}
     * @param count number of elements, {@code >= 0}
     * @throws NullPointerException if {@code dst} or {@code indexes} is null
     * @throws IllegalArgumentException if {@code dst} is not a primitive array or {@code count < 0}
     * @throws IndexOutOfBoundsException if an index range is out of range, as for {@code gather}
     * @throws IllegalStateException if the buffer has been freed
     */
    void scatter(int index, Object dst, int[] indexes, int idxOffset, int count);

    /**
     * Gathers a multi-strided region of {@code src} into the buffer at {@code index}, packed, in
     * {@link #order()}, and returns the number of elements copied.
     *
     * <p>The region has {@code rank} dimensions; dimension {@code d} has extent
     * {@code e[d] = shape[extentsOffset + d]} and stride {@code s[d] = shape[stridesOffset + d]}
     * (in elements). The elements are {@code src[srcOffset + i[0] * s[0] + ... + i[rank-1] * s[rank-1]]}
     * for {@code 0 <= i[d] < e[d]}, copied with the last dimension varying fastest; their number is
     * the product of the extents (1 for rank 0, 0 if any extent is 0). Strides may be zero (an
     * element repeats) or negative (walking backwards), as long as every element index of the
     * region lies inside {@code src}. A run with stride 1 in the last dimension is one bulk copy.
     *
     * @param index byte position of the first element in the buffer
     * @param src a primitive array
     * @param srcOffset element index of the region's origin in {@code src}
     * @param rank number of dimensions, {@code >= 0}
     * @param extentsOffset position of the first extent in {@code shape}
     * @param stridesOffset position of the first stride in {@code shape}
     * @param shape holds the extents and strides
     * @return the number of elements copied
     * @throws NullPointerException if {@code src} or {@code shape} is null
     * @throws IllegalArgumentException if {@code src} is not a primitive array, {@code rank} or an
     *     extent is negative, or the extents or strides are not all inside {@code shape}
     * @throws IndexOutOfBoundsException if an element of the region lies outside {@code src}
     *     (the message gives the lowest and highest element index reached), or the packed bytes
     *     are not all inside the buffer
     * @throws IllegalStateException if the buffer has been freed
     */
    int stridedGather(int index, Object src, int srcOffset, int rank, int extentsOffset, int stridesOffset, int[] shape);

    /**
     * Scatters packed elements from the buffer at {@code index} into a multi-strided region of
     * {@code dst}; the mirror of {@link #stridedGather(int, Object, int, int, int, int, int[])},
     * with the same region rules and exceptions. Where a zero stride maps several elements to one
     * array slot, the last one copied wins.
     *
     * @param index byte position of the first element in the buffer
     * @param dst a primitive array
     * @param dstOffset element index of the region's origin in {@code dst}
     * @param rank number of dimensions, {@code >= 0}
     * @param extentsOffset position of the first extent in {@code shape}
     * @param stridesOffset position of the first stride in {@code shape}
     * @param shape holds the extents and strides
     * @return the number of elements copied
     * @throws NullPointerException if {@code dst} or {@code shape} is null
     * @throws IllegalArgumentException if the request is malformed, as for {@code stridedGather}
     * @throws IndexOutOfBoundsException if the region leaves {@code dst} or the bytes leave the
     *     buffer
     * @throws IllegalStateException if the buffer has been freed
     */
    int stridedScatter(int index, Object dst, int dstOffset, int rank, int extentsOffset, int stridesOffset, int[] shape);

    /**
     * A {@link ByteBuffer} over the whole buffer for channel I/O, reset on every call to position
     * 0, limit {@link #capacity()} and this buffer's {@link #order()}. The same view object is
     * returned by every call, so a caller that needs two independent positions should
     * {@link ByteBuffer#duplicate()} it. Writes through the view are seen by this buffer and the
     * reverse. The view is read-only when this buffer is.
     *
     * @return the view
     * @throws IllegalStateException if the buffer has been freed
     */
    ByteBuffer byteBuffer();

    /**
     * The memory of this buffer as a segment of exactly {@link #capacity()} bytes: native for a
     * direct or native buffer (its {@link MemorySegment#address()} is what a device registers or
     * hands to native code), a heap segment otherwise.
     *
     * @return the segment, the same object on every call
     * @throws IllegalStateException if the buffer has been freed
     */
    MemorySegment segment();

    /**
     * The registration of this buffer's memory with a communication adapter (for instance the
     * memory keys an RDMA device needs), or null when the memory is not registered.
     *
     * <p>A pooled buffer reports whatever the device attached to the pool region holding it (see
     * {@code PoolRegion.attach}), read at the time of the call, so a buffer allocated before its
     * region was registered sees the registration afterwards. A wrapped buffer is never
     * registered.
     *
     * @return the registration object, or null
     * @throws IllegalStateException if the buffer has been freed
     */
    Object registrationKey();

    /**
     * Whether {@link #free()} has been called.
     *
     * @return true once the buffer has been freed
     */
    boolean isFreed();

    /**
     * Retires this buffer: a pooled buffer returns its block to the pool, a wrapped buffer lets go
     * of the memory it wraps (which stays the caller's). Every later access fails with
     * {@link IllegalStateException} while bounds checks are on, and is undefined when they are off.
     *
     * @throws IllegalStateException if the buffer has already been freed (a double free), saying so
     */
    void free();
}
