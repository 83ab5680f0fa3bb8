package org.mpjbuf.raw;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Element-at-a-time kernels for the copies that are not one contiguous run: gather/scatter by
 * index array, the runs of a strided region whose stride is not 1, and booleans.
 *
 * <p>Design note. An element's position in the array is {@code indexes[idxOffset + k]} for an
 * index array, or {@code first + k * stride} for a strided run ({@code indexes == null}); the
 * k-th element sits at {@code index + k * size} in the buffer, packed. Elements move as raw bits
 * of their width class, read from the Java array through a heap segment in native order and
 * written to the buffer in native order, reversed when the buffer's order is not native (or the
 * reverse way). So there is one loop per width (1, 2, 4 and 8 bytes), not one per Java type: ints
 * and floats share the 4-byte loop, longs and doubles the 8-byte one, and floats keep their NaN
 * payloads. Booleans have loops of their own because the platform has no segment view of
 * {@code boolean[]}: one byte each, written as 0/1, read as non-zero.
 *
 * <p>Why the loops look as they do (each measured with the packing benchmarks against a plain
 * indexed loop):
 * <ul>
 *   <li>The width is chosen once per call, outside the loop, and every loop is a small method of
 *       its own. A single loop switching on the width inside ran 5-14x slower than a plain loop
 *       once two element types had passed through it (the JIT cannot unswitch it). One method
 *       holding all the width loops measured 0.04-0.44 of the plain loop when called through
 *       the packing API (likely the JIT's inlining budget running out deep in that call chain);
 *       with one small method per loop, compiled on its own, the same benchmark is close to the
 *       plain loop.</li>
 *   <li>The choice between index array and stride, and between native and swapped order, are
 *       loop invariants, which the JIT hoists out of the loop (loop unswitching), so one loop
 *       serves all four cases without a scratch index array.</li>
 * </ul>
 * Contiguous runs never come here: they go to
 * {@link MemorySegment#copy(Object, int, MemorySegment, ValueLayout, long, int)} and its mirror.
 *
 * <p>Callers have checked the buffer range; an element index outside the array fails in the array
 * access itself with an {@link IndexOutOfBoundsException}, after the elements before it were
 * copied. Stateless; safe from any thread on distinct memory.
 */
final class ElementMover {
    private ElementMover() {
    }

    /**
     * Buffer at {@code index}, packed &lt;- {@code count} elements of {@code array}: at
     * {@code indexes[idxOffset + k]}, or at {@code first + k * stride} when {@code indexes} is null.
     */
    static void gather(
        final MemorySegment buffer, final long index, final boolean swap, final ElementKind kind, final Object array,
        final int[] indexes, final int idxOffset, final long first, final long stride, final int count) {
        final MemorySegment source = ElementKind.segmentOf(array);
        switch (kind.bits) {
            case 0 -> gatherBooleans(buffer, index, (boolean[]) array, indexes, idxOffset, first, stride, count);
            case 1 -> gatherBytes(buffer, index, source, indexes, idxOffset, first, stride, count);
            case 2 -> gatherShorts(buffer, index, swap, source, indexes, idxOffset, first, stride, count);
            case 4 -> gatherInts(buffer, index, swap, source, indexes, idxOffset, first, stride, count);
            default -> gatherLongs(buffer, index, swap, source, indexes, idxOffset, first, stride, count);
        }
    }

    /**
     * {@code count} elements of {@code array} &lt;- buffer at {@code index}, packed: at
     * {@code indexes[idxOffset + k]}, or at {@code first + k * stride} when {@code indexes} is null.
     */
    static void scatter(
        final MemorySegment buffer, final long index, final boolean swap, final ElementKind kind, final Object array,
        final int[] indexes, final int idxOffset, final long first, final long stride, final int count) {
        final MemorySegment target = ElementKind.segmentOf(array);
        switch (kind.bits) {
            case 0 -> scatterBooleans(buffer, index, (boolean[]) array, indexes, idxOffset, first, stride, count);
            case 1 -> scatterBytes(buffer, index, target, indexes, idxOffset, first, stride, count);
            case 2 -> scatterShorts(buffer, index, swap, target, indexes, idxOffset, first, stride, count);
            case 4 -> scatterInts(buffer, index, swap, target, indexes, idxOffset, first, stride, count);
            default -> scatterLongs(buffer, index, swap, target, indexes, idxOffset, first, stride, count);
        }
    }

    /** The array position of the k-th element: from the index array, or along the stride. */
    private static long element(final int[] indexes, final int idxOffset, final long first, final long stride, final int k) {
        return indexes != null ? indexes[idxOffset + k] : first + k * stride;
    }

    private static void gatherBooleans(
        final MemorySegment buffer, final long index, final boolean[] array,
        final int[] indexes, final int idxOffset, final long first, final long stride, final int count) {
        for (int k = 0; k < count; k++) {
            final boolean value = array[(int) element(indexes, idxOffset, first, stride, k)];
            buffer.set(ValueLayout.JAVA_BYTE, index + k, value ? (byte) 1 : (byte) 0);
        }
    }

    private static void gatherBytes(
        final MemorySegment buffer, final long index, final MemorySegment source,
        final int[] indexes, final int idxOffset, final long first, final long stride, final int count) {
        for (int k = 0; k < count; k++) {
            buffer.set(ValueLayout.JAVA_BYTE, index + k,
                source.get(ValueLayout.JAVA_BYTE, element(indexes, idxOffset, first, stride, k)));
        }
    }

    private static void gatherShorts(
        final MemorySegment buffer, final long index, final boolean swap, final MemorySegment source,
        final int[] indexes, final int idxOffset, final long first, final long stride, final int count) {
        for (int k = 0; k < count; k++) {
            final short value = source.getAtIndex(ValueLayout.JAVA_SHORT, element(indexes, idxOffset, first, stride, k));
            buffer.set(OrderedLayouts.SHORT, index + 2L * k, swap ? Short.reverseBytes(value) : value);
        }
    }

    private static void gatherInts(
        final MemorySegment buffer, final long index, final boolean swap, final MemorySegment source,
        final int[] indexes, final int idxOffset, final long first, final long stride, final int count) {
        for (int k = 0; k < count; k++) {
            final int value = source.getAtIndex(ValueLayout.JAVA_INT, element(indexes, idxOffset, first, stride, k));
            buffer.set(OrderedLayouts.INT, index + 4L * k, swap ? Integer.reverseBytes(value) : value);
        }
    }

    private static void gatherLongs(
        final MemorySegment buffer, final long index, final boolean swap, final MemorySegment source,
        final int[] indexes, final int idxOffset, final long first, final long stride, final int count) {
        for (int k = 0; k < count; k++) {
            final long value = source.getAtIndex(ValueLayout.JAVA_LONG, element(indexes, idxOffset, first, stride, k));
            buffer.set(OrderedLayouts.LONG, index + 8L * k, swap ? Long.reverseBytes(value) : value);
        }
    }

    private static void scatterBooleans(
        final MemorySegment buffer, final long index, final boolean[] array,
        final int[] indexes, final int idxOffset, final long first, final long stride, final int count) {
        for (int k = 0; k < count; k++) {
            array[(int) element(indexes, idxOffset, first, stride, k)] =
                buffer.get(ValueLayout.JAVA_BYTE, index + k) != 0;
        }
    }

    private static void scatterBytes(
        final MemorySegment buffer, final long index, final MemorySegment target,
        final int[] indexes, final int idxOffset, final long first, final long stride, final int count) {
        for (int k = 0; k < count; k++) {
            target.set(ValueLayout.JAVA_BYTE, element(indexes, idxOffset, first, stride, k),
                buffer.get(ValueLayout.JAVA_BYTE, index + k));
        }
    }

    private static void scatterShorts(
        final MemorySegment buffer, final long index, final boolean swap, final MemorySegment target,
        final int[] indexes, final int idxOffset, final long first, final long stride, final int count) {
        for (int k = 0; k < count; k++) {
            final short value = buffer.get(OrderedLayouts.SHORT, index + 2L * k);
            target.setAtIndex(ValueLayout.JAVA_SHORT, element(indexes, idxOffset, first, stride, k),
                swap ? Short.reverseBytes(value) : value);
        }
    }

    private static void scatterInts(
        final MemorySegment buffer, final long index, final boolean swap, final MemorySegment target,
        final int[] indexes, final int idxOffset, final long first, final long stride, final int count) {
        for (int k = 0; k < count; k++) {
            final int value = buffer.get(OrderedLayouts.INT, index + 4L * k);
            target.setAtIndex(ValueLayout.JAVA_INT, element(indexes, idxOffset, first, stride, k),
                swap ? Integer.reverseBytes(value) : value);
        }
    }

    private static void scatterLongs(
        final MemorySegment buffer, final long index, final boolean swap, final MemorySegment target,
        final int[] indexes, final int idxOffset, final long first, final long stride, final int count) {
        for (int k = 0; k < count; k++) {
            final long value = buffer.get(OrderedLayouts.LONG, index + 8L * k);
            target.setAtIndex(ValueLayout.JAVA_LONG, element(indexes, idxOffset, first, stride, k),
                swap ? Long.reverseBytes(value) : value);
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
