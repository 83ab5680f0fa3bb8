package org.mpjbuf.npb;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * How much processor time the JVM's just-in-time compiler threads took since the last reading:
 * the warm-up's measure of whether the compiler is still busy with the kernel's code, and the
 * report's {@code JIT seconds}.
 *
 * <p>Design note. {@code CompilationMXBean.getTotalCompilationTime} grows only when a compilation
 * ends, by that compilation's whole time. A large method's optimised compile takes hundreds of
 * milliseconds; the iterations run while it is under way look quiet, and the warm-up ended with
 * LU's sweeps and right-hand side still being compiled: at class A on 2 ranks the compiler
 * then took 2.4 s of an 11 s timed part. On Linux each compiler thread's time on a processor is
 * read instead, to the nanosecond, from {@code /proc/self/task/<tid>/schedstat} (the threads
 * named {@code C1 CompilerThread} and {@code C2 CompilerThread}, whose names the kernel cuts to
 * 15 characters): a compilation under way counts in every interval it runs in, and a compiler
 * thread that waits for a core (the ranks keep both busy) counts only while it runs, where the
 * bean counts a compilation's wall time. Where {@code /proc} cannot be read, the bean's time
 * stands in.
 *
 * <p>Not thread-safe: one instance per thread that reads it.
 */
final class CompilerActivity {
    private static final Path PROC_TASKS = Path.of("/proc/self/task");
    private static final CompilationMXBean COMPILER = ManagementFactory.getCompilationMXBean();

    /** The start of a compiler thread's name, as {@code /proc} gives it. */
    private static final String COMPILER_THREAD_PREFIX = "CompilerThre";

    /** Whether each thread seen is a compiler thread (its name does not change). */
    private final Map<String, Boolean> compilerThreads = new HashMap<>();

    /** Each compiler thread's processor time at the last reading, in ns. */
    private final Map<String, Long> lastNanos = new HashMap<>();

    /** The folder of this process's threads, one sub-folder per thread id. */
    private final Path tasks;
    private boolean fromProc = true;
    private long lastCompileMillis;

    /** Creates a reader whose first {@link #nanosSinceLastReading()} counts from now. */
    CompilerActivity() {
        this(PROC_TASKS);
    }

    /**
     * Creates a reader of the threads under {@code tasks}, laid out as {@code /proc/self/task}; where
     * that cannot be read, the JVM's compilation time stands in.
     *
     * @param tasks the threads' folder
     */
    CompilerActivity(Path tasks) {
        this.tasks = tasks;
        nanosSinceLastReading();
    }

    /**
     * Tells how much processor time the compiler threads took since the last call (or since
     * this reader was made).
     *
     * @return nanoseconds, {@code >= 0}
     */
    long nanosSinceLastReading() {
        if (fromProc) {
            try {
                return procNanosSinceLastReading();
            } catch (IOException | RuntimeException unreadable) {
                fromProc = false;
                lastCompileMillis = compileMillis();
                return 0L;
            }
        }
        long millis = compileMillis();
        long nanos = (millis - lastCompileMillis) * 1_000_000L;
        lastCompileMillis = millis;
        return nanos;
    }

    private long procNanosSinceLastReading() throws IOException {
        long total = 0;
        Map<String, Long> seen = new HashMap<>();
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
            for (Path task : threads) {
                String tid = task.getFileName().toString();
                if (!isCompilerThread(tid, task)) {
                    continue;
                }
                long nanos;
                try {
                    String schedstat = Files.readString(task.resolve("schedstat"));
                    nanos = Long.parseLong(schedstat.substring(0, schedstat.indexOf(' ')));
                } catch (NoSuchFileException ended) {
                    continue;
                }
                seen.put(tid, nanos);
                total += nanos - lastNanos.getOrDefault(tid, 0L);
            }
        }
        lastNanos.clear();
        lastNanos.putAll(seen);
        return Math.max(0L, total);
    }

    private boolean isCompilerThread(String tid, Path task) throws IOException {
        Boolean known = compilerThreads.get(tid);
        if (known == null) {
            String name;
            try {
                name = Files.readString(task.resolve("comm"));
            } catch (NoSuchFileException ended) {
                return false;
            }
            known = (name.startsWith("C1 ") || name.startsWith("C2 ")) && name.contains(COMPILER_THREAD_PREFIX);
            compilerThreads.put(tid, known);
        }
        return known;
    }

    /** {@return the JVM's total compilation time so far, in ms; 0 where the JVM cannot measure it} */
    private static long compileMillis() {
        return COMPILER != null && COMPILER.isCompilationTimeMonitoringSupported()
                ? COMPILER.getTotalCompilationTime() : 0L;
    }
}
