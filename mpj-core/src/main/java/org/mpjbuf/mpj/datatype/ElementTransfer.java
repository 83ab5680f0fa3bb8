package org.mpjbuf.mpj.datatype;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import mpi.MPIException;

/**
 * Moves the elements of {@code count} items of a committed primitive datatype between a Java
 * array (seen as a heap {@link MemorySegment}) and a packed segment, in type-map order.
 *
 * <h2>Design</h2>
 * Elements are moved as raw bits by width (1, 2, 4 or 8 bytes), so one path serves every
 * primitive type but {@code boolean} (which has no segment view). Two strategies, chosen at
 * commit:
 * <ol>
 *   <li>types with long runs go through {@link TypeWalker}: each run is one bulk
 *       {@code MemorySegment.copy} (byte-swapping when the packed side is big-endian);</li>
 *   <li>types with short runs (a column, a strided vector, a small struct) have an
 *       {@link ElementPattern}: the walk over units and blocks is done here, and each block is
 *       one tight loop over the pattern's table. The loop is chosen by width once per block,
 *       outside the loop, so each of the four width loops stays monomorphic: a width switch
 *       inside the element loop cannot be unswitched by the JIT once several element types
 *       have used it, and measured four to five times slower than a plain loop.</li>
 * </ol>
 * The array side is always in native order; the packed side is big-endian for {@code Pack} and
 * native for a contiguous array of the base type.
 *
 * <p>Stateless and thread-safe; callers check bounds first.
 */
final class ElementTransfer {

    private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final boolean NATIVE_BIG_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN;

    private ElementTransfer() {
    }

    /**
     * Transfers {@code count} items at buffer offset {@code offset}.
     *
     * @param type a committed type over a primitive base type other than boolean
     * @param array the array as a heap segment
     * @param offset the buffer offset in elements
     * @param count number of items
     * @param limit the greatest number of elements to transfer
     * @param packed the packed side
     * @param position byte index of the first packed element
     * @param bigEndian whether the packed side is big-endian (else native)
     * @param toPacked direction: array to packed if {@code true}
     */
    static void transfer(MappedDatatype type, MemorySegment array, int offset, int count,
                         long limit, MemorySegment packed, long position, boolean bigEndian,
                         boolean toPacked) throws MPIException {
        ElementPattern pattern = type.pattern();
        if (pattern == null) {
            TypeWalker.walk(type, count, offset, limit,
                new RunCopier(type, array, packed, position, bigEndian, toPacked));
            return;
        }
        int width = type.baseType().packedLength();
        boolean swap = bigEndian != NATIVE_BIG_ENDIAN && width > 1;
        int[] table = pattern.table;
        long remaining = Math.min(limit, (long) count * type.size());
        long cursor = position;
        for (long unit = offset; remaining > 0; unit += pattern.unitExtent) {
            long unitLeft = Math.min(pattern.unitSize, remaining);
            remaining -= unitLeft;
            for (long block = unit; unitLeft > 0; block += pattern.blockStride) {
                int entries = (int) Math.min(table.length, unitLeft);
                unitLeft -= entries;
                if (toPacked) {
                    gather(table, entries, array, block * width, packed, cursor, width, swap);
                } else {
                    scatter(table, entries, array, block * width, packed, cursor, width, swap);
                }
                cursor += (long) entries * width;
            }
        }
    }

    /** Packed at {@code cursor} &lt;- elements {@code table[k]} of the block at byte {@code base}. */
    private static void gather(int[] table, int entries, MemorySegment array, long base,
                               MemorySegment packed, long cursor, int width, boolean swap) {
        switch (width) {
            case 8 -> {
                for (int k = 0; k < entries; k++) {
                    long bits = array.get(LONG, base + 8L * table[k]);
                    packed.set(LONG, cursor + 8L * k, swap ? Long.reverseBytes(bits) : bits);
                }
            }
            case 4 -> {
                for (int k = 0; k < entries; k++) {
                    int bits = array.get(INT, base + 4L * table[k]);
                    packed.set(INT, cursor + 4L * k, swap ? Integer.reverseBytes(bits) : bits);
                }
            }
            case 2 -> {
                for (int k = 0; k < entries; k++) {
                    short bits = array.get(SHORT, base + 2L * table[k]);
                    packed.set(SHORT, cursor + 2L * k, swap ? Short.reverseBytes(bits) : bits);
                }
            }
            default -> {
                for (int k = 0; k < entries; k++) {
                    packed.set(BYTE, cursor + k, array.get(BYTE, base + table[k]));
                }
            }
        }
    }

    /** Elements {@code table[k]} of the block at byte {@code base} &lt;- packed at {@code cursor}. */
    private static void scatter(int[] table, int entries, MemorySegment array, long base,
                                MemorySegment packed, long cursor, int width, boolean swap) {
        switch (width) {
            case 8 -> {
                for (int k = 0; k < entries; k++) {
                    long bits = packed.get(LONG, cursor + 8L * k);
                    array.set(LONG, base + 8L * table[k], swap ? Long.reverseBytes(bits) : bits);
                }
            }
            case 4 -> {
                for (int k = 0; k < entries; k++) {
                    int bits = packed.get(INT, cursor + 4L * k);
                    array.set(INT, base + 4L * table[k], swap ? Integer.reverseBytes(bits) : bits);
                }
            }
            case 2 -> {
                for (int k = 0; k < entries; k++) {
                    short bits = packed.get(SHORT, cursor + 2L * k);
                    array.set(SHORT, base + 2L * table[k], swap ? Short.reverseBytes(bits) : bits);
                }
            }
            default -> {
                for (int k = 0; k < entries; k++) {
                    array.set(BYTE, base + table[k], packed.get(BYTE, cursor + k));
                }
            }
        }
    }

    /** Copies whole runs with one bulk copy each. */
    private static final class RunCopier implements RunVisitor {
        private final MemorySegment array;
        private final MemorySegment packed;
        private final ValueLayout arrayLayout;
        private final ValueLayout packedLayout;
        private final boolean toPacked;
        private final int width;
        private long cursor;

        RunCopier(MappedDatatype type, MemorySegment array, MemorySegment packed, long position,
                  boolean bigEndian, boolean toPacked) {
            ValueLayout layout = type.baseType().packedLayout();
            this.array = array;
            this.packed = packed;
            this.arrayLayout = layout.withOrder(ByteOrder.nativeOrder());
            this.packedLayout = bigEndian ? layout : arrayLayout;
            this.toPacked = toPacked;
            this.width = (int) layout.byteSize();
            this.cursor = position;
        }

        @Override
        public void run(int index, int length) {
            long at = (long) index * width;
            if (toPacked) {
                MemorySegment.copy(array, arrayLayout, at, packed, packedLayout, cursor, length);
            } else {
                MemorySegment.copy(packed, packedLayout, cursor, array, arrayLayout, at, length);
            }
            cursor += (long) length * width;
        }
    }
}
