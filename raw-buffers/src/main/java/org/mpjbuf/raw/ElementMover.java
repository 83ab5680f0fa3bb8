package org.mpjbuf.raw;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Element-at-a-time kernels for the copies that are not one contiguous run: gather/scatter by
 * index array and strided runs.
 *
 * <p>Design note. Every element is moved as raw bits of its width class (1, 2, 4 or 8 bytes; a
 * boolean is one byte, normalised to 0/1): read from the Java array through a heap segment in
 * native order, written to the buffer through a layout in the buffer's order (or the reverse). So
 * one loop per operation serves all eight primitive types; the width switch inside it is loop
 * invariant and always predicted. Contiguous runs never come here: they go to
 * {@link MemorySegment#copy(Object, int, MemorySegment, ValueLayout, long, int)} and its mirror.
 * Booleans are the one exception to the heap-segment route, because the platform has no segment
 * view of {@code boolean[]}.
 *
 * <p>Callers have checked every index; these methods only move data. Stateless; safe from any
 * thread on distinct memory.
 */
final class ElementMover {
    private ElementMover() {
    }

    /** Buffer at {@code index}, packed &lt;- {@code array[indexes[idxOffset + k]]}, k &lt; count. */
    static void gather(
        final MemorySegment buffer, final long index, final boolean bigEndian, final ElementKind kind,
        final Object array, final int[] indexes, final int idxOffset, final int count) {
        final MemorySegment arraySegment = ElementKind.segmentOf(array);
        final int bits = kind.bits;
        final int shift = kind.shift;
        for (int k = 0; k < count; k++) {
            final long value = loadArray(array, arraySegment, bits, indexes[idxOffset + k]);
            storeBuffer(buffer, index + ((long) k << shift), bits, bigEndian, value);
        }
    }

    /** {@code array[indexes[idxOffset + k]]} &lt;- buffer at {@code index}, packed, k &lt; count. */
    static void scatter(
        final MemorySegment buffer, final long index, final boolean bigEndian, final ElementKind kind,
        final Object array, final int[] indexes, final int idxOffset, final int count) {
        final MemorySegment arraySegment = ElementKind.segmentOf(array);
        final int bits = kind.bits;
        final int shift = kind.shift;
        for (int k = 0; k < count; k++) {
            final long value = loadBuffer(buffer, index + ((long) k << shift), bits, bigEndian);
            storeArray(array, arraySegment, bits, indexes[idxOffset + k], value);
        }
    }

    /** Buffer at {@code index}, packed &lt;- {@code array[first + k * stride]}, k &lt; count. */
    static void gatherRun(
        final MemorySegment buffer, final long index, final boolean bigEndian, final ElementKind kind,
        final Object array, final MemorySegment arraySegment, final long first, final long stride, final int count) {
        final int bits = kind.bits;
        final int shift = kind.shift;
        long element = first;
        for (int k = 0; k < count; k++) {
            storeBuffer(buffer, index + ((long) k << shift), bits, bigEndian, loadArray(array, arraySegment, bits, element));
            element += stride;
        }
    }

    /** {@code array[first + k * stride]} &lt;- buffer at {@code index}, packed, k &lt; count. */
    static void scatterRun(
        final MemorySegment buffer, final long index, final boolean bigEndian, final ElementKind kind,
        final Object array, final MemorySegment arraySegment, final long first, final long stride, final int count) {
        final int bits = kind.bits;
        final int shift = kind.shift;
        long element = first;
        for (int k = 0; k < count; k++) {
            storeArray(array, arraySegment, bits, element, loadBuffer(buffer, index + ((long) k << shift), bits, bigEndian));
            element += stride;
        }
    }

    private static long loadArray(final Object array, final MemorySegment arraySegment, final int bits, final long element) {
        return switch (bits) {
            case 0 -> ((boolean[]) array)[(int) element] ? 1L : 0L;
            case 1 -> arraySegment.get(ValueLayout.JAVA_BYTE, element);
            case 2 -> arraySegment.getAtIndex(ValueLayout.JAVA_SHORT, element);
            case 4 -> arraySegment.getAtIndex(ValueLayout.JAVA_INT, element);
            default -> arraySegment.getAtIndex(ValueLayout.JAVA_LONG, element);
        };
    }

    private static void storeArray(
        final Object array, final MemorySegment arraySegment, final int bits, final long element, final long value) {
        switch (bits) {
            case 0 -> ((boolean[]) array)[(int) element] = value != 0;
            case 1 -> arraySegment.set(ValueLayout.JAVA_BYTE, element, (byte) value);
            case 2 -> arraySegment.setAtIndex(ValueLayout.JAVA_SHORT, element, (short) value);
            case 4 -> arraySegment.setAtIndex(ValueLayout.JAVA_INT, element, (int) value);
            default -> arraySegment.setAtIndex(ValueLayout.JAVA_LONG, element, value);
        }
    }

    private static long loadBuffer(final MemorySegment buffer, final long offset, final int bits, final boolean bigEndian) {
        return switch (bits) {
            case 0 -> buffer.get(ValueLayout.JAVA_BYTE, offset) != 0 ? 1L : 0L;
            case 1 -> buffer.get(ValueLayout.JAVA_BYTE, offset);
            case 2 -> buffer.get(bigEndian ? OrderedLayouts.SHORT_BE : OrderedLayouts.SHORT_LE, offset);
            case 4 -> buffer.get(bigEndian ? OrderedLayouts.INT_BE : OrderedLayouts.INT_LE, offset);
            default -> buffer.get(bigEndian ? OrderedLayouts.LONG_BE : OrderedLayouts.LONG_LE, offset);
        };
    }

    private static void storeBuffer(
        final MemorySegment buffer, final long offset, final int bits, final boolean bigEndian, final long value) {
        switch (bits) {
            case 0, 1 -> buffer.set(ValueLayout.JAVA_BYTE, offset, (byte) value);
            case 2 -> buffer.set(bigEndian ? OrderedLayouts.SHORT_BE : OrderedLayouts.SHORT_LE, offset, (short) value);
            case 4 -> buffer.set(bigEndian ? OrderedLayouts.INT_BE : OrderedLayouts.INT_LE, offset, (int) value);
            default -> buffer.set(bigEndian ? OrderedLayouts.LONG_BE : OrderedLayouts.LONG_LE, offset, value);
        }
    }
}
