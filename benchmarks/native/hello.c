/* The native baseline of the start-up figures: a hello world that does what a launched rank must
 * (MPI_Init, MPI_Comm_rank, MPI_Finalize).
 *   mpicc -O2 -o hello hello.c */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    printf("Hello from rank %d of %d\n", rank, size);
    MPI_Finalize();
    return 0;
}
