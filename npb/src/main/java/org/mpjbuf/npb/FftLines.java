package org.mpjbuf.npb;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

import static org.mpjbuf.npb.VectorLanes.HIGH_PAIRS;
import static org.mpjbuf.npb.VectorLanes.IMAGINARY_PARTS;
import static org.mpjbuf.npb.VectorLanes.LOW_PAIRS;
import static org.mpjbuf.npb.VectorLanes.REAL_PARTS;

/**
 * Complex FFTs along one axis of a 3D array of complex numbers stored as
 * adjacent (real, imaginary) pairs: the Stockham radix-2 FFT of the NPB FT
 * reference ({@code fft_init}, {@code cfftz}, {@code fftz2}).
 *
 * <p>Design note. The array has extents {@code (n0, n1, n2)}, {@code n0}
 * fastest; complex element {@code (i0, i1, i2)} is at double index
 * {@code 2 (i0 + n0 (i1 + n1 i2))}. Lines along the chosen axis are
 * transformed a batch at a time: a batch is gathered into split
 * real and imaginary scratch arrays laid out {@code [element][line]}, so the
 * innermost loop of every butterfly runs over the lines with unit stride,
 * then scattered back. Pass {@code l} of a length-{@code 2^m} transform
 * combines pairs {@code n/2} apart into blocks of {@code 2^l}, multiplying
 * by the root {@code exp(i pi k / 2^(m-l))} kept at index {@code 2^(m-l) + k}
 * of the roots table; the passes alternate between two scratch arrays.
 * The inverse uses the conjugate roots and does not scale. The butterflies
 * work on a vector of lines at once ({@link VectorLanes}); each lane
 * performs exactly the scalar operations, in the same order and without
 * fused multiply-adds, so the results are the reference's bit for bit.
 * Lines across the fastest axis are gathered and scattered with vectors
 * too, splitting and rebuilding the complex pairs with two-vector lane
 * selections; lines along it move one number at a time (indexed vector
 * loads and stores were not faster). A batch holds {@link #BATCH} lines:
 * 16, or a vector's lanes where a vector holds more, so that the lanes
 * divide every run of the butterflies.
 *
 * <p>Not thread-safe: one instance per rank (it owns the scratch arrays).
 */
final class FftLines {
    private static final VectorSpecies<Double> LANES = VectorLanes.DOUBLES;
    /** Lines per batch, a multiple of the lanes. */
    private static final int BATCH = Math.max(16, LANES.length());

    private final double[] rootRe;
    private final double[] rootIm;
    private final double[] conjugateIm;
    private double[] xr;
    private double[] xi;
    private double[] yr;
    private double[] yi;
    private boolean inverse;

    /**
     * Creates the transform for lines up to {@code maxLength} elements.
     *
     * @param maxLength the longest line, a power of two
     */
    FftLines(int maxLength) {
        rootRe = new double[maxLength];
        rootIm = new double[maxLength];
        for (int ln = 1; ln < maxLength; ln <<= 1) {
            double t = Math.PI / ln;
            for (int i = 0; i < ln; i++) {
                double ti = i * t;
                rootRe[ln + i] = Math.cos(ti);
                rootIm[ln + i] = Math.sin(ti);
            }
        }
        conjugateIm = new double[maxLength];
        for (int i = 0; i < maxLength; i++) {
            conjugateIm[i] = -rootIm[i];
        }
        xr = new double[maxLength * BATCH];
        xi = new double[maxLength * BATCH];
        yr = new double[maxLength * BATCH];
        yi = new double[maxLength * BATCH];
    }

    /**
     * Transforms every line of {@code data} along an axis, in place.
     *
     * @param data the array, complex pairs
     * @param n0 the fastest extent
     * @param n1 the middle extent
     * @param n2 the slowest extent
     * @param axis 0, 1 or 2
     * @param inverse {@code true} for the inverse transform (conjugate roots)
     */
    void transform(double[] data, int n0, int n1, int n2, int axis, boolean inverse) {
        this.inverse = inverse;
        int length;
        int elementStride;
        int lineStep;
        int lineCount;
        int outerCount;
        int outerStep;
        switch (axis) {
            case 0 -> {
                length = n0;
                elementStride = 1;
                lineStep = n0;
                lineCount = n1;
                outerCount = n2;
                outerStep = n0 * n1;
            }
            case 1 -> {
                length = n1;
                elementStride = n0;
                lineStep = 1;
                lineCount = n0;
                outerCount = n2;
                outerStep = n0 * n1;
            }
            default -> {
                length = n2;
                elementStride = n0 * n1;
                lineStep = 1;
                lineCount = n0;
                outerCount = n1;
                outerStep = n0;
            }
        }
        for (int outer = 0; outer < outerCount; outer++) {
            for (int first = 0; first < lineCount; first += BATCH) {
                int width = Math.min(BATCH, lineCount - first);
                int start = outer * outerStep + first * lineStep;
                gather(data, start, length, elementStride, lineStep, width);
                stockham(length);
                scatter(data, start, length, elementStride, lineStep, width);
            }
        }
    }

    private void gather(double[] data, int start, int length, int elementStride, int lineStep, int width) {
        if (elementStride == 1) {
            for (int j = 0; j < width; j++) {
                int index = 2 * (start + j * lineStep);
                for (int k = 0; k < length; k++) {
                    xr[k * BATCH + j] = data[index + 2 * k];
                    xi[k * BATCH + j] = data[index + 2 * k + 1];
                }
            }
        } else {
            int lanes = LANES.length();
            for (int k = 0; k < length; k++) {
                int index = 2 * (start + k * elementStride);
                int j = 0;
                for (; j <= width - lanes; j += lanes) {
                    DoubleVector low = DoubleVector.fromArray(LANES, data, index + 2 * j);
                    DoubleVector high = DoubleVector.fromArray(LANES, data, index + 2 * j + lanes);
                    REAL_PARTS.selectFrom(low, high).intoArray(xr, k * BATCH + j);
                    IMAGINARY_PARTS.selectFrom(low, high).intoArray(xi, k * BATCH + j);
                }
                for (; j < width; j++) {
                    xr[k * BATCH + j] = data[index + 2 * j];
                    xi[k * BATCH + j] = data[index + 2 * j + 1];
                }
            }
        }
    }

    private void scatter(double[] data, int start, int length, int elementStride, int lineStep, int width) {
        if (elementStride == 1) {
            for (int j = 0; j < width; j++) {
                int index = 2 * (start + j * lineStep);
                for (int k = 0; k < length; k++) {
                    data[index + 2 * k] = xr[k * BATCH + j];
                    data[index + 2 * k + 1] = xi[k * BATCH + j];
                }
            }
        } else {
            int lanes = LANES.length();
            for (int k = 0; k < length; k++) {
                int index = 2 * (start + k * elementStride);
                int j = 0;
                for (; j <= width - lanes; j += lanes) {
                    DoubleVector real = DoubleVector.fromArray(LANES, xr, k * BATCH + j);
                    DoubleVector imaginary = DoubleVector.fromArray(LANES, xi, k * BATCH + j);
                    LOW_PAIRS.selectFrom(real, imaginary).intoArray(data, index + 2 * j);
                    HIGH_PAIRS.selectFrom(real, imaginary).intoArray(data, index + 2 * j + lanes);
                }
                for (; j < width; j++) {
                    data[index + 2 * j] = xr[k * BATCH + j];
                    data[index + 2 * j + 1] = xi[k * BATCH + j];
                }
            }
        }
    }

    /**
     * Transforms the gathered batch in {@code xr, xi} ({@code cfftz}): the
     * passes two at a time ({@link #passPair}), then a last single pass when
     * the number of passes is odd; each pass reads one pair of scratch arrays
     * and writes the other, and the fields are swapped so that the result
     * ends in {@code xr, xi}.
     */
    private void stockham(int length) {
        int m = Integer.numberOfTrailingZeros(length);
        int l = 1;
        for (; l + 1 <= m; l += 2) {
            passPair(l, m, length, xr, xi, yr, yi);
            swapScratch();
        }
        if (l == m) {
            pass(l, m, length, xr, xi, yr, yi);
            swapScratch();
        }
    }

    private void swapScratch() {
        double[] swap = xr;
        xr = yr;
        yr = swap;
        swap = xi;
        xi = yi;
        yi = swap;
    }

    /**
     * Passes {@code l} and {@code l + 1} of the Stockham FFT in one sweep from
     * {@code (ar, ai)} into {@code (br, bi)}: each group of four elements a
     * quarter of the line apart goes through both passes' butterflies while
     * in registers, so the intermediate array is neither written nor read
     * back. Every value is computed by exactly the operations of two calls of
     * {@link #pass}, so the result is bit for bit the same.
     */
    private void passPair(int l, int m, int length, double[] ar, double[] ai, double[] br, double[] bi) {
        int quarter = length / 4 * BATCH;
        int lk = 1 << (l - 1);
        int li = 1 << (m - l);
        int run = lk * BATCH;
        double[] roots = inverse ? conjugateIm : rootIm;
        for (int i = 0; i < li / 2; i++) {
            int a0 = i * run;
            int a1 = a0 + quarter;
            int a2 = a1 + quarter;
            int a3 = a2 + quarter;
            int b0 = 4 * i * run;
            int b1 = b0 + run;
            int b2 = b1 + run;
            int b3 = b2 + run;
            double ur = rootRe[li + i];
            double ui = roots[li + i];
            double vr = rootRe[li + li / 2 + i];
            double vi = roots[li + li / 2 + i];
            double wr = rootRe[li / 2 + i];
            double wi = roots[li / 2 + i];
            for (int t = 0; t < run; t += LANES.length()) {
                DoubleVector x0r = DoubleVector.fromArray(LANES, ar, a0 + t);
                DoubleVector x0i = DoubleVector.fromArray(LANES, ai, a0 + t);
                DoubleVector x1r = DoubleVector.fromArray(LANES, ar, a1 + t);
                DoubleVector x1i = DoubleVector.fromArray(LANES, ai, a1 + t);
                DoubleVector x2r = DoubleVector.fromArray(LANES, ar, a2 + t);
                DoubleVector x2i = DoubleVector.fromArray(LANES, ai, a2 + t);
                DoubleVector x3r = DoubleVector.fromArray(LANES, ar, a3 + t);
                DoubleVector x3i = DoubleVector.fromArray(LANES, ai, a3 + t);
                DoubleVector s0r = x0r.add(x2r);
                DoubleVector s0i = x0i.add(x2i);
                DoubleVector d0r = x0r.sub(x2r);
                DoubleVector d0i = x0i.sub(x2i);
                DoubleVector s1r = x1r.add(x3r);
                DoubleVector s1i = x1i.add(x3i);
                DoubleVector d1r = x1r.sub(x3r);
                DoubleVector d1i = x1i.sub(x3i);
                DoubleVector y1r = d0r.mul(ur).sub(d0i.mul(ui));
                DoubleVector y1i = d0i.mul(ur).add(d0r.mul(ui));
                DoubleVector y3r = d1r.mul(vr).sub(d1i.mul(vi));
                DoubleVector y3i = d1i.mul(vr).add(d1r.mul(vi));
                s0r.add(s1r).intoArray(br, b0 + t);
                s0i.add(s1i).intoArray(bi, b0 + t);
                DoubleVector e0r = s0r.sub(s1r);
                DoubleVector e0i = s0i.sub(s1i);
                e0r.mul(wr).sub(e0i.mul(wi)).intoArray(br, b2 + t);
                e0i.mul(wr).add(e0r.mul(wi)).intoArray(bi, b2 + t);
                y1r.add(y3r).intoArray(br, b1 + t);
                y1i.add(y3i).intoArray(bi, b1 + t);
                DoubleVector e1r = y1r.sub(y3r);
                DoubleVector e1i = y1i.sub(y3i);
                e1r.mul(wr).sub(e1i.mul(wi)).intoArray(br, b3 + t);
                e1i.mul(wr).add(e1r.mul(wi)).intoArray(bi, b3 + t);
            }
        }
    }

    /**
     * Pass {@code l} of the Stockham FFT from {@code (ar, ai)} into
     * {@code (br, bi)} ({@code fftz2}); all {@link #BATCH} lines of the batch
     * are transformed (unused ones hold stale finite values), so that the
     * inner loop runs over {@code lk * BATCH} consecutive doubles.
     */
    private void pass(int l, int m, int length, double[] ar, double[] ai, double[] br, double[] bi) {
        int half = length / 2;
        int lk = 1 << (l - 1);
        int li = 1 << (m - l);
        int run = lk * BATCH;
        double[] roots = inverse ? conjugateIm : rootIm;
        for (int i = 0; i < li; i++) {
            int a1 = i * run;
            int a2 = a1 + half * BATCH;
            int b1 = 2 * i * run;
            int b2 = b1 + run;
            double ur = rootRe[li + i];
            double ui = roots[li + i];
            for (int t = 0; t < run; t += LANES.length()) {
                DoubleVector x11r = DoubleVector.fromArray(LANES, ar, a1 + t);
                DoubleVector x11i = DoubleVector.fromArray(LANES, ai, a1 + t);
                DoubleVector x21r = DoubleVector.fromArray(LANES, ar, a2 + t);
                DoubleVector x21i = DoubleVector.fromArray(LANES, ai, a2 + t);
                x11r.add(x21r).intoArray(br, b1 + t);
                x11i.add(x21i).intoArray(bi, b1 + t);
                DoubleVector dr = x11r.sub(x21r);
                DoubleVector di = x11i.sub(x21i);
                dr.mul(ur).sub(di.mul(ui)).intoArray(br, b2 + t);
                di.mul(ur).add(dr.mul(ui)).intoArray(bi, b2 + t);
            }
        }
    }
}
