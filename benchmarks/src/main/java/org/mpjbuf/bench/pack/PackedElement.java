package org.mpjbuf.bench.pack;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Random;
import org.mpjbuf.Buffer;
import org.mpjbuf.Type;

/**
 * The element types the packing benchmarks run with, and the typed calls each needs: the API under
 * test, {@code MemorySegment.copy} and a plain indexed loop, so every benchmark method is written
 * once for all of them.
 */
public enum PackedElement {
    /** {@code int[]} into an {@link Type#INT} section. */
    INT(Type.INT, ValueLayout.JAVA_INT_UNALIGNED),
    /** {@code long[]} into a {@link Type#LONG} section. */
    LONG(Type.LONG, ValueLayout.JAVA_LONG_UNALIGNED),
    /** {@code double[]} into a {@link Type#DOUBLE} section. */
    DOUBLE(Type.DOUBLE, ValueLayout.JAVA_DOUBLE_UNALIGNED);

    final Type type;
    final ValueLayout layout;

    PackedElement(Type type, ValueLayout layout) {
        this.type = type;
        this.layout = layout.withOrder(ByteOrder.nativeOrder());
    }

    int length() {
        return (int) layout.byteSize();
    }

    Object newArray(int count) {
        return switch (this) {
            case INT -> new int[count];
            case LONG -> new long[count];
            case DOUBLE -> new double[count];
        };
    }

    Object randomArray(int count, Random random) {
        return switch (this) {
            case INT -> random.ints(count).toArray();
            case LONG -> random.longs(count).toArray();
            case DOUBLE -> random.doubles(count).toArray();
        };
    }

    void write(Buffer buffer, Object src, int count) {
        switch (this) {
            case INT -> buffer.write((int[]) src, 0, count);
            case LONG -> buffer.write((long[]) src, 0, count);
            case DOUBLE -> buffer.write((double[]) src, 0, count);
        }
    }

    void read(Buffer buffer, Object dest, int count) {
        switch (this) {
            case INT -> buffer.read((int[]) dest, 0, count);
            case LONG -> buffer.read((long[]) dest, 0, count);
            case DOUBLE -> buffer.read((double[]) dest, 0, count);
        }
    }

    /** A plain loop storing {@code src[0 .. count)} at {@code index}. */
    void loopPut(MemorySegment segment, long index, Object src, int count) {
        switch (this) {
            case INT -> {
                int[] array = (int[]) src;
                for (int i = 0; i < count; i++) {
                    segment.set(ValueLayout.JAVA_INT_UNALIGNED, index + 4L * i, array[i]);
                }
            }
            case LONG -> {
                long[] array = (long[]) src;
                for (int i = 0; i < count; i++) {
                    segment.set(ValueLayout.JAVA_LONG_UNALIGNED, index + 8L * i, array[i]);
                }
            }
            case DOUBLE -> {
                double[] array = (double[]) src;
                for (int i = 0; i < count; i++) {
                    segment.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, index + 8L * i, array[i]);
                }
            }
        }
    }

    /** A plain loop loading {@code dest[0 .. count)} from {@code index}. */
    void loopGet(MemorySegment segment, long index, Object dest, int count) {
        switch (this) {
            case INT -> {
                int[] array = (int[]) dest;
                for (int i = 0; i < count; i++) {
                    array[i] = segment.get(ValueLayout.JAVA_INT_UNALIGNED, index + 4L * i);
                }
            }
            case LONG -> {
                long[] array = (long[]) dest;
                for (int i = 0; i < count; i++) {
                    array[i] = segment.get(ValueLayout.JAVA_LONG_UNALIGNED, index + 8L * i);
                }
            }
            case DOUBLE -> {
                double[] array = (double[]) dest;
                for (int i = 0; i < count; i++) {
                    array[i] = segment.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, index + 8L * i);
                }
            }
        }
    }
}
