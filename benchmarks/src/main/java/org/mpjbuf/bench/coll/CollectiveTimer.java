package org.mpjbuf.bench.coll;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

import mpi.MPI;
import mpi.MPIException;

/**
 * The program every rank runs: times one collective at every message size, IMB style, and
 * rank 0 appends one CSV line per size to the output file.
 *
 * <p>Per size: two warm-up calls, a timed call from which rank 0 chooses an iteration count so a round lasts about
 * {@link #ROUND_SECONDS}, then {@link #ROUNDS} rounds of that many calls between barriers. A
 * round's time is the slowest rank's mean time per call; the line reports the best round
 * (the machine is shared, so the minimum is the repeatable figure). The data are checked after
 * the timed loop.
 *
 * <p>Arguments: collective name, largest size in bytes, output file, label.
 */
public final class CollectiveTimer {

    private static final int ROUNDS = 3;
    private static final double ROUND_SECONDS = 0.02;
    private static final int MAX_ITERATIONS = 400;

    private CollectiveTimer() {
    }

    /**
     * Runs the timing on this rank.
     *
     * @param args collective, largest size, output file, label
     * @throws MPIException when a collective fails
     */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        CollectiveKind kind = CollectiveKind.valueOf(args[0]);
        long maxBytes = Long.parseLong(args[1]);
        Path output = Path.of(args[2]);
        String label = args[3];
        int rank = MPI.COMM_WORLD.Rank();
        int ranks = MPI.COMM_WORLD.Size();
        for (long bytes : kind.sizes(maxBytes)) {
            Operation operation = Operation.of(kind, (int) (bytes / 8), rank, ranks);
            operation.run();
            operation.run();
            double start = MPI.Wtime();
            operation.run();
            double once = Math.max(MPI.Wtime() - start, 1e-7);
            int[] iterations = {(int) Math.max(2, Math.min(MAX_ITERATIONS, ROUND_SECONDS / once))};
            MPI.COMM_WORLD.Bcast(iterations, 0, 1, MPI.INT, 0);
            double best = Double.MAX_VALUE;
            for (int round = 0; round < ROUNDS; round++) {
                MPI.COMM_WORLD.Barrier();
                double roundStart = MPI.Wtime();
                for (int i = 0; i < iterations[0]; i++) {
                    operation.run();
                }
                double[] mean = {(MPI.Wtime() - roundStart) / iterations[0]};
                double[] slowest = new double[1];
                MPI.COMM_WORLD.Allreduce(mean, 0, slowest, 0, 1, MPI.DOUBLE, MPI.MAX);
                best = Math.min(best, slowest[0]);
            }
            operation.check();
            if (rank == 0) {
                String line = String.format(Locale.ROOT, "%d,%s,%s,%d,%.3f%n", ranks, kind, label, bytes,
                    best * 1e6);
                try {
                    Files.writeString(output, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        MPI.Finalize();
    }
}
