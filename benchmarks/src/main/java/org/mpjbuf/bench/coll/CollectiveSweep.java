package org.mpjbuf.bench.coll;

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

import org.mpjbuf.bench.chart.LogLogChart;
import org.mpjbuf.mpj.runtime.Job;

/**
 * Times every algorithm of Barrier, Bcast, Reduce, Allreduce, Allgather and Alltoall on smdev,
 * IMB style, and writes a CSV of all points, a Markdown table per rank count and collective
 * with the automatic choice marked and its ratio to the best algorithm, and a log-log chart
 * ({@code <collective>-<ranks>.svg}) of the same points with the automatic run drawn dashed.
 *
 * <p>Each algorithm runs as its own job with the collective's override property set, so every
 * rank's class loader reads it afresh. {@code auto} is the selection table itself.
 *
 * <p>A sweep starts a new CSV; with {@code --append} it adds another pass to the CSV already in
 * the directory, and the report keeps each point's best time over the passes, so load that hit
 * one pass does not decide the table.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar org.mpjbuf.bench.coll.CollectiveSweep OUT_DIR [MAX_BYTES] [RANKS...]
 * java -cp benchmarks/target/benchmarks.jar org.mpjbuf.bench.coll.CollectiveSweep --append OUT_DIR [MAX_BYTES] [RANKS...]
 * java -cp benchmarks/target/benchmarks.jar org.mpjbuf.bench.coll.CollectiveSweep --report OUT_DIR
 * </pre>
 * The second form only redraws the table and charts from an existing {@code collectives.csv}.
 */
public final class CollectiveSweep {

    private static final String AUTO = "auto";

    private CollectiveSweep() {
    }

    /**
     * Runs the sweep.
     *
     * @param args optionally {@code --append}, then the output directory, largest message size in
     *             bytes (default 4 MiB), rank counts (default 4 8); or {@code --report} and the
     *             output directory
     * @throws IOException when the results cannot be read or written
     */
    public static void main(String[] args) throws IOException {
        if (args.length == 2 && args[0].equals("--report")) {
            report(Path.of(args[1]));
            return;
        }
        boolean append = args.length > 0 && args[0].equals("--append");
        int first = append ? 1 : 0;
        Path directory = Path.of(args.length > first ? args[first] : "target/coll-sweep");
        long maxBytes = args.length > first + 1 ? Long.parseLong(args[first + 1]) : 4L << 20;
        List<Integer> rankCounts = new ArrayList<>();
        for (int i = first + 2; i < args.length; i++) {
            rankCounts.add(Integer.parseInt(args[i]));
        }
        if (rankCounts.isEmpty()) {
            rankCounts.addAll(List.of(4, 8));
        }
        Files.createDirectories(directory);
        Path csv = directory.resolve("collectives.csv");
        if (!append) {
            Files.deleteIfExists(csv);
        }
        for (int ranks : rankCounts) {
            for (CollectiveKind kind : CollectiveKind.values()) {
                List<String> labels = new ArrayList<>(kind.algorithms());
                labels.add(AUTO);
                for (String label : labels) {
                    System.setProperty(kind.property, label);
                    try {
                        Job.of(ranks).device("smdev").runMain(CollectiveTimer.class, kind.name(),
                            Long.toString(maxBytes), csv.toString(), label).orThrow();
                    } finally {
                        System.clearProperty(kind.property);
                    }
                    System.out.println(ranks + " ranks " + kind + " " + label + " done");
                }
            }
        }
        report(directory);
    }

    /** Writes the Markdown tables and the charts of the CSV in {@code directory}. */
    private static void report(Path directory) throws IOException {
        Map<String, Map<Long, Map<String, Double>>> byGroup =
            group(Files.readAllLines(directory.resolve("collectives.csv")));
        Files.writeString(directory.resolve("collectives.md"), table(byGroup), StandardCharsets.UTF_8);
        for (Map.Entry<String, Map<Long, Map<String, Double>>> group : byGroup.entrySet()) {
            String[] key = group.getKey().split(",");
            if (group.getValue().keySet().stream().anyMatch(bytes -> bytes > 0)) {
                String name = key[1].toLowerCase(Locale.ROOT) + "-" + key[0] + ".svg";
                Files.writeString(directory.resolve(name), chart(key, group.getValue()), StandardCharsets.UTF_8);
            }
        }
    }

    /**
     * Groups the CSV lines by "ranks,collective", then by message size, then by algorithm; a point
     * measured in several passes keeps its best (lowest) time.
     */
    private static Map<String, Map<Long, Map<String, Double>>> group(List<String> lines) {
        Map<String, Map<Long, Map<String, Double>>> byGroup = new LinkedHashMap<>();
        for (String line : lines) {
            String[] f = line.split(",");
            String group = f[0] + "," + f[1];
            byGroup.computeIfAbsent(group, g -> new TreeMap<>())
                .computeIfAbsent(Long.parseLong(f[3]), b -> new LinkedHashMap<>())
                .merge(f[2], Double.parseDouble(f[4]), Math::min);
        }
        return byGroup;
    }

    /** Draws one (ranks, collective) group: a line per algorithm and the automatic run dashed. */
    private static String chart(String[] key, Map<Long, Map<String, Double>> rows) {
        CollectiveKind kind = CollectiveKind.valueOf(key[1]);
        LogLogChart chart = new LogLogChart(kind + ", " + key[0] + " ranks on smdev");
        List<String> labels = new ArrayList<>(kind.algorithms());
        labels.add(AUTO);
        for (String label : labels) {
            double[] x = new double[rows.size()];
            double[] y = new double[rows.size()];
            int i = 0;
            for (Map.Entry<Long, Map<String, Double>> row : rows.entrySet()) {
                x[i] = row.getKey();
                y[i++] = row.getValue().getOrDefault(label, 0.0);
            }
            chart.add(label.equals(AUTO) ? "automatic" : label, x, y, label.equals(AUTO));
        }
        return chart.toSvg();
    }

    /** Builds one Markdown table per (ranks, collective). */
    private static String table(Map<String, Map<Long, Map<String, Double>>> byGroup) {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, Map<Long, Map<String, Double>>> group : byGroup.entrySet()) {
            String[] key = group.getKey().split(",");
            int ranks = Integer.parseInt(key[0]);
            CollectiveKind kind = CollectiveKind.valueOf(key[1]);
            List<String> algorithms = kind.algorithms();
            out.append("\n#### ").append(kind).append(", ").append(ranks).append(" ranks (us per call)\n\n");
            out.append("| bytes |");
            for (String algorithm : algorithms) {
                out.append(' ').append(algorithm).append(" |");
            }
            out.append(" auto run | chosen / best |\n|---:|");
            out.append("---:|".repeat(algorithms.size() + 2)).append('\n');
            for (Map.Entry<Long, Map<String, Double>> row : group.getValue().entrySet()) {
                long bytes = row.getKey();
                Map<String, Double> times = row.getValue();
                String chosen = kind.automaticChoice(bytes, ranks);
                double best = Double.MAX_VALUE;
                for (String algorithm : algorithms) {
                    best = Math.min(best, times.getOrDefault(algorithm, Double.MAX_VALUE));
                }
                out.append("| ").append(bytes).append(" |");
                for (String algorithm : algorithms) {
                    Double time = times.get(algorithm);
                    String cell = time == null ? "-" : String.format(Locale.ROOT, "%.1f", time);
                    out.append(' ').append(algorithm.equals(chosen) ? "**" + cell + "**" : cell).append(" |");
                }
                Double auto = times.get(AUTO);
                out.append(' ').append(auto == null ? "-" : String.format(Locale.ROOT, "%.1f", auto)).append(" |");
                Double chosenTime = times.get(chosen);
                out.append(' ').append(chosenTime == null ? "-" : String.format(Locale.ROOT, "%.2f", chosenTime / best))
                    .append(" |\n");
            }
        }
        return out.toString();
    }
}
