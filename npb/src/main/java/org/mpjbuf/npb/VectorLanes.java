package org.mpjbuf.npb;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The vector shape the kernels compute with (the Vector API,
 * {@code jdk.incubator.vector}), and the lane selections that split arrays
 * of complex numbers stored as adjacent (real, imaginary) pairs into real
 * and imaginary vectors and build them back.
 *
 * <p>Design note. C2 turns a loop into vector instructions only when it can
 * prove that no store of one iteration feeds a load of a later one; loops
 * that read an array at several offsets (stencils, butterflies) or call
 * {@code Math.log} stay scalar. The kernels write those loops with explicit
 * vectors of {@link #DOUBLES} lanes, the machine's widest (2 to 32 doubles,
 * a power of two). A selector is a vector of lane indexes for
 * {@link DoubleVector#selectFrom(jdk.incubator.vector.Vector,
 * jdk.incubator.vector.Vector)}: lane {@code q} of the result is lane
 * {@code selector[q]} of the two source vectors side by side.
 *
 * <p>Thread-safe: constants only.
 */
final class VectorLanes {
    /** The double vectors of the kernels. */
    static final VectorSpecies<Double> DOUBLES = DoubleVector.SPECIES_PREFERRED;
    /** Long vectors of as many lanes as {@link #DOUBLES}. */
    static final VectorSpecies<Long> LONGS = LongVector.SPECIES_PREFERRED;
    /** From {@code (low, high)} holding {@code DOUBLES.length()} consecutive complex pairs: the real parts. */
    static final DoubleVector REAL_PARTS = selector(0, 0);
    /** From {@code (low, high)} holding {@code DOUBLES.length()} consecutive complex pairs: the imaginary parts. */
    static final DoubleVector IMAGINARY_PARTS = selector(1, 0);
    /** From {@code (real, imaginary)} vectors: the complex pairs of the first half of the lanes. */
    static final DoubleVector LOW_PAIRS = selector(-1, 0);
    /** From {@code (real, imaginary)} vectors: the complex pairs of the second half of the lanes. */
    static final DoubleVector HIGH_PAIRS = selector(-1, DOUBLES.length() / 2);

    private VectorLanes() {
    }

    /**
     * {@return a selector} With {@code part} 0 or 1, lane {@code q} selects
     * lane {@code 2q + part} (splits pairs); with {@code part} -1, lane
     * {@code q} selects lane {@code firstLane + q/2} of the first vector for
     * even {@code q} and of the second for odd {@code q} (builds pairs).
     *
     * @param part 0 for real parts, 1 for imaginary parts, -1 for pairs
     * @param firstLane the first lane taken, for pairs
     */
    private static DoubleVector selector(int part, int firstLane) {
        int lanes = DOUBLES.length();
        double[] selection = new double[lanes];
        for (int q = 0; q < lanes; q++) {
            selection[q] = part >= 0 ? 2 * q + part : firstLane + q / 2 + (q % 2) * lanes;
        }
        return DoubleVector.fromArray(DOUBLES, selection, 0);
    }
}
