package org.mpjbuf.npb;

/**
 * What DT's nodes compute: the sources' feature arrays, the comparators'
 * window filter, the sinks' checksums.
 *
 * <p>Design note (NPB 3.4 MPI {@code dt.c}). A feature array holds points of
 * {@value #FIELDS} coordinates, flattened: point {@code p} is elements
 * {@code 4p .. 4p + 3}.
 * <ol>
 * <li>Source {@code id} draws its number of points: {@code mean - deviation
 *     + r} with {@code r = |(q * 'S')^(2 id + 1) mod 2 deviation|},
 *     {@code q = floor(1 / u)} and {@code u} the first deviate of the NPB
 *     generator from seed 314159265 with multiplier {@code 2 id + 1}. The
 *     power is taken in 32-bit integer arithmetic that wraps, as the
 *     reference's {@code int}s do; the wrapped products are part of the
 *     verification values. Its points are four geometric sequences modulo
 *     small primes ({@code 2^k mod 421}, {@code 2^k mod 419},
 *     {@code 2^k mod 1427}, {@code 5^k mod 3527}), started at an exponent
 *     that depends on the length and the node.</li>
 * <li>A comparator starts from an array of zeros of the class's mean
 *     length and filters every array it receives into it, in the order of
 *     its in-arcs ({@link #windowFilter}): the shorter of the two is first
 *     resampled to the longer's length ({@link #resample}); then every inner
 *     point becomes the received array's point at the same place or a
 *     neighbour, whichever of the three places the two arrays are nearest
 *     at (squared distance, earlier points already replaced), scaled by
 *     {@code (id + 1) / (id + 2)}. At the end
 *     every element is truncated to an integer and divided (as an integer)
 *     by the in-degree.</li>
 * <li>A sink adds {@code trunc((id + 1) * sum(v^2 / length))} over the
 *     arrays it receives, divides the sum (as an integer) by its in-degree
 *     and multiplies it by {@code id + 1}; rank 0 adds the sinks'
 *     checksums.</li>
 * </ol>
 * Every truncation and the order of every floating-point operation are the
 * reference's, since the checksum is compared exactly (within {@code 1e-8}).
 *
 * <p>Stateless and thread-safe.
 */
final class DtFeatures {
    /** The coordinates of a point. */
    static final int FIELDS = 4;

    private static final double LENGTH_SEED = 314159265.0;
    /** The class letter the reference multiplies by, {@code 'S'} whatever the class. */
    private static final int LENGTH_FACTOR = 'S';
    private static final int EXPONENT_MODULUS = 3141592;
    private static final int[] BASES = {2, 2, 2, 5};
    private static final int[] MODULI = {421, 419, 1427, 3527};

    private DtFeatures() {
    }

    /**
     * {@return the feature array of source {@code id}}
     *
     * @param id the source's node number
     * @param mean the class's mean number of points
     * @param deviation the class's deviation of the number of points
     */
    static double[] random(int id, int mean, int deviation) {
        int length = pointCount(id, mean, deviation) * FIELDS;
        long exponent = (length * (id + 1)) % EXPONENT_MODULUS;
        int[] seeds = new int[FIELDS];
        for (int field = 0; field < FIELDS; field++) {
            seeds[field] = powerModulo(BASES[field], exponent, MODULI[field]);
        }
        double[] features = new double[length];
        for (int i = 0; i < length; i += FIELDS) {
            for (int field = 0; field < FIELDS; field++) {
                seeds[field] = seeds[field] * BASES[field] % MODULI[field];
                features[i + field] = seeds[field];
            }
        }
        return features;
    }

    /** The number of points of source {@code id}: the reference's {@code GetFeatureNum}. */
    static int pointCount(int id, int mean, int deviation) {
        double deviate = new NpbRandom(LENGTH_SEED).next(2 * id + 1);
        int spread = powerModulo((int) (1 / deviate) * LENGTH_FACTOR, 2L * id + 1, 2 * deviation);
        return mean - deviation + Math.abs(spread);
    }

    /**
     * {@return {@code base^exponent mod modulus}, by the reference's binary
     * powering in {@code int} arithmetic, whose products wrap around}
     *
     * @param base the base
     * @param exponent a non-negative exponent
     * @param modulus a positive modulus
     */
    static int powerModulo(int base, long exponent, int modulus) {
        if (exponent == 0) {
            return 1;
        }
        int q = base;
        int r = 1;
        long n = exponent;
        while (n > 1) {
            if ((n & 1) == 0) {
                q = q * q % modulus;
                n >>= 1;
            } else {
                r = r * q % modulus;
                n--;
            }
        }
        return r * q % modulus;
    }

    /**
     * {@return {@code features} spread over {@code length} elements}: each
     * inner element {@code i} is shared evenly by the elements from
     * {@code trunc((i - 1/2) k)} to {@code trunc((i + 1/2) k)}, {@code k} the
     * whole ratio of the lengths; the first and last elements are kept.
     *
     * @param features the array
     * @param length the new length, at least the old
     */
    static double[] resample(double[] features, int length) {
        double[] resampled = new double[length];
        int ratio = length / features.length;
        for (int i = 1; i < features.length - 1; i++) {
            int low = (int) (0.5 * (2 * i - 1) * ratio);
            int high = (int) (0.5 * (2 * i + 1) * ratio);
            double share = features[i] / (high - low + 1);
            for (int j = low; j <= high; j++) {
                resampled[j] += share;
            }
        }
        resampled[0] = features[0];
        resampled[length - 1] = features[features.length - 1];
        return resampled;
    }

    /**
     * Filters {@code received} into {@code combined}: every inner point
     * {@code p} of {@code combined} becomes {@code received}'s point
     * {@code p}, {@code p + 1} or {@code p - 1}, the first of them where the
     * two arrays are nearest (squared distance, {@code combined}'s point
     * {@code p - 1} already replaced), times {@code (id + 1) / (id + 2)}.
     *
     * @param combined the comparator's array so far
     * @param received an array it received
     * @param id the comparator's node number
     * @return the filtered array: {@code combined}, or a longer array when
     *         {@code received} was longer
     */
    static double[] windowFilter(double[] combined, double[] received, int id) {
        double[] a = combined;
        double[] b = received;
        if (a.length < b.length) {
            a = resample(a, b.length);
        } else if (a.length > b.length) {
            b = resample(b, a.length);
        }
        double weight = (double) (id + 1) / (id + 2);
        for (int i = FIELDS; i < a.length - FIELDS; i += FIELDS) {
            double here = squaredDistance(a, b, i);
            double after = squaredDistance(a, b, i + FIELDS);
            double before = squaredDistance(a, b, i - FIELDS);
            int nearest = i;
            if (after < here) {
                nearest = i + FIELDS;
                here = after;
            }
            if (before < here) {
                nearest = i - FIELDS;
            }
            for (int field = 0; field < FIELDS; field++) {
                a[i + field] = weight * b[nearest + field];
            }
        }
        return a;
    }

    /** The squared distance between {@code a}'s and {@code b}'s points at {@code index}. */
    private static double squaredDistance(double[] a, double[] b, int index) {
        double d0 = a[index] - b[index];
        double d1 = a[index + 1] - b[index + 1];
        double d2 = a[index + 2] - b[index + 2];
        double d3 = a[index + 3] - b[index + 3];
        return d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3;
    }

    /**
     * Ends a comparator: truncates every element and divides it, as an
     * integer, by the comparator's in-degree.
     *
     * @param combined the filtered array
     * @param inDegree the number of arrays filtered into it
     */
    static void average(double[] combined, int inDegree) {
        for (int i = 0; i < combined.length; i++) {
            combined[i] = (int) combined[i] / inDegree;
        }
    }

    /**
     * {@return a sink's share of one received array: {@code trunc(weight *
     * sum(v^2 / length))}}
     *
     * @param features the array
     * @param weight the sink's number plus one
     */
    static double checkValue(double[] features, int weight) {
        double sum = 0.0;
        for (double value : features) {
            sum += value * value / features.length;
        }
        return (int) (weight * sum);
    }
}
