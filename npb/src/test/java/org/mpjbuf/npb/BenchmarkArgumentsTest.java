package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BenchmarkArgumentsTest {

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
}
