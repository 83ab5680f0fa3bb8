package org.mpjbuf.npb;

/**
 * The NPB pseudo-random number generator (routines {@code randlc} and
 * {@code vranlc} of the NPB specification).
 *
 * <p>Design note. The generator is the linear congruential sequence
 * {@code x(k+1) = a * x(k) mod 2^46} with {@code a = 5^13} by default, started
 * from an odd seed below {@code 2^46}; the uniform deviate returned is
 * {@code 2^-46 * x(k+1)}. The product is computed exactly in double precision:
 * both operands are split into 23-bit halves {@code a = 2^23 a1 + a2},
 * {@code x = 2^23 x1 + x2}, so that every partial product fits the 53-bit
 * mantissa, and the reductions modulo {@code 2^23} and {@code 2^46} are done by
 * truncating conversions. Skipping ahead {@code n} numbers is a
 * multiplication by {@code a^n mod 2^46} ({@link #power}).
 *
 * <p>Not thread-safe: an instance holds the current seed; use one per thread.
 */
final class NpbRandom {
    /** The NPB default multiplier, {@code 5^13}. */
    static final double DEFAULT_MULTIPLIER = 1220703125.0;

    private static final double R23 = 0x1p-23;
    private static final double T23 = 0x1p23;
    private static final double R46 = 0x1p-46;
    private static final double T46 = 0x1p46;

    private double seed;

    /**
     * Creates a generator.
     *
     * @param seed the starting state, an odd integer in {@code (0, 2^46)}
     */
    NpbRandom(double seed) {
        this.seed = seed;
    }

    /** {@return the current state of the sequence} */
    double seed() {
        return seed;
    }

    /**
     * Advances the state once ({@code randlc}).
     *
     * @param multiplier the multiplier {@code a}
     * @return the new state scaled into {@code (0, 1)}
     */
    double next(double multiplier) {
        seed = multiply(multiplier, seed);
        return R46 * seed;
    }

    /**
     * Fills {@code count} deviates into {@code target} from {@code offset} on
     * ({@code vranlc}).
     *
     * @param multiplier the multiplier {@code a}
     * @param target the array receiving the deviates
     * @param offset the first index written
     * @param count the number of deviates
     */
    void fill(double multiplier, double[] target, int offset, int count) {
        double t1 = R23 * multiplier;
        double a1 = (int) t1;
        double a2 = multiplier - T23 * a1;
        double x = seed;
        for (int i = 0; i < count; i++) {
            t1 = R23 * x;
            double x1 = (int) t1;
            double x2 = x - T23 * x1;
            t1 = a1 * x2 + a2 * x1;
            double t2 = (int) (R23 * t1);
            double z = t1 - T23 * t2;
            double t3 = T23 * z + a2 * x2;
            double t4 = (int) (R46 * t3);
            x = t3 - T46 * t4;
            target[offset + i] = R46 * x;
        }
        seed = x;
    }

    /**
     * Returns {@code a * x mod 2^46}, computed exactly.
     *
     * @param a a multiplier below {@code 2^46}
     * @param x a state below {@code 2^46}
     * @return the product modulo {@code 2^46}
     */
    static double multiply(double a, double x) {
        double t1 = R23 * a;
        double a1 = (int) t1;
        double a2 = a - T23 * a1;
        t1 = R23 * x;
        double x1 = (int) t1;
        double x2 = x - T23 * x1;
        t1 = a1 * x2 + a2 * x1;
        double t2 = (int) (R23 * t1);
        double z = t1 - T23 * t2;
        double t3 = T23 * z + a2 * x2;
        double t4 = (int) (R46 * t3);
        return t3 - T46 * t4;
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
