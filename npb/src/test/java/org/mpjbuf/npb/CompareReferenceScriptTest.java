package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code npb/compare-reference.sh} without the NPB reference: it says what is wrong with its
 * command line, gives a row for a class the reference was not built for and for a rank count the
 * kernel cannot run on, and puts a run of ours beside a run of a stand-in "reference" that prints
 * the reference's report lines, under a stand-in launcher.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CompareReferenceScriptTest {
    private static final Path SCRIPT = Path.of("compare-reference.sh").toAbsolutePath();

    @TempDir
    Path folder;

    /** The exit status and the standard output and error of one run of the script. */
    private record Run(int status, String output) {
    }

    /** Runs the script with the given environment (NPB_* variables of the caller left out) and arguments. */
    private static Run script(Map<String, String> environment, String... arguments)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().keySet().removeIf(name -> name.startsWith("NPB_"));
        builder.environment().putAll(environment);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(process.waitFor(), output);
    }

    private Path executable(String name, String text) throws IOException {
        Path file = folder.resolve(name);
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }

    private static void assertUsageError(Run run, String message) {
        assertEquals(2, run.status(), run.output());
        assertTrue(run.output().contains("compare-reference.sh: " + message), run.output());
        assertTrue(run.output().contains("usage: npb/compare-reference.sh [-bin DIR]"), run.output());
    }

    @Test
    void shouldSayWhatIsWrongWithTheReferenceFolder() throws Exception {
        Path file = executable("cg.S.x", "#!/bin/sh\n");
        Path empty = Files.createDirectory(folder.resolve("empty"));

        assertUsageError(script(Map.of()), "no reference bin folder: give -bin DIR or set NPB_REFERENCE_BIN");
        assertUsageError(script(Map.of(), "-bin", folder.resolve("absent").toString()),
                "the reference bin folder '" + folder.resolve("absent") + "' does not exist");
        assertUsageError(script(Map.of("NPB_REFERENCE_BIN", file.toString())), "'" + file + "' is not a folder");
        assertUsageError(script(Map.of(), "-bin", empty.toString()), "'" + empty + "' holds no NPB binaries (*.x)");
    }

    @Test
    void shouldRefuseAnUnknownKernelClassOrCount() throws Exception {
        executable("cg.S.x", "#!/bin/sh\n");
        String bin = folder.toString();

        assertUsageError(script(Map.of(), "-bin", bin, "XY", "S", "1", "1"),
                "unknown kernel 'XY': there is no org.mpjbuf.npb.XY in the build");
        assertUsageError(script(Map.of(), "-bin", bin, "CG", "Q", "1", "1"), "unknown class 'Q'");
        assertUsageError(script(Map.of(), "-bin", bin, "CG", "S", "two", "1"),
                "a rank count must be a positive number, not 'two'");
        assertUsageError(script(Map.of(), "-bin", bin, "CG", "S", "1", "0"), "REPEAT must be a positive number, not '0'");
        assertUsageError(script(Map.of(), "-bin", bin, "-dev"), "-dev needs a device (smdev or niodev)");
        assertUsageError(script(Map.of(), "-bin", bin, "-x"), "unknown option '-x'");
        assertUsageError(script(Map.of("NPB_REFERENCE_MPIRUN", "no-such-launcher"), "-bin", bin, "CG", "S", "1", "1"),
                "the reference's launcher 'no-such-launcher' is not installed");
    }

    @Test
    void shouldGiveARowForAClassTheReferenceWasNotBuiltFor() throws Exception {
        executable("cg.A.x", "#!/bin/sh\n");

        Run run = script(Map.of("NPB_REFERENCE_MPIRUN", "true"), "-bin", folder.toString(), "CG", "S", "1", "1");

        assertEquals(0, run.status(), run.output());
        assertTrue(run.output().contains("| CG | S | 1 | not run: no reference binary " + folder.resolve("cg.S.x")
                + " (make cg CLASS=S in NPB3.4-MPI) |"), run.output());
    }

    @Test
    void shouldPutOursBesideTheReferenceAndSayWhereOursCannotRun() throws Exception {
        executable("ep.S.x", """
                #!/bin/sh
                echo " EP Benchmark Completed."
                echo " Mop/s total     =                   100.00"
                echo " Verification    =               SUCCESSFUL"
                """);
        // the launcher the reference runs under: drops "-np N" and runs the program
        Path launcher = executable("launcher", "#!/bin/sh\nshift 2\nexec \"$@\"\n");

        Run run = script(Map.of("NPB_REFERENCE_MPIRUN", launcher.toString(), "NPB_REFERENCE_MCA", ""),
                "-bin", folder.toString(), "EP", "S", "1 3", "1");

        assertEquals(0, run.status(), run.output());
        assertTrue(run.output().contains("| kernel | class | ranks | ours, best Mop/s | all runs |"
                + " reference, best Mop/s | all runs | ours / reference | verified (ours, reference) |"), run.output());
        assertTrue(run.output().matches("(?s).*\\| EP \\| S \\| 1 \\| ([0-9.]+) \\| \\1 \\| 100\\.00 \\| 100\\.00"
                + " \\| [0-9]+\\.[0-9]{2} \\| yes, yes \\|.*"), run.output());
        assertTrue(run.output().contains("| EP | S | 3 | not run: EP class S cannot run on 3 processes: the process"
                + " count must be a power of two"), run.output());
    }
}
