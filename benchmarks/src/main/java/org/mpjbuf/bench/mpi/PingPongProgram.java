package org.mpjbuf.bench.mpi;

import java.util.Locale;

import mpi.MPI;
import mpi.MPIException;

/**
 * IMB-style ping-pong between ranks 0 and 1 of any job, on any device and under any launcher
 * ({@code bin/mpjrun -np 2 -dev niodev ...}, {@code mpirun}, {@code srun}): for every size from
 * 1 B to the largest, in powers of two (after an untimed pass over the sizes up to 1 MiB, for
 * the JIT compiler), a warm-up, then round trips of a {@code byte[]}; rank 0
 * prints the half round trip in microseconds and the bandwidth in MB/s (10^6 B/s), best of the
 * repetitions, and checks the data after the timed loop. {@code benchmarks/native/pingpong.c}
 * measures native MPI the same way.
 *
 * <pre>
 * bin/mpjrun -np 2 -dev niodev -cp benchmarks/target/classes org.mpjbuf.bench.mpi.PingPongProgram [MAX_BYTES] [REPETITIONS]
 * </pre>
 */
public final class PingPongProgram {

    /**
     * Sizes up to this get an untimed pass first, so that the JIT compiler has settled before any
     * is timed: it reaches beyond the devices' protocol switch (256 KiB of data and its headers on niodev), whose
     * rendezvous path a pass of eager sizes alone leaves cold.
     */
    private static final int WARM_UP_BYTES = 1 << 20;
    /**
     * Round trips of a small size in the untimed pass: with fewer, the compiler threads were still
     * busy (and competing with the two spinning ranks for the cores) while the first sizes were
     * timed. A large size gets as many as move {@link #WARM_UP_TRAFFIC_BYTES}.
     */
    private static final int WARM_UP_ROUND_TRIPS = 10_000;
    /** Bytes a large size moves one way in the untimed pass. */
    private static final long WARM_UP_TRAFFIC_BYTES = 1L << 30;

    private PingPongProgram() {
    }

    /**
     * Runs the ping-pong.
     *
     * @param args the largest size in bytes (default 16 MiB) and the repetitions per size (default 3)
     * @throws MPIException when MPI fails
     */
    public static void main(String[] args) throws MPIException {
        String[] own = MPI.Init(args);
        int maxBytes = ProgramArguments.intAt(own, 0, 1 << 24);
        int repetitions = ProgramArguments.intAt(own, 1, 3);
        int rank = MPI.COMM_WORLD.Rank();
        byte[] buffer = new byte[maxBytes];
        if (rank == 0) {
            System.out.println("# bytes  half-round-trip-us  MB/s   (best of " + repetitions + ", device "
                + org.mpjbuf.mpj.runtime.RankEnvironment.current().deviceName() + ")");
        }
        for (int size = 1; size <= Math.min(maxBytes, WARM_UP_BYTES); size *= 2) {
            roundTrips(rank, buffer, size, (int) Math.min(WARM_UP_ROUND_TRIPS, WARM_UP_TRAFFIC_BYTES / size));
        }
        for (int size = 1; size <= maxBytes; size *= 2) {
            int iterations = (int) Math.max(20, Math.min(20_000, (1L << 27) / Math.max(size, 1024)));
            double best = Double.MAX_VALUE;
            for (int repetition = 0; repetition <= repetitions; repetition++) {
                MPI.COMM_WORLD.Barrier();
                long start = System.nanoTime();
                roundTrips(rank, buffer, size, iterations);
                double half = (System.nanoTime() - start) / 2.0 / iterations;
                if (repetition > 0) {
                    best = Math.min(best, half);
                }
                if (rank == 0 && buffer[0] != (byte) (iterations - 1)) {
                    throw new IllegalStateException("rank 0 got back byte " + buffer[0] + " after " + iterations
                        + " round trips of " + size + " bytes");
                }
            }
            if (rank == 0) {
                System.out.printf(Locale.ROOT, "%9d  %12.3f  %10.1f%n", size, best / 1000, size / best * 1000);
            }
        }
        MPI.Finalize();
    }

    /** Bounces {@code size} bytes between ranks 0 and 1 {@code iterations} times; rank 0 stamps each. */
    private static void roundTrips(int rank, byte[] buffer, int size, int iterations) throws MPIException {
        for (int i = 0; i < iterations; i++) {
            if (rank == 0) {
                buffer[0] = (byte) i;
                MPI.COMM_WORLD.Send(buffer, 0, size, MPI.BYTE, 1, 1);
                MPI.COMM_WORLD.Recv(buffer, 0, size, MPI.BYTE, 1, 1);
            } else if (rank == 1) {
                MPI.COMM_WORLD.Recv(buffer, 0, size, MPI.BYTE, 0, 1);
                MPI.COMM_WORLD.Send(buffer, 0, size, MPI.BYTE, 0, 1);
            }
        }
    }
}
