package org.mpjbuf.bench.npb;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * Draws NPB results as a bar chart of Mop/s in percent of the native NPB MPI reference: one
 * group of bars per kernel and class, one bar per rank count, and the 90 % target as a dashed
 * line. Writes a self-contained SVG document.
 *
 * <p>Input: a CSV file whose lines are {@code kernel,class,ranks,mops,nativeMops} (a first line
 * starting with {@code kernel} is a header and skipped).
 *
 * <pre>
 * NPB_CSV=npb/figures/reference.csv npb/compare-reference.sh -bin ... A "1 2" 3
 * java -cp benchmarks/target/benchmarks.jar org.mpjbuf.bench.npb.NpbChart npb/figures/reference.csv npb/figures/reference.svg
 * </pre>
 */
public final class NpbChart {

    private static final int WIDTH = 720;
    private static final int HEIGHT = 360;
    private static final int LEFT = 60;
    private static final int TOP = 40;
    private static final int BOTTOM = 60;
    private static final int LEGEND = 110;
    private static final double TARGET_PERCENT = 90;
    private static final String[] COLOURS = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728"};

    /** One measured point. */
    record Result(String kernel, String problemClass, int ranks, double mops, double nativeMops) {
        double percentOfNative() {
            return 100 * mops / nativeMops;
        }
    }

    private NpbChart() {
    }

    /**
     * Reads the CSV and writes the chart.
     *
     * @param args the input CSV and the output SVG path
     * @throws IOException when a file cannot be read or written
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: NpbChart INPUT.csv OUTPUT.svg (got " + args.length
                + " arguments)");
        }
        List<Result> results = parse(Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8));
        Files.writeString(Path.of(args[1]), svg(results), StandardCharsets.UTF_8);
    }

    /**
     * Parses the CSV lines.
     *
     * @param lines the lines
     * @return the results in file order
     * @throws IllegalArgumentException naming the line that is malformed
     */
    static List<Result> parse(List<String> lines) {
        List<Result> results = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || (i == 0 && line.startsWith("kernel"))) {
                continue;
            }
            String[] fields = line.split(",");
            try {
                if (fields.length != 5) {
                    throw new IllegalArgumentException("expected 5 fields, found " + fields.length);
                }
                Result result = new Result(fields[0].strip(), fields[1].strip(), Integer.parseInt(fields[2].strip()),
                    Double.parseDouble(fields[3].strip()), Double.parseDouble(fields[4].strip()));
                if (result.ranks() < 1 || !(result.mops() >= 0) || !(result.nativeMops() > 0)) {
                    throw new IllegalArgumentException("ranks must be >= 1, Mop/s >= 0 and native Mop/s > 0");
                }
                results.add(result);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("line " + (i + 1) + " '" + line
                    + "' is not kernel,class,ranks,mops,nativeMops: " + e.getMessage(), e);
            }
        }
        if (results.isEmpty()) {
            throw new IllegalArgumentException("no results to draw");
        }
        return results;
    }

    /**
     * Draws the chart.
     *
     * @param results the results, at least one
     * @return the SVG document
     */
    static String svg(List<Result> results) {
        Map<String, Map<Integer, Result>> groups = new LinkedHashMap<>();
        TreeSet<Integer> rankCounts = new TreeSet<>();
        double top = 100;
        for (Result result : results) {
            groups.computeIfAbsent(result.kernel() + " " + result.problemClass(), g -> new LinkedHashMap<>())
                .put(result.ranks(), result);
            rankCounts.add(result.ranks());
            top = Math.max(top, result.percentOfNative());
        }
        double scaleTop = Math.ceil(top / 20) * 20;
        int plotRight = WIDTH - LEGEND;
        int plotBottom = HEIGHT - BOTTOM;
        double groupWidth = (double) (plotRight - LEFT) / groups.size();
        double barWidth = groupWidth * 0.8 / rankCounts.size();
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\""
                + " font-size=\"11\">%n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>%n"
                + "<text x=\"%d\" y=\"22\" font-size=\"14\">NPB on smdev: Mop/s in %% of native NPB 3.4 MPI"
                + "</text>%n", WIDTH, HEIGHT, LEFT));
        for (int percent = 0; percent <= scaleTop; percent += 20) {
            double y = y(percent, scaleTop);
            svg.append(String.format(Locale.ROOT,
                "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%d %%</text>%n",
                LEFT, y, plotRight, y, LEFT - 6, y + 4, percent));
        }
        int group = 0;
        for (Map.Entry<String, Map<Integer, Result>> entry : groups.entrySet()) {
            double groupLeft = LEFT + group++ * groupWidth + groupWidth * 0.1;
            int bar = 0;
            for (int ranks : rankCounts) {
                Result result = entry.getValue().get(ranks);
                if (result != null) {
                    double x = groupLeft + bar * barWidth;
                    double y = y(result.percentOfNative(), scaleTop);
                    svg.append(String.format(Locale.ROOT,
                        "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>"
                            + "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"9\">%.0f</text>%n",
                        x, y, barWidth - 2, plotBottom - y, colour(bar), x + barWidth / 2 - 1, y - 3,
                        result.percentOfNative()));
                }
                bar++;
            }
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                groupLeft + groupWidth * 0.4, plotBottom + 16, entry.getKey()));
        }
        double target = y(TARGET_PERCENT, scaleTop);
        svg.append(String.format(Locale.ROOT,
            "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"black\" stroke-dasharray=\"6,3\"/>%n"
                + "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#444\"/>%n",
            LEFT, target, plotRight, target, LEFT, plotBottom, plotRight, plotBottom));
        int row = 0;
        for (int ranks : rankCounts) {
            int legendY = TOP + 10 + 18 * row;
            svg.append(String.format(Locale.ROOT,
                "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"10\" fill=\"%s\"/>"
                    + "<text x=\"%d\" y=\"%d\">%d rank%s</text>%n",
                plotRight + 14, legendY - 8, colour(row), plotRight + 34, legendY + 1, ranks, ranks == 1 ? "" : "s"));
            row++;
        }
        int legendY = TOP + 10 + 18 * row;
        svg.append(String.format(Locale.ROOT,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\" stroke-dasharray=\"6,3\"/>"
                + "<text x=\"%d\" y=\"%d\">target %.0f %%</text>%n",
            plotRight + 14, legendY - 3, plotRight + 28, legendY - 3, plotRight + 34, legendY + 1, TARGET_PERCENT));
        return svg.append("</svg>\n").toString();
    }

    private static double y(double percent, double scaleTop) {
        return HEIGHT - BOTTOM - percent / scaleTop * (HEIGHT - BOTTOM - TOP);
    }

    private static String colour(int index) {
        return COLOURS[index % COLOURS.length];
    }
}
