package org.mpjbuf.properties.datatype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Array;
import java.math.BigInteger;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import mpi.Datatype;
import mpi.MPIException;
import mpi.Op;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.mpjbuf.mpj.datatype.BaseType;
import org.mpjbuf.mpj.op.PredefinedOps;
import org.mpjbuf.mpj.op.Reductions;
import org.mpjbuf.properties.datatype.TypeSpec.Entry;

/**
 * Every predefined operation on every base type, over basic and random derived datatypes,
 * against a straightforward reference written with Java's own arithmetic of each type.
 */
class OpProperties {

    enum Name { MAX, MIN, SUM, PROD, LAND, BAND, LOR, BOR, LXOR, BXOR, MAXLOC, MINLOC }

    private static final Set<BaseType> NUMERIC = EnumSet.of(BaseType.BYTE, BaseType.CHAR,
        BaseType.SHORT, BaseType.INT, BaseType.LONG, BaseType.FLOAT, BaseType.DOUBLE);
    private static final Set<BaseType> LOGICAL = EnumSet.of(BaseType.BOOLEAN, BaseType.BYTE,
        BaseType.CHAR, BaseType.SHORT, BaseType.INT, BaseType.LONG);
    private static final Set<BaseType> PAIRS = EnumSet.of(BaseType.SHORT, BaseType.INT,
        BaseType.LONG, BaseType.FLOAT, BaseType.DOUBLE);

    @Provide
    Arbitrary<TypeSpec> trees() {
        return TypeSpecs.trees(2);
    }

    @Property(tries = 400)
    void predefinedOperationsMatchTheReferenceOnBasicTypes(@ForAll Name name,
                                                           @ForAll BaseType base,
                                                           @ForAll @IntRange(max = 12) int count,
                                                           @ForAll long seed) throws MPIException {
        boolean location = name == Name.MAXLOC || name == Name.MINLOC;
        Datatype type = location ? TypeSpec.pair(base) : TypeSpec.basic(base);
        type.Commit();
        int elements = location ? 2 * count : count;
        Object in = random(base, elements + 2, seed);
        Object inout = random(base, elements + 1, seed * 31 + 1);
        if (!applies(name, base)) {
            assertEquals(MPIException.ERR_OP, assertThrows(MPIException.class, () ->
                Reductions.apply(op(name), random(base, 4, seed), 0, random(base, 4, seed), 0, 1,
                    type))
                .getErrorClass());
            return;
        }
        Object expected = copy(inout);
        for (int k = 0; k < elements; k += location ? 2 : 1) {
            if (location) {
                combinePair(name, base, in, 2 + k, expected, 1 + k);
            } else {
                Array.set(expected, 1 + k, reference(name, base, Array.get(in, 2 + k),
                    Array.get(expected, 1 + k)));
            }
        }
        Reductions.apply(op(name), in, 2, inout, 1, count, type);
        DatatypeProperties.assertArrayContentEquals(expected, inout);
    }

    @Property(tries = 200)
    void predefinedOperationsFollowTheTypeMapOfDerivedTypes(@ForAll("trees") TypeSpec spec,
                                                            @ForAll Name name,
                                                            @ForAll BaseType base,
                                                            @ForAll @IntRange(max = 3) int count,
                                                            @ForAll long seed)
        throws MPIException {
        Assume.that(name != Name.MAXLOC && name != Name.MINLOC && applies(name, base));
        List<Entry> map = spec.typeMap(2000);
        Assume.that(map != null);
        Datatype type = spec.build(base);
        type.Commit();
        DatatypeProperties.Placement placement = DatatypeProperties.Placement.of(
            DatatypeProperties.reference(map, count, 0));
        Object in = random(base, placement.length(), seed);
        Object inout = random(base, placement.length(), ~seed);
        Object expected = copy(inout);
        for (int k = 0; k < placement.indices().length; k++) {
            int index = placement.index(k);
            Array.set(expected, index, reference(name, base, Array.get(in, index),
                Array.get(expected, index)));
        }
        Reductions.apply(op(name), in, placement.offset(), inout, placement.offset(), count, type);
        DatatypeProperties.assertArrayContentEquals(expected, inout);
    }

    private static boolean applies(Name name, BaseType base) {
        return switch (name) {
            case MAX, MIN, SUM, PROD -> NUMERIC.contains(base);
            case MAXLOC, MINLOC -> PAIRS.contains(base);
            default -> LOGICAL.contains(base);
        };
    }

    private static Op op(Name name) {
        return switch (name) {
            case MAX -> PredefinedOps.MAX;
            case MIN -> PredefinedOps.MIN;
            case SUM -> PredefinedOps.SUM;
            case PROD -> PredefinedOps.PROD;
            case LAND -> PredefinedOps.LAND;
            case BAND -> PredefinedOps.BAND;
            case LOR -> PredefinedOps.LOR;
            case BOR -> PredefinedOps.BOR;
            case LXOR -> PredefinedOps.LXOR;
            case BXOR -> PredefinedOps.BXOR;
            case MAXLOC -> PredefinedOps.MAXLOC;
            case MINLOC -> PredefinedOps.MINLOC;
        };
    }

    /** {@code a op b} in the arithmetic of the base type itself. */
    private static Object reference(Name name, BaseType base, Object a, Object b) {
        if (base == BaseType.BOOLEAN) {
            boolean x = (Boolean) a;
            boolean y = (Boolean) b;
            return switch (name) {
                case LAND, BAND -> x && y;
                case LOR, BOR -> x || y;
                default -> x ^ y;
            };
        }
        if (base == BaseType.FLOAT) {
            float x = (Float) a;
            float y = (Float) b;
            return switch (name) {
                case MAX -> Math.max(x, y);
                case MIN -> Math.min(x, y);
                case SUM -> x + y;
                default -> x * y;
            };
        }
        if (base == BaseType.DOUBLE) {
            double x = (Double) a;
            double y = (Double) b;
            return switch (name) {
                case MAX -> Math.max(x, y);
                case MIN -> Math.min(x, y);
                case SUM -> x + y;
                default -> x * y;
            };
        }
        BigInteger x = BigInteger.valueOf(integral(a));
        BigInteger y = BigInteger.valueOf(integral(b));
        BigInteger result = switch (name) {
            case MAX -> x.max(y);
            case MIN -> x.min(y);
            case SUM -> x.add(y);
            case PROD -> x.multiply(y);
            case LAND -> truth(x.signum() != 0 && y.signum() != 0);
            case LOR -> truth(x.signum() != 0 || y.signum() != 0);
            case LXOR -> truth(x.signum() != 0 ^ y.signum() != 0);
            case BAND -> x.and(y);
            case BOR -> x.or(y);
            case BXOR -> x.xor(y);
            default -> throw new IllegalStateException(name.toString());
        };
        return narrow(base, result.longValue());
    }

    private static Object narrow(BaseType base, long value) {
        return switch (base) {
            case BYTE -> (byte) value;
            case CHAR -> (char) value;
            case SHORT -> (short) value;
            case INT -> (int) value;
            default -> value;
        };
    }

    private static long integral(Object value) {
        return value instanceof Character c ? c : ((Number) value).longValue();
    }

    private static BigInteger truth(boolean value) {
        return value ? BigInteger.ONE : BigInteger.ZERO;
    }

    /** MAXLOC/MINLOC on the pair at {@code a[i], a[i+1]} into {@code b[j], b[j+1]}. */
    @SuppressWarnings("unchecked")
    private static void combinePair(Name name, BaseType base, Object a, int i, Object b, int j) {
        Comparable<Object> va = (Comparable<Object>) Array.get(a, i);
        Object vb = Array.get(b, j);
        int order = va.compareTo(vb) * (name == Name.MAXLOC ? 1 : -1);
        double ia = ((Number) Array.get(a, i + 1)).doubleValue();
        double ib = ((Number) Array.get(b, j + 1)).doubleValue();
        if (order > 0 || order == 0 && ia < ib) {
            Array.set(b, j, va);
            Array.set(b, j + 1, Array.get(a, i + 1));
        }
    }

    /** Random values with many ties and sign changes. */
    private static Object random(BaseType base, int length, long seed) {
        Random random = new Random(seed);
        Object array = Arrays2.empty(base, length);
        for (int i = 0; i < length; i++) {
            long n = random.nextInt(4) == 0 ? random.nextLong() : random.nextInt(7) - 3;
            Array.set(array, i, switch (base) {
                case FLOAT -> (float) (n % 1000) / 3;
                case DOUBLE -> (double) (n % 100_000) / 7;
                case BOOLEAN -> n % 2 == 0;
                case OBJECT -> "x" + n;
                default -> narrow(base, n);
            });
        }
        return array;
    }

    private static Object copy(Object array) {
        Object copy = Array.newInstance(array.getClass().getComponentType(), Array.getLength(array));
        System.arraycopy(array, 0, copy, 0, Array.getLength(array));
        return copy;
    }
}
