package org.mpjbuf.dev;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * How many processors the ranks on this host share: what decides whether they outnumber the
 * processors, and so how long a waiting rank may spin and which collective algorithms suit.
 *
 * <h2>Why not {@link Runtime#availableProcessors()}</h2>
 * The JVM counts the processors the <em>calling thread</em> may run on. A rank bound to one core,
 * as a launcher binds its processes (Open MPI by default) or as an in-JVM job binds its rank
 * threads, sees 1 there, and two such ranks would count themselves oversubscribed on any
 * machine. The ranks of a job share the processors of the control group they run in (a Slurm
 * job's cpuset, a container's), whatever each one is bound to.
 *
 * <p>So the count is, in order: the processors of this process's cgroup v2 cpuset
 * ({@code cpuset.cpus.effective} of the group named in {@code /proc/self/cgroup}); else the
 * online processors ({@code /sys/devices/system/cpu/online}); else (not Linux)
 * {@code availableProcessors()}. It is read once per JVM.
 *
 * <p>Thread-safe.
 */
public final class HostProcessors {
    private static final int COUNT = read(Path.of("/proc/self/cgroup"), Path.of("/sys/fs/cgroup"),
        Path.of("/sys/devices/system/cpu/online"));

    private HostProcessors() {
    }

    /**
     * Returns how many processors the ranks on this host share.
     *
     * @return the count, at least 1
     */
    public static int count() {
        return COUNT;
    }

    /**
     * Reads the count from the given files; see the class comment.
     *
     * @param ownGroups the process's cgroup list ({@code /proc/self/cgroup})
     * @param groupRoot where cgroup v2 is mounted ({@code /sys/fs/cgroup})
     * @param online the list of online processors
     * @return the count, at least 1
     */
    static int read(final Path ownGroups, final Path groupRoot, final Path online) {
        final String group = unifiedGroup(ownGroups);
        if (group != null) {
            final int inGroup = cpuCount(groupRoot.resolve(group.substring(1)).resolve("cpuset.cpus.effective"));
            if (inGroup > 0) {
                return inGroup;
            }
        }
        final int onlineCount = cpuCount(online);
        return onlineCount > 0 ? onlineCount : Math.max(1, Runtime.getRuntime().availableProcessors());
    }

    /** The path of the process's cgroup v2 group (the {@code 0::} line), or {@code null}. */
    private static String unifiedGroup(final Path ownGroups) {
        try {
            for (final String line : Files.readAllLines(ownGroups)) {
                if (line.startsWith("0::/")) {
                    return line.substring(3).trim();
                }
            }
        } catch (final IOException | RuntimeException unreadable) {
            return null;
        }
        return null;
    }

    /** The number of processors in a kernel CPU list file, or 0 if it is missing, empty or unreadable. */
    private static int cpuCount(final Path list) {
        try {
            final List<String> lines = Files.readAllLines(list);
            return lines.isEmpty() ? 0 : parseCount(lines.get(0));
        } catch (final IOException | RuntimeException unreadable) {
            return 0;
        }
    }

    /**
     * Counts the processors of a kernel CPU list such as {@code 0-3,8,10-11}.
     *
     * @param list the list
     * @return the number of processors in it; 0 for an empty list
     * @throws NumberFormatException if the list is malformed
     */
    static int parseCount(final String list) {
        final String trimmed = list.trim();
        if (trimmed.isEmpty()) {
            return 0;
        }
        int count = 0;
        for (final String range : trimmed.split(",")) {
            final int dash = range.indexOf('-');
            if (dash < 0) {
                Integer.parseInt(range);
                count++;
            } else {
                final int first = Integer.parseInt(range.substring(0, dash));
                final int last = Integer.parseInt(range.substring(dash + 1));
                if (last < first) {
                    throw new NumberFormatException("descending range " + range);
                }
                count += last - first + 1;
            }
        }
        return count;
    }
}
