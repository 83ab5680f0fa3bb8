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
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Programs started by MPICH's Hydra launcher, {@code mpiexec.hydra -n N java -cp ... Main}, as a
 * user of a cluster types it: {@code MPI.Init} finds the launcher's PMI-1 socket and joins its
 * job on niodev, with nothing from {@code bin/mpjrun}. Skipped, with the reason, where MPICH is
 * not installed ({@code .ci/run} installs it).
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class MpichLaunchIT {

    private static final String HYDRA = "mpiexec.hydra";

    /** The exit status and the output of one launch. */
    private record Launch(int status, String output) {
    }

    @BeforeAll
    static void needsHydra() {
        assumeTrue(onPath(HYDRA), "MPICH's " + HYDRA + " is not installed (apt-get install mpich); these tests need it");
    }

    @ParameterizedTest(name = "hello world on {0} ranks")
    @ValueSource(ints = {2, 4})
    void shouldRunAProgramUnchangedUnderMpiexec(int ranks) throws Exception {
        Launch launch = launch(ranks, "org.mpjbuf.mpj.examples.HelloWorld");
        assertEquals(0, launch.status(), launch.output());
        for (int rank = 0; rank < ranks; rank++) {
            assertTrue(launch.output().contains("Hello from rank " + rank + " of " + ranks), launch.output());
        }
    }

    @Test
    void shouldSendDerivedDatatypesBetweenLaunchedRanks() throws Exception {
        Launch launch = launch(2, "org.mpjbuf.mpj.examples.DerivedDatatypes");
        assertEquals(0, launch.status(), launch.output());
        assertTrue(launch.output().contains("column 2 of the matrix: [2.0, 7.0, 12.0, 17.0] (4 doubles)"), launch.output());
    }

    @Test
    void shouldEndTheJobWithTheAbortCode() throws Exception {
        Launch launch = launch(3, "org.mpjbuf.mpj.testprograms.FailingProgram", "abort");
        assertEquals(3, launch.status(), launch.output());
        assertTrue(launch.output().contains("rank 1 aborted with code 3"), launch.output());
    }

    @Test
    void shouldFailTheOtherRanksNamingTheRankThatFailed() throws Exception {
        Launch launch = launch(3, "org.mpjbuf.mpj.testprograms.FailingProgram", "throw");
        assertTrue(launch.status() != 0, launch.output());
        assertTrue(launch.output().contains("rank one gives up"), launch.output());
        assertTrue(launch.output().contains("rank 1 (/127.0.0.1"), launch.output());
    }

    private static Launch launch(int ranks, String mainClass, String... args) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(HYDRA, "-n", Integer.toString(ranks), java,
            "--enable-native-access=ALL-UNNAMED", "-cp", classPath(), mainClass));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Launch(process.waitFor(), output);
        } finally {
            process.destroyForcibly();
        }
    }

    /** {@return mpj-core's classes, its runtime dependencies and the test programs} */
    private static String classPath() throws IOException {
        List<String> entries = new ArrayList<>(List.of(Path.of("target", "classes").toAbsolutePath().toString(),
            Path.of("target", "test-classes").toAbsolutePath().toString()));
        try (Stream<Path> jars = Files.list(Path.of("target", "lib"))) {
            jars.map(jar -> jar.toAbsolutePath().toString()).sorted().forEach(entries::add);
        }
        return String.join(File.pathSeparator, entries);
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
