package org.mpjbuf.raw;

import static org.mpjbuf.raw.RawBufferConfiguration.SHOULD_BOUNDS_CHECK;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import java.util.Objects;

/**
 * The one implementation of {@link RawBuffer} access, over the {@link MemorySegment} that every
 * medium can present; the media only say where the memory comes from, how it is viewed as a
 * {@link ByteBuffer} and where it goes back on {@link #free()}.
 *
 * <p>Each public method checks its arguments (when {@link RawBufferConfiguration#SHOULD_BOUNDS_CHECK}
 * is on) and then calls the segment directly; the failure messages are built in cold methods.
 * Reads are checked against a readable and writes against a writable capacity: the writable one
 * is zero for read-only memory, and both drop to zero on {@link #free()}, so the one compare every
 * access already makes also catches writes to read-only memory and use after free, at no extra
 * cost; the cold path then tells which it was.
 *
 * <p>Not thread-safe, as {@link RawBuffer} says.
 */
abstract sealed class SegmentBuffer implements RawBuffer permits NIOBuffer, NativeBuffer {
    private final MemorySegment segment;
    private final int capacity;
    private int readableCapacity;
    private int writableCapacity;
    private boolean bigEndian;
    private boolean swap;
    private boolean freed;

    SegmentBuffer(final MemorySegment segment, final ByteOrder order) {
        if (segment.byteSize() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(
                "segment byteSize " + segment.byteSize() + " exceeds the largest buffer capacity " + Integer.MAX_VALUE);
        }
        this.segment = segment;
        this.capacity = (int) segment.byteSize();
        this.readableCapacity = capacity;
        this.writableCapacity = segment.isReadOnly() ? 0 : capacity;
        order(order);
    }

    /** The memory, without the freed check: for the media's own bookkeeping. */
    final MemorySegment memory() {
        return segment;
    }

    /** The ByteBuffer view of the whole buffer; created once by the medium. */
    abstract ByteBuffer view();

    /** Gives the memory back to where it came from; called once, by {@link #free()}. */
    abstract void release();

    /** The registration attached to the memory, or null; the buffer is known not to be freed. */
    abstract Object registration();

    @Override
    public final int capacity() {
        return capacity;
    }

    @Override
    public final ByteOrder order() {
        return bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
    }

    @Override
    public final RawBuffer order(final ByteOrder order) {
        bigEndian = Objects.requireNonNull(order, "order must not be null") == ByteOrder.BIG_ENDIAN;
        swap = order != ByteOrder.nativeOrder();
        return this;
    }

    @Override
    public final boolean isReadOnly() {
        return segment.isReadOnly();
    }

    @Override
    public final byte getByte(final int index) {
        checkRead(index, Byte.BYTES);
        return segment.get(ValueLayout.JAVA_BYTE, index);
    }

    @Override
    public final void putByte(final int index, final byte value) {
        checkWrite(index, Byte.BYTES);
        segment.set(ValueLayout.JAVA_BYTE, index, value);
    }

    @Override
    public final short getShort(final int index) {
        checkRead(index, Short.BYTES);
        final short value = segment.get(OrderedLayouts.SHORT, index);
        return swap ? Short.reverseBytes(value) : value;
    }

    @Override
    public final void putShort(final int index, final short value) {
        checkWrite(index, Short.BYTES);
        segment.set(OrderedLayouts.SHORT, index, swap ? Short.reverseBytes(value) : value);
    }

    @Override
    public final char getChar(final int index) {
        checkRead(index, Character.BYTES);
        final char value = segment.get(OrderedLayouts.CHAR, index);
        return swap ? Character.reverseBytes(value) : value;
    }

    @Override
    public final void putChar(final int index, final char value) {
        checkWrite(index, Character.BYTES);
        segment.set(OrderedLayouts.CHAR, index, swap ? Character.reverseBytes(value) : value);
    }

    @Override
    public final int getInt(final int index) {
        checkRead(index, Integer.BYTES);
        final int value = segment.get(OrderedLayouts.INT, index);
        return swap ? Integer.reverseBytes(value) : value;
    }

    @Override
    public final void putInt(final int index, final int value) {
        checkWrite(index, Integer.BYTES);
        segment.set(OrderedLayouts.INT, index, swap ? Integer.reverseBytes(value) : value);
    }

    @Override
    public final float getFloat(final int index) {
        checkRead(index, Float.BYTES);
        final int bits = segment.get(OrderedLayouts.INT, index);
        return Float.intBitsToFloat(swap ? Integer.reverseBytes(bits) : bits);
    }

    @Override
    public final void putFloat(final int index, final float value) {
        checkWrite(index, Float.BYTES);
        final int bits = Float.floatToRawIntBits(value);
        segment.set(OrderedLayouts.INT, index, swap ? Integer.reverseBytes(bits) : bits);
    }

    @Override
    public final long getLong(final int index) {
        checkRead(index, Long.BYTES);
        final long value = segment.get(OrderedLayouts.LONG, index);
        return swap ? Long.reverseBytes(value) : value;
    }

    @Override
    public final void putLong(final int index, final long value) {
        checkWrite(index, Long.BYTES);
        segment.set(OrderedLayouts.LONG, index, swap ? Long.reverseBytes(value) : value);
    }

    @Override
    public final double getDouble(final int index) {
        checkRead(index, Double.BYTES);
        final long bits = segment.get(OrderedLayouts.LONG, index);
        return Double.longBitsToDouble(swap ? Long.reverseBytes(bits) : bits);
    }

    @Override
    public final void putDouble(final int index, final double value) {
        checkWrite(index, Double.BYTES);
        final long bits = Double.doubleToRawLongBits(value);
        segment.set(OrderedLayouts.LONG, index, swap ? Long.reverseBytes(bits) : bits);
    }

    @Override
    public final boolean getBoolean(final int index) {
        checkRead(index, Byte.BYTES);
        return segment.get(ValueLayout.JAVA_BYTE, index) != 0;
    }

    @Override
    public final void putBoolean(final int index, final boolean value) {
        checkWrite(index, Byte.BYTES);
        segment.set(ValueLayout.JAVA_BYTE, index, value ? (byte) 1 : (byte) 0);
    }

    @Override
    public final void putArray(final int index, final Object src, final int srcOffset, final int count) {
        put(ElementKind.of(src, "src"), index, src, srcOffset, count);
    }

    @Override
    public final void getArray(final int index, final Object dst, final int dstOffset, final int count) {
        get(ElementKind.of(dst, "dst"), index, dst, dstOffset, count);
    }

    @Override
    public final void putBytes(final int index, final byte[] src, final int srcOffset, final int count) {
        put(ElementKind.BYTE, index, src, srcOffset, count);
    }

    @Override
    public final void getBytes(final int index, final byte[] dst, final int dstOffset, final int count) {
        get(ElementKind.BYTE, index, dst, dstOffset, count);
    }

    @Override
    public final void putShorts(final int index, final short[] src, final int srcOffset, final int count) {
        put(ElementKind.SHORT, index, src, srcOffset, count);
    }

    @Override
    public final void getShorts(final int index, final short[] dst, final int dstOffset, final int count) {
        get(ElementKind.SHORT, index, dst, dstOffset, count);
    }

    @Override
    public final void putChars(final int index, final char[] src, final int srcOffset, final int count) {
        put(ElementKind.CHAR, index, src, srcOffset, count);
    }

    @Override
    public final void getChars(final int index, final char[] dst, final int dstOffset, final int count) {
        get(ElementKind.CHAR, index, dst, dstOffset, count);
    }

    @Override
    public final void putInts(final int index, final int[] src, final int srcOffset, final int count) {
        put(ElementKind.INT, index, src, srcOffset, count);
    }

    @Override
    public final void getInts(final int index, final int[] dst, final int dstOffset, final int count) {
        get(ElementKind.INT, index, dst, dstOffset, count);
    }

    @Override
    public final void putFloats(final int index, final float[] src, final int srcOffset, final int count) {
        put(ElementKind.FLOAT, index, src, srcOffset, count);
    }

    @Override
    public final void getFloats(final int index, final float[] dst, final int dstOffset, final int count) {
        get(ElementKind.FLOAT, index, dst, dstOffset, count);
    }

    @Override
    public final void putLongs(final int index, final long[] src, final int srcOffset, final int count) {
        put(ElementKind.LONG, index, src, srcOffset, count);
    }

    @Override
    public final void getLongs(final int index, final long[] dst, final int dstOffset, final int count) {
        get(ElementKind.LONG, index, dst, dstOffset, count);
    }

    @Override
    public final void putDoubles(final int index, final double[] src, final int srcOffset, final int count) {
        put(ElementKind.DOUBLE, index, src, srcOffset, count);
    }

    @Override
    public final void getDoubles(final int index, final double[] dst, final int dstOffset, final int count) {
        get(ElementKind.DOUBLE, index, dst, dstOffset, count);
    }

    @Override
    public final void putBooleans(final int index, final boolean[] src, final int srcOffset, final int count) {
        put(ElementKind.BOOLEAN, index, src, srcOffset, count);
    }

    @Override
    public final void getBooleans(final int index, final boolean[] dst, final int dstOffset, final int count) {
        get(ElementKind.BOOLEAN, index, dst, dstOffset, count);
    }

    @Override
    public final void gather(final int index, final Object src, final int[] indexes, final int idxOffset, final int count) {
        final ElementKind kind = ElementKind.of(src, "src");
        if (SHOULD_BOUNDS_CHECK) {
            checkIndexed(true, kind, index, src, "src", indexes, idxOffset, count);
        }
        try {
            ElementMover.gather(segment, index, swap, kind, src, indexes, idxOffset, 0, 0, count);
        } catch (final IndexOutOfBoundsException badIndex) {
            throw SHOULD_BOUNDS_CHECK ? elementOutOfBounds(kind, src, "src", indexes, idxOffset, count, badIndex) : badIndex;
        }
    }

    @Override
    public final void scatter(final int index, final Object dst, final int[] indexes, final int idxOffset, final int count) {
        final ElementKind kind = ElementKind.of(dst, "dst");
        if (SHOULD_BOUNDS_CHECK) {
            checkIndexed(false, kind, index, dst, "dst", indexes, idxOffset, count);
        }
        try {
            ElementMover.scatter(segment, index, swap, kind, dst, indexes, idxOffset, 0, 0, count);
        } catch (final IndexOutOfBoundsException badIndex) {
            throw SHOULD_BOUNDS_CHECK ? elementOutOfBounds(kind, dst, "dst", indexes, idxOffset, count, badIndex) : badIndex;
        }
    }

    @Override
    public final int stridedGather(
        final int index, final Object src, final int srcOffset,
        final int rank, final int extentsOffset, final int stridesOffset, final int[] shape) {
        return strided(true, index, src, "src", srcOffset, rank, extentsOffset, stridesOffset, shape);
    }

    @Override
    public final int stridedScatter(
        final int index, final Object dst, final int dstOffset,
        final int rank, final int extentsOffset, final int stridesOffset, final int[] shape) {
        return strided(false, index, dst, "dst", dstOffset, rank, extentsOffset, stridesOffset, shape);
    }

    @Override
    public final ByteBuffer byteBuffer() {
        ensureNotFreed();
        final ByteBuffer view = view();
        view.clear();
        return view.order(order());
    }

    @Override
    public final MemorySegment segment() {
        ensureNotFreed();
        return segment;
    }

    @Override
    public final Object registrationKey() {
        ensureNotFreed();
        return registration();
    }

    @Override
    public final boolean isFreed() {
        return freed;
    }

    @Override
    public final void free() {
        if (freed) {
            throw new IllegalStateException("double free: " + this + " has already been freed");
        }
        freed = true;
        readableCapacity = 0;
        writableCapacity = 0;
        release();
    }

    @Override
    public final String toString() {
        return getClass().getSimpleName() + "[capacity=" + capacity + ", order=" + order()
            + (segment.isNative() ? ", native" : ", heap") + (freed ? ", freed" : "") + "]";
    }

    private void put(final ElementKind kind, final int index, final Object src, final int srcOffset, final int count) {
        if (SHOULD_BOUNDS_CHECK) {
            checkRange(true, kind, index, src, "src", srcOffset, count);
        }
        if (kind == ElementKind.BOOLEAN) {
            ElementMover.gather(segment, index, false, kind, src, null, 0, srcOffset, 1, count);
        } else {
            MemorySegment.copy(src, srcOffset, segment, kind.layout(bigEndian), index, count);
        }
    }

    private void get(final ElementKind kind, final int index, final Object dst, final int dstOffset, final int count) {
        if (SHOULD_BOUNDS_CHECK) {
            checkRange(false, kind, index, dst, "dst", dstOffset, count);
        }
        if (kind == ElementKind.BOOLEAN) {
            ElementMover.scatter(segment, index, false, kind, dst, null, 0, dstOffset, 1, count);
        } else {
            MemorySegment.copy(segment, kind.layout(bigEndian), index, dst, dstOffset, count);
        }
    }

    private int strided(
        final boolean gather, final int index, final Object array, final String arrayName, final int arrayOffset,
        final int rank, final int extentsOffset, final int stridesOffset, final int[] shape) {
        final ElementKind kind = ElementKind.of(array, arrayName);
        Objects.requireNonNull(shape, "shape must not be null");
        final long count;
        if (SHOULD_BOUNDS_CHECK) {
            count = StridedRegion.check(
                ElementKind.length(array), arrayName, arrayOffset, rank, extentsOffset, stridesOffset, shape);
            checkBytes(gather, index, count > Integer.MAX_VALUE ? Long.MAX_VALUE : count << kind.shift, count);
        } else {
            count = StridedRegion.count(rank, extentsOffset, shape);
        }
        if (count > 0) {
            StridedRegion.copy(gather, segment, index, bigEndian, swap, kind, array, arrayOffset,
                rank, extentsOffset, stridesOffset, shape);
        }
        return (int) count;
    }

    private void checkRead(final int index, final int length) {
        if (SHOULD_BOUNDS_CHECK && (index < 0 || index > readableCapacity - length)) {
            throw outOfBounds(false, index, length, -1);
        }
    }

    private void checkWrite(final int index, final int length) {
        if (SHOULD_BOUNDS_CHECK && (index < 0 || index > writableCapacity - length)) {
            throw outOfBounds(true, index, length, -1);
        }
    }

    private void checkBytes(final boolean write, final int index, final long length, final long count) {
        if (index < 0 || index > (write ? writableCapacity : readableCapacity) - length) {
            throw outOfBounds(write, index, length, count);
        }
    }

    private void checkRange(
        final boolean write, final ElementKind kind, final int index, final Object array, final String arrayName,
        final int arrayOffset, final int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count must be >= 0, got " + count);
        }
        if (array == null) {
            throw new NullPointerException(arrayName + " must not be null");
        }
        final int length = ElementKind.length(array);
        if (arrayOffset < 0 || arrayOffset > length - count) {
            throw new IndexOutOfBoundsException(arrayName + "Offset " + arrayOffset + " with count " + count
                + " is outside the " + kind.arrayTypeName() + " " + arrayName + " of length " + length);
        }
        checkBytes(write, index, (long) count << kind.shift, count);
    }

    private void checkIndexed(
        final boolean write, final ElementKind kind, final int index, final Object array, final String arrayName,
        final int[] indexes, final int idxOffset, final int count) {
        Objects.requireNonNull(indexes, "indexes must not be null");
        if (count < 0) {
            throw new IllegalArgumentException("count must be >= 0, got " + count);
        }
        if (idxOffset < 0 || idxOffset > indexes.length - count) {
            throw new IndexOutOfBoundsException("idxOffset " + idxOffset + " with count " + count
                + " is outside the indexes array of length " + indexes.length);
        }
        checkBytes(write, index, (long) count << kind.shift, count);
    }

    /** Names the first bad index once the element loop has stopped at it. */
    private static RuntimeException elementOutOfBounds(
        final ElementKind kind, final Object array, final String arrayName,
        final int[] indexes, final int idxOffset, final int count, final IndexOutOfBoundsException cause) {
        final int length = ElementKind.length(array);
        for (int k = idxOffset, end = idxOffset + count; k < end; k++) {
            final int element = indexes[k];
            if (element < 0 || element >= length) {
                final IndexOutOfBoundsException named = new IndexOutOfBoundsException("indexes[" + k + "] = " + element
                    + " is outside the " + kind.arrayTypeName() + " " + arrayName + " of length " + length
                    + "; the " + (k - idxOffset) + " elements before it were copied");
                named.initCause(cause);
                return named;
            }
        }
        return cause;
    }

    private void ensureNotFreed() {
        if (freed) {
            throw usedAfterFree();
        }
    }

    private RuntimeException outOfBounds(final boolean write, final int index, final long length, final long count) {
        if (freed) {
            return usedAfterFree();
        }
        if (write && segment.isReadOnly()) {
            return new ReadOnlyBufferException();
        }
        final String what = "index " + index + " with length " + length
            + (count >= 0 ? " (" + count + " elements)" : "") + " is outside the buffer of capacity " + capacity;
        return new IndexOutOfBoundsException(length > capacity
            ? what + ": the length exceeds the capacity"
            : what + ": expected 0 <= index <= " + (capacity - length));
    }

    private IllegalStateException usedAfterFree() {
        return new IllegalStateException(this + " has been freed and may no longer be used");
    }
}
