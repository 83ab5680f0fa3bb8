package org.mpjbuf.npb;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The NPB pseudo-random number generator (routines {@code randlc} and
 * {@code vranlc} of the NPB specification).
 *
 * <p>Design note. The generator is the linear congruential sequence
 * {@code x(k+1) = a * x(k) mod 2^46} with {@code a = 5^13} by default, started
 * from an odd seed below {@code 2^46}; the uniform deviate returned is
 * {@code 2^-46 * x(k+1)}. The specification computes the product exactly in
 * double precision by splitting both operands into 23-bit halves; like the
 * reference's 64-bit integer variant ({@code randi8}), this class computes it
 * in {@code long} arithmetic instead: the product wraps modulo {@code 2^64},
 * whose low 46 bits are exactly the product modulo {@code 2^46}. The states and
 * deviates are bit for bit those of the specification, and the dependency
 * chain from one state to the next is one multiplication and one mask instead
 * of about twenty floating-point operations and conversions. Skipping ahead
 * {@code n} numbers is a multiplication by {@code a^n mod 2^46}
 * ({@link #power}). {@link #fill} advances {@code L} interleaved states at
 * once with the Vector API, each by {@code a^L}, so that lane {@code q} of
 * step {@code s} is state {@code sL + q + 1} of the sequence.
 *
 * <p>Not thread-safe: an instance holds the current seed; use one per thread.
 */
final class NpbRandom {
    /** The NPB default multiplier, {@code 5^13}. */
    static final double DEFAULT_MULTIPLIER = 1220703125.0;

    private static final long MASK_46 = (1L << 46) - 1;
    private static final double R46 = 0x1p-46;
    /** The vector shape of {@link #fill}: as many states advance at once as it has lanes. */
    private static final VectorSpecies<Long> LANES = VectorLanes.LONGS;

    private long seed;

    /**
     * Creates a generator.
     *
     * @param seed the starting state, an odd integer in {@code (0, 2^46)}
     */
    NpbRandom(double seed) {
        this.seed = (long) seed;
    }

    /** {@return the current state of the sequence} */
    double seed() {
        return seed;
    }

    /**
     * Advances the state once ({@code randlc}).
     *
     * @param multiplier the multiplier {@code a}, an integer below {@code 2^46}
     * @return the new state scaled into {@code (0, 1)}
     */
    double next(double multiplier) {
        seed = ((long) multiplier * seed) & MASK_46;
        return R46 * seed;
    }

    /**
     * Fills {@code count} deviates into {@code target} from {@code offset} on
     * ({@code vranlc}).
     *
     * @param multiplier the multiplier {@code a}, an integer below {@code 2^46}
     * @param target the array receiving the deviates
     * @param offset the first index written
     * @param count the number of deviates
     */
    void fill(double multiplier, double[] target, int offset, int count) {
        long a = (long) multiplier;
        long x = seed;
        int lanes = LANES.length();
        int i = 0;
        if (count >= 2 * lanes) {
            long[] first = new long[lanes];
            for (int q = 0; q < lanes; q++) {
                x = (a * x) & MASK_46;
                first[q] = x;
            }
            long stride = (long) power(multiplier, lanes);
            LongVector states = LongVector.fromArray(LANES, first, 0);
            for (; i <= count - lanes; i += lanes) {
                ((DoubleVector) states.convert(VectorOperators.L2D, 0)).mul(R46).intoArray(target, offset + i);
                x = states.lane(lanes - 1);
                states = states.mul(stride).and(MASK_46);
            }
        }
        for (; i < count; i++) {
            x = (a * x) & MASK_46;
            target[offset + i] = R46 * x;
        }
        seed = x;
    }

    /**
     * Returns {@code a * x mod 2^46}, computed exactly.
     *
     * @param a a multiplier, an integer below {@code 2^46}
     * @param x a state, an integer below {@code 2^46}
     * @return the product modulo {@code 2^46}
     */
    static double multiply(double a, double x) {
        return ((long) a * (long) x) & MASK_46;
    }

    /**
     * Returns {@code a^exponent mod 2^46} by binary powering.
     *
     * @param a the base, below {@code 2^46}
     * @param exponent a non-negative exponent
     * @return the power modulo {@code 2^46}
     */
    static double power(double a, long exponent) {
        double result = 1.0;
        double base = a;
        for (long n = exponent; n != 0; n >>= 1) {
            if ((n & 1) != 0) {
                result = multiply(base, result);
            }
            base = multiply(base, base);
        }
        return result;
    }
}
