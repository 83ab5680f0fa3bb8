package org.mpjbuf.mpj.op;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.EnumMap;
import java.util.Map;
import org.mpjbuf.mpj.datatype.BaseType;

/**
 * Reads and writes the elements of any primitive array as {@code long} or {@code double}, so a
 * reduction kernel is written once for all eight primitive types.
 *
 * <p>Each lane is built from {@link MethodHandles#arrayElementGetter} and
 * {@link MethodHandles#arrayElementSetter} of the base type's array class, adapted with
 * {@link MethodHandles#explicitCastArguments}: reads widen ({@code char} zero-extends,
 * {@code boolean} gives 1 or 0), writes narrow to the low bits (a {@code boolean} takes the
 * lowest bit). Integer types go through the {@code long} lane, where two's-complement sums,
 * products and bit operations truncate to the same result as in the narrow type; {@code float}
 * goes through the {@code double} lane, where one rounding of an exact {@code double} result
 * equals the {@code float} operation (53 >= 2*24+2 bits).
 *
 * <p>Immutable and thread-safe.
 */
final class ElementLane {

    private static final Map<BaseType, ElementLane> LANES = new EnumMap<>(BaseType.class);

    static {
        for (BaseType type : BaseType.values()) {
            if (type.isPrimitive()) {
                LANES.put(type, new ElementLane(type));
            }
        }
    }

    private final boolean floating;
    private final MethodHandle getLong;
    private final MethodHandle setLong;
    private final MethodHandle getDouble;
    private final MethodHandle setDouble;

    private ElementLane(BaseType type) {
        Class<?> component = type.arrayClass().getComponentType();
        floating = component == float.class || component == double.class;
        MethodHandle getter = MethodHandles.arrayElementGetter(type.arrayClass());
        MethodHandle setter = MethodHandles.arrayElementSetter(type.arrayClass());
        getLong = MethodHandles.explicitCastArguments(getter,
            MethodType.methodType(long.class, Object.class, int.class));
        setLong = MethodHandles.explicitCastArguments(setter,
            MethodType.methodType(void.class, Object.class, int.class, long.class));
        getDouble = MethodHandles.explicitCastArguments(getter,
            MethodType.methodType(double.class, Object.class, int.class));
        setDouble = MethodHandles.explicitCastArguments(setter,
            MethodType.methodType(void.class, Object.class, int.class, double.class));
    }

    /**
     * Returns the lane of a primitive base type.
     *
     * @param type a primitive base type
     * @return its lane
     */
    static ElementLane of(BaseType type) {
        return LANES.get(type);
    }

    /** Returns whether values travel in the {@code double} lane. */
    boolean isFloating() {
        return floating;
    }

    long getLong(Object array, int index) {
        try {
            return (long) getLong.invokeExact(array, index);
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    void setLong(Object array, int index, long value) {
        try {
            setLong.invokeExact(array, index, value);
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    double getDouble(Object array, int index) {
        try {
            return (double) getDouble.invokeExact(array, index);
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    void setDouble(Object array, int index, double value) {
        try {
            setDouble.invokeExact(array, index, value);
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    private static RuntimeException rethrow(Throwable failure) {
        if (failure instanceof RuntimeException runtime) {
            return runtime;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        return new IllegalStateException("array access failed", failure);
    }
}
