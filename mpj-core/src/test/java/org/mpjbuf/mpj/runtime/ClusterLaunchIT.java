package org.mpjbuf.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Programs started by the launchers clusters run, as their users type it
 * ({@code mpiexec.hydra -n N java -cp ... Main}, {@code mpirun.openmpi -np N java ...}):
 * {@code MPI.Init} recognizes the launcher and joins its job on niodev (or on ibvdev, when
 * {@code mpjbuf.mpj.launchedDevice} says so), with nothing from
 * {@code bin/mpjrun}: MPICH's Hydra through PMI-1 on its socket, Open MPI's {@code mpirun}
 * through its PMIx server. Each launcher is named as such, and a launcher that is not installed
 * skips its tests with the reason ({@code .ci/run} installs both).
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ClusterLaunchIT {

    /** A launcher and the options it needs here (Open MPI: as root, more ranks than cores). */
    enum Launcher {
        MPICH_HYDRA("mpiexec.hydra", "-n"),
        OPEN_MPI("mpirun.openmpi", "--allow-run-as-root", "--oversubscribe", "-np");

        private final List<String> prefix;

        Launcher(String... prefix) {
            this.prefix = List.of(prefix);
        }

        String command() {
            return prefix.get(0);
        }
    }

    /** The exit status and the output of one launch. */
    private record Launch(int status, String output) {
    }

    @ParameterizedTest(name = "{0}: point-to-point, a derived datatype and collectives on {1} ranks")
    @CsvSource({"MPICH_HYDRA, 2", "MPICH_HYDRA, 4", "OPEN_MPI, 2", "OPEN_MPI, 4"})
    void shouldRunAProgramUnchangedUnderTheLauncher(Launcher launcher, int ranks) throws Exception {
        Launch launch = launch(launcher, ranks, "org.mpjbuf.mpj.testprograms.LaunchedProgram");
        assertEquals(0, launch.status(), launch.output());
        for (int rank = 0; rank < ranks; rank++) {
            assertTrue(launch.output().contains("rank " + rank + " of " + ranks + " OK"), launch.output());
        }
    }

    @ParameterizedTest(name = "{0}: the launcher test program on 4 ranks of ibvdev")
    @EnumSource(Launcher.class)
    void shouldRunAProgramOnIbvdevUnderTheLauncher(Launcher launcher) throws Exception {
        Launch launch = launch(launcher, 4, List.of("-Dmpjbuf.mpj.launchedDevice=ibvdev",
            "-Dmpjbuf.ibvdev.verbs=" + System.getProperty("mpjbuf.ibvdev.verbs", "soft")),
            "org.mpjbuf.mpj.testprograms.LaunchedProgram");
        assertEquals(0, launch.status(), launch.output());
        for (int rank = 0; rank < 4; rank++) {
            assertTrue(launch.output().contains("rank " + rank + " of 4 OK"), launch.output());
        }
    }

    @ParameterizedTest
    @EnumSource(Launcher.class)
    void shouldSendDerivedDatatypesBetweenLaunchedRanks(Launcher launcher) throws Exception {
        Launch launch = launch(launcher, 2, "org.mpjbuf.mpj.examples.DerivedDatatypes");
        assertEquals(0, launch.status(), launch.output());
        assertTrue(launch.output().contains("column 2 of the matrix: [2.0, 7.0, 12.0, 17.0] (4 doubles)"), launch.output());
    }

    @ParameterizedTest
    @EnumSource(Launcher.class)
    void shouldEndTheJobWithTheAbortCode(Launcher launcher) throws Exception {
        Launch launch = launch(launcher, 3, "org.mpjbuf.mpj.testprograms.FailingProgram", "abort");
        assertEquals(3, launch.status(), launch.output());
        assertTrue(launch.output().contains("rank 1 aborted with code 3"), launch.output());
    }

    @ParameterizedTest
    @EnumSource(Launcher.class)
    void shouldFailTheOtherRanksNamingTheRankThatFailed(Launcher launcher) throws Exception {
        Launch launch = launch(launcher, 3, "org.mpjbuf.mpj.testprograms.FailingProgram", "throw");
        assertTrue(launch.status() != 0, launch.output());
        assertTrue(launch.output().contains("rank one gives up"), launch.output());
        assertTrue(launch.output().contains("rank 1 (/127.0.0.1"), launch.output());
    }

    private static Launch launch(Launcher launcher, int ranks, String mainClass, String... args)
        throws IOException, InterruptedException {
        return launch(launcher, ranks, List.of(), mainClass, args);
    }

    private static Launch launch(Launcher launcher, int ranks, List<String> jvmOptions, String mainClass,
                                 String... args) throws IOException, InterruptedException {
        assumeTrue(onPath(launcher.command()), launcher.command() + " is not installed (Debian: mpich for mpiexec.hydra,"
            + " openmpi-bin for mpirun.openmpi); its tests need it");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(launcher.prefix);
        command.addAll(List.of(Integer.toString(ranks), java, "--enable-native-access=ALL-UNNAMED"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", MpjrunProcess.classPathWithTestPrograms(), mainClass));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Launch(process.waitFor(), output);
        } finally {
            process.destroyForcibly();
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
