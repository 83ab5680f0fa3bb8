package org.mpjbuf.bench.mpi;

import java.util.Locale;

import mpi.MPI;
import mpi.MPIException;

/**
 * The distribution of a ping-pong's round trips between ranks 0 and 1 of any job, on any device
 * and under any launcher: {@link PingPongProgram} gives the best mean of short loops, which hides
 * the round trips that stall; this one times every round trip of a size for a number of seconds a
 * round and prints, for every round, how many there were and the mean, the median, the 90th, 99th
 * and 99.9th percentile of the half round trip in microseconds. There is no warm-up: the first
 * rounds show the compiler at work, the later ones the steady state. Rank 0 decides when a round
 * ends and says so in the first byte of its message, so no other call enters the loop.
 * {@code benchmarks/native/pingpong_tail.c} measures native MPI the same way.
 *
 * <pre>
 * bin/mpjrun -np 2 -dev niodev -cp benchmarks/target/classes org.mpjbuf.bench.mpi.PingPongTailProgram [BYTES] [SECONDS_PER_ROUND] [ROUNDS]
 * </pre>
 */
public final class PingPongTailProgram {

    /** The most round trips a round times; a round ends after them even before its seconds. */
    private static final int MOST_ROUND_TRIPS = 2_000_000;
    /** The first byte of rank 0's message while the round goes on, and at its last round trip. */
    private static final byte GOING_ON = 1;
    private static final byte LAST = 2;

    private PingPongTailProgram() {
    }

    /**
     * Runs the rounds.
     *
     * @param args the message size in bytes (default 1), the seconds a round (default 1) and the
     *             rounds (default 8)
     * @throws MPIException when MPI fails
     */
    public static void main(String[] args) throws MPIException {
        String[] own = MPI.Init(args);
        int bytes = ProgramArguments.intAt(own, 0, 1);
        double seconds = ProgramArguments.doubleAt(own, 1, 1);
        int rounds = ProgramArguments.intAt(own, 2, 8);
        int rank = MPI.COMM_WORLD.Rank();
        ProgramArguments.requireTwoRanks("PingPongTailProgram");
        if (bytes < 1 || !(seconds > 0) || rounds < 1) {
            throw new IllegalArgumentException("the size and the rounds must be at least 1 and the seconds more than 0,"
                + " not " + bytes + ", " + seconds + " and " + rounds);
        }
        byte[] message = new byte[bytes];
        long[] nanos = rank == 0 ? new long[MOST_ROUND_TRIPS] : null;
        if (rank == 0) {
            System.out.println("# round  round-trips  half-round-trip-us mean median p90 p99 p99.9   (" + bytes
                + " B, " + seconds + " s a round, device "
                + org.mpjbuf.mpj.runtime.RankEnvironment.current().deviceName() + ")");
        }
        long roundNanos = (long) (seconds * 1e9);
        for (int round = 1; round <= rounds; round++) {
            if (rank == 0) {
                int count = timeRound(message, nanos, roundNanos);
                System.out.println(String.format(Locale.ROOT, "%7d  %11d  %s", round, count, summary(nanos, count)));
            } else {
                echoRound(message);
            }
        }
        MPI.Finalize();
    }

    /** Rank 0's round: times round trips until the round's time is up; returns how many. */
    private static int timeRound(byte[] message, long[] nanos, long roundNanos) throws MPIException {
        long end = System.nanoTime() + roundNanos;
        int count = 0;
        boolean last = false;
        while (!last) {
            long start = System.nanoTime();
            last = start - end >= 0 || count == nanos.length - 1;
            message[0] = last ? LAST : GOING_ON;
            MPI.COMM_WORLD.Send(message, 0, message.length, MPI.BYTE, 1, 1);
            MPI.COMM_WORLD.Recv(message, 0, message.length, MPI.BYTE, 1, 1);
            nanos[count++] = System.nanoTime() - start;
            if (message[0] != (last ? LAST : GOING_ON)) {
                throw new IllegalStateException("rank 1 sent back " + message[0] + " as the first byte");
            }
        }
        return count;
    }

    /** Rank 1's round: sends every message back until the round's last. */
    private static void echoRound(byte[] message) throws MPIException {
        do {
            MPI.COMM_WORLD.Recv(message, 0, message.length, MPI.BYTE, 0, 1);
            MPI.COMM_WORLD.Send(message, 0, message.length, MPI.BYTE, 0, 1);
        } while (message[0] == GOING_ON);
    }

    /** The mean and percentiles of the first {@code count} round trips, as half round trips in us; sorts them. */
    private static String summary(long[] nanos, int count) {
        double[] figures = Timings.meanAndQuantiles(nanos, count, 0.5, 0.9, 0.99, 0.999);
        return String.format(Locale.ROOT, "%9.2f %9.2f %9.2f %9.2f %9.2f", figures[0] / 2000, figures[1] / 2000,
            figures[2] / 2000, figures[3] / 2000, figures[4] / 2000);
    }
}
