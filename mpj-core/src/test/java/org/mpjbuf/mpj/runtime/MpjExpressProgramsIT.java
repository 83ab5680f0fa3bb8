package org.mpjbuf.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpjbuf.mpj.runtime.MpjrunProcess.mpjrun;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Programs written in MPJ Express's style, kept as sources in {@code src/test/mpjexpress}: compiled
 * here, unchanged, against the {@code mpi} package the build produced, then run through
 * {@code bin/mpjrun} at 2, 4 and 8 ranks (more than the cores), as threads (smdev) and as
 * processes (niodev): unchecked exceptions,
 * {@code status.count}, object reductions over typed arrays, a Reduce into its send array,
 * {@code Create_intercomm} on the peer, JDK classes as objects, and a main class that is not
 * public reading MPJ Express's launcher arguments. Each rank checks its own results
 * and prints one {@code OK} line; a failed check throws, which makes {@code mpjrun} exit non-zero.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class MpjExpressProgramsIT {

    private static final Path SOURCES = Path.of("src", "test", "mpjexpress");

    @TempDir
    static Path classes;

    @BeforeAll
    static void compileTheProgramsUnchanged() throws IOException, InterruptedException {
        Path javac = Path.of(System.getProperty("java.home"), "bin", "javac");
        assertTrue(Files.isExecutable(javac), "the tests need a JDK with javac, not " + javac);
        List<String> command = new ArrayList<>(List.of(javac.toString(),
            "-classpath", Path.of("target", "classes").toString(), "-d", classes.toString()));
        try (Stream<Path> files = Files.list(SOURCES)) {
            files.filter(file -> file.toString().endsWith(".java")).map(Path::toString).forEach(command::add);
        }
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String diagnostics = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), "the MPJ Express style programs must compile unchanged:\n" + diagnostics);
    }

    static Stream<Arguments> programsAndSizes() {
        List<Arguments> cases = new ArrayList<>();
        for (String program : List.of("StatusCount", "TypedObjectReduce", "AliasedReduce", "PeerIntercomm", "JdkObjects",
            "LauncherArguments")) {
            for (String device : List.of("smdev", "niodev")) {
                for (int size : new int[] {2, 4, 8}) {
                    cases.add(Arguments.of(program, device, size));
                }
            }
        }
        return cases.stream();
    }

    /** The command line of one program: LauncherArguments reads MPJ Express's launcher arguments. */
    private static List<String> commandLine(String program, String device, int size) {
        List<String> line = new ArrayList<>(List.of("-np", Integer.toString(size), "-dev", device, "-cp",
            classes.toString()));
        if (program.equals("LauncherArguments")) {
            line.add("-mpjexpress-args");
            line.addAll(List.of(program, "alpha", "7"));
        } else {
            line.add(program);
        }
        return line;
    }

    @ParameterizedTest(name = "{0} on {1}, {2} ranks")
    @MethodSource("programsAndSizes")
    void shouldRunUnchangedThroughMpjrun(String program, String device, int size) throws Exception {
        MpjrunProcess.Run run = mpjrun(commandLine(program, device, size).toArray(String[]::new));
        assertEquals(0, run.status(), run.output());
        for (int rank = 0; rank < size; rank++) {
            assertTrue(run.output().contains(program + " OK at rank " + rank), run.output());
        }
    }
}
