package org.mpjbuf.bench.mpi;

import java.util.Arrays;

/**
 * The mean and the quantiles of a run of timed operations, as the programs of this package print
 * them: the quantile {@code q} of {@code n} sorted times is the time at index {@code (int) (n * q)}.
 *
 * <p>Stateless.
 */
final class Timings {

    private Timings() {
    }

    /**
     * Sorts the first {@code count} times and returns their mean, then each quantile asked for, in
     * the times' own unit.
     *
     * @param times     the times; the first {@code count} are sorted in place
     * @param count     how many of them were taken, at least 1
     * @param quantiles the quantiles, each in {@code [0, 1)}
     * @return the mean at index 0, then the quantiles in the order asked
     */
    static double[] meanAndQuantiles(long[] times, int count, double... quantiles) {
        Arrays.sort(times, 0, count);
        long sum = 0;
        for (int i = 0; i < count; i++) {
            sum += times[i];
        }
        double[] figures = new double[quantiles.length + 1];
        figures[0] = (double) sum / count;
        for (int k = 0; k < quantiles.length; k++) {
            figures[k + 1] = times[(int) (count * quantiles[k])];
        }
        return figures;
    }
}
