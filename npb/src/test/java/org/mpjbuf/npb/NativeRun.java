package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One run of a command of the native-program tests (a compiler, a C program, {@code mpiexec}):
 * its exit status and what it printed on its standard output and error.
 *
 * @param status the exit status
 * @param output the standard output and error, interleaved
 */
record NativeRun(int status, String output) {
    /** How long a command may run before it is killed and the test fails. */
    private static final long LIMIT_SECONDS = 60;

    /**
     * Runs a command to its end, or for at most {@link #LIMIT_SECONDS}: then it and its children
     * are killed and the calling test fails, saying what the command printed.
     *
     * @param command the command and its arguments
     * @return how it ended
     * @throws IOException if it cannot be started
     * @throws InterruptedException if the test is interrupted while it runs
     */
    static NativeRun of(List<String> command) throws IOException, InterruptedException {
        Path output = Files.createTempFile("native-run", ".txt");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(output.toFile()).start();
            if (!process.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                fail(command + " did not end within " + LIMIT_SECONDS + " s; it printed: " + Files.readString(output));
            }
            return new NativeRun(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(output);
        }
    }

    /**
     * {@return whether a command starts and ends with status 0} A command that cannot be started
     * (the program is not installed) does not work.
     *
     * @param command the command and its arguments
     */
    static boolean works(String... command) {
        try {
            return of(List.of(command)).status() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
