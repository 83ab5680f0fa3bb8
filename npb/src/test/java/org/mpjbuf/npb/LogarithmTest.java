package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class LogarithmTest {

    @Test
    void shouldStayWithinTwoUlpsOfMathLog() {
        SplittableRandom random = new SplittableRandom(20261122L);
        for (int i = 0; i < 200_000; i++) {
            double x = switch (i % 3) {
                case 0 -> random.nextDouble();
                case 1 -> Math.scalb(1.0 + random.nextDouble(), random.nextInt(-1022, 1023));
                default -> 1.0 + Math.scalb(random.nextDouble() - 0.5, -random.nextInt(1, 60));
            };
            if (x <= 0.0) {
                continue;
            }
            double expected = Math.log(x);
            double actual = Logarithm.log(x);
            assertTrue(Math.abs(actual - expected) <= 2 * Math.ulp(expected),
                    () -> "log(" + x + ") = " + actual + ", Math.log gives " + expected);
        }
    }

    @Test
    void shouldKeepTheSignAroundOne() {
        assertEquals(0.0, Logarithm.log(1.0));
        double below = 1.0;
        double above = 1.0;
        for (int i = 0; i < 1000; i++) {
            below = Math.nextDown(below);
            above = Math.nextUp(above);
            assertTrue(Logarithm.log(below) < 0.0, "log(" + below + ")");
            assertTrue(Logarithm.log(above) > 0.0, "log(" + above + ")");
        }
    }

    @Test
    void shouldAnswerSpecialArgumentsAsMathLog() {
        double[] specials = {0.0, -0.0, -1.0, Double.MIN_VALUE, Double.MIN_NORMAL / 3, Double.MIN_NORMAL,
            Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN};
        for (double x : specials) {
            double expected = Math.log(x);
            double actual = Logarithm.log(x);
            assertTrue(Double.compare(expected, actual) == 0 || Math.abs(actual - expected) <= 2 * Math.ulp(expected),
                    "log(" + x + ") = " + actual + ", Math.log gives " + expected);
        }
    }
}
