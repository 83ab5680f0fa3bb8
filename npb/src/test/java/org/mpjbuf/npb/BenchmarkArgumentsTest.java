package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class BenchmarkArgumentsTest {
    private static final BenchmarkVariant GRAPH = new BenchmarkVariant("GRAPH", List.of("BH", "WH", "SH"));

    @Test
    void shouldReadTheClassInTheReferenceForm() {
        assertEquals(ProblemClass.A, BenchmarkArguments.parse("CLASS=A").problemClass());
        assertEquals(ProblemClass.W, BenchmarkArguments.parse("class=w").problemClass());
    }

    @Test
    void shouldReadTheClassAsAnOption() {
        assertEquals(ProblemClass.B, BenchmarkArguments.parse("-class", "B").problemClass());
    }

    @Test
    void shouldDefaultToClassS() {
        assertEquals(ProblemClass.S, BenchmarkArguments.parse().problemClass());
    }

    @Test
    void shouldNameTheAllowedClassesForAnUnknownOne() {
        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
                () -> BenchmarkArguments.parse("CLASS=D"));

        assertTrue(thrown.getMessage().contains("unknown problem class 'D'"), thrown.getMessage());
        assertTrue(thrown.getMessage().contains("[S, W, A, B, C]"), thrown.getMessage());
    }

    @Test
    void shouldRejectAnUnknownArgument() {
        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
                () -> BenchmarkArguments.parse("-verbose"));

        assertTrue(thrown.getMessage().contains("unknown argument '-verbose'"), thrown.getMessage());
    }

    @Test
    void shouldRejectAMissingClassAfterTheOption() {
        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
                () -> BenchmarkArguments.parse("-class"));

        assertTrue(thrown.getMessage().contains("'-class' needs a class letter"), thrown.getMessage());
    }

    @Test
    void shouldReadAVariantInAllThreeForms() {
        assertEquals("WH", BenchmarkArguments.parse(GRAPH, "CLASS=W", "GRAPH=wh").variant());
        assertEquals("SH", BenchmarkArguments.parse(GRAPH, "-graph", "SH", "-class", "A").variant());
        BenchmarkArguments reference = BenchmarkArguments.parse(GRAPH, "SH", "CLASS=B");
        assertEquals("SH", reference.variant());
        assertEquals(ProblemClass.B, reference.problemClass());
    }

    @Test
    void shouldDefaultToTheVariantsFirstValue() {
        assertEquals("BH", BenchmarkArguments.parse(GRAPH, "CLASS=S").variant());
        assertNull(BenchmarkArguments.parse("CLASS=S").variant());
    }

    @Test
    void shouldNameTheAllowedValuesOfAVariant() {
        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
                () -> BenchmarkArguments.parse(GRAPH, "GRAPH=XX"));

        assertTrue(thrown.getMessage().contains("unknown graph 'XX': expected one of [BH, WH, SH]"),
                thrown.getMessage());
        assertTrue(thrown.getMessage().contains("GRAPH=<BH|WH|SH>, -graph <BH|WH|SH> or <BH|WH|SH> (default BH)"),
                thrown.getMessage());
    }

    @Test
    void shouldRejectAVariantsValueForABenchmarkWithoutOne() {
        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
                () -> BenchmarkArguments.parse("BH"));

        assertTrue(thrown.getMessage().contains("unknown argument 'BH'"), thrown.getMessage());
    }
}
