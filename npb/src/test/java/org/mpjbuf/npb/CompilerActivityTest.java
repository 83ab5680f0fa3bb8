package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compiler threads' time shows while code is being compiled, and is never negative; only the
 * compiler threads count, a thread that ended drops out and a new one counts from zero; without
 * {@code /proc} the JVM's compilation time stands in.
 */
class CompilerActivityTest {

    @Test
    void shouldCountTheCompilerThreadsOnlyFromOneReadingToTheNext(@TempDir Path tasks) throws IOException {
        thread(tasks, "101", "C2 CompilerThre", 5_000);
        thread(tasks, "102", "mpj-rank-0", 99_999);
        thread(tasks, "103", "C1 CompilerThre", 1_000);
        CompilerActivity compiler = new CompilerActivity(tasks);

        thread(tasks, "101", "C2 CompilerThre", 8_000);
        thread(tasks, "102", "mpj-rank-0", 500_000);
        assertEquals(3_000, compiler.nanosSinceLastReading(), "the C2 thread's 3 us, not the rank's");

        Files.delete(tasks.resolve("103/comm"));
        Files.delete(tasks.resolve("103/schedstat"));
        Files.delete(tasks.resolve("103"));
        thread(tasks, "104", "C1 CompilerThre", 700);
        assertEquals(700, compiler.nanosSinceLastReading(), "an ended thread drops out, a new one counts whole");
        assertEquals(0, compiler.nanosSinceLastReading());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldFallBackOnTheJvmsCompilationTimeWithoutProc(@TempDir Path folder) {
        CompilerActivity compiler = new CompilerActivity(folder.resolve("no-such-folder"));
        long spent = 0;
        long sum = 0;
        for (int round = 0; round < 2_000 && spent == 0; round++) {
            for (int call = 0; call < 1_000; call++) {
                sum += fold(call, round);
            }
            long nanos = compiler.nanosSinceLastReading();
            assertTrue(nanos >= 0, "round " + round + ": " + nanos + " ns");
            spent += nanos;
        }
        assertTrue(spent > 0, "no compilation time seen while a fresh method got hot (" + sum + ")");
    }

    private static void thread(Path tasks, String tid, String name, long nanosOnCpu) throws IOException {
        Path task = Files.createDirectories(tasks.resolve(tid));
        Files.writeString(task.resolve("comm"), name + "\n");
        Files.writeString(task.resolve("schedstat"), nanosOnCpu + " 0 1\n");
    }

    private static long fold(int call, int round) {
        long h = call * 0xC2B2AE3D27D4EB4FL + round;
        for (int i = 0; i < 48; i++) {
            h = Long.rotateLeft(h ^ (h >>> 31), 7) * 0x165667B19E3779F9L;
        }
        return h;
    }

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
