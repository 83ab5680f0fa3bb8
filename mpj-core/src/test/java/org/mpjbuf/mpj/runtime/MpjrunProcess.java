package org.mpjbuf.mpj.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Runs {@code bin/mpjrun} as a user would, on the jars the build produced. */
final class MpjrunProcess {

    private static final Path MPJRUN = Path.of("..", "bin", "mpjrun").toAbsolutePath().normalize();

    /** The exit status and the standard output and error of one run. */
    record Run(int status, String output) {
    }

    private MpjrunProcess() {
    }

    /**
     * Runs {@code bin/mpjrun} with the arguments and waits for it; the test's timeout bounds the wait.
     *
     * @param args the command line after {@code mpjrun}
     * @return how it ended and what it printed
     */
    static Run mpjrun(String... args) throws IOException, InterruptedException {
        return mpjrun(Map.of(), args);
    }

    /**
     * Runs {@code bin/mpjrun} with extra environment variables and waits for it.
     *
     * @param environment variables added to this JVM's environment
     * @param args the command line after {@code mpjrun}
     * @return how it ended and what it printed
     */
    static Run mpjrun(Map<String, String> environment, String... args) throws IOException, InterruptedException {
        Process process = start(environment, args);
        try {
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Run(process.waitFor(), output);
        } finally {
            process.destroyForcibly();
        }
    }

    /**
     * Starts {@code bin/mpjrun} with extra environment variables, its standard error merged into its
     * output, for a test that reads the output as it comes.
     *
     * @param environment variables added to this JVM's environment
     * @param args the command line after {@code mpjrun}
     * @return the running launcher
     */
    static Process start(Map<String, String> environment, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("bash", MPJRUN.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        return builder.start();
    }

    /**
     * {@return the class path a program needs under another launcher, as {@code bin/mpjrun --classpath}
     * prints it, followed by the test programs}
     */
    static String classPathWithTestPrograms() throws IOException, InterruptedException {
        Process process = new ProcessBuilder("bash", MPJRUN.toString(), "--classpath").redirectErrorStream(true).start();
        String printed = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (process.waitFor() != 0) {
            throw new IOException("bin/mpjrun --classpath failed: " + printed);
        }
        return printed + java.io.File.pathSeparator + Path.of("target", "test-classes").toAbsolutePath();
    }
}
