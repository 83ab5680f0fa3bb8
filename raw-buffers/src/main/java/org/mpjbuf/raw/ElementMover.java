package org.mpjbuf.raw;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Element-at-a-time kernels for the copies that are not one contiguous run of a type
 * {@link MemorySegment#copy(Object, int, MemorySegment, ValueLayout, long, int)} handles:
 * gather/scatter by index array, the runs of a strided region whose stride is not 1, and
 * booleans.
 *
 * <p>Design note. The k-th element moved sits at {@code index + k * size} in the buffer, packed,
 * and at {@code indexes[idxOffset + k]} in the array, or at {@code first + k * stride} when
 * {@code indexes} is null (a strided run). Values travel in the buffer in native order, their
 * bytes reversed when the buffer's order is not native; floats and doubles as their raw bits, so
 * NaN payloads survive.
 *
 * <p>Why the loops look as they do, each measured with the packing benchmarks against a plain
 * indexed loop over the same memory:
 * <ul>
 *   <li>One loop per element type, chosen by one switch before the loop, each a small method of
 *       its own reading or writing the Java array directly. A single loop switching on the width
 *       per element ran 5-14x slower than the plain loop once two element types had passed
 *       through it (the JIT cannot unswitch it); one loop per width reading the array through a
 *       heap segment ran at 0.6-0.9 of it; loops on the array itself at 0.9-1.0 (the rest is
 *       the fixed cost of a call; see benchmarks/README.md).</li>
 *   <li>The choice between index array and stride, and between native and swapped order, are
 *       loop invariants that the JIT hoists out of the loop (loop unswitching), so one loop per
 *       type serves the four cases, and a strided run needs no index array of its own.</li>
 * </ul>
 *
 * <p>Callers have checked the buffer range; an element index outside the array fails in the array
 * access itself with an {@link IndexOutOfBoundsException}, after the elements before it were
 * copied. Stateless; safe from any thread on distinct memory.
 */
final class ElementMover {
    private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;
    private static final ValueLayout.OfShort SHORT = OrderedLayouts.SHORT;
    private static final ValueLayout.OfChar CHAR = OrderedLayouts.CHAR;
    private static final ValueLayout.OfInt INT = OrderedLayouts.INT;
    private static final ValueLayout.OfLong LONG = OrderedLayouts.LONG;

    private ElementMover() {
    }

    /**
     * Buffer at {@code index}, packed &lt;- {@code count} elements of {@code array}: at
     * {@code indexes[idxOffset + k]}, or at {@code first + k * stride} when {@code indexes} is null.
     */
    static void gather(
        final MemorySegment buffer, final long index, final boolean swap, final ElementKind kind, final Object array,
        final int[] indexes, final int idxOffset, final int first, final int stride, final int count) {
        switch (kind) {
            case BYTE -> gatherBytes(buffer, index, (byte[]) array, indexes, idxOffset, first, stride, count);
            case BOOLEAN -> gatherBooleans(buffer, index, (boolean[]) array, indexes, idxOffset, first, stride, count);
            case SHORT -> gatherShorts(buffer, index, swap, (short[]) array, indexes, idxOffset, first, stride, count);
            case CHAR -> gatherChars(buffer, index, swap, (char[]) array, indexes, idxOffset, first, stride, count);
            case INT -> gatherInts(buffer, index, swap, (int[]) array, indexes, idxOffset, first, stride, count);
            case FLOAT -> gatherFloats(buffer, index, swap, (float[]) array, indexes, idxOffset, first, stride, count);
            case LONG -> gatherLongs(buffer, index, swap, (long[]) array, indexes, idxOffset, first, stride, count);
            case DOUBLE -> gatherDoubles(buffer, index, swap, (double[]) array, indexes, idxOffset, first, stride, count);
        }
    }

    /**
     * {@code count} elements of {@code array} &lt;- buffer at {@code index}, packed: at
     * {@code indexes[idxOffset + k]}, or at {@code first + k * stride} when {@code indexes} is null.
     */
    static void scatter(
        final MemorySegment buffer, final long index, final boolean swap, final ElementKind kind, final Object array,
        final int[] indexes, final int idxOffset, final int first, final int stride, final int count) {
        switch (kind) {
            case BYTE -> scatterBytes(buffer, index, (byte[]) array, indexes, idxOffset, first, stride, count);
            case BOOLEAN -> scatterBooleans(buffer, index, (boolean[]) array, indexes, idxOffset, first, stride, count);
            case SHORT -> scatterShorts(buffer, index, swap, (short[]) array, indexes, idxOffset, first, stride, count);
            case CHAR -> scatterChars(buffer, index, swap, (char[]) array, indexes, idxOffset, first, stride, count);
            case INT -> scatterInts(buffer, index, swap, (int[]) array, indexes, idxOffset, first, stride, count);
            case FLOAT -> scatterFloats(buffer, index, swap, (float[]) array, indexes, idxOffset, first, stride, count);
            case LONG -> scatterLongs(buffer, index, swap, (long[]) array, indexes, idxOffset, first, stride, count);
            case DOUBLE -> scatterDoubles(buffer, index, swap, (double[]) array, indexes, idxOffset, first, stride, count);
        }
    }

    /**
     * Where the k-th element is in the array: from the index array, or along the stride. A strided
     * run lies inside the array (checked by the caller), so {@code origin + k * step} stays
     * between its first and last element and fits an int.
     */
    private static int at(final int[] indexes, final int idxOffset, final int origin, final int step, final int k) {
        return indexes != null ? indexes[idxOffset + k] : origin + k * step;
    }

    private static void gatherBytes(
        MemorySegment buffer, long index, byte[] array,
        int[] indexes, int idxOffset, int origin, int step, int count) {
        for (int k = 0; k < count; k++) {
            buffer.set(BYTE, index + k, array[at(indexes, idxOffset, origin, step, k)]);
        }
    }

    private static void gatherBooleans(
        MemorySegment buffer, long index, boolean[] array,
        int[] indexes, int idxOffset, int origin, int step, int count) {
        for (int k = 0; k < count; k++) {
            buffer.set(BYTE, index + k, array[at(indexes, idxOffset, origin, step, k)] ? (byte) 1 : (byte) 0);
        }
    }

    private static void gatherShorts(
        MemorySegment buffer, long index, boolean swap, short[] array,
        int[] indexes, int idxOffset, int origin, int step, int count) {
        for (int k = 0; k < count; k++) {
            final short value = array[at(indexes, idxOffset, origin, step, k)];
            buffer.set(SHORT, index + 2L * k, swap ? Short.reverseBytes(value) : value);
        }
    }

    private static void gatherChars(
        MemorySegment buffer, long index, boolean swap, char[] array,
        int[] indexes, int idxOffset, int origin, int step, int count) {
        for (int k = 0; k < count; k++) {
            final char value = array[at(indexes, idxOffset, origin, step, k)];
            buffer.set(CHAR, index + 2L * k, swap ? Character.reverseBytes(value) : value);
        }
    }

    private static void gatherInts(
        MemorySegment buffer, long index, boolean swap, int[] array,
        int[] indexes, int idxOffset, int origin, int step, int count) {
        for (int k = 0; k < count; k++) {
            final int value = array[at(indexes, idxOffset, origin, step, k)];
            buffer.set(INT, index + 4L * k, swap ? Integer.reverseBytes(value) : value);
        }
    }

    private static void gatherFloats(
        MemorySegment buffer, long index, boolean swap, float[] array,
        int[] indexes, int idxOffset, int origin, int step, int count) {
        for (int k = 0; k < count; k++) {
            final int value = Float.floatToRawIntBits(array[at(indexes, idxOffset, origin, step, k)]);
            buffer.set(INT, index + 4L * k, swap ? Integer.reverseBytes(value) : value);
        }
    }

    private static void gatherLongs(
        MemorySegment buffer, long index, boolean swap, long[] array,
        int[] indexes, int idxOffset, int origin, int step, int count) {
        for (int k = 0; k < count; k++) {
            final long value = array[at(indexes, idxOffset, origin, step, k)];
            buffer.set(LONG, index + 8L * k, swap ? Long.reverseBytes(value) : value);
        }
    }

    private static void gatherDoubles(
        MemorySegment buffer, long index, boolean swap, double[] array,
        int[] indexes, int idxOffset, int origin, int step, int count) {
        for (int k = 0; k < count; k++) {
            final long value = Double.doubleToRawLongBits(array[at(indexes, idxOffset, origin, step, k)]);
            buffer.set(LONG, index + 8L * k, swap ? Long.reverseBytes(value) : value);
        }
    }

    private static void scatterBytes(
        MemorySegment buffer, long index, byte[] array,
        int[] indexes, int idxOffset, int origin, int step, int count) {
        for (int k = 0; k < count; k++) {
            array[at(indexes, idxOffset, origin, step, k)] = buffer.get(BYTE, index + k);
        }
    }

    private static void scatterBooleans(
        MemorySegment buffer, long index, boolean[] array,
        int[] indexes, int idxOffset, int origin, int step, int count) {
        for (int k = 0; k < count; k++) {
            array[at(indexes, idxOffset, origin, step, k)] = buffer.get(BYTE, index + k) != 0;
        }
    }

    private static void scatterShorts(
        MemorySegment buffer, long index, boolean swap, short[] array,
        int[] indexes, int idxOffset, int origin, int step, int count) {
        for (int k = 0; k < count; k++) {
            final short value = buffer.get(SHORT, index + 2L * k);
            array[at(indexes, idxOffset, origin, step, k)] = swap ? Short.reverseBytes(value) : value;
        }
    }

    private static void scatterChars(
        MemorySegment buffer, long index, boolean swap, char[] array,
        int[] indexes, int idxOffset, int origin, int step, int count) {
        for (int k = 0; k < count; k++) {
            final char value = buffer.get(CHAR, index + 2L * k);
            array[at(indexes, idxOffset, origin, step, k)] = swap ? Character.reverseBytes(value) : value;
        }
    }

    private static void scatterInts(
        MemorySegment buffer, long index, boolean swap, int[] array,
        int[] indexes, int idxOffset, int origin, int step, int count) {
        for (int k = 0; k < count; k++) {
            final int value = buffer.get(INT, index + 4L * k);
            array[at(indexes, idxOffset, origin, step, k)] = swap ? Integer.reverseBytes(value) : value;
        }
    }

    private static void scatterFloats(
        MemorySegment buffer, long index, boolean swap, float[] array,
        int[] indexes, int idxOffset, int origin, int step, int count) {
        for (int k = 0; k < count; k++) {
            final int value = buffer.get(INT, index + 4L * k);
            array[at(indexes, idxOffset, origin, step, k)] = Float.intBitsToFloat(swap ? Integer.reverseBytes(value) : value);
        }
    }

    private static void scatterLongs(
        MemorySegment buffer, long index, boolean swap, long[] array,
        int[] indexes, int idxOffset, int origin, int step, int count) {
        for (int k = 0; k < count; k++) {
            final long value = buffer.get(LONG, index + 8L * k);
            array[at(indexes, idxOffset, origin, step, k)] = swap ? Long.reverseBytes(value) : value;
        }
    }

    private static void scatterDoubles(
        MemorySegment buffer, long index, boolean swap, double[] array,
        int[] indexes, int idxOffset, int origin, int step, int count) {
        for (int k = 0; k < count; k++) {
            final long value = buffer.get(LONG, index + 8L * k);
            array[at(indexes, idxOffset, origin, step, k)] = Double.longBitsToDouble(swap ? Long.reverseBytes(value) : value);
        }
    }
}
