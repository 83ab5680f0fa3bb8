package org.mpjbuf.bench.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The NPB chart reads its CSV strictly and draws one bar per result. */
class NpbChartTest {

    @Test
    void shouldDrawOneLabelledBarPerResultInPercentOfNative() {
        List<NpbChart.Result> results = NpbChart.parse(List.of(
            "kernel,class,ranks,mops,nativeMops", "CG,A,1,900,1800", "CG,A,2,1800,3600", "EP,A,1,150,100"));
        assertEquals(3, results.size());
        assertEquals(50.0, results.get(0).percentOfNative(), 1e-9);
        String svg = NpbChart.svg(results);
        assertEquals(3 + 2, svg.split("<rect x=").length - 1, "three bars and two legend swatches");
        assertTrue(svg.contains(">150</text>"), "a bar above the target is labelled with its percentage");
        assertTrue(svg.contains("CG A") && svg.contains("EP A"), "each kernel and class names its group");
    }

    @Test
    void shouldNameTheMalformedLine() {
        IllegalArgumentException fields = assertThrows(IllegalArgumentException.class,
            () -> NpbChart.parse(List.of("CG,A,1,900")));
        assertTrue(fields.getMessage().contains("line 1") && fields.getMessage().contains("expected 5 fields"),
            fields.getMessage());
        IllegalArgumentException number = assertThrows(IllegalArgumentException.class,
            () -> NpbChart.parse(List.of("kernel,class,ranks,mops,nativeMops", "CG,A,two,900,1800")));
        assertTrue(number.getMessage().contains("line 2"), number.getMessage());
        IllegalArgumentException reference = assertThrows(IllegalArgumentException.class,
            () -> NpbChart.parse(List.of("CG,A,1,900,0")));
        assertTrue(reference.getMessage().contains("native Mop/s > 0"), reference.getMessage());
        assertThrows(IllegalArgumentException.class, () -> NpbChart.parse(List.of("kernel,class")));
    }
}
