package org.mpjbuf.npb;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

import org.mpjbuf.config.Settings;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Where a kernel's timed iterations spend their time, phase by phase: the
 * NPB reference's optional timers. A rank marks the start of an iteration
 * with {@link #start()} and the end of each phase with {@link #end(int)};
 * the time between two marks goes to the phase that ends. {@link #print}
 * reports, per phase, the time of the rank that spent most in it.
 *
 * <p>The marks cost two reads of the clock each, nothing compared with a
 * phase, so a kernel marks its phases whether or not it prints them; the
 * system property {@value #PROPERTY} set to {@code true} asks the kernels
 * that have phases to print them after their timed part, before the report
 * (with {@code bin/mpjrun}: {@code MPJRUN_JVM_OPTS=-Dnpb.timers=true}).
 *
 * <p>Not thread-safe: one instance per rank, used by the rank's thread.
 */
public final class PhaseTimes {
    /** The system property that asks for the phase times to be printed. */
    public static final String PROPERTY = "npb.timers";

    private final List<String> names;
    private final long[] nanos;
    private long lastMark;

    /**
     * Creates the timers of a kernel's phases, all at zero.
     *
     * @param names the phases, in the order an iteration runs them
     * @throws IllegalArgumentException if there are no phases
     */
    public PhaseTimes(List<String> names) {
        if (names.isEmpty()) {
            throw new IllegalArgumentException("a kernel's phase timers need at least one phase");
        }
        this.names = List.copyOf(names);
        this.nanos = new long[names.size()];
    }

    /**
     * {@return whether the phase times are to be printed: {@value #PROPERTY} is {@code true}, read as
     * every tunable is (system property, then environment variable)}
     *
     * @throws BenchmarkUsageException if the setting is neither {@code true} nor {@code false}
     */
    public static boolean requested() {
        try {
            return Settings.system().booleanValue(PROPERTY, false);
        } catch (IllegalArgumentException notABoolean) {
            throw new BenchmarkUsageException(notABoolean.getMessage());
        }
    }

    /** Marks the start of an iteration: the time until the next {@link #end} goes to that phase. */
    public void start() {
        lastMark = System.nanoTime();
    }

    /**
     * Marks the end of a phase, and the start of the next.
     *
     * @param phase the phase that ends, an index into the names
     * @throws IndexOutOfBoundsException if there is no such phase
     */
    public void end(int phase) {
        long now = System.nanoTime();
        nanos[phase] += now - lastMark;
        lastMark = now;
    }

    /** Sets every phase's time back to zero, as after the warm-up. */
    public void reset() {
        Arrays.fill(nanos, 0L);
    }

    /**
     * Prints, at rank 0, every phase's time in seconds: the largest over the
     * ranks. Every rank of {@code comm} must call it, since it reduces.
     *
     * @param comm the kernel's communicator
     * @param out where rank 0 prints
     * @throws MPIException if the reduction fails
     */
    public void print(Intracomm comm, PrintStream out) throws MPIException {
        long[] slowest = new long[nanos.length];
        comm.Reduce(nanos, 0, slowest, 0, nanos.length, MPI.LONG, MPI.MAX, 0);
        if (comm.Rank() != 0) {
            return;
        }
        out.println();
        out.println(" Phase times in seconds (the slowest rank's, over the timed iterations):");
        for (int phase = 0; phase < slowest.length; phase++) {
            out.printf("   %-36s %10.4f%n", names.get(phase), slowest[phase] * 1e-9);
        }
    }
}
