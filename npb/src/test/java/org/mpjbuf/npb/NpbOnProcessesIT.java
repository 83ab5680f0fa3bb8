package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The kernels unchanged on ranks that are processes: {@code bin/mpjrun -np N -dev niodev}, as a
 * user types it, verifies class S and reports the device.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class NpbOnProcessesIT {

    private static final Path MPJRUN = Path.of("..", "bin", "mpjrun").toAbsolutePath().normalize();

    @ParameterizedTest(name = "{0} class S on {1} processes")
    @CsvSource({"CG, 4", "IS, 2", "MG, 2"})
    void shouldVerifyClassSOnNiodevProcesses(String kernel, int processes) throws Exception {
        Process run = new ProcessBuilder(List.of("bash", MPJRUN.toString(), "-np", Integer.toString(processes),
            "-dev", "niodev", "org.mpjbuf.npb." + kernel, "CLASS=S")).redirectErrorStream(true).start();
        String output = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, run.waitFor(), output);
        assertTrue(output.contains("Verification    =               SUCCESSFUL"), output);
        assertTrue(output.contains("Device          =                   niodev"), output);
        assertTrue(output.contains("Total processes =                        " + processes), output);
    }
}
