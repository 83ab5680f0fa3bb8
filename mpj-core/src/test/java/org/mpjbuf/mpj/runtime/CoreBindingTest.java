package org.mpjbuf.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Rank threads of an smdev job get a core each, no core goes to two jobs at once, a process
 * rank's thread gets the core of its place among its host's ranks, and the binding is the kernel's: each rank thread reads its own allowed cores from
 * {@code /proc/thread-self/status}. Needs Linux and two cores this JVM may use; elsewhere the
 * binding cases are skipped with the reason.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CoreBindingTest {

    @Test
    void shouldRefuseAnUnknownPolicyByName() {
        IllegalArgumentException refused =
            assertThrows(IllegalArgumentException.class, () -> CoreBinding.reserve(2, "spread"));
        assertEquals("mpjbuf.mpj.bindRanks = 'spread' (expected auto or none)", refused.getMessage());
    }

    @Test
    void shouldBindNothingWhenToldNone() {
        assertArrayEquals(new int[0], CoreBinding.reserve(2, "none").cores());
        assertArrayEquals(new int[0], CoreBinding.reserve(1, "auto").cores(), "a single rank has no peer to flee");
    }

    @Test
    void shouldGiveEachRankACoreOfItsOwnAndNoCoreToTwoJobsAtOnce() {
        assumeTrue(allowedCoresCount() >= 2, "needs two cores this JVM may use, has " + allowedCoresCount());
        CoreBinding first = CoreBinding.reserve(2, "AUTO");
        try {
            int[] cores = first.cores();
            assertEquals(2, cores.length);
            assertNotEquals(cores[0], cores[1]);
            CoreBinding second = CoreBinding.reserve(allowedCoresCount() - 1, "auto");
            try {
                assertArrayEquals(new int[0], second.cores(), "only " + (allowedCoresCount() - 2) + " cores are free");
            } finally {
                second.release();
            }
        } finally {
            first.release();
        }
        CoreBinding again = CoreBinding.reserve(2, "auto");
        assertEquals(2, again.cores().length, "released cores are free again");
        again.release();
    }

    @Test
    void shouldBindEveryRankThreadOfAnSmdevJobToAnotherCore() {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/status")), "needs Linux's /proc/thread-self");
        assumeTrue(allowedCoresCount() >= 2, "needs two cores this JVM may use");
        String[] seen = new String[2];
        Job.of(2).device("smdev").runTasks(world -> seen[world.Rank()] = allowedCores("thread-self")).orThrow();
        assertEquals(1, seen[0].split("[,-]").length, "rank 0 runs on one core, not " + seen[0]);
        assertEquals(1, seen[1].split("[,-]").length, "rank 1 runs on one core, not " + seen[1]);
        assertNotEquals(seen[0], seen[1]);
    }

    @Test
    void shouldLeaveRankThreadsUnboundWhenTheyOutnumberTheCores() {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/status")), "needs Linux's /proc/thread-self");
        int ranks = allowedCoresCount() + 1;
        String process = allowedCores("self");
        String[] seen = new String[ranks];
        Job.of(ranks).device("smdev").runTasks(world -> seen[world.Rank()] = allowedCores("thread-self")).orThrow();
        for (String cores : seen) {
            assertEquals(process, cores);
        }
    }

    @Test
    void shouldBindAProcessRankThreadToTheCoreOfItsPlaceAmongItsHostsRanks() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/status")), "needs Linux's /proc/thread-self");
        assumeTrue(allowedCoresCount() >= 2, "needs two cores this JVM may use");
        int[] core = new int[2];
        String[] seen = new String[2];
        for (int place = 0; place < 2; place++) {
            int p = place;
            Thread rank = new Thread(() -> {
                core[p] = CoreBinding.bindProcessRank(p, 2, "auto");
                seen[p] = allowedCores("thread-self");
            });
            rank.start();
            rank.join();
        }
        assertEquals(Integer.toString(core[0]), seen[0]);
        assertEquals(Integer.toString(core[1]), seen[1]);
        assertNotEquals(core[0], core[1]);
    }

    @Test
    void shouldLeaveAProcessRankThreadFreeWhenItsHostsRanksOutnumberTheCoresOrWhenToldNone() {
        assertEquals(-1, CoreBinding.bindProcessRank(0, allowedCoresCount() + 1, "auto"));
        assertEquals(-1, CoreBinding.bindProcessRank(0, 1, "auto"), "a single rank has no peer to flee");
        assertEquals(-1, CoreBinding.bindProcessRank(1, 2, "none"));
        assertEquals(-1, CoreBinding.bindProcessRank(2, 2, "auto"), "a rank missing from its host's list");
        IllegalArgumentException refused =
            assertThrows(IllegalArgumentException.class, () -> CoreBinding.bindProcessRank(0, 2, "spread"));
        assertEquals("mpjbuf.mpj.bindRanks = 'spread' (expected auto or none)", refused.getMessage());
    }

    /** The Cpus_allowed_list line of {@code /proc/<task>/status}, e.g. {@code 0-1}. */
    private static String allowedCores(String task) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", task, "status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return line.substring("Cpus_allowed_list:".length()).strip();
                }
            }
        } catch (IOException unreadable) {
            return "";
        }
        return "";
    }

    private static int allowedCoresCount() {
        int count = 0;
        for (String range : allowedCores("self").split(",")) {
            if (range.isEmpty()) {
                continue;
            }
            String[] ends = range.split("-");
            count += ends.length == 1 ? 1 : Integer.parseInt(ends[1]) - Integer.parseInt(ends[0]) + 1;
        }
        return count;
    }
}
