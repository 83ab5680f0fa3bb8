package org.mpjbuf.bench.coll;

import mpi.MPI;
import mpi.MPIException;

/**
 * One timed collective call with its buffers, and the check of its result. Buffers hold
 * {@code double}s; element {@code i} of rank {@code r}'s data is {@code r + i}.
 */
abstract class Operation {

    final int count;
    final int rank;
    final int ranks;

    Operation(int count, int rank, int ranks) {
        this.count = count;
        this.rank = rank;
        this.ranks = ranks;
    }

    static Operation of(CollectiveKind kind, int count, int rank, int ranks) {
        return switch (kind) {
            case BARRIER -> new Operation(0, rank, ranks) {
                @Override
                void run() throws MPIException {
                    MPI.COMM_WORLD.Barrier();
                }

                @Override
                void check() {
                }
            };
            case BCAST -> new Operation(count, rank, ranks) {
                private final double[] buffer = filled(count, rank);

                @Override
                void run() throws MPIException {
                    MPI.COMM_WORLD.Bcast(buffer, 0, count, MPI.DOUBLE, 0);
                }

                @Override
                void check() {
                    expect(buffer, count - 1, count - 1);
                }
            };
            case REDUCE, ALLREDUCE -> new Operation(count, rank, ranks) {
                private final double[] send = filled(count, rank);
                private final double[] recv = new double[count];

                @Override
                void run() throws MPIException {
                    if (kind == CollectiveKind.REDUCE) {
                        MPI.COMM_WORLD.Reduce(send, 0, recv, 0, count, MPI.DOUBLE, MPI.SUM, 0);
                    } else {
                        MPI.COMM_WORLD.Allreduce(send, 0, recv, 0, count, MPI.DOUBLE, MPI.SUM);
                    }
                }

                @Override
                void check() {
                    if (kind == CollectiveKind.ALLREDUCE || rank == 0) {
                        expect(recv, count - 1, ranks * (ranks - 1) / 2.0 + (double) ranks * (count - 1));
                    }
                }
            };
            case ALLGATHER -> new Operation(count, rank, ranks) {
                private final double[] send = filled(count, rank);
                private final double[] recv = new double[count * ranks];

                @Override
                void run() throws MPIException {
                    MPI.COMM_WORLD.Allgather(send, 0, count, MPI.DOUBLE, recv, 0, count, MPI.DOUBLE);
                }

                @Override
                void check() {
                    expect(recv, count * ranks - 1, ranks - 1 + count - 1);
                }
            };
            case ALLTOALL -> new Operation(count, rank, ranks) {
                private final double[] send = filled(count * ranks, rank);
                private final double[] recv = new double[count * ranks];

                @Override
                void run() throws MPIException {
                    MPI.COMM_WORLD.Alltoall(send, 0, count, MPI.DOUBLE, recv, 0, count, MPI.DOUBLE);
                }

                @Override
                void check() {
                    expect(recv, count * ranks - 1, ranks - 1 + (double) rank * count + count - 1);
                }
            };
        };
    }

    /** Runs the collective once. */
    abstract void run() throws MPIException;

    /** Fails if the last call left a wrong result. */
    abstract void check();

    static double[] filled(int count, int rank) {
        double[] data = new double[count];
        for (int i = 0; i < count; i++) {
            data[i] = rank + i;
        }
        return data;
    }

    static void expect(double[] data, int index, double expected) {
        if (index >= 0 && data[index] != expected) {
            throw new IllegalStateException("element " + index + " is " + data[index] + ", expected " + expected);
        }
    }
}
