package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The compiler threads' time shows while code is being compiled, and is never negative. */
class CompilerActivityTest {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldSeeTheCompilerWhileFreshCodeGetsHot() {
        CompilerActivity compiler = new CompilerActivity();
        long sum = 0;
        long spent = 0;
        // a method run for the first time here, called until it is compiled (C1, then C2 on its loop)
        for (int round = 0; round < 200 && spent == 0; round++) {
            for (int call = 0; call < 1_000; call++) {
                sum += mix(call, round);
            }
            spent += compiler.nanosSinceLastReading();
        }
        assertTrue(spent > 0, "no compiler time seen while a fresh method got hot (" + sum + ")");
    }

    @Test
    void shouldNeverReportANegativeTime() {
        CompilerActivity compiler = new CompilerActivity();
        for (int reading = 0; reading < 100; reading++) {
            long nanos = compiler.nanosSinceLastReading();
            assertTrue(nanos >= 0, "reading " + reading + ": " + nanos + " ns");
        }
    }

    private static long mix(int call, int round) {
        long h = call * 0x9E3779B97F4A7C15L + round;
        for (int i = 0; i < 64; i++) {
            h ^= h >>> 29;
            h *= 0xBF58476D1CE4E5B9L;
        }
        return h;
    }
}
