package org.mpjbuf.mpj.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
        List<String> command = new ArrayList<>(List.of("bash", MPJRUN.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Run(process.waitFor(), output);
        } finally {
            process.destroyForcibly();
        }
    }
}
