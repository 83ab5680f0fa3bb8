/* IMB-style latency of Barrier and of Allreduce of one double (a sum), measured exactly as
 * org.mpjbuf.bench.mpi.CollectiveLatencyProgram measures it: CALLS calls in a row after an untimed
 * loop, best of REPETITIONS, the slowest rank's mean; rank 0 prints microseconds per call.
 *   mpicc -O2 -o collectives collectives.c
 *   mpirun --mca btl self,vader -np 2 ./collectives [CALLS] [REPETITIONS] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static double slowest(double seconds) {
    double longest;
    MPI_Allreduce(&seconds, &longest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return longest;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    long calls = argc > 1 ? atol(argv[1]) : 20000;
    int repetitions = argc > 2 ? atoi(argv[2]) : 3;
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        printf("# operation  us-per-call   (%d ranks, %ld calls, best of %d, native MPI)\n", size, calls,
               repetitions);
    }
    double in = rank + 1, out = 0, expected = size * (size + 1) / 2.0;
    double barrier = 1e300, allreduce = 1e300;
    for (int repetition = 0; repetition <= repetitions; repetition++) {
        double start = MPI_Wtime();
        for (long i = 0; i < calls; i++) {
            MPI_Barrier(MPI_COMM_WORLD);
        }
        double barrier_seconds = slowest(MPI_Wtime() - start);
        start = MPI_Wtime();
        for (long i = 0; i < calls; i++) {
            MPI_Allreduce(&in, &out, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        }
        double allreduce_seconds = slowest(MPI_Wtime() - start);
        if (out != expected) {
            fprintf(stderr, "Allreduce gave %g on rank %d, expected %g\n", out, rank, expected);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        if (repetition > 0) {
            if (barrier_seconds / calls < barrier) {
                barrier = barrier_seconds / calls;
            }
            if (allreduce_seconds / calls < allreduce) {
                allreduce = allreduce_seconds / calls;
            }
        }
    }
    if (rank == 0) {
        printf("Barrier      %10.3f\n", barrier * 1e6);
        printf("Allreduce-8  %10.3f\n", allreduce * 1e6);
    }
    MPI_Finalize();
    return 0;
}
