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
 * Elements are moved as raw bits by width (1, 2, 4 or 8 bytes), so one loop serves every
 * primitive type but {@code boolean} (which has no segment view). Two strategies, chosen at
 * commit:
 * <ol>
 *   <li>types with long runs go through {@link TypeWalker}: each run is one bulk
 *       {@code MemorySegment.copy} (byte-swapping when the packed side is big-endian);</li>
 *   <li>types with short runs (a column, a small struct) have an element table
 *       ({@link MappedDatatype#elementTable()}): one loop over items and table entries copies one
 *       element per step, with the width and byte order fixed for the whole loop.</li>
 * </ol>
 * The array side is always in native order; the packed side is big-endian for {@code Pack} and
 * native for a contiguous array of the base type.
 *
 * <p>Stateless and thread-safe; callers check bounds first.
 */
final class ElementTransfer {

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
        int width = type.baseType().packedLength();
        boolean swap = bigEndian != NATIVE_BIG_ENDIAN && width > 1;
        int[] table = type.elementTable();
        if (table == null) {
            TypeWalker.walk(type, count, offset, limit,
                new RunCopier(type, array, packed, position, bigEndian, toPacked));
            return;
        }
        int extent = type.extent();
        long remaining = Math.min(limit, (long) count * table.length);
        if (toPacked) {
            gather(table, extent, array, offset, remaining, packed, position, width, swap);
        } else {
            scatter(table, extent, array, offset, remaining, packed, position, width, swap);
        }
    }

    private static void gather(int[] table, int extent, MemorySegment array, int offset,
                               long remaining, MemorySegment packed, long position, int width,
                               boolean swap) {
        long cursor = position;
        for (long origin = offset; remaining > 0; origin += extent) {
            int entries = (int) Math.min(table.length, remaining);
            remaining -= entries;
            for (int k = 0; k < entries; k++) {
                put(packed, cursor, width, swap, get(array, (origin + table[k]) * width, width));
                cursor += width;
            }
        }
    }

    private static void scatter(int[] table, int extent, MemorySegment array, int offset,
                                long remaining, MemorySegment packed, long position, int width,
                                boolean swap) {
        long cursor = position;
        for (long origin = offset; remaining > 0; origin += extent) {
            int entries = (int) Math.min(table.length, remaining);
            remaining -= entries;
            for (int k = 0; k < entries; k++) {
                put(array, (origin + table[k]) * width, width, swap, get(packed, cursor, width));
                cursor += width;
            }
        }
    }

    private static long get(MemorySegment segment, long index, int width) {
        return switch (width) {
            case 8 -> segment.get(LONG, index);
            case 4 -> segment.get(INT, index);
            case 2 -> segment.get(SHORT, index);
            default -> segment.get(ValueLayout.JAVA_BYTE, index);
        };
    }

    private static void put(MemorySegment segment, long index, int width, boolean swap,
                            long bits) {
        switch (width) {
            case 8 -> segment.set(LONG, index, swap ? Long.reverseBytes(bits) : bits);
            case 4 -> segment.set(INT, index, swap ? Integer.reverseBytes((int) bits) : (int) bits);
            case 2 -> segment.set(SHORT, index, swap ? Short.reverseBytes((short) bits)
                : (short) bits);
            default -> segment.set(ValueLayout.JAVA_BYTE, index, (byte) bits);
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
