package org.mpjbuf.npb;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import mpi.MPI;
import mpi.MPIException;

/**
 * An accumulating timer, like the NPB reference's {@code timer_start},
 * {@code timer_stop} and {@code timer_read}: wall-clock time from
 * {@code MPI.Wtime}, and beside it the CPU time of the calling thread, which
 * tells how much of the wall time the rank actually ran on a shared machine.
 *
 * <p>Not thread-safe: each rank uses its own, from its own thread.
 */
final class BenchmarkTimer {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private double elapsed;
    private double startedAt;
    private long cpuNanos;
    private long cpuStartedAt;

    /**
     * Starts (or restarts) timing.
     *
     * @throws MPIException if the clock cannot be read
     */
    void start() throws MPIException {
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
    }

    /** {@return the accumulated wall-clock seconds} */
    double seconds() {
        return elapsed;
    }

    /** {@return the accumulated CPU seconds of the timing thread, 0 where the JVM cannot measure them} */
    double cpuSeconds() {
        return cpuNanos * 1.0e-9;
    }

    private static long threadCpuNanos() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : 0L;
    }
}
