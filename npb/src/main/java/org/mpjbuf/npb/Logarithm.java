package org.mpjbuf.npb;

/**
 * The natural logarithm, computed inline by a table and a short polynomial,
 * for EP's Gaussian pairs.
 *
 * <p>Design note. {@link Math#log} is a call into a JVM stub; EP takes
 * about two hundred million logarithms, and in its pair loop the stub took
 * about twice as long as this inline version. Here {@code x = 2^k z} with {@code z} in {@code [0.6875, 1.375)}, split
 * into 128 intervals by the top seven bits of the significand; interval
 * {@code i} has a centre {@code c} with {@code 1/c} and {@code log c}
 * tabulated, so {@code log x = k log 2 + log c + log1p(r)} with
 * {@code r = z/c - 1} computed exactly by one fused multiply-add and
 * {@code |r| <= 2^-7}. {@code log1p(r)} is its Taylor series to {@code r^9},
 * whose truncation error is below {@code 2^-60} relative, evaluated by
 * Estrin's scheme so that its multiplications overlap. The two intervals
 * next to 1 use {@code c = 1}, so that {@code r = z - 1} exactly and the
 * result has the correct sign and a small relative error near 1. The result
 * is within 2 ulps of {@link Math#log} (the test checks this); arguments
 * that are not positive normal numbers go to {@link Math#log}.
 *
 * <p>Thread-safe: stateless, the tables are immutable after class
 * initialisation.
 */
final class Logarithm {
    private static final int TABLE_BITS = 7;
    private static final int TABLE_SIZE = 1 << TABLE_BITS;
    private static final int SIGNIFICAND_BITS = 52;
    private static final long LOWEST_CENTRED_BITS = Double.doubleToRawLongBits(0.6875);
    private static final long EXPONENT_MASK = 0xfffL << SIGNIFICAND_BITS;
    private static final long MIN_NORMAL_BITS = Double.doubleToRawLongBits(Double.MIN_NORMAL);
    private static final long INFINITY_BITS = Double.doubleToRawLongBits(Double.POSITIVE_INFINITY);
    private static final double LN2 = Math.log(2.0);
    private static final double[] INVERSE_CENTRES = new double[TABLE_SIZE];
    private static final double[] LOG_CENTRES = new double[TABLE_SIZE];

    static {
        for (int index = 0; index < TABLE_SIZE; index++) {
            double low = intervalStart(index);
            double high = intervalStart(index + 1);
            double inverse = low == 1.0 || high == 1.0 ? 1.0 : 2.0 / (low + high);
            INVERSE_CENTRES[index] = inverse;
            LOG_CENTRES[index] = -Math.log(inverse);
        }
    }

    private Logarithm() {
    }

    /** {@return the lowest significand of interval {@code index}; {@code index = 128} gives 1.375} */
    private static double intervalStart(int index) {
        return Double.longBitsToDouble(LOWEST_CENTRED_BITS + ((long) index << (SIGNIFICAND_BITS - TABLE_BITS)));
    }

    /**
     * {@return the natural logarithm of {@code x}, within 2 ulps of {@link Math#log}}
     *
     * @param x any double; positive normal numbers take the fast path, all
     *        others (zero, negative, subnormal, infinite, NaN) are answered as
     *        {@link Math#log} answers them
     */
    static double log(double x) {
        long bits = Double.doubleToRawLongBits(x);
        if (Long.compareUnsigned(bits - MIN_NORMAL_BITS, INFINITY_BITS - MIN_NORMAL_BITS) >= 0) {
            return Math.log(x);
        }
        long shifted = bits - LOWEST_CENTRED_BITS;
        int index = (int) (shifted >>> (SIGNIFICAND_BITS - TABLE_BITS)) & (TABLE_SIZE - 1);
        double exponent = shifted >> SIGNIFICAND_BITS;
        double z = Double.longBitsToDouble(bits - (shifted & EXPONENT_MASK));
        double r = Math.fma(z, INVERSE_CENTRES[index], -1.0);
        double r2 = r * r;
        double r4 = r2 * r2;
        double q0 = -1.0 / 2.0 + r * (1.0 / 3.0);
        double q1 = -1.0 / 4.0 + r * (1.0 / 5.0);
        double q2 = -1.0 / 6.0 + r * (1.0 / 7.0);
        double q3 = -1.0 / 8.0 + r * (1.0 / 9.0);
        double tail = (q0 + r2 * q1) + r4 * (q2 + r2 * q3);
        return (exponent * LN2 + LOG_CENTRES[index]) + (r + r2 * tail);
    }
}
