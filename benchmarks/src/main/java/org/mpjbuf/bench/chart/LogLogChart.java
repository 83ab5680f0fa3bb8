package org.mpjbuf.bench.chart;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A line chart with logarithmic axes, written as a self-contained SVG document: message size
 * in bytes across, time per call up, one line per algorithm. Needs no plotting library, so the
 * sweep that measures also draws.
 *
 * <p>Not thread-safe; build it on one thread, then call {@link #toSvg()}.
 */
public final class LogLogChart {

    private static final int WIDTH = 640;
    private static final int HEIGHT = 400;
    private static final int LEFT = 70;
    private static final int RIGHT = 170;
    private static final int TOP = 40;
    private static final int BOTTOM = 50;
    private static final String[] COLOURS = {
        "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf"};

    private final String title;
    private final List<Series> series = new ArrayList<>();

    /** One line: its name, its points, and whether it is drawn as the emphasised line. */
    private record Series(String name, double[] x, double[] y, boolean emphasised) {
    }

    /**
     * @param title the heading drawn above the plot
     */
    public LogLogChart(String title) {
        this.title = title;
    }

    /**
     * Adds a line. Points with a non-positive coordinate cannot be drawn on logarithmic axes and
     * are skipped.
     *
     * @param name       the legend entry
     * @param x          message sizes in bytes
     * @param y          times in microseconds, one per size
     * @param emphasised draw it black and dashed above the others (the automatic choice)
     * @throws IllegalArgumentException if the arrays differ in length
     */
    public void add(String name, double[] x, double[] y, boolean emphasised) {
        if (x.length != y.length) {
            throw new IllegalArgumentException(
                "series '" + name + "' has " + x.length + " sizes but " + y.length + " times");
        }
        series.add(new Series(name, x.clone(), y.clone(), emphasised));
    }

    /**
     * @return the chart as an SVG document
     * @throws IllegalStateException if no series has a drawable point
     */
    public String toSvg() {
        double[] xRange = decades(true);
        double[] yRange = decades(false);
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\""
                + " font-size=\"11\">%n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>%n",
            WIDTH, HEIGHT));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"22\" font-size=\"14\">%s</text>%n",
            LEFT, escape(title)));
        axes(svg, xRange, yRange);
        int colour = 0;
        int legendRow = 0;
        for (Series line : series) {
            String stroke = line.emphasised() ? "black" : COLOURS[colour++ % COLOURS.length];
            String dash = line.emphasised() ? " stroke-dasharray=\"6,3\" stroke-width=\"2.5\"" : " stroke-width=\"1.5\"";
            StringBuilder points = new StringBuilder();
            for (int i = 0; i < line.x().length; i++) {
                if (line.x()[i] > 0 && line.y()[i] > 0) {
                    points.append(String.format(Locale.ROOT, "%.1f,%.1f ",
                        px(line.x()[i], xRange), py(line.y()[i], yRange)));
                }
            }
            svg.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\"%s points=\"%s\"/>%n",
                stroke, dash, points.toString().trim()));
            int legendY = TOP + 10 + 16 * legendRow++;
            int legendX = WIDTH - RIGHT + 12;
            svg.append(String.format(Locale.ROOT,
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\"%s/>"
                    + "<text x=\"%d\" y=\"%d\">%s</text>%n",
                legendX, legendY, legendX + 20, legendY, stroke, dash, legendX + 26, legendY + 4,
                escape(line.name())));
        }
        return svg.append("</svg>\n").toString();
    }

    private void axes(StringBuilder svg, double[] xRange, double[] yRange) {
        int plotRight = WIDTH - RIGHT;
        int plotBottom = HEIGHT - BOTTOM;
        svg.append(String.format(Locale.ROOT,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#444\"/>%n",
            LEFT, TOP, plotRight - LEFT, plotBottom - TOP));
        for (double decade = xRange[0]; decade <= xRange[1]; decade++) {
            double x = px(Math.pow(10, decade), xRange);
            svg.append(String.format(Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>"
                    + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                x, TOP, x, plotBottom, x, plotBottom + 16, bytes(Math.pow(10, decade))));
        }
        for (double decade = yRange[0]; decade <= yRange[1]; decade++) {
            double y = py(Math.pow(10, decade), yRange);
            svg.append(String.format(Locale.ROOT,
                "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                LEFT, y, plotRight, y, LEFT - 6, y + 4, micros(Math.pow(10, decade))));
        }
        svg.append(String.format(Locale.ROOT,
            "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">message size (bytes)</text>%n"
                + "<text x=\"16\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 16 %d)\">"
                + "time per call</text>%n",
            (LEFT + plotRight) / 2, HEIGHT - 12, (TOP + plotBottom) / 2, (TOP + plotBottom) / 2));
    }

    /** The whole decades that enclose every drawable coordinate of one axis. */
    private double[] decades(boolean horizontal) {
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (Series line : series) {
            for (int i = 0; i < line.x().length; i++) {
                if (line.x()[i] > 0 && line.y()[i] > 0) {
                    double value = Math.log10(horizontal ? line.x()[i] : line.y()[i]);
                    low = Math.min(low, value);
                    high = Math.max(high, value);
                }
            }
        }
        if (low > high) {
            throw new IllegalStateException("chart '" + title + "' has no point with positive coordinates");
        }
        return new double[] {Math.floor(low), Math.max(Math.ceil(high), Math.floor(low) + 1)};
    }

    private static double px(double value, double[] range) {
        double fraction = (Math.log10(value) - range[0]) / (range[1] - range[0]);
        return LEFT + fraction * (WIDTH - RIGHT - LEFT);
    }

    private static double py(double value, double[] range) {
        double fraction = (Math.log10(value) - range[0]) / (range[1] - range[0]);
        return HEIGHT - BOTTOM - fraction * (HEIGHT - BOTTOM - TOP);
    }

    private static String bytes(double value) {
        if (value >= 1e6) {
            return String.format(Locale.ROOT, "%.0f MB", value / 1e6);
        }
        if (value >= 1e3) {
            return String.format(Locale.ROOT, "%.0f kB", value / 1e3);
        }
        return String.format(Locale.ROOT, "%.0f", value);
    }

    private static String micros(double value) {
        if (value >= 1e6) {
            return String.format(Locale.ROOT, "%.0f s", value / 1e6);
        }
        if (value >= 1e3) {
            return String.format(Locale.ROOT, "%.0f ms", value / 1e3);
        }
        if (value >= 1) {
            return String.format(Locale.ROOT, "%.0f us", value);
        }
        return String.format(Locale.ROOT, "%.1f us", value);
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
