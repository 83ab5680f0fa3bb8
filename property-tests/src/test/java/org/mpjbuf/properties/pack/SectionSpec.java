package org.mpjbuf.properties.pack;

import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.mpjbuf.Buffer;
import org.mpjbuf.Type;

/**
 * One section of a generated message: its type, the family that writes it, the source array and
 * the index list or strided shape, and the elements the definitions say it holds.
 *
 * @param type the section type
 * @param family how the section is written and read back
 * @param source the array the elements come from
 * @param offset {@code srcOff} for write and strided families, {@code idxOff} for gather
 * @param count elements of a write or gather
 * @param indexes the gather indexes
 * @param rank the strided rank
 * @param shape extents then strides of the strided region
 */
record SectionSpec(Type type, Family family, Object source, int offset, int count, int[] indexes, int rank, int[] shape) {

    /** The three method families. */
    enum Family { WRITE, GATHER, STRIDED }

    /** The element indexes into {@link #source()} that the section holds, in order, by the definitions. */
    int[] elementIndexes() {
        return switch (family) {
            case WRITE -> java.util.stream.IntStream.range(offset, offset + count).toArray();
            case GATHER -> Arrays.copyOfRange(indexes, offset, offset + count);
            case STRIDED -> regionIndexes(offset, rank, shape);
        };
    }

    /** The elements the section holds, by a plain loop over {@link #elementIndexes()}. */
    Object expected() {
        int[] elementIndexes = elementIndexes();
        Object out = Array.newInstance(source.getClass().getComponentType(), elementIndexes.length);
        for (int k = 0; k < elementIndexes.length; k++) {
            Array.set(out, k, Array.get(source, elementIndexes[k]));
        }
        return out;
    }

    /** Element indexes of a strided region, last dimension fastest, by its definition. */
    static int[] regionIndexes(int offset, int rank, int[] shape) {
        int count = 1;
        for (int k = 0; k < rank; k++) {
            count *= shape[k];
        }
        int[] out = new int[count];
        for (int e = 0; e < count; e++) {
            int rest = e;
            int index = offset;
            for (int k = rank - 1; k >= 0; k--) {
                index += (rest % shape[k]) * shape[rank + k];
                rest /= shape[k];
            }
            out[e] = index;
        }
        return out;
    }

    void writeTo(Buffer buffer) {
        buffer.putSectionHeader(type);
        switch (family) {
            case WRITE -> call(buffer, "write", source, offset, count);
            case GATHER -> call(buffer, "gather", source, count, offset, indexes);
            case STRIDED -> call(buffer, "strGather", source, offset, rank, 0, rank, shape);
        }
    }

    /** Reads the section back with the family that wrote it, into an array laid out like the source. */
    Object readMatching(Buffer buffer) {
        Object dest = Array.newInstance(source.getClass().getComponentType(), Array.getLength(source));
        switch (family) {
            case WRITE -> call(buffer, "read", dest, offset, count);
            case GATHER -> call(buffer, "scatter", dest, count, offset, indexes);
            case STRIDED -> call(buffer, "strScatter", dest, offset, rank, 0, rank, shape);
        }
        return dest;
    }

    /** What {@link #readMatching} must produce: the scatter of the expected elements by a plain loop. */
    Object expectedMatching() {
        Object dest = Array.newInstance(source.getClass().getComponentType(), Array.getLength(source));
        int[] elementIndexes = elementIndexes();
        Object elements = expected();
        for (int k = 0; k < elementIndexes.length; k++) {
            Array.set(dest, elementIndexes[k], Array.get(elements, k));
        }
        return dest;
    }

    /** Reads the section back with plain {@code read}. */
    Object readPlain(Buffer buffer) {
        int length = Array.getLength(expected());
        Object dest = Array.newInstance(source.getClass().getComponentType(), length);
        call(buffer, "read", dest, 0, length);
        return dest;
    }

    /** Reads {@code Array.getLength(dest)} elements of the current section into {@code dest}. */
    static void readAll(Buffer buffer, Object dest) {
        call(buffer, "read", dest, 0, Array.getLength(dest));
    }

    static boolean sameElements(Object expected, Object actual) {
        return Arrays.deepEquals(new Object[] {expected}, new Object[] {actual});
    }

    static Object randomArray(Type type, int length, Random random) {
        Class<?> component = componentType(type);
        Object array = Array.newInstance(component, length);
        for (int i = 0; i < length; i++) {
            Array.set(array, i, randomValue(component, random));
        }
        return array;
    }

    static Class<?> componentType(Type type) {
        if (!type.isPrimitive()) {
            return Object.class;
        }
        return switch (type.staticType()) {
            case BYTE -> byte.class;
            case SHORT -> short.class;
            case INT -> int.class;
            case LONG -> long.class;
            case FLOAT -> float.class;
            case DOUBLE -> double.class;
            case CHAR -> char.class;
            default -> boolean.class;
        };
    }

    private static Object randomValue(Class<?> component, Random random) {
        long bits = random.nextLong();
        if (component == byte.class) {
            return (byte) bits;
        } else if (component == short.class) {
            return (short) bits;
        } else if (component == int.class) {
            return (int) bits;
        } else if (component == long.class) {
            return bits;
        } else if (component == float.class) {
            return Float.intBitsToFloat((int) bits);
        } else if (component == double.class) {
            return Double.longBitsToDouble(bits);
        } else if (component == char.class) {
            return (char) bits;
        } else if (component == boolean.class) {
            return (bits & 1) == 0;
        }
        return switch ((int) (bits & 3)) {
            case 0 -> null;
            case 1 -> Long.toHexString(bits);
            case 2 -> bits;
            default -> List.of((int) (bits >>> 40), "v");
        };
    }

    private static void call(Buffer buffer, String family, Object array, Object... rest) {
        Class<?>[] types = new Class<?>[rest.length + 1];
        Object[] arguments = new Object[rest.length + 1];
        types[0] = array.getClass().getComponentType().isPrimitive() ? array.getClass() : Object[].class;
        arguments[0] = array;
        for (int i = 0; i < rest.length; i++) {
            types[i + 1] = rest[i] instanceof int[] ? int[].class : int.class;
            arguments[i + 1] = rest[i];
        }
        try {
            Method method = Buffer.class.getMethod(family, types);
            method.invoke(buffer, arguments);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new AssertionError(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    @Override
    public String toString() {
        return type + " " + family + " length " + Array.getLength(source) + " offset " + offset + " count " + count
                + (indexes == null ? "" : " indexes " + Arrays.toString(indexes))
                + (shape == null ? "" : " rank " + rank + " shape " + Arrays.toString(shape));
    }
}
