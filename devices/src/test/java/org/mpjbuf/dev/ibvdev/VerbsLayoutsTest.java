package org.mpjbuf.dev.ibvdev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.PaddingLayout;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every layout of {@link VerbsLayouts} and every value of {@link VerbsConstants} against the
 * installed {@code <infiniband/verbs.h>}: a small C program ({@code src/test/c/verbs-layout.c})
 * prints sizes, member offsets and enumeration values as gcc sees them. Skipped, with the reason,
 * where gcc or the headers are missing ({@code .ci/run} installs both).
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class VerbsLayoutsTest {

    private static final Path HEADER = Path.of("/usr/include/infiniband/verbs.h");

    private static Map<String, Long> headers;

    @BeforeAll
    static void runTheProbe(@TempDir Path build) throws Exception {
        assumeTrue(Files.isRegularFile(HEADER), "the verbs headers are not installed (" + HEADER
            + "; Debian: libibverbs-dev)");
        Path probe = build.resolve("verbs-layout");
        String compiled;
        try {
            compiled = run(List.of("gcc", "-o", probe.toString(), Path.of("src", "test", "c", "verbs-layout.c").toString()));
        } catch (java.io.IOException noGcc) {
            compiled = noGcc.getMessage();
        }
        assumeTrue(Files.isExecutable(probe), "gcc could not build the layout probe: " + compiled);
        headers = new LinkedHashMap<>();
        for (String line : run(List.of(probe.toString())).split("\n")) {
            String[] nameAndValue = line.split(" ", 2);
            headers.put(nameAndValue[0], Long.parseLong(nameAndValue[1]));
        }
    }

    @Test
    void shouldGiveEveryStructureTheSizeOfItsCType() {
        for (MemoryLayout layout : VerbsLayouts.ALL) {
            String name = layout.name().orElseThrow();
            Long size = headers.get(name);
            assertTrue(size != null, "the probe prints the size of " + name);
            if (VerbsLayouts.READ_ONLY_PREFIXES.contains(layout)) {
                assertTrue(layout.byteSize() <= size, name + " is a prefix of its C structure: " + layout.byteSize()
                    + " <= " + size);
            } else {
                assertEquals(size, layout.byteSize(), "sizeof(" + name + ")");
            }
        }
    }

    @Test
    void shouldPlaceEveryMemberTheProbePrintsWhereTheCompilerDoes() {
        int checked = 0;
        for (Map.Entry<String, Long> entry : headers.entrySet()) {
            String[] path = entry.getKey().split("\\.");
            if (path.length < 2) {
                continue;
            }
            MemoryLayout layout = layout(path[0]);
            PathElement[] elements = Arrays.stream(path, 1, path.length).map(PathElement::groupElement)
                .toArray(PathElement[]::new);
            assertEquals(entry.getValue(), layout.byteOffset(elements), "offsetof " + entry.getKey());
            checked++;
        }
        assertTrue(checked > 100, "the probe printed the members: " + checked);
    }

    @Test
    void shouldHaveTheProbeCheckEveryNamedMember() {
        TreeSet<String> unchecked = new TreeSet<>();
        for (MemoryLayout layout : VerbsLayouts.ALL) {
            collectUnchecked(layout.name().orElseThrow(), (GroupLayout) layout, unchecked);
        }
        assertTrue(unchecked.isEmpty(), "members of VerbsLayouts the probe does not print: " + unchecked);
    }

    /** Every named member of a group, and of its nested groups where the probe looks inside them. */
    private static void collectUnchecked(String prefix, GroupLayout group, TreeSet<String> unchecked) {
        for (MemoryLayout member : group.memberLayouts()) {
            if (member instanceof PaddingLayout) {
                continue;
            }
            String name = prefix + "." + member.name().orElseThrow();
            if (!headers.containsKey(name)) {
                unchecked.add(name);
            }
            if (member instanceof GroupLayout nested
                && headers.keySet().stream().anyMatch(key -> key.startsWith(name + "."))) {
                collectUnchecked(name, nested, unchecked);
            }
        }
    }

    @Test
    void shouldGiveEveryConstantItsHeaderValue() throws IllegalAccessException {
        int checked = 0;
        for (Field field : VerbsConstants.class.getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == int.class) {
                field.setAccessible(true);
                String name = "IBV_" + field.getName();
                assertTrue(headers.containsKey(name), "the probe prints " + name);
                assertEquals(headers.get(name).intValue(), field.getInt(null), "VerbsConstants." + field.getName());
                checked++;
            }
        }
        long constants = headers.keySet().stream().filter(name -> name.startsWith("IBV_")).count();
        assertEquals(constants, checked, "the probe and VerbsConstants state the same constants");
    }

    private static MemoryLayout layout(String name) {
        return VerbsLayouts.ALL.stream().filter(layout -> layout.name().orElseThrow().equals(name)).findFirst()
            .orElseThrow(() -> new AssertionError("VerbsLayouts has no layout named " + name));
    }

    private static String run(List<String> command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor(60, TimeUnit.SECONDS);
        return output;
    }
}
