package org.mpjbuf.bench.mpi;

import java.util.Locale;

import mpi.MPI;
import mpi.MPIException;

/**
 * IMB-style latency of the two collectives that small-message cost decides, on any device and
 * under any launcher: {@code Barrier}, and {@code Allreduce} of one {@code double} (8 bytes, a
 * sum). Each is called {@code CALLS} times in a row after an untimed pass of at least
 * {@value #WARM_UP_CALLS} calls (for the JIT compiler: with every core held by a spinning rank,
 * compiling the paths takes a good part of a second, and 20,000 calls did not cover it), best of
 * the repetitions; rank 0 prints microseconds per call, the mean over the loop of the slowest
 * rank. The sum is checked after every timed loop.
 * {@code benchmarks/native/collectives.c} measures native MPI the same way.
 *
 * <pre>
 * bin/mpjrun -np 2 -cp benchmarks/target/classes org.mpjbuf.bench.mpi.CollectiveLatencyProgram [CALLS] [REPETITIONS]
 * </pre>
 */
public final class CollectiveLatencyProgram {

    /** The fewest calls of each collective in the untimed pass. */
    private static final int WARM_UP_CALLS = 200_000;

    private CollectiveLatencyProgram() {
    }

    /**
     * Runs the two loops.
     *
     * @param args the calls per loop (default 20,000) and the repetitions (default 3)
     * @throws MPIException when MPI fails
     */
    public static void main(String[] args) throws MPIException {
        String[] own = MPI.Init(args);
        int calls = ProgramArguments.intAt(own, 0, 20_000);
        int repetitions = ProgramArguments.intAt(own, 1, 3);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        if (rank == 0) {
            System.out.println("# operation  us-per-call   (" + size + " ranks, " + calls + " calls, best of "
                + repetitions + ", device " + org.mpjbuf.mpj.runtime.RankEnvironment.current().deviceName() + ")");
        }
        double[] in = {rank + 1};
        double[] out = new double[1];
        double expected = size * (size + 1) / 2.0;
        double barrier = Double.MAX_VALUE;
        double allreduce = Double.MAX_VALUE;
        for (int repetition = 0; repetition <= repetitions; repetition++) {
            int loop = repetition == 0 ? Math.max(calls, WARM_UP_CALLS) : calls;
            double barrierNanos = slowest(timeBarriers(loop));
            long start = System.nanoTime();
            for (int i = 0; i < loop; i++) {
                MPI.COMM_WORLD.Allreduce(in, 0, out, 0, 1, MPI.DOUBLE, MPI.SUM);
            }
            double allreduceNanos = slowest(System.nanoTime() - start);
            if (out[0] != expected) {
                throw new IllegalStateException("Allreduce gave " + out[0] + " on rank " + rank + ", expected "
                    + expected);
            }
            if (repetition > 0) {
                barrier = Math.min(barrier, barrierNanos / calls);
                allreduce = Math.min(allreduce, allreduceNanos / calls);
            }
        }
        if (rank == 0) {
            System.out.printf(Locale.ROOT, "Barrier      %10.3f%n", barrier / 1000);
            System.out.printf(Locale.ROOT, "Allreduce-8  %10.3f%n", allreduce / 1000);
        }
        MPI.Finalize();
    }

    private static long timeBarriers(int calls) throws MPIException {
        long start = System.nanoTime();
        for (int i = 0; i < calls; i++) {
            MPI.COMM_WORLD.Barrier();
        }
        return System.nanoTime() - start;
    }

    /** The longest of the ranks' loop times, in nanoseconds. */
    private static double slowest(long nanos) throws MPIException {
        long[] mine = {nanos};
        long[] longest = new long[1];
        MPI.COMM_WORLD.Allreduce(mine, 0, longest, 0, 1, MPI.LONG, MPI.MAX);
        return longest[0];
    }
}
