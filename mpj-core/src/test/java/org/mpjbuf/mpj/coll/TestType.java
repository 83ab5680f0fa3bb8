package org.mpjbuf.mpj.coll;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;

/**
 * A datatype for the in-memory test transport: each item spans {@code extent}
 * base elements and holds data at the offsets of {@code map}; the other elements
 * are holes that no collective may touch.
 */
record TestType(String name, int extent, int[] map) {
    static final TestType SINGLE = new TestType("single", 1, new int[] {0});
    static final TestType STRIDED = new TestType("strided", 3, new int[] {2, 0});
    static final TestType PAIR = new TestType("pair", 2, new int[] {0, 1});

    /** Reads the data elements of {@code count} items in type-map order. */
    List<Object> flatten(final Object buffer, final int index, final int count) {
        final List<Object> values = new ArrayList<>(count * map.length);
        for (int item = 0; item < count; item++) {
            for (final int offset : map) {
                values.add(Array.get(buffer, index + item * extent + offset));
            }
        }
        return values;
    }

    /** Writes values in type-map order into {@code count} items. */
    void expand(final List<Object> values, final Object buffer, final int index, final int count) {
        if (values.size() != count * map.length) {
            throw new IllegalStateException(values.size() + " values do not fit " + count + " items of " + name);
        }
        int next = 0;
        for (int item = 0; item < count; item++) {
            for (final int offset : map) {
                Array.set(buffer, index + item * extent + offset, values.get(next++));
            }
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
