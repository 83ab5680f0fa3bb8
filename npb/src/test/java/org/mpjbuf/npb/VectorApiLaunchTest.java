package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The kernels need the Vector API module, which a JVM on the class path
 * resolves only when asked: {@code bin/mpjrun} asks for it, and when a JVM
 * was not asked the launcher's error names the option.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class VectorApiLaunchTest {

    private static final Path MPJRUN = Path.of("..", "bin", "mpjrun").toAbsolutePath().normalize();

    /** The exit status and the standard output and error of one process. */
    private record Run(int status, String output) {
    }

    private static Run run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(process.waitFor(), output);
    }

    @Test
    void shouldRunAKernelThroughMpjrun() throws Exception {
        Run run = run(List.of("bash", MPJRUN.toString(), "-np", "2", "org.mpjbuf.npb.EP", "CLASS=S"));

        assertEquals(0, run.status(), run.output());
        assertTrue(run.output().contains("Verification    =               SUCCESSFUL"), run.output());
    }

    @Test
    void shouldNameTheMissingModuleWhenTheJvmWasNotAskedForIt() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        String classPath = System.getProperty("java.class.path");
        Run run = run(List.of(java, "-cp", classPath, "org.mpjbuf.mpj.runtime.Mpjrun",
                "-np", "1", "-cp", classPath, "org.mpjbuf.npb.EP", "CLASS=S"));

        assertEquals(1, run.status(), run.output());
        assertTrue(run.output().contains("mpjrun: jdk.incubator.vector is an incubating JDK module"), run.output());
        assertTrue(run.output().contains("run it with --add-modules jdk.incubator.vector"), run.output());
        assertFalse(run.output().contains("Verification"), run.output());
    }
}
