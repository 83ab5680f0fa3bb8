package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mpjbuf.mpj.testing.SlurmCluster;

/**
 * The kernels unchanged on ranks that are processes, started as users start them:
 * {@code bin/mpjrun -np N -dev niodev}, Open MPI's {@code mpirun} and Slurm's
 * {@code srun --mpi=pmix} (on a one-node cluster the test starts). Each verifies class S and
 * reports niodev. A launcher that is not installed skips its case with the reason.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class NpbOnProcessesIT {

    private static final Path MPJRUN = Path.of("..", "bin", "mpjrun").toAbsolutePath().normalize();

    @TempDir
    Path folder;

    @ParameterizedTest(name = "{0} class S on {1} processes of bin/mpjrun")
    @CsvSource({"CG, 4", "IS, 2", "MG, 2", "LU, 2", "LU, 4"})
    void shouldVerifyClassSOnNiodevProcesses(String kernel, int processes) throws Exception {
        verify(new ProcessBuilder(List.of("bash", MPJRUN.toString(), "-np", Integer.toString(processes),
            "-dev", "niodev", "org.mpjbuf.npb." + kernel, "CLASS=S")), processes);
    }

    @Test
    void shouldVerifyCgUnderOpenMpisMpirun() throws Exception {
        assumeTrue(onPath("mpirun.openmpi"), "Open MPI's mpirun.openmpi is not installed (Debian: openmpi-bin)");
        List<String> command = new ArrayList<>(List.of("mpirun.openmpi", "--allow-run-as-root", "--oversubscribe",
            "-np", "4"));
        command.addAll(javaCommand("CG"));
        verify(new ProcessBuilder(command), 4);
    }

    @Test
    void shouldVerifyCgUnderSrun() throws Exception {
        String whyNot = SlurmCluster.whyNot();
        assumeTrue(whyNot == null, whyNot);
        try (SlurmCluster cluster = SlurmCluster.start(folder)) {
            List<String> arguments = new ArrayList<>(List.of("--mpi=pmix", "-O", "-n", "4"));
            arguments.addAll(javaCommand("CG"));
            verify(cluster.srun(arguments), 4);
        }
    }

    /** {@return the java command line of a kernel, with the class path bin/mpjrun --classpath prints} */
    private static List<String> javaCommand(String kernel) throws Exception {
        Process printed = new ProcessBuilder("bash", MPJRUN.toString(), "--classpath").start();
        String classPath = new String(printed.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertEquals(0, printed.waitFor(), "bin/mpjrun --classpath");
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--enable-native-access=ALL-UNNAMED", "--add-modules", "jdk.incubator.vector",
            "-cp", classPath + File.pathSeparator + Path.of("target", "classes").toAbsolutePath(),
            "org.mpjbuf.npb." + kernel, "CLASS=S");
    }

    private static void verify(ProcessBuilder launch, int processes) throws Exception {
        Process run = launch.redirectErrorStream(true).start();
        try {
            String output = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, run.waitFor(), output);
            assertTrue(output.contains("Verification    =               SUCCESSFUL"), output);
            assertTrue(output.contains("Device          =                   niodev"), output);
            assertTrue(output.contains("Total processes =                        " + processes), output);
        } finally {
            run.destroyForcibly();
        }
    }

    private static boolean onPath(String command) {
        for (String directory : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(directory, command))) {
                return true;
            }
        }
        return false;
    }
}
