package org.mpjbuf.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every layout and constant of {@link PmixDescriptor} against the C headers of the installed PMIx
 * ({@code libpmix-dev}): a small C program prints them as the compiler sees them. Skipped, with
 * the reason, where gcc or the headers are missing ({@code .ci/run} installs both).
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class PmixDescriptorTest {

    private static final Path HEADERS = Path.of("/usr/lib/x86_64-linux-gnu/pmix2/include");

    @TempDir
    Path build;

    @Test
    void shouldMatchTheInstalledHeaders() throws Exception {
        assumeTrue(Files.isRegularFile(HEADERS.resolve("pmix.h")),
            "the PMIx headers are not installed (" + HEADERS + "/pmix.h; Debian: libpmix-dev)");
        Path probe = build.resolve("pmix-layout");
        String compiled = run(List.of("gcc", "-I" + HEADERS, "-o", probe.toString(),
            Path.of("src", "test", "c", "pmix-layout.c").toString()));
        assumeTrue(Files.isExecutable(probe), "gcc could not build the probe: " + compiled);
        Map<String, String> headers = new HashMap<>();
        for (String line : run(List.of(probe.toString())).split("\n")) {
            String[] nameAndValue = line.split(" ", 2);
            headers.put(nameAndValue[0], nameAndValue[1]);
        }
        int checked = 0;
        for (Field field : PmixDescriptor.class.getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers())) {
                field.setAccessible(true);
                assertEquals(headers.get(field.getName()), String.valueOf(field.get(null)),
                    "PmixDescriptor." + field.getName() + " against the headers");
                checked++;
            }
        }
        assertEquals(headers.size(), checked, "the probe and PmixDescriptor state the same names: " + headers.keySet());
    }

    private static String run(List<String> command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor(60, TimeUnit.SECONDS);
        return output;
    }
}
