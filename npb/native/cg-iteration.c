/*
 * The local work of NPB CG in C, to measure what the machine gives the
 * conjugate gradient's sparse products at one and at two processes.
 *
 * It generates the matrix of a CG class as the NPB specification does (the
 * NPB generator, makea's random sparse vectors and outer products, duplicates
 * summed in generation order), in the block a rank of the NPB 3.4 MPI
 * reference holds, and runs CG's outer iterations on it with the reference's
 * loops (one chain of multiply-adds per row, as cg.f writes it).
 *
 * With one process this is the whole of CG: it prints the final zeta, which
 * must match the class's verification value, and the Mop/s the CG report
 * gives. With two processes (a 1 x 2 grid, as in the reference) it forks two
 * processes, each holding the rows of the matrix and its half of the
 * columns, running at the same time with the reference's local work and
 * without the exchanges: the sums a rank would receive are left out, so
 * zeta is not meaningful, but the arithmetic and the memory traffic are a
 * rank's. Their Mop/s is therefore an upper bound for native code at two
 * processes on this machine: communication can only add to the time.
 *
 *
 * Built with MPI (-DCG_MPI, by mpicc), it runs on one or two MPI processes
 * and does the reference's exchanges too: at two processes each sends the
 * partner the partial row sums of the partner's columns
 * (MPI_Sendrecv of n/2 doubles, as the reference's reduction across a row
 * of its 1 x 2 grid) and sums its dot products with the partner's
 * (MPI_Allreduce of one double). Then zeta is CG's at two processes too,
 * and is verified.
 *
 *   gcc -O3 -o cg-iteration cg-iteration.c -lm
 *   ./cg-iteration A 1     (class A, one process: prints zeta and Mop/s)
 *   ./cg-iteration A 2     (class A, two processes, no exchanges: Mop/s bound)
 *   ./cg-iteration B 2 1   (class B, one timed run instead of three)
 *   mpicc -O3 -DCG_MPI -o cg-mpi cg-iteration.c -lm
 *   mpiexec -n 2 ./cg-mpi A     (class A, two MPI processes with exchanges)
 *   mpiexec -n 2 ./cg-mpi B 1   (class B, one timed run)
 * Classes S, W, A and B. Prints the best of the timed runs (three unless
 * given) of all iterations, after one untimed outer iteration, as the
 * reference times them.
 */
#include "harness.h"

#include <math.h>
#include <string.h>
#ifdef CG_MPI
#include <mpi.h>
#endif

#define CG_STEPS 25
#define RCOND 0.1

struct triples {
    int count, capacity;
    int *rows, *cols;
    double *values;
};

static void add_triple(struct triples *t, int row, int col, double value) {
    if (t->count == t->capacity) {
        t->capacity = t->capacity ? 2 * t->capacity : 1024;
        t->rows = realloc(t->rows, t->capacity * sizeof(int));
        t->cols = realloc(t->cols, t->capacity * sizeof(int));
        t->values = realloc(t->values, t->capacity * sizeof(double));
        if (!t->rows || !t->cols || !t->values) {
            perror("realloc");
            exit(1);
        }
    }
    t->rows[t->count] = row;
    t->cols[t->count] = col;
    t->values[t->count] = value;
    t->count++;
}

/*
 * The block of rows [0, n) and columns [first_col, first_col + col_count), in
 * compressed rows; the partner (at two processes) holds the columns
 * [partner_first_col, partner_first_col + partner_col_count).
 */
struct block {
    int rows, first_col, col_count, partner, partner_first_col, partner_col_count;
    int *row_starts, *cols;
    double *values;
};

static void make_block(int n, int nonzer, double shift, int first_col, int col_count, struct block *b) {
    struct triples t = {0};
    int last_col = first_col + col_count - 1;
    int power = 1;
    while (power < n) {
        power <<= 1;
    }
    double ratio = pow(RCOND, 1.0 / n);
    double size = 1.0;
    double *vector = malloc((nonzer + 1) * sizeof(double));
    int *positions = malloc((nonzer + 1) * sizeof(int));
    for (int outer = 0; outer < n; outer++) {
        int count = 0;
        while (count < nonzer) {
            double value = next_deviate();
            int position = (int) (power * next_deviate());
            int seen = position >= n;
            for (int i = 0; i < count && !seen; i++) {
                seen = positions[i] == position;
            }
            if (!seen) {
                vector[count] = value;
                positions[count++] = position;
            }
        }
        int found = 0;
        for (int i = 0; i < count; i++) {
            if (positions[i] == outer) {
                vector[i] = 0.5;
                found = 1;
            }
        }
        if (!found) {
            vector[count] = 0.5;
            positions[count++] = outer;
        }
        for (int ic = 0; ic < count; ic++) {
            int col = positions[ic];
            if (col >= first_col && col <= last_col) {
                double scale = size * vector[ic];
                for (int ir = 0; ir < count; ir++) {
                    add_triple(&t, positions[ir], col, vector[ir] * scale);
                }
            }
        }
        size *= ratio;
    }
    for (int i = first_col; i <= last_col; i++) {
        add_triple(&t, i, i, RCOND - shift);
    }

    int *starts = calloc(n + 1, sizeof(int));
    int *next = malloc(n * sizeof(int));
    int *cols = malloc(t.count * sizeof(int));
    double *values = malloc(t.count * sizeof(double));
    for (int i = 0; i < t.count; i++) {
        starts[t.rows[i] + 1]++;
    }
    for (int j = 1; j <= n; j++) {
        starts[j] += starts[j - 1];
    }
    memcpy(next, starts, n * sizeof(int));
    for (int i = 0; i < t.count; i++) {
        int k = next[t.rows[i]]++;
        cols[k] = t.cols[i];
        values[k] = t.values[i];
    }
    /* Sum duplicates in generation order, keeping columns in order of first appearance. */
    double *accumulator = calloc(n, sizeof(double));
    char *marked = calloc(n, 1);
    int *touched = malloc(n * sizeof(int));
    int kept = 0, row_begin = 0;
    for (int j = 0; j < n; j++) {
        int touched_count = 0, row_end = starts[j + 1];
        for (int k = row_begin; k < row_end; k++) {
            int col = cols[k];
            accumulator[col] += values[k];
            if (!marked[col] && accumulator[col] != 0.0) {
                marked[col] = 1;
                touched[touched_count++] = col;
            }
        }
        for (int i = 0; i < touched_count; i++) {
            int col = touched[i];
            double value = accumulator[col];
            marked[col] = 0;
            accumulator[col] = 0.0;
            if (value != 0.0) {
                values[kept] = value;
                cols[kept++] = col - first_col;
            }
        }
        row_begin = row_end;
        starts[j + 1] = kept;
    }
    b->rows = n;
    b->first_col = first_col;
    b->col_count = col_count;
    b->row_starts = starts;
    b->cols = cols;
    b->values = values;
    free(next), free(accumulator), free(marked), free(touched);
    free(t.rows), free(t.cols), free(t.values), free(vector), free(positions);
}

/* w = B v, one chain per row as cg.f's sparse product. */
static void multiply(const struct block *b, const double *v, double *w) {
    for (int j = 0; j < b->rows; j++) {
        double sum = 0.0;
        for (int k = b->row_starts[j]; k < b->row_starts[j + 1]; k++) {
            sum += b->values[k] * v[b->cols[k]];
        }
        w[j] = sum;
    }
}

/* The sum over the processes of `local`: with MPI an MPI_Allreduce, without it this process's part alone. */
static double global_sum(double local) {
#ifdef CG_MPI
    double sum;
    MPI_Allreduce(&local, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    return sum;
#else
    return local;
#endif
}

/* The dot product of the processes' parts of a and b. */
static double dot(const double *a, const double *b, int length) {
    double sum = 0.0;
    for (int j = 0; j < length; j++) {
        sum += a[j] * b[j];
    }
    return global_sum(sum);
}

/*
 * q = the rank's columns of the row sums. With MPI at two processes the
 * partner's part is added, as the reference's exchange does; without MPI it
 * is left out.
 */
static void product(const struct block *b, const double *v, double *w, double *q) {
    multiply(b, v, w);
#ifdef CG_MPI
    if (b->partner_col_count > 0) {
        MPI_Sendrecv(w + b->partner_first_col, b->partner_col_count, MPI_DOUBLE, b->partner, 0,
                q, b->col_count, MPI_DOUBLE, b->partner, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int j = 0; j < b->col_count; j++) {
            q[j] += w[b->first_col + j];
        }
        return;
    }
#endif
    memcpy(q, w + b->first_col, b->col_count * sizeof(double));
}

/* One outer iteration: 25 CG steps on A z = x, sets ||x - A z||, then x = z / ||z||; returns x . z. */
static double outer_iteration(const struct block *b, double *x, double *z, double *p, double *q, double *r,
        double *w, double *residual) {
    int length = b->col_count;
    for (int j = 0; j < length; j++) {
        q[j] = 0.0, z[j] = 0.0, r[j] = x[j], p[j] = x[j];
    }
    double rho = dot(r, r, length);
    for (int step = 0; step < CG_STEPS; step++) {
        product(b, p, w, q);
        double alpha = rho / dot(p, q, length);
        double rho0 = rho;
        for (int j = 0; j < length; j++) {
            z[j] += alpha * p[j];
            r[j] -= alpha * q[j];
        }
        rho = dot(r, r, length);
        double beta = rho / rho0;
        for (int j = 0; j < length; j++) {
            p[j] = r[j] + beta * p[j];
        }
    }
    product(b, z, w, r);
    double sum = 0.0;
    for (int j = 0; j < length; j++) {
        double d = x[j] - r[j];
        sum += d * d;
    }
    *residual = sqrt(global_sum(sum));
    double xz = dot(x, z, length), zz = dot(z, z, length);
    double scale = 1.0 / sqrt(zz);
    for (int j = 0; j < length; j++) {
        x[j] = scale * z[j];
    }
    return xz;
}

/* Runs the untimed iteration and the timed runs of all iterations; returns the best time, sets zeta and ||r||. */
static double run(const struct block *b, int iterations, int runs, double shift, double *zeta, double *residual) {
    int length = b->col_count;
    double *x = malloc(length * sizeof(double)), *z = malloc(length * sizeof(double));
    double *p = malloc(length * sizeof(double)), *q = malloc(length * sizeof(double));
    double *r = malloc(length * sizeof(double)), *w = malloc(b->rows * sizeof(double));
    double best = INFINITY;
    for (int j = 0; j < length; j++) {
        x[j] = 1.0;
    }
    outer_iteration(b, x, z, p, q, r, w, residual);
    for (int timed = 0; timed < runs; timed++) {
        for (int j = 0; j < length; j++) {
            x[j] = 1.0;
        }
        double start = seconds();
        for (int it = 1; it <= iterations; it++) {
            *zeta = shift + 1.0 / outer_iteration(b, x, z, p, q, r, w, residual);
        }
        double elapsed = seconds() - start;
        best = elapsed < best ? elapsed : best;
    }
    free(x), free(z), free(p), free(q), free(r), free(w);
    return best;
}

/* A class: its order, nonzeros per generated vector, outer iterations, shift and verification zeta. */
struct problem {
    char name;
    int n, nonzer, iterations;
    double shift, zeta;
};

static const struct problem classes[] = {
    {'S', 1400, 7, 15, 10, 8.5971775078648},
    {'W', 7000, 8, 15, 12, 10.362595087124},
    {'A', 14000, 11, 15, 20, 17.130235054029},
    {'B', 75000, 13, 75, 60, 22.712745482631},
};

/* Generates the block of `rank` of `processes` (all columns at one process, half of them each at two). */
static void make_rank_block(const struct problem *problem, int rank, int processes, struct block *b) {
    int half = (problem->n + 1) / 2;
    next_deviate();
    if (processes == 1) {
        make_block(problem->n, problem->nonzer, problem->shift, 0, problem->n, b);
        b->partner = -1, b->partner_first_col = 0, b->partner_col_count = 0;
    } else {
        make_block(problem->n, problem->nonzer, problem->shift, rank == 0 ? 0 : half,
                rank == 0 ? half : problem->n - half, b);
        b->partner = 1 - rank;
        b->partner_first_col = rank == 0 ? half : 0;
        b->partner_col_count = rank == 0 ? problem->n - half : half;
    }
}

/* The million operations the CG report counts for a class. */
static double mega_operations(const struct problem *problem) {
    double per_row = 3.0 + problem->nonzer * (problem->nonzer + 1)
            + 25.0 * (5.0 + problem->nonzer * (problem->nonzer + 1)) + 3.0;
    return 1.0e-6 * 2 * problem->iterations * (double) problem->n * per_row;
}

/* Prints ||r|| and zeta, and whether zeta is the class's. */
static void print_zeta(const struct problem *problem, double residual, double zeta) {
    printf(", ||r|| %.14e, zeta %.13f (%s)", residual, zeta,
            fabs(zeta - problem->zeta) / problem->zeta <= 1e-10 ? "verified" : "NOT verified");
}

#ifdef CG_MPI
int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, processes, runs = 3;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &processes);
    const char names[] = "SWAB";
    const char *found = argc == 2 || argc == 3 ? strchr(names, argv[1][0]) : NULL;
    if (found == NULL || argv[1][0] == 0 || argv[1][1] != 0 || (argc == 3 && !parse_count(argv[2], 1, 1000, &runs))
            || processes > 2) {
        if (rank == 0) {
            fprintf(stderr, "usage: mpiexec -n P %s CLASS [RUNS]   (CLASS: one of %s; P: 1 or 2; RUNS: 1 to 1000)\n",
                    argv[0], names);
        }
        MPI_Finalize();
        return 2;
    }
    const struct problem *problem = &classes[found - names];
    struct block b;
    make_rank_block(problem, rank, processes, &b);
    double zeta = 0.0, residual = 0.0, slowest = 0.0;
    double taken = run(&b, problem->iterations, runs, problem->shift, &zeta, &residual);
    MPI_Reduce(&taken, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    int verified = fabs(zeta - problem->zeta) / problem->zeta <= 1e-10;
    if (rank == 0) {
        printf("class %c, %d process%s (MPI): time %.3f s, %.1f Mop/s", problem->name, processes,
                processes == 1 ? "" : "es", slowest, mega_operations(problem) / slowest);
        print_zeta(problem, residual, zeta);
        printf("\n");
    }
    MPI_Finalize();
    return verified ? 0 : 1;
}
#else
/* What a process runs, and where it leaves its results (in memory shared with the parent). */
struct job {
    const struct problem *problem;
    int runs, processes;
    double *times, *zetas, *residuals;
};

/* Generates the rank's block and runs CG on it. */
static void run_rank(int rank, void *context) {
    struct job *job = context;
    struct block b;
    make_rank_block(job->problem, rank, job->processes, &b);
    job->times[rank] = run(&b, job->problem->iterations, job->runs, job->problem->shift, &job->zetas[rank],
            &job->residuals[rank]);
}

int main(int argc, char **argv) {
    struct job job;
    int chosen = parse_arguments(argc, argv, "SWAB", &job.processes, &job.runs);
    if (chosen < 0) {
        return 2;
    }
    job.problem = &classes[chosen];
    job.times = shared_doubles(2);
    job.zetas = shared_doubles(2);
    job.residuals = shared_doubles(2);
    if (run_processes(job.processes, run_rank, &job) != 0) {
        return 1;
    }
    print_timing(job.problem->name, job.processes, fmax(job.times[0], job.times[1]), mega_operations(job.problem));
    if (job.processes == 1) {
        print_zeta(job.problem, job.residuals[0], job.zetas[0]);
    }
    printf("\n");
    return 0;
}
#endif
