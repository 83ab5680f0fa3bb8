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
 *   gcc -O3 -o cg-iteration cg-iteration.c
 *   ./cg-iteration A 1     (class A, one process: prints zeta and Mop/s)
 *   ./cg-iteration A 2     (class A, two processes, no exchanges: Mop/s bound)
 *   ./cg-iteration B 2 1   (class B, one timed run instead of three)
 * Classes S, W, A and B. Prints the best of the timed runs (three unless
 * given) of all iterations, after one untimed outer iteration, as the
 * reference times them.
 */
#include "harness.h"

#include <math.h>
#include <string.h>

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

/* The block of rows [0, n) and columns [first_col, first_col + col_count), in compressed rows. */
struct block {
    int rows, first_col, col_count;
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

static double dot(const double *a, const double *b, int length) {
    double sum = 0.0;
    for (int j = 0; j < length; j++) {
        sum += a[j] * b[j];
    }
    return sum;
}

/* q = the rank's columns of the row sums: the exchange of the reference would add the partner's part here. */
static void product(const struct block *b, const double *v, double *w, double *q) {
    multiply(b, v, w);
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
    *residual = sqrt(sum);
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

/* What a process runs, and where it leaves its results (in memory shared with the parent). */
struct job {
    int n, nonzer, iterations, runs, processes;
    double shift;
    double *times, *zetas, *residuals;
};

/* Generates the rank's block (all columns at one process, half of them at two) and runs CG on it. */
static void run_rank(int rank, void *context) {
    struct job *job = context;
    struct block b;
    int half = (job->n + 1) / 2;
    next_deviate();
    if (job->processes == 1) {
        make_block(job->n, job->nonzer, job->shift, 0, job->n, &b);
    } else {
        make_block(job->n, job->nonzer, job->shift, rank == 0 ? 0 : half, rank == 0 ? half : job->n - half, &b);
    }
    job->times[rank] = run(&b, job->iterations, job->runs, job->shift, &job->zetas[rank], &job->residuals[rank]);
}

int main(int argc, char **argv) {
    struct { char name; int n, nonzer, iterations; double shift, zeta; } classes[] = {
        {'S', 1400, 7, 15, 10, 8.5971775078648},
        {'W', 7000, 8, 15, 12, 10.362595087124},
        {'A', 14000, 11, 15, 20, 17.130235054029},
        {'B', 75000, 13, 75, 60, 22.712745482631},
    };
    struct job job;
    int chosen = parse_arguments(argc, argv, "SWAB", &job.processes, &job.runs);
    if (chosen < 0) {
        return 2;
    }
    job.n = classes[chosen].n;
    job.nonzer = classes[chosen].nonzer;
    job.iterations = classes[chosen].iterations;
    job.shift = classes[chosen].shift;
    job.times = shared_doubles(2);
    job.zetas = shared_doubles(2);
    job.residuals = shared_doubles(2);
    if (run_processes(job.processes, run_rank, &job) != 0) {
        return 1;
    }
    double per_row = 3.0 + job.nonzer * (job.nonzer + 1) + 25.0 * (5.0 + job.nonzer * (job.nonzer + 1)) + 3.0;
    double mega_operations = 1.0e-6 * 2 * job.iterations * (double) job.n * per_row;
    double zeta = job.zetas[0], expected = classes[chosen].zeta;
    print_timing(classes[chosen].name, job.processes, fmax(job.times[0], job.times[1]), mega_operations);
    if (job.processes == 1) {
        printf(", ||r|| %.14e, zeta %.13f (%s)", job.residuals[0], zeta,
                fabs(zeta - expected) / expected <= 1e-10 ? "verified" : "NOT verified");
    }
    printf("\n");
    return 0;
}
