package org.mpjbuf.mpj.coll;

import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * A family of test data: element class, datatype, operator and value generator.
 * {@code INT_SUM} is commutative over a contiguous type; {@code TEXT_CONCAT}
 * concatenates strings (associative, not commutative) over a type with holes and
 * receives through a contiguous type of the same signature.
 */
enum Kind {
    INT_SUM(int.class, TestType.SINGLE, TestType.SINGLE, 1, true),
    TEXT_CONCAT(Object.class, TestType.STRIDED, TestType.SINGLE, 2, false);

    static final int PAD = 2;

    final Class<?> element;
    final TestType type;
    final TestType contiguous;
    final int contiguousPerItem;
    final boolean commutative;

    Kind(final Class<?> element, final TestType type, final TestType contiguous, final int contiguousPerItem,
         final boolean commutative) {
        this.element = element;
        this.type = type;
        this.contiguous = contiguous;
        this.contiguousPerItem = contiguousPerItem;
        this.commutative = commutative;
    }

    Object hole() {
        return element == int.class ? Integer.MIN_VALUE : "hole";
    }

    /** The {@code index}-th data element (in type-map order) of {@code rank}'s vector. */
    Object value(final int rank, final int index) {
        return element == int.class ? Integer.valueOf(rank * 7919 + index * 31 + 1) : "[" + rank + "." + index + "]";
    }

    /** The {@code index}-th data element of {@code v(from) op ... op v(to)}. */
    Object reduced(final int from, final int to, final int index) {
        Object result = value(to, index);
        for (int rank = to - 1; rank >= from; rank--) {
            result = combine(value(rank, index), result);
        }
        return result;
    }

    Object combine(final Object left, final Object right) {
        return element == int.class ? Integer.valueOf((Integer) left + (Integer) right) : (String) left + right;
    }

    /** A buffer for {@code items} items of {@code t} after {@link #PAD} holes, filled with holes. */
    Object buffer(final TestType t, final int items) {
        final Object buffer = Array.newInstance(element, PAD + t.extent() * items + PAD);
        for (int i = 0; i < Array.getLength(buffer); i++) {
            Array.set(buffer, i, hole());
        }
        return buffer;
    }

    /** Stores {@code count} items whose k-th data element is {@code values.apply(first + k)}. */
    void fill(final TestType t, final Object buffer, final int index, final int count, final int first,
              final java.util.function.IntFunction<Object> values) {
        final int per = t.map().length;
        for (int item = 0; item < count; item++) {
            for (int component = 0; component < per; component++) {
                Array.set(buffer, index + item * t.extent() + t.map()[component],
                    values.apply(first + item * per + component));
            }
        }
    }

    Combiner<RuntimeException> combiner() {
        return new Combiner<>() {
            @Override
            public void combine(final Object in, final int inIndex, final Object inout, final int inoutIndex,
                                final int count) {
                for (int item = 0; item < count; item++) {
                    for (final int offset : type.map()) {
                        final int a = inIndex + item * type.extent() + offset;
                        final int b = inoutIndex + item * type.extent() + offset;
                        Array.set(inout, b, Kind.this.combine(Array.get(in, a), Array.get(inout, b)));
                    }
                }
            }

            @Override
            public boolean commutative() {
                return commutative;
            }
        };
    }

    static String show(final Object buffer) {
        return buffer instanceof int[] ints ? Arrays.toString(ints) : Arrays.toString((Object[]) buffer);
    }

    static boolean same(final Object a, final Object b) {
        return a instanceof int[] x ? Arrays.equals(x, (int[]) b) : Arrays.equals((Object[]) a, (Object[]) b);
    }
}
