package org.mpjbuf.npb;

import mpi.MPI;
import mpi.MPIException;

/**
 * An accumulating wall-clock timer over {@code MPI.Wtime}, like the NPB
 * reference's {@code timer_start}/{@code timer_stop}/{@code timer_read}.
 *
 * <p>Not thread-safe: each rank uses its own.
 */
final class BenchmarkTimer {
    private double elapsed;
    private double startedAt;

    /**
     * Starts (or restarts) timing.
     *
     * @throws MPIException if the clock cannot be read
     */
    void start() throws MPIException {
        startedAt = MPI.Wtime();
    }

    /**
     * Stops timing and adds the time since {@link #start()}.
     *
     * @throws MPIException if the clock cannot be read
     */
    void stop() throws MPIException {
        elapsed += MPI.Wtime() - startedAt;
    }

    /** {@return the accumulated seconds} */
    double seconds() {
        return elapsed;
    }
}
