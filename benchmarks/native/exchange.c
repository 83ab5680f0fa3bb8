/* NPB CG's exchanges between two ranks, from the job's first step, measured exactly as
 * org.mpjbuf.bench.mpi.ExchangeProgram measures them: in every step each rank computes for a while,
 * then swaps a vector of doubles with the other (MPI_Irecv, MPI_Send, MPI_Wait) and then one double;
 * no warm-up; rank 0 prints, for every round, the mean, the median and the 99th percentile of each
 * exchange's time in microseconds.
 *   mpicc -O2 -o exchange exchange.c
 *   mpirun --mca btl self,tcp -np 2 ./exchange [VECTOR_DOUBLES] [STEPS_PER_ROUND] [ROUNDS] [WORK_MICROSECONDS] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int by_value(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return (x > y) - (x < y);
}

/* Prints the mean, median and 99th percentile of a round's times, in microseconds; sorts them. */
static void summary(double *seconds, int steps) {
    double sum = 0;
    for (int i = 0; i < steps; i++) {
        sum += seconds[i];
    }
    qsort(seconds, (size_t) steps, sizeof(double), by_value);
    printf("  %9.1f %9.1f %9.1f", sum * 1e6 / steps, seconds[steps / 2] * 1e6, seconds[(int) (steps * 0.99)] * 1e6);
}

static double work(const double *vector, int length, double seconds) {
    double until = MPI_Wtime() + seconds;
    double sum = 0;
    do {
        for (int i = 0; i < (length < 256 ? length : 256); i++) {
            sum += vector[i] * 1.0000001;
        }
    } while (MPI_Wtime() < until);
    return sum;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int length = argc > 1 ? atoi(argv[1]) : 7000;
    int steps = argc > 2 ? atoi(argv[2]) : 2000;
    int rounds = argc > 3 ? atoi(argv[3]) : 8;
    double work_seconds = (argc > 4 ? atol(argv[4]) : 1000) * 1e-6;
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 2) {
        fprintf(stderr, "exchange needs 2 ranks, not %d\n", size);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    if (length < 1 || steps < 1 || rounds < 1 || work_seconds < 0) {
        fprintf(stderr, "the vector's length, the steps and the rounds must be at least 1 and the work at least 0\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int peer = 1 - rank;
    double *vector = calloc((size_t) length, sizeof(double));
    double *incoming = calloc((size_t) length, sizeof(double));
    double *vector_seconds = calloc((size_t) steps, sizeof(double));
    double *scalar_seconds = calloc((size_t) steps, sizeof(double));
    double scalar = 0, scalar_in = 0;
    if (rank == 0) {
        printf("# round  vector-exchange-us mean median p99  scalar-exchange-us mean median p99   (%d doubles, %d steps"
               " a round, %.0f us of work a step, native MPI)\n", length, steps, work_seconds * 1e6);
    }
    for (int round = 1; round <= rounds; round++) {
        for (int step = 0; step < steps; step++) {
            MPI_Request received;
            scalar = work(vector, length, work_seconds);
            double start = MPI_Wtime();
            MPI_Irecv(incoming, length, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD, &received);
            MPI_Send(vector, length, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD);
            MPI_Wait(&received, MPI_STATUS_IGNORE);
            double between = MPI_Wtime();
            MPI_Irecv(&scalar_in, 1, MPI_DOUBLE, peer, 2, MPI_COMM_WORLD, &received);
            MPI_Send(&scalar, 1, MPI_DOUBLE, peer, 2, MPI_COMM_WORLD);
            MPI_Wait(&received, MPI_STATUS_IGNORE);
            double end = MPI_Wtime();
            vector_seconds[step] = between - start;
            scalar_seconds[step] = end - between;
            vector[step % length] += scalar_in * 1.0e-300;
        }
        if (rank == 0) {
            printf("%7d", round);
            summary(vector_seconds, steps);
            summary(scalar_seconds, steps);
            printf("\n");
        }
    }
    free(vector_seconds);
    free(scalar_seconds);
    free(vector);
    free(incoming);
    MPI_Finalize();
    return 0;
}
