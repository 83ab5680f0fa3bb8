package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code npb/native/is-mpi.c}, IS's iterations in C with real MPI exchanges:
 * it builds warning-free with {@code mpicc}, ranks every key both ways on 1, 2
 * and 4 processes (more than this machine's cores), and a bad command line
 * gets the usage. Needs an MPI library with {@code mpicc} and
 * {@code mpiexec} ({@code .ci/run} installs MPICH).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NativeMpiProgramTest {
    private static final Path SOURCE = Path.of("native", "is-mpi.c").toAbsolutePath();

    @TempDir
    static Path binaries;

    /** The exit status and the standard output and error of one process. */
    private record Run(int status, String output) {
    }

    private static Run run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(process.waitFor(), output);
    }

    private static boolean mpiPresent() {
        try {
            return run(List.of("mpicc", "-show")).status() == 0 && run(List.of("mpiexec", "--version")).status() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    private static Path program() {
        return binaries.resolve("is-mpi");
    }

    @BeforeAll
    static void build() throws Exception {
        assumeTrue(mpiPresent(), "no MPI library with mpicc and mpiexec is installed");
        Run compile = run(List.of("mpicc", "-O3", "-Wall", "-Wextra", "-Werror", "-o", program().toString(),
                SOURCE.toString()));
        assertEquals(0, compile.status(), compile.output());
    }

    private static Run mpiexec(int processes, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("mpiexec", "-n", Integer.toString(processes),
                program().toString()));
        command.addAll(List.of(arguments));
        return run(command);
    }

    @Test
    void shouldRankEveryKeyBothWays() throws Exception {
        for (int processes : new int[] {1, 2, 4}) {
            Run run = mpiexec(processes, "S", "1");
            String line = "class S, " + processes + " process" + (processes == 1 ? "" : "es")
                    + " \\(MPI\\): time [0-9.]+ s, [0-9.]+ Mop/s, verified";

            assertEquals(0, run.status(), run.output());
            assertTrue(run.output().matches("as the reference, 1024 buckets: " + line
                    + "\\s*as org.mpjbuf.npb.IS, 16 groups: " + line + "\\s*"), run.output());
        }
    }

    @Test
    void shouldGiveTheUsageForBadCommandLines() throws Exception {
        for (String[] arguments : List.of(new String[] {"Q"}, new String[] {"S", "0"}, new String[] {},
                new String[] {"SW"})) {
            Run run = mpiexec(1, arguments);

            assertEquals(2, run.status(), run.output());
            assertTrue(run.output().contains("usage: mpirun -np P"), run.output());
        }
        Run threeProcesses = mpiexec(3, "S");
        assertTrue(threeProcesses.output().contains("P: a power of two up to 64"), threeProcesses.output());
    }
}
