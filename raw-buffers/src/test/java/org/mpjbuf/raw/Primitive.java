package org.mpjbuf.raw;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.util.Random;

/**
 * The eight primitive types as seen by the tests: an independent reference encoding through
 * {@link ByteBuffer}'s typed accessors, and the typed {@link RawBuffer} methods of each type.
 */
enum Primitive {
    BYTE(byte[].class, 1,
        (bb, i, a, k) -> bb.put(i, ((byte[]) a)[k]),
        (r, i, a, k) -> r.putByte(i, ((byte[]) a)[k]),
        (r, i, a, k) -> ((byte[]) a)[k] = r.getByte(i),
        (r, i, a, o, n) -> r.putBytes(i, (byte[]) a, o, n),
        (r, i, a, o, n) -> r.getBytes(i, (byte[]) a, o, n)),
    SHORT(short[].class, 2,
        (bb, i, a, k) -> bb.putShort(i, ((short[]) a)[k]),
        (r, i, a, k) -> r.putShort(i, ((short[]) a)[k]),
        (r, i, a, k) -> ((short[]) a)[k] = r.getShort(i),
        (r, i, a, o, n) -> r.putShorts(i, (short[]) a, o, n),
        (r, i, a, o, n) -> r.getShorts(i, (short[]) a, o, n)),
    CHAR(char[].class, 2,
        (bb, i, a, k) -> bb.putChar(i, ((char[]) a)[k]),
        (r, i, a, k) -> r.putChar(i, ((char[]) a)[k]),
        (r, i, a, k) -> ((char[]) a)[k] = r.getChar(i),
        (r, i, a, o, n) -> r.putChars(i, (char[]) a, o, n),
        (r, i, a, o, n) -> r.getChars(i, (char[]) a, o, n)),
    INT(int[].class, 4,
        (bb, i, a, k) -> bb.putInt(i, ((int[]) a)[k]),
        (r, i, a, k) -> r.putInt(i, ((int[]) a)[k]),
        (r, i, a, k) -> ((int[]) a)[k] = r.getInt(i),
        (r, i, a, o, n) -> r.putInts(i, (int[]) a, o, n),
        (r, i, a, o, n) -> r.getInts(i, (int[]) a, o, n)),
    FLOAT(float[].class, 4,
        (bb, i, a, k) -> bb.putInt(i, Float.floatToRawIntBits(((float[]) a)[k])),
        (r, i, a, k) -> r.putFloat(i, ((float[]) a)[k]),
        (r, i, a, k) -> ((float[]) a)[k] = r.getFloat(i),
        (r, i, a, o, n) -> r.putFloats(i, (float[]) a, o, n),
        (r, i, a, o, n) -> r.getFloats(i, (float[]) a, o, n)),
    LONG(long[].class, 8,
        (bb, i, a, k) -> bb.putLong(i, ((long[]) a)[k]),
        (r, i, a, k) -> r.putLong(i, ((long[]) a)[k]),
        (r, i, a, k) -> ((long[]) a)[k] = r.getLong(i),
        (r, i, a, o, n) -> r.putLongs(i, (long[]) a, o, n),
        (r, i, a, o, n) -> r.getLongs(i, (long[]) a, o, n)),
    DOUBLE(double[].class, 8,
        (bb, i, a, k) -> bb.putLong(i, Double.doubleToRawLongBits(((double[]) a)[k])),
        (r, i, a, k) -> r.putDouble(i, ((double[]) a)[k]),
        (r, i, a, k) -> ((double[]) a)[k] = r.getDouble(i),
        (r, i, a, o, n) -> r.putDoubles(i, (double[]) a, o, n),
        (r, i, a, o, n) -> r.getDoubles(i, (double[]) a, o, n)),
    BOOLEAN(boolean[].class, 1,
        (bb, i, a, k) -> bb.put(i, ((boolean[]) a)[k] ? (byte) 1 : (byte) 0),
        (r, i, a, k) -> r.putBoolean(i, ((boolean[]) a)[k]),
        (r, i, a, k) -> ((boolean[]) a)[k] = r.getBoolean(i),
        (r, i, a, o, n) -> r.putBooleans(i, (boolean[]) a, o, n),
        (r, i, a, o, n) -> r.getBooleans(i, (boolean[]) a, o, n));

    /** Writes element {@code k} of an array into a ByteBuffer at byte {@code index}. */
    interface Reference {
        void put(ByteBuffer buffer, int index, Object array, int k);
    }

    /** Moves element {@code k} of an array to or from a RawBuffer at byte {@code index}. */
    interface Single {
        void apply(RawBuffer buffer, int index, Object array, int k);
    }

    /** A typed bulk method of RawBuffer. */
    interface Bulk {
        void apply(RawBuffer buffer, int index, Object array, int offset, int count);
    }

    final Class<?> arrayClass;
    final int size;
    final Reference reference;
    final Single put;
    final Single get;
    final Bulk putBulk;
    final Bulk getBulk;

    Primitive(final Class<?> arrayClass, final int size, final Reference reference,
              final Single put, final Single get, final Bulk putBulk, final Bulk getBulk) {
        this.arrayClass = arrayClass;
        this.size = size;
        this.reference = reference;
        this.put = put;
        this.get = get;
        this.putBulk = putBulk;
        this.getBulk = getBulk;
    }

    Object newArray(final int length) {
        return Array.newInstance(arrayClass.getComponentType(), length);
    }

    /** An array of random values; floats and doubles include NaNs with payloads and signed zeros. */
    Object randomArray(final Random random, final int length) {
        final Object array = newArray(length);
        for (int k = 0; k < length; k++) {
            final long bits = random.nextLong();
            switch (this) {
                case BYTE -> Array.setByte(array, k, (byte) bits);
                case SHORT -> Array.setShort(array, k, (short) bits);
                case CHAR -> Array.setChar(array, k, (char) bits);
                case INT -> Array.setInt(array, k, (int) bits);
                case FLOAT -> Array.setFloat(array, k, Float.intBitsToFloat((int) bits));
                case LONG -> Array.setLong(array, k, bits);
                case DOUBLE -> Array.setDouble(array, k, Double.longBitsToDouble(bits));
                case BOOLEAN -> Array.setBoolean(array, k, (bits & 1) != 0);
            }
        }
        return array;
    }

    /** Element {@code k} as raw bits, so that NaN payloads compare exactly. */
    long bits(final Object array, final int k) {
        return switch (this) {
            case BYTE -> Array.getByte(array, k);
            case SHORT -> Array.getShort(array, k);
            case CHAR -> Array.getChar(array, k);
            case INT -> Array.getInt(array, k);
            case FLOAT -> Float.floatToRawIntBits(Array.getFloat(array, k));
            case LONG -> Array.getLong(array, k);
            case DOUBLE -> Double.doubleToRawLongBits(Array.getDouble(array, k));
            case BOOLEAN -> Array.getBoolean(array, k) ? 1 : 0;
        };
    }

    /** Copies element {@code from} of one array to element {@code to} of another. */
    void copyElement(final Object src, final int from, final Object dst, final int to) {
        Array.set(dst, to, Array.get(src, from));
    }
}
