package org.mpjbuf.bench.mpi;

import java.util.Locale;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * NPB CG's exchanges between two ranks, from a job's first step: in every step each of ranks 0
 * and 1 computes for a while (as CG's sparse product does), then swaps a vector of doubles with
 * the other ({@code Irecv}, {@code Send}, {@code Wait}: CG's row sums) and then one double (its
 * dot-product sums). There is no warm-up: the rounds show how long the exchanges take while the
 * JIT compiler is still at work, which is where a short NPB run spends its time. Rank 0 prints,
 * for every round, the mean, the median and the 99th percentile of each exchange's time in
 * microseconds: a mean alone hides whether every exchange is slow or a few stall.
 * {@code benchmarks/native/exchange.c} measures native MPI the same way.
 *
 * <pre>
 * bin/mpjrun -np 2 -dev niodev -cp benchmarks/target/classes org.mpjbuf.bench.mpi.ExchangeProgram \
 *     [VECTOR_DOUBLES] [STEPS_PER_ROUND] [ROUNDS] [WORK_MICROSECONDS]
 * </pre>
 */
public final class ExchangeProgram {

    private ExchangeProgram() {
    }

    /**
     * Runs the exchanges.
     *
     * @param args the vector's length in doubles (default 7000, CG class A on 2 ranks), the steps
     *             per round (default 2000), the rounds (default 8) and the work before each step in
     *             microseconds (default 1000)
     * @throws MPIException when MPI fails
     */
    public static void main(String[] args) throws MPIException {
        String[] own = MPI.Init(args);
        int length = ProgramArguments.intAt(own, 0, 7000);
        int steps = ProgramArguments.intAt(own, 1, 2000);
        int rounds = ProgramArguments.intAt(own, 2, 8);
        long workNanos = ProgramArguments.longAt(own, 3, 1000) * 1000;
        int rank = MPI.COMM_WORLD.Rank();
        ProgramArguments.requireTwoRanks("ExchangeProgram");
        if (length < 1 || steps < 1 || rounds < 1 || workNanos < 0) {
            throw new IllegalArgumentException("the vector's length, the steps and the rounds must be at least 1 and "
                + "the work at least 0, not " + length + ", " + steps + ", " + rounds + " and " + workNanos / 1000);
        }
        int peer = 1 - rank;
        double[] vector = new double[length];
        double[] incoming = new double[length];
        double[] scalar = new double[1];
        double[] scalarIn = new double[1];
        if (rank == 0) {
            System.out.println("# round  vector-exchange-us mean median p99  scalar-exchange-us mean median p99   ("
                + length + " doubles, "
                + steps + " steps a round, " + workNanos / 1000 + " us of work a step, device "
                + org.mpjbuf.mpj.runtime.RankEnvironment.current().deviceName() + ")");
        }
        long[] vectorNanos = new long[steps];
        long[] scalarNanos = new long[steps];
        for (int round = 1; round <= rounds; round++) {
            for (int step = 0; step < steps; step++) {
                scalar[0] = work(vector, workNanos);
                long start = System.nanoTime();
                Request received = MPI.COMM_WORLD.Irecv(incoming, 0, length, MPI.DOUBLE, peer, 1);
                MPI.COMM_WORLD.Send(vector, 0, length, MPI.DOUBLE, peer, 1);
                received.Wait();
                long between = System.nanoTime();
                received = MPI.COMM_WORLD.Irecv(scalarIn, 0, 1, MPI.DOUBLE, peer, 2);
                MPI.COMM_WORLD.Send(scalar, 0, 1, MPI.DOUBLE, peer, 2);
                received.Wait();
                long end = System.nanoTime();
                vectorNanos[step] = between - start;
                scalarNanos[step] = end - between;
                vector[step % length] += scalarIn[0] * 1.0e-300;
            }
            if (rank == 0) {
                System.out.printf(Locale.ROOT, "%7d  %s  %s%n", round, summary(vectorNanos), summary(scalarNanos));
            }
        }
        MPI.Finalize();
    }

    /** The mean, median and 99th percentile of a round's times, in microseconds; sorts them. */
    private static String summary(long[] nanos) {
        double[] figures = Timings.meanAndQuantiles(nanos, nanos.length, 0.5, 0.99);
        return String.format(Locale.ROOT, "%9.1f %9.1f %9.1f", figures[0] / 1000, figures[1] / 1000,
            figures[2] / 1000);
    }

    /** Computes over the vector for at least {@code nanos}; returns a value that depends on it. */
    private static double work(double[] vector, long nanos) {
        long until = System.nanoTime() + nanos;
        double sum = 0;
        do {
            for (int i = 0; i < Math.min(vector.length, 256); i++) {
                sum += vector[i] * 1.0000001;
            }
        } while (System.nanoTime() - until < 0);
        return sum;
    }
}
