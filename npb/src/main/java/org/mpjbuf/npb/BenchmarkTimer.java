package org.mpjbuf.npb;

import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * An accumulating timer, like the NPB reference's {@code timer_start},
 * {@code timer_stop} and {@code timer_read}: wall-clock time from
 * {@code MPI.Wtime}, and beside it what else the time went to — the CPU time
 * of the calling thread (how much of the wall time the rank actually ran), the
 * processor time of the JVM's just-in-time compiler threads
 * ({@link CompilerActivity}) and the JVM's garbage collection time in the
 * same interval (both compete with the ranks for the cores).
 *
 * <p>Not thread-safe: each rank uses its own, from its own thread.
 */
final class BenchmarkTimer {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final List<GarbageCollectorMXBean> COLLECTORS = ManagementFactory.getGarbageCollectorMXBeans();
    /** The pseudo-applications' line of a time step. */
    private static final ProgressLine TIME_STEP_LINE = new ProgressLine(" Time step %4d%n");

    private double elapsed;
    private double startedAt;
    private long cpuNanos;
    private long cpuStartedAt;
    private final CompilerActivity compiler = new CompilerActivity();
    private long compileNanos;
    private long collectMillis;
    private long collectStartedAt;

    /**
     * Starts (or restarts) timing.
     *
     * @throws MPIException if the clock cannot be read
     */
    void start() throws MPIException {
        compiler.nanosSinceLastReading();
        collectStartedAt = collectMillis();
        cpuStartedAt = threadCpuNanos();
        startedAt = MPI.Wtime();
    }

    /**
     * Stops timing and adds the time since {@link #start()}.
     *
     * @throws MPIException if the clock cannot be read
     */
    void stop() throws MPIException {
        elapsed += MPI.Wtime() - startedAt;
        cpuNanos += threadCpuNanos() - cpuStartedAt;
        compileNanos += compiler.nanosSinceLastReading();
        collectMillis += collectMillis() - collectStartedAt;
    }

    /**
     * Starts timing after a barrier and runs a pseudo-application's time
     * steps (SP, BT, LU), printing the reference's progress line
     * {@code " Time step n"} at the first step, every twentieth and, with
     * {@code printLast}, the last; the line is formatted once before the
     * barrier ({@link ProgressLine#rehearse}). Timing goes on: the caller
     * stops it after whatever else its timed part holds.
     *
     * @param comm the kernel's communicator; every rank must call this
     * @param steps the time steps
     * @param printLast whether the last step prints its line too
     * @param progress where rank 0 prints (a null stream on the other ranks)
     * @param step one time step
     * @throws MPIException if communication fails
     */
    void startAndRunSteps(Intracomm comm, int steps, boolean printLast, PrintStream progress, Warmup.Iteration step)
            throws MPIException {
        TIME_STEP_LINE.rehearse(1);
        comm.Barrier();
        start();
        for (int n = 1; n <= steps; n++) {
            if (n == 1 || n % 20 == 0 || printLast && n == steps) {
                TIME_STEP_LINE.print(progress, n);
            }
            step.run();
        }
    }

    /** {@return what was accumulated so far} */
    Timing timing() {
        return new Timing(elapsed, cpuNanos * 1.0e-9, compileNanos * 1.0e-9, collectMillis * 1.0e-3);
    }

    private static long threadCpuNanos() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : 0L;
    }

    private static long collectMillis() {
        long total = 0;
        for (GarbageCollectorMXBean collector : COLLECTORS) {
            total += Math.max(0L, collector.getCollectionTime());
        }
        return total;
    }
}
