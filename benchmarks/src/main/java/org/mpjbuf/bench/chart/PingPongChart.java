package org.mpjbuf.bench.chart;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Turns the outputs of ping-pong runs into one table and one chart: the half round trip per
 * message size of each transport, the best over all of its runs. It reads what
 * {@code org.mpjbuf.bench.mpi.PingPongProgram} and {@code benchmarks/native/pingpong.c} print
 * (lines {@code bytes half-round-trip-us MB/s}, {@code #} comments), so runs of mpjbuf's
 * devices and of native MPI taken alternately in one sitting are drawn side by side.
 *
 * <pre>
 * java -cp benchmarks/target/classes org.mpjbuf.bench.chart.PingPongChart OUT.csv OUT.svg TITLE \
 *     "niodev=run1.txt,run2.txt" "Open MPI TCP=ompi1.txt,ompi2.txt"
 * </pre>
 *
 * <p>The CSV has one row per size and, per transport, the half round trip in microseconds and
 * the bandwidth in MB/s (10^6 B/s); a size one transport did not measure is left empty.
 */
public final class PingPongChart {

    private PingPongChart() {
    }

    /**
     * Writes the table and the chart.
     *
     * @param args the CSV path, the SVG path, the chart's title, then {@code NAME=FILE[,FILE...]}
     *             per transport
     * @throws IOException if a file cannot be read or written
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 4) {
            System.err.println("usage: PingPongChart OUT.csv OUT.svg TITLE NAME=FILE[,FILE...] ...");
            System.exit(2);
        }
        Map<String, TreeMap<Long, Double>> best = new LinkedHashMap<>();
        for (int i = 3; i < args.length; i++) {
            int equals = args[i].indexOf('=');
            if (equals <= 0) {
                System.err.println("PingPongChart: '" + args[i] + "' is not NAME=FILE[,FILE...]");
                System.exit(2);
            }
            TreeMap<Long, Double> times = new TreeMap<>();
            for (String file : args[i].substring(equals + 1).split(",")) {
                merge(times, parse(Files.readAllLines(Path.of(file), StandardCharsets.UTF_8), file));
            }
            best.put(args[i].substring(0, equals), times);
        }
        Files.writeString(Path.of(args[0]), csv(best), StandardCharsets.UTF_8);
        Files.writeString(Path.of(args[1]), chart(args[2], best), StandardCharsets.UTF_8);
    }

    /**
     * Reads the half round trip per size from a ping-pong output.
     *
     * @param lines  the output
     * @param source its name, for errors
     * @return microseconds per size in bytes
     * @throws IllegalArgumentException if a line is neither a comment nor three numbers
     */
    static TreeMap<Long, Double> parse(List<String> lines, String source) {
        TreeMap<Long, Double> times = new TreeMap<>();
        for (String line : lines) {
            String trimmed = line.trim();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            String[] fields = trimmed.split("\\s+");
            try {
                if (fields.length != 3) {
                    throw new NumberFormatException("expected 3 fields");
                }
                times.put(Long.parseLong(fields[0]), Double.parseDouble(fields[1]));
            } catch (NumberFormatException ex) {
                throw new IllegalArgumentException(source + ": '" + line
                    + "' is not 'bytes half-round-trip-us MB/s'", ex);
            }
        }
        if (times.isEmpty()) {
            throw new IllegalArgumentException(source + " holds no ping-pong result");
        }
        return times;
    }

    /** Keeps the shorter time of each size. */
    static void merge(TreeMap<Long, Double> into, TreeMap<Long, Double> run) {
        run.forEach((bytes, micros) -> into.merge(bytes, micros, Math::min));
    }

    static String csv(Map<String, TreeMap<Long, Double>> best) {
        StringBuilder out = new StringBuilder("bytes");
        for (String name : best.keySet()) {
            out.append(',').append(name).append(" us,").append(name).append(" MB/s");
        }
        out.append('\n');
        TreeSet<Long> sizes = new TreeSet<>();
        best.values().forEach(times -> sizes.addAll(times.keySet()));
        for (long bytes : sizes) {
            out.append(bytes);
            for (TreeMap<Long, Double> times : best.values()) {
                Double micros = times.get(bytes);
                out.append(micros == null ? ",," : String.format(Locale.ROOT, ",%.3f,%.1f", micros, bytes / micros));
            }
            out.append('\n');
        }
        return out.toString();
    }

    static String chart(String title, Map<String, TreeMap<Long, Double>> best) {
        LogLogChart chart = new LogLogChart(title);
        best.forEach((name, times) -> {
            List<Long> sizes = new ArrayList<>(times.keySet());
            double[] x = new double[sizes.size()];
            double[] y = new double[sizes.size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = sizes.get(i);
                y[i] = times.get(sizes.get(i));
            }
            chart.add(name, x, y, false);
        });
        return chart.toSvg();
    }
}
