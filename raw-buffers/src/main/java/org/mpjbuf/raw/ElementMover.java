package org.mpjbuf.raw;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Element-at-a-time kernels for the copies that are not one contiguous run: gather/scatter by
 * index array (strided runs come here too, as an index array of their run), and booleans.
 *
 * <p>Design note. Elements move as raw bits of their width class, read from the Java array
 * through a heap segment in native order and written to the buffer in native order, reversed when
 * the buffer's order is not native (or the reverse way). So there is one loop per width (1, 2, 4
 * and 8 bytes), not one per Java type: ints and floats share the 4-byte loop, longs and doubles
 * the 8-byte one, and floats keep their NaN payloads. The width is chosen once per call, outside
 * the loop. A single loop with the width switch inside it looked simpler but measured 5 to 14
 * times slower than a plain indexed loop as soon as two element types had passed through it (the
 * JIT cannot unswitch it); the width loops run at plain-loop speed. Booleans have loops of their
 * own because the platform has no segment view of {@code boolean[]}: one byte each, written as
 * 0/1, read as non-zero. Contiguous runs never come here: they go to
 * {@link MemorySegment#copy(Object, int, MemorySegment, ValueLayout, long, int)} and its mirror.
 *
 * <p>Callers have checked the buffer range; an element index outside the array fails in the array
 * access itself with an {@link IndexOutOfBoundsException}, after the elements before it were
 * copied. Stateless; safe from any thread on distinct memory.
 */
final class ElementMover {
    private ElementMover() {
    }

    /** Buffer at {@code index}, packed &lt;- {@code array[indexes[idxOffset + k]]}, k &lt; count. */
    static void gather(
        final MemorySegment buffer, final long index, final boolean swap, final ElementKind kind,
        final Object array, final int[] indexes, final int idxOffset, final int count) {
        final MemorySegment source = ElementKind.segmentOf(array);
        switch (kind.bits) {
            case 0 -> {
                final boolean[] booleans = (boolean[]) array;
                for (int k = 0; k < count; k++) {
                    buffer.set(ValueLayout.JAVA_BYTE, index + k, booleans[indexes[idxOffset + k]] ? (byte) 1 : (byte) 0);
                }
            }
            case 1 -> {
                for (int k = 0; k < count; k++) {
                    buffer.set(ValueLayout.JAVA_BYTE, index + k, source.get(ValueLayout.JAVA_BYTE, indexes[idxOffset + k]));
                }
            }
            case 2 -> {
                for (int k = 0; k < count; k++) {
                    final short value = source.getAtIndex(ValueLayout.JAVA_SHORT, indexes[idxOffset + k]);
                    buffer.set(OrderedLayouts.SHORT, index + 2L * k, swap ? Short.reverseBytes(value) : value);
                }
            }
            case 4 -> {
                for (int k = 0; k < count; k++) {
                    final int value = source.getAtIndex(ValueLayout.JAVA_INT, indexes[idxOffset + k]);
                    buffer.set(OrderedLayouts.INT, index + 4L * k, swap ? Integer.reverseBytes(value) : value);
                }
            }
            default -> {
                for (int k = 0; k < count; k++) {
                    final long value = source.getAtIndex(ValueLayout.JAVA_LONG, indexes[idxOffset + k]);
                    buffer.set(OrderedLayouts.LONG, index + 8L * k, swap ? Long.reverseBytes(value) : value);
                }
            }
        }
    }

    /** {@code array[indexes[idxOffset + k]]} &lt;- buffer at {@code index}, packed, k &lt; count. */
    static void scatter(
        final MemorySegment buffer, final long index, final boolean swap, final ElementKind kind,
        final Object array, final int[] indexes, final int idxOffset, final int count) {
        final MemorySegment target = ElementKind.segmentOf(array);
        switch (kind.bits) {
            case 0 -> {
                final boolean[] booleans = (boolean[]) array;
                for (int k = 0; k < count; k++) {
                    booleans[indexes[idxOffset + k]] = buffer.get(ValueLayout.JAVA_BYTE, index + k) != 0;
                }
            }
            case 1 -> {
                for (int k = 0; k < count; k++) {
                    target.set(ValueLayout.JAVA_BYTE, indexes[idxOffset + k], buffer.get(ValueLayout.JAVA_BYTE, index + k));
                }
            }
            case 2 -> {
                for (int k = 0; k < count; k++) {
                    final short value = buffer.get(OrderedLayouts.SHORT, index + 2L * k);
                    target.setAtIndex(ValueLayout.JAVA_SHORT, indexes[idxOffset + k], swap ? Short.reverseBytes(value) : value);
                }
            }
            case 4 -> {
                for (int k = 0; k < count; k++) {
                    final int value = buffer.get(OrderedLayouts.INT, index + 4L * k);
                    target.setAtIndex(ValueLayout.JAVA_INT, indexes[idxOffset + k], swap ? Integer.reverseBytes(value) : value);
                }
            }
            default -> {
                for (int k = 0; k < count; k++) {
                    final long value = buffer.get(OrderedLayouts.LONG, index + 8L * k);
                    target.setAtIndex(ValueLayout.JAVA_LONG, indexes[idxOffset + k], swap ? Long.reverseBytes(value) : value);
                }
            }
        }
    }

    /** Buffer at {@code index} &lt;- {@code src[srcOffset .. srcOffset + count)}, one byte each. */
    static void putBooleans(
        final MemorySegment buffer, final long index, final boolean[] src, final int srcOffset, final int count) {
        for (int k = 0; k < count; k++) {
            buffer.set(ValueLayout.JAVA_BYTE, index + k, src[srcOffset + k] ? (byte) 1 : (byte) 0);
        }
    }

    /** {@code dst[dstOffset .. dstOffset + count)} &lt;- buffer at {@code index}, non-zero is true. */
    static void getBooleans(
        final MemorySegment buffer, final long index, final boolean[] dst, final int dstOffset, final int count) {
        for (int k = 0; k < count; k++) {
            dst[dstOffset + k] = buffer.get(ValueLayout.JAVA_BYTE, index + k) != 0;
        }
    }
}
