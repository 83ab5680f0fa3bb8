/* IMB-style ping-pong between ranks 0 and 1, measured exactly as org.mpjbuf.bench.mpi.PingPongProgram
 * measures it: every size from 1 B to MAX_BYTES in powers of two, a warm-up repetition, then the best
 * of REPETITIONS timed loops; rank 0 prints the half round trip in microseconds and MB/s (10^6 B/s).
 *   mpicc -O2 -o pingpong pingpong.c
 *   mpirun --mca btl self,tcp -np 2 ./pingpong [MAX_BYTES] [REPETITIONS] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    long max_bytes = argc > 1 ? atol(argv[1]) : 1L << 24;
    int repetitions = argc > 2 ? atoi(argv[2]) : 3;
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char *buffer = calloc((size_t) max_bytes, 1);
    if (rank == 0) {
        printf("# bytes  half-round-trip-us  MB/s   (best of %d, native MPI)\n", repetitions);
    }
    for (long size = 1; size <= max_bytes; size *= 2) {
        long per = (1L << 27) / (size > 1024 ? size : 1024);
        long iterations = per < 20 ? 20 : per > 20000 ? 20000 : per;
        double best = 1e300;
        for (int repetition = 0; repetition <= repetitions; repetition++) {
            MPI_Barrier(MPI_COMM_WORLD);
            double start = MPI_Wtime();
            for (long i = 0; i < iterations; i++) {
                if (rank == 0) {
                    buffer[0] = (char) i;
                    MPI_Send(buffer, (int) size, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
                    MPI_Recv(buffer, (int) size, MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                } else if (rank == 1) {
                    MPI_Recv(buffer, (int) size, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                    MPI_Send(buffer, (int) size, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
                }
            }
            double half = (MPI_Wtime() - start) * 1e9 / 2.0 / (double) iterations;
            if (repetition > 0 && half < best) {
                best = half;
            }
            if (rank == 0 && buffer[0] != (char) (iterations - 1)) {
                fprintf(stderr, "rank 0 got back the wrong byte at %ld bytes\n", size);
                MPI_Abort(MPI_COMM_WORLD, 1);
            }
        }
        if (rank == 0) {
            printf("%9ld  %12.3f  %10.1f\n", size, best / 1000, (double) size / best * 1000);
        }
    }
    free(buffer);
    MPI_Finalize();
    return 0;
}
