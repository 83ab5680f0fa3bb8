/* The distribution of a ping-pong's round trips between ranks 0 and 1, measured exactly as
 * org.mpjbuf.bench.mpi.PingPongTailProgram measures it: every round trip of a size is timed for a
 * number of seconds a round; rank 0 prints, for every round, how many there were and the mean,
 * the median, the 90th, 99th and 99.9th percentile of the half round trip in microseconds. No
 * warm-up; rank 0 says in the first byte of its message whether the round goes on.
 *   mpicc -O2 -o pingpong_tail pingpong_tail.c
 *   mpirun --mca btl self,tcp -np 2 ./pingpong_tail [BYTES] [SECONDS_PER_ROUND] [ROUNDS] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define MOST_ROUND_TRIPS 2000000
#define GOING_ON 1
#define LAST 2

static int by_value(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return (x > y) - (x < y);
}

static double half(const double *sorted, int count, double quantile) {
    return sorted[(int) (count * quantile)] * 1e6 / 2;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int bytes = argc > 1 ? atoi(argv[1]) : 1;
    double seconds = argc > 2 ? atof(argv[2]) : 1;
    int rounds = argc > 3 ? atoi(argv[3]) : 8;
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 2) {
        fprintf(stderr, "pingpong_tail needs 2 ranks, not %d\n", size);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    if (bytes < 1 || !(seconds > 0) || rounds < 1) {
        fprintf(stderr, "the size and the rounds must be at least 1 and the seconds more than 0\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    char *message = calloc((size_t) bytes, 1);
    double *times = rank == 0 ? malloc(MOST_ROUND_TRIPS * sizeof(double)) : NULL;
    if (rank == 0) {
        printf("# round  round-trips  half-round-trip-us mean median p90 p99 p99.9   (%d B, %g s a round, native MPI)\n",
               bytes, seconds);
    }
    for (int round = 1; round <= rounds; round++) {
        if (rank == 0) {
            double end = MPI_Wtime() + seconds;
            int count = 0, last = 0;
            while (!last) {
                double start = MPI_Wtime();
                last = start >= end || count == MOST_ROUND_TRIPS - 1;
                message[0] = last ? LAST : GOING_ON;
                MPI_Send(message, bytes, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
                MPI_Recv(message, bytes, MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                times[count++] = MPI_Wtime() - start;
                if (message[0] != (last ? LAST : GOING_ON)) {
                    fprintf(stderr, "rank 1 sent back %d as the first byte\n", message[0]);
                    MPI_Abort(MPI_COMM_WORLD, 1);
                }
            }
            double sum = 0;
            for (int i = 0; i < count; i++) {
                sum += times[i];
            }
            qsort(times, (size_t) count, sizeof(double), by_value);
            printf("%7d  %11d  %9.2f %9.2f %9.2f %9.2f %9.2f\n", round, count, sum * 1e6 / 2 / count,
                   half(times, count, 0.5), half(times, count, 0.9), half(times, count, 0.99),
                   half(times, count, 0.999));
            fflush(stdout);
        } else {
            do {
                MPI_Recv(message, bytes, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(message, bytes, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
            } while (message[0] == GOING_ON);
        }
    }
    free(message);
    free(times);
    MPI_Finalize();
    return 0;
}
