package org.mpjbuf;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Random;

/**
 * Test helpers over the element types: arrays of any type, reference loops that follow the
 * definitions of gather and strided regions, and calls of the typed {@link Buffer} methods by
 * family name, so one test covers every type.
 */
final class Elements {
    private Elements() {
    }

    /** The Java array component type of a section type. */
    static Class<?> componentType(Type type) {
        return switch (type.isPrimitive() ? type.staticType() : type) {
            case BYTE -> byte.class;
            case SHORT -> short.class;
            case INT -> int.class;
            case LONG -> long.class;
            case FLOAT -> float.class;
            case DOUBLE -> double.class;
            case CHAR -> char.class;
            case BOOLEAN -> boolean.class;
            default -> Object.class;
        };
    }

    static Object newArray(Type type, int length) {
        return Array.newInstance(componentType(type), length);
    }

    /** An array of random values, NaNs, nulls and shared objects included. */
    static Object randomArray(Type type, int length, Random random) {
        Object array = newArray(type, length);
        for (int i = 0; i < length; i++) {
            Array.set(array, i, randomValue(componentType(type), random));
        }
        return array;
    }

    private static Object randomValue(Class<?> component, Random random) {
        if (component == byte.class) {
            return (byte) random.nextInt();
        } else if (component == short.class) {
            return (short) random.nextInt();
        } else if (component == int.class) {
            return random.nextInt();
        } else if (component == long.class) {
            return random.nextLong();
        } else if (component == float.class) {
            return random.nextInt(8) == 0 ? Float.NaN : Float.intBitsToFloat(random.nextInt());
        } else if (component == double.class) {
            return random.nextInt(8) == 0 ? Double.NaN : Double.longBitsToDouble(random.nextLong());
        } else if (component == char.class) {
            return (char) random.nextInt();
        } else if (component == boolean.class) {
            return random.nextBoolean();
        }
        return switch (random.nextInt(4)) {
            case 0 -> null;
            case 1 -> "s" + random.nextInt(100);
            case 2 -> random.nextLong();
            default -> java.util.List.of(random.nextInt(10), "x");
        };
    }

    static int length(Object array) {
        return Array.getLength(array);
    }

    /** {@code src[indexes[idxOff + k]]} for k in [0, count). */
    static Object gatherReference(Object src, int count, int idxOff, int[] indexes) {
        Object out = Array.newInstance(src.getClass().getComponentType(), count);
        for (int k = 0; k < count; k++) {
            Array.set(out, k, Array.get(src, indexes[idxOff + k]));
        }
        return out;
    }

    /** The inverse of {@link #gatherReference}, into {@code dest}. */
    static void scatterReference(Object packed, Object dest, int count, int idxOff, int[] indexes) {
        for (int k = 0; k < count; k++) {
            Array.set(dest, indexes[idxOff + k], Array.get(packed, k));
        }
    }

    /** The element indexes of a strided region, by the definition, last dimension fastest. */
    static int[] regionIndexes(int offset, int rank, int exts, int strs, int[] shape) {
        int count = 1;
        for (int k = 0; k < rank; k++) {
            count *= shape[exts + k];
        }
        int[] out = new int[count];
        for (int e = 0; e < count; e++) {
            int rest = e;
            int index = offset;
            for (int k = rank - 1; k >= 0; k--) {
                int extent = shape[exts + k];
                index += (rest % extent) * shape[strs + k];
                rest /= extent;
            }
            out[e] = index;
        }
        return out;
    }

    static void assertSameElements(Object expected, Object actual) {
        assertTrue(Arrays.deepEquals(new Object[] {expected}, new Object[] {actual}),
                () -> "expected " + Arrays.deepToString(new Object[] {expected}) + " but was "
                        + Arrays.deepToString(new Object[] {actual}));
    }

    // ------------------------------------------------------------------ typed calls by name

    static void write(Buffer buffer, Object src, int srcOff, int numEls) {
        call(buffer, "write", src, srcOff, numEls);
    }

    static void read(Buffer buffer, Object dest, int dstOff, int numEls) {
        call(buffer, "read", dest, dstOff, numEls);
    }

    static void gather(Buffer buffer, Object src, int numEls, int idxOff, int[] indexes) {
        call(buffer, "gather", src, numEls, idxOff, indexes);
    }

    static void scatter(Buffer buffer, Object dest, int numEls, int idxOff, int[] indexes) {
        call(buffer, "scatter", dest, numEls, idxOff, indexes);
    }

    static void strGather(Buffer buffer, Object src, int srcOff, int rank, int exts, int strs, int[] shape) {
        call(buffer, "strGather", src, srcOff, rank, exts, strs, shape);
    }

    static void strScatter(Buffer buffer, Object dest, int dstOff, int rank, int exts, int strs, int[] shape) {
        call(buffer, "strScatter", dest, dstOff, rank, exts, strs, shape);
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
}
