package org.mpjbuf.bench.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

class PingPongChartTest {

    private static final List<String> RUN = List.of(
        "# bytes  half-round-trip-us  MB/s   (best of 3, device niodev)",
        "        1         7.500         0.1",
        "     1024         8.000       128.0");

    @Test
    void shouldKeepTheBestTimeOfEachSizeOverRuns() {
        TreeMap<Long, Double> best = PingPongChart.parse(RUN, "a");
        PingPongChart.merge(best, PingPongChart.parse(List.of("1 9.0 0.1", "1024 6.4 160.0", "2048 9.0 227.6"), "b"));
        assertEquals(Map.of(1L, 7.5, 1024L, 6.4, 2048L, 9.0), best);
    }

    @Test
    void shouldWriteOneRowPerSizeAndLeaveMissingSizesEmpty() {
        Map<String, TreeMap<Long, Double>> best = new LinkedHashMap<>();
        best.put("niodev", PingPongChart.parse(RUN, "a"));
        best.put("tcp", PingPongChart.parse(List.of("1 5.0 0.2"), "b"));
        assertEquals("bytes,niodev us,niodev MB/s,tcp us,tcp MB/s\n"
            + "1,7.500,0.1,5.000,0.2\n"
            + "1024,8.000,128.0,,\n", PingPongChart.csv(best));
        String svg = PingPongChart.chart("ping-pong", best);
        assertTrue(svg.contains("niodev") && svg.contains("tcp") && svg.startsWith("<svg"), svg);
    }

    @Test
    void shouldRefuseLinesThatAreNotResultsNamingTheFile() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
            () -> PingPongChart.parse(List.of("1 7.5"), "run.txt"));
        assertTrue(refused.getMessage().startsWith("run.txt: '1 7.5'"), refused.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PingPongChart.parse(List.of("# nothing"), "empty.txt"));
    }
}
