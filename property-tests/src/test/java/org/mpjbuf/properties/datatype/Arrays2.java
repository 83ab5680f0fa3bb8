package org.mpjbuf.properties.datatype;

import java.lang.reflect.Array;
import org.mpjbuf.mpj.datatype.BaseType;

/** Test arrays of any base type with values that differ from index to index. */
final class Arrays2 {

    private Arrays2() {
    }

    static Object filled(BaseType base, int length, int seed) {
        Object array = Array.newInstance(base.arrayClass().getComponentType(), length);
        for (int i = 0; i < length; i++) {
            Array.set(array, i, value(base, seed + 31 * i + 1));
        }
        return array;
    }

    static Object empty(BaseType base, int length) {
        return Array.newInstance(base.arrayClass().getComponentType(), length);
    }

    static Object value(BaseType base, long n) {
        return switch (base) {
            case BYTE -> (byte) n;
            case CHAR -> (char) n;
            case SHORT -> (short) n;
            case BOOLEAN -> n % 3 == 0;
            case INT -> (int) (n * 1_000_003);
            case LONG -> n * 1_000_000_007L;
            case FLOAT -> (float) n / 4;
            case DOUBLE -> (double) n / 8;
            case OBJECT -> "o" + n;
        };
    }
}
