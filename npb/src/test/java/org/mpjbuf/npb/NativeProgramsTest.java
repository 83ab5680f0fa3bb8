package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The C programs of {@code npb/native}, which measure native code beside the
 * kernels: they build warning-free as their headers say, CG, FT and MG verify
 * at one process of class S, IS times its loops both ways, the two-process runs complete,
 * and bad command lines get the usage. Needs {@code gcc} ({@code .ci/run} installs it).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NativeProgramsTest {
    private static final Path SOURCES = Path.of("native").toAbsolutePath();
    private static final List<String> PROGRAMS =
            List.of("cg-iteration", "ft-iteration", "mg-iteration", "is-iteration");

    @TempDir
    static Path binaries;

    @BeforeAll
    static void build() throws Exception {
        assumeTrue(NativeRun.works("gcc", "--version"), "gcc is not installed");
        for (String program : PROGRAMS) {
            NativeRun compile = NativeRun.of(List.of("gcc", "-O3", "-Wall", "-Wextra", "-Werror", "-o",
                    binaries.resolve(program).toString(), SOURCES.resolve(program + ".c").toString(), "-lm"));
            assertEquals(0, compile.status(), program + ": " + compile.output());
        }
    }

    private static NativeRun program(String name, String... arguments) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(binaries.resolve(name).toString());
        command.addAll(List.of(arguments));
        return NativeRun.of(command);
    }

    @Test
    void shouldVerifyCgAtOneProcess() throws Exception {
        NativeRun run = program("cg-iteration", "S", "1", "1");

        assertEquals(0, run.status(), run.output());
        assertTrue(run.output().contains("zeta 8.5971775078648 (verified)"), run.output());
    }

    @Test
    void shouldVerifyFtAtOneProcess() throws Exception {
        NativeRun run = program("ft-iteration", "S", "1", "1");

        assertEquals(0, run.status(), run.output());
        assertTrue(run.output().contains("checksum 6 (5.5426834119e+02, 4.9325972449e+02) (verified)"), run.output());
    }

    @Test
    void shouldVerifyMgAtOneProcess() throws Exception {
        NativeRun run = program("mg-iteration", "S", "1", "1");

        assertEquals(0, run.status(), run.output());
        assertTrue(run.output().contains("rnm2 5.3077070057349e-05"), run.output());
        assertTrue(run.output().contains("(verified)"), run.output());
    }

    @Test
    void shouldRunTwoProcessesWithoutExchanges() throws Exception {
        String line = "class S, 2 processes \\(no exchanges\\): time [0-9.]+ s, [0-9.]+ Mop/s( \\(best run\\))?";
        for (String name : PROGRAMS) {
            NativeRun run = program(name, "S", "2", "1");

            assertEquals(0, run.status(), run.output());
            String expected = name.equals("is-iteration")
                    ? "as the reference, 1024 buckets: " + line + "\\s*as org.mpjbuf.npb.IS, 16 groups: " + line
                    : line;
            assertTrue(run.output().matches(expected + "\\s*"), run.output());
        }
    }

    @Test
    void shouldTimeTheIsLoopsBothWays() throws Exception {
        NativeRun run = program("is-iteration", "S", "1", "1");
        String line = "class S, 1 process: time [0-9.]+ s, [0-9.]+ Mop/s \\(best run; per iteration: bucket"
                + " counts [0-9.]+ ms, scatter [0-9.]+ ms, copy and ranking [0-9.]+ ms\\)";

        assertEquals(0, run.status(), run.output());
        assertTrue(run.output().matches("as the reference, 1024 buckets: " + line
                + "\\s*as org.mpjbuf.npb.IS, 16 groups: " + line + "\\s*"), run.output());
    }

    @Test
    void shouldGiveTheUsageForBadCommandLines() throws Exception {
        for (String[] arguments : List.of(new String[] {"Q", "1"}, new String[] {"S", "3"},
                new String[] {"S", "1", "0"}, new String[] {"S", "1", "2x"}, new String[] {"S"})) {
            for (String name : PROGRAMS) {
                NativeRun run = program(name, arguments);

                assertEquals(2, run.status(), name + " " + String.join(" ", arguments) + ": " + run.output());
                assertTrue(run.output().contains("usage: "), run.output());
                assertFalse(run.output().contains("Mop/s"), run.output());
            }
        }
    }
}
