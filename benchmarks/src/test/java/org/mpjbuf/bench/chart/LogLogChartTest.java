package org.mpjbuf.bench.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The log-log chart places points by decade and skips what a log axis cannot show. */
class LogLogChartTest {

    @Test
    void shouldDrawALinePerSeriesOverWholeDecades() {
        LogLogChart chart = new LogLogChart("Bcast, 4 ranks");
        chart.add("binomial", new double[] {8, 1024, 1 << 20}, new double[] {2, 20, 2000}, false);
        chart.add("automatic", new double[] {8, 1024, 1 << 20}, new double[] {2, 25, 0}, true);
        String svg = chart.toSvg();
        assertEquals(2, svg.split("<polyline").length - 1);
        assertTrue(svg.contains(">1 MB<") && svg.contains(">1 ms<"), "decade labels up to the largest point");
        assertTrue(svg.contains("stroke-dasharray"), "the emphasised series is dashed");
        String automatic = svg.substring(svg.indexOf("<polyline", svg.indexOf("<polyline") + 1));
        String points = automatic.substring(automatic.indexOf("points=\"") + 8, automatic.indexOf("\"/>"));
        assertEquals(2, points.split(" ").length, "the zero time is skipped");
    }

    @Test
    void shouldRejectMismatchedOrUndrawableSeries() {
        LogLogChart chart = new LogLogChart("empty");
        assertThrows(IllegalArgumentException.class, () -> chart.add("x", new double[] {1}, new double[0], false));
        chart.add("zeros", new double[] {0}, new double[] {0}, false);
        IllegalStateException nothing = assertThrows(IllegalStateException.class, chart::toSvg);
        assertTrue(nothing.getMessage().contains("empty"), nothing.getMessage());
    }
}
