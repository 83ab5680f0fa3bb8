package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The C programs of {@code npb/native} built with MPI, which run with the
 * reference's exchanges: {@code is-mpi.c} (IS's iterations) and
 * {@code cg-iteration.c} built with {@code -DCG_MPI} (CG). They build
 * warning-free with MPICH's {@code mpicc}; IS ranks every key both ways and
 * passes the reference's partial verification on 1, 2 and 4 processes (more
 * than this machine's cores), CG verifies on 1 and 2; a bad command line gets
 * the usage. Needs MPICH, named as such ({@code mpicc.mpich},
 * {@code mpiexec.hydra}), so that an Open MPI installed beside it changes
 * nothing ({@code .ci/run} installs MPICH).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NativeMpiProgramTest {
    private static final Path SOURCES = Path.of("native").toAbsolutePath();

    @TempDir
    static Path binaries;

    @BeforeAll
    static void build() throws Exception {
        assumeTrue(NativeRun.works("mpicc.mpich", "-show") && NativeRun.works("mpiexec.hydra", "-n", "1", "true"),
                "MPICH (mpicc.mpich, and mpiexec.hydra that can start a process) is not installed: apt-get install mpich libmpich-dev");
        for (List<String> compile : List.of(
                List.of("mpicc.mpich", "-O3", "-Wall", "-Wextra", "-Werror", "-o", binaries.resolve("is-mpi").toString(),
                        SOURCES.resolve("is-mpi.c").toString()),
                List.of("mpicc.mpich", "-O3", "-Wall", "-Wextra", "-Werror", "-DCG_MPI", "-o",
                        binaries.resolve("cg-mpi").toString(), SOURCES.resolve("cg-iteration.c").toString(), "-lm"))) {
            NativeRun run = NativeRun.of(compile);
            assertEquals(0, run.status(), compile + ": " + run.output());
        }
    }

    private static NativeRun mpiexec(int processes, String program, String... arguments)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("mpiexec.hydra", "-n", Integer.toString(processes),
                binaries.resolve(program).toString()));
        command.addAll(List.of(arguments));
        return NativeRun.of(command);
    }

    private static String processes(int count) {
        return count + " process" + (count == 1 ? "" : "es");
    }

    @Test
    void shouldRankEveryKeyBothWays() throws Exception {
        for (int processes : new int[] {1, 2, 4}) {
            NativeRun run = mpiexec(processes, "is-mpi", "S", "1");
            String line = "class S, " + processes(processes) + " \\(MPI\\): time [0-9.]+ s, [0-9.]+ Mop/s, verified";

            assertEquals(0, run.status(), run.output());
            assertTrue(run.output().matches("as the reference, 1024 buckets: " + line
                    + "\\s*as org.mpjbuf.npb.IS, 16 groups: " + line + "\\s*"), run.output());
        }
    }

    @Test
    void shouldVerifyCgWithItsExchanges() throws Exception {
        for (int processes : new int[] {1, 2}) {
            NativeRun run = mpiexec(processes, "cg-mpi", "S", "1");

            assertEquals(0, run.status(), run.output());
            assertTrue(run.output().matches("class S, " + processes(processes) + " \\(MPI\\): time [0-9.]+ s,"
                    + " [0-9.]+ Mop/s, \\|\\|r\\|\\| [0-9.e+-]+, zeta 8\\.5971775078648 \\(verified\\)\\s*"),
                    run.output());
        }
    }

    @Test
    void shouldGiveTheUsageForBadCommandLines() throws Exception {
        for (String program : List.of("is-mpi", "cg-mpi")) {
            for (String[] arguments : List.of(new String[] {"Q"}, new String[] {"S", "0"}, new String[] {},
                    new String[] {"SW"})) {
                NativeRun run = mpiexec(1, program, arguments);

                assertEquals(2, run.status(), program + ": " + run.output());
                assertTrue(run.output().contains("usage: "), program + ": " + run.output());
            }
        }
        NativeRun isOnThree = mpiexec(3, "is-mpi", "S");
        assertTrue(isOnThree.output().contains("P: a power of two up to 64"), isOnThree.output());
        NativeRun cgOnThree = mpiexec(3, "cg-mpi", "S");
        assertTrue(cgOnThree.output().contains("P: 1 or 2"), cgOnThree.output());
    }
}
