package org.mpjbuf.dev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How {@link HostProcessors} counts the processors the ranks of a host share. */
final class HostProcessorsTest {

    @Test
    void shouldCountKernelCpuLists() {
        assertEquals(1, HostProcessors.parseCount("0"));
        assertEquals(2, HostProcessors.parseCount("0-1\n"));
        assertEquals(7, HostProcessors.parseCount("0-3,8,10-11"));
        assertEquals(0, HostProcessors.parseCount(""));
        assertThrows(NumberFormatException.class, () -> HostProcessors.parseCount("3-1"));
        assertThrows(NumberFormatException.class, () -> HostProcessors.parseCount("0-x"));
    }

    @Test
    void shouldPreferTheCpusetOfTheProcesssGroup(@TempDir final Path root) throws IOException {
        final Path groups = Files.writeString(root.resolve("cgroup"), "0::/slurm/job_7/step_0\n");
        final Path group = Files.createDirectories(root.resolve("fs/slurm/job_7/step_0"));
        Files.writeString(group.resolve("cpuset.cpus.effective"), "4-5\n");
        final Path online = Files.writeString(root.resolve("online"), "0-63\n");
        assertEquals(2, HostProcessors.read(groups, root.resolve("fs"), online));
    }

    @Test
    void shouldFallBackToTheOnlineProcessors(@TempDir final Path root) throws IOException {
        final Path groups = Files.writeString(root.resolve("cgroup"), "4:memory:/x\n0::/\n");
        final Path online = Files.writeString(root.resolve("online"), "0-3\n");
        assertEquals(4, HostProcessors.read(groups, root.resolve("no-cgroup-fs"), online));
        assertEquals(4, HostProcessors.read(root.resolve("missing"), root, online));
    }

    @Test
    void shouldNotCountOnlyTheCallersAffinity() {
        // a thread bound to one core sees 1 in availableProcessors(); the host count stays what it was
        assertTrue(HostProcessors.count() >= Runtime.getRuntime().availableProcessors());
        assertTrue(HostProcessors.count() >= 1);
    }
}
