package org.mpjbuf.npb;

/**
 * Complex FFTs along one axis of a 3D array of complex numbers stored as
 * adjacent (real, imaginary) pairs: the Stockham radix-2 FFT of the NPB FT
 * reference ({@code fft_init}, {@code cfftz}, {@code fftz2}).
 *
 * <p>Design note. The array has extents {@code (n0, n1, n2)}, {@code n0}
 * fastest; complex element {@code (i0, i1, i2)} is at double index
 * {@code 2 (i0 + n0 (i1 + n1 i2))}. Lines along the chosen axis are
 * transformed {@value #BATCH} at a time: a batch is gathered into split
 * real and imaginary scratch arrays laid out {@code [element][line]}, so the
 * innermost loop of every butterfly runs over the lines with unit stride,
 * then scattered back. Pass {@code l} of a length-{@code 2^m} transform
 * combines pairs {@code n/2} apart into blocks of {@code 2^l}, multiplying
 * by the root {@code exp(i pi k / 2^(m-l))} kept at index {@code 2^(m-l) + k}
 * of the roots table; the passes alternate between two scratch arrays.
 * The inverse uses the conjugate roots and does not scale.
 *
 * <p>Not thread-safe: one instance per rank (it owns the scratch arrays).
 */
final class FftLines {
    private static final int BATCH = 16;

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
            for (int k = 0; k < length; k++) {
                int index = 2 * (start + k * elementStride);
                for (int j = 0; j < width; j++) {
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
            for (int k = 0; k < length; k++) {
                int index = 2 * (start + k * elementStride);
                for (int j = 0; j < width; j++) {
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
            for (int t = 0; t < run; t++) {
                double x0r = ar[a0 + t];
                double x0i = ai[a0 + t];
                double x1r = ar[a1 + t];
                double x1i = ai[a1 + t];
                double x2r = ar[a2 + t];
                double x2i = ai[a2 + t];
                double x3r = ar[a3 + t];
                double x3i = ai[a3 + t];
                double s0r = x0r + x2r;
                double s0i = x0i + x2i;
                double d0r = x0r - x2r;
                double d0i = x0i - x2i;
                double s1r = x1r + x3r;
                double s1i = x1i + x3i;
                double d1r = x1r - x3r;
                double d1i = x1i - x3i;
                double y1r = ur * d0r - ui * d0i;
                double y1i = ur * d0i + ui * d0r;
                double y3r = vr * d1r - vi * d1i;
                double y3i = vr * d1i + vi * d1r;
                br[b0 + t] = s0r + s1r;
                bi[b0 + t] = s0i + s1i;
                double e0r = s0r - s1r;
                double e0i = s0i - s1i;
                br[b2 + t] = wr * e0r - wi * e0i;
                bi[b2 + t] = wr * e0i + wi * e0r;
                br[b1 + t] = y1r + y3r;
                bi[b1 + t] = y1i + y3i;
                double e1r = y1r - y3r;
                double e1i = y1i - y3i;
                br[b3 + t] = wr * e1r - wi * e1i;
                bi[b3 + t] = wr * e1i + wi * e1r;
            }
        }
    }

    /**
     * Pass {@code l} of the Stockham FFT from {@code (ar, ai)} into
     * {@code (br, bi)} ({@code fftz2}); all {@value #BATCH} lines of the batch
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
            for (int t = 0; t < run; t++) {
                double x11r = ar[a1 + t];
                double x11i = ai[a1 + t];
                double x21r = ar[a2 + t];
                double x21i = ai[a2 + t];
                br[b1 + t] = x11r + x21r;
                bi[b1 + t] = x11i + x21i;
                double dr = x11r - x21r;
                double di = x11i - x21i;
                br[b2 + t] = ur * dr - ui * di;
                bi[b2 + t] = ur * di + ui * dr;
            }
        }
    }
}
