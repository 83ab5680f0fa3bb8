/*
 * NPB MG in C, to measure what the machine gives the multigrid's stencils
 * at one and at two processes, next to org.mpjbuf.npb.MG.
 *
 * It is the NPB 3.4 MPI reference's algorithm (mg.f): the right-hand side of
 * zran3 (+1 at the ten largest and -1 at the ten smallest points of a field
 * of NPB random numbers), V-cycles of mg3P (rprj3 down to the 2 x 2 x 2
 * level, psinv there, then interp, resid and psinv on every level up), resid
 * and norm2u3 on the finest level, with the ghost planes refreshed as comm3
 * does, here by copies within the process (the grid is periodic). The loops
 * are the reference's: flattened arrays, x fastest, and the u1/u2 (r1/r2,
 * x1/y1, z1/z2/z3) line buffers that let the compiler vectorise them. The
 * coefficients are the reference's: the smoother's 'small' set for classes
 * S, W and A, the other one for B.
 *
 * With one process this is the whole of MG: after one untimed iteration and
 * u reset to zero, as the reference's untimed part does, it times all the
 * iterations (resid and norm2u3 first, a V-cycle and resid per iteration,
 * norm2u3 last) and prints the final residual norm rnm2, which must match
 * the class's value within 1e-8, and the Mop/s the MG report gives
 * (58 nit nx ny nz 1e-6 / time). With two processes it forks two processes,
 * each holding the block a rank of org.mpjbuf.npb.MG holds at two ranks (the
 * z axis halved on every level, MgGrid.split) with the global field's +1/-1
 * in it, running the same V-cycles at the same time without any exchange:
 * its ghost planes are filled from its own block as if it were periodic on
 * its own. The norm is then not meaningful, but the arithmetic and the memory
 * traffic are a rank's, so their Mop/s (of the whole problem, for the slower
 * process's time) is an upper bound for native code at two processes on this
 * machine: communication can only add to the time.
 *
 *   gcc -O3 -o mg-iteration mg-iteration.c -lm
 *   ./mg-iteration A 1     (class A, one process: prints rnm2 and Mop/s)
 *   ./mg-iteration A 2     (class A, two processes, no exchanges: Mop/s bound)
 *   ./mg-iteration W 1 5   (class W, five timed runs instead of three)
 * Classes S, W, A and B. Prints the best of the timed runs (three unless
 * given).
 */
#include "harness.h"

#include <math.h>
#include <string.h>

#define EXTREMES 10
#define MAX_LEVELS 10

static const double A[4] = {-8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0};
static const double C_SMALL[4] = {-3.0 / 8.0, 1.0 / 32.0, -1.0 / 64.0, 0.0};
static const double C_LARGE[4] = {-3.0 / 17.0, 1.0 / 33.0, -1.0 / 61.0, 0.0};

/*
 * One process's grid hierarchy: level k = 1..lt has m1[k] x m2[k] x m3[k]
 * points, ghosts included, x fastest: index(i1, i2, i3) = i1 + m1 (i2 + m2 i3),
 * 0 and m-1 the ghosts. The levels of u and of r lie one after the other in
 * one array each, finest first, as the reference's ir(k) offsets place them.
 */
struct grid {
    int lt;
    int m1[MAX_LEVELS + 1], m2[MAX_LEVELS + 1], m3[MAX_LEVELS + 1];
    size_t offset[MAX_LEVELS + 1];
    const double *c;
    double *u, *r, *v;
    double *line1, *line2, *line3;
};

/* The periodic ghost planes of u, axis by axis, the later axes including the earlier ones' ghosts (comm3). */
static void comm3(double *u, int n1, int n2, int n3) {
    int plane = n1 * n2;
    for (int i3 = 1; i3 < n3 - 1; i3++) {
        for (int i2 = 1; i2 < n2 - 1; i2++) {
            int row = n1 * (i2 + n2 * i3);
            u[row] = u[row + n1 - 2];
            u[row + n1 - 1] = u[row + 1];
        }
    }
    for (int i3 = 1; i3 < n3 - 1; i3++) {
        int base = plane * i3;
        for (int i1 = 0; i1 < n1; i1++) {
            u[base + i1] = u[base + n1 * (n2 - 2) + i1];
            u[base + n1 * (n2 - 1) + i1] = u[base + n1 + i1];
        }
    }
    for (int i = 0; i < plane; i++) {
        u[i] = u[plane * (n3 - 2) + i];
        u[plane * (n3 - 1) + i] = u[plane + i];
    }
}

static void zero3(double *u, int n1, int n2, int n3) {
    int count = n1 * n2 * n3;
    for (int i = 0; i < count; i++) {
        u[i] = 0.0;
    }
}

/* r = v - A u on the interior, then comm3; r may be v. */
static void resid(const double *restrict u, const double *v, double *r, int n1, int n2, int n3,
        double *restrict u1, double *restrict u2) {
    int plane = n1 * n2;
    for (int i3 = 1; i3 < n3 - 1; i3++) {
        for (int i2 = 1; i2 < n2 - 1; i2++) {
            int c = n1 * (i2 + n2 * i3);
            for (int i1 = 0; i1 < n1; i1++) {
                u1[i1] = u[c - n1 + i1] + u[c + n1 + i1] + u[c - plane + i1] + u[c + plane + i1];
                u2[i1] = u[c - n1 - plane + i1] + u[c + n1 - plane + i1] + u[c - n1 + plane + i1]
                        + u[c + n1 + plane + i1];
            }
            for (int i1 = 1; i1 < n1 - 1; i1++) {
                r[c + i1] = v[c + i1] - A[0] * u[c + i1]
                        /* a(1) = 0, as the reference assumes */
                        - A[2] * (u2[i1] + u1[i1 - 1] + u1[i1 + 1])
                        - A[3] * (u2[i1 - 1] + u2[i1 + 1]);
            }
        }
    }
    comm3(r, n1, n2, n3);
}

/* u = u + C r on the interior, then comm3. */
static void psinv(const double *restrict r, double *restrict u, int n1, int n2, int n3, const double *c,
        double *restrict r1, double *restrict r2) {
    int plane = n1 * n2;
    double c0 = c[0], c1 = c[1], c2 = c[2];
    for (int i3 = 1; i3 < n3 - 1; i3++) {
        for (int i2 = 1; i2 < n2 - 1; i2++) {
            int k = n1 * (i2 + n2 * i3);
            for (int i1 = 0; i1 < n1; i1++) {
                r1[i1] = r[k - n1 + i1] + r[k + n1 + i1] + r[k - plane + i1] + r[k + plane + i1];
                r2[i1] = r[k - n1 - plane + i1] + r[k + n1 - plane + i1] + r[k - n1 + plane + i1]
                        + r[k + n1 + plane + i1];
            }
            for (int i1 = 1; i1 < n1 - 1; i1++) {
                u[k + i1] = u[k + i1] + c0 * r[k + i1]
                        + c1 * (r[k + i1 - 1] + r[k + i1 + 1] + r1[i1])
                        + c2 * (r2[i1] + r1[i1 - 1] + r1[i1 + 1]);
                /* c(3) = 0, as the reference assumes */
            }
        }
    }
    comm3(u, n1, n2, n3);
}

/* Full weighting of the fine r (m1k x m2k x m3k) into the interior of the coarse s, then comm3 (rprj3). */
static void rprj3(const double *restrict r, int m1k, int m2k, int m3k, double *restrict s, int m1j, int m2j,
        int m3j, double *restrict x1, double *restrict y1) {
    int d1 = m1k == 3 ? 1 : 0;
    int d2 = m2k == 3 ? 1 : 0;
    int d3 = m3k == 3 ? 1 : 0;
    int plane = m1k * m2k;
    for (int j3 = 1; j3 < m3j - 1; j3++) {
        int i3 = 2 * j3 - d3;
        for (int j2 = 1; j2 < m2j - 1; j2++) {
            int i2 = 2 * j2 - d2;
            int c = m1k * (i2 + m2k * i3);
            for (int j1 = 1; j1 < m1j; j1++) {
                int i1 = 2 * j1 - d1 - 1;
                x1[i1] = r[c - m1k + i1] + r[c + m1k + i1] + r[c - plane + i1] + r[c + plane + i1];
                y1[i1] = r[c - m1k - plane + i1] + r[c - m1k + plane + i1] + r[c + m1k - plane + i1]
                        + r[c + m1k + plane + i1];
            }
            int target = m1j * (j2 + m2j * j3);
            for (int j1 = 1; j1 < m1j - 1; j1++) {
                int i1 = 2 * j1 - d1;
                int k = c + i1;
                double y2 = r[k - m1k - plane] + r[k - m1k + plane] + r[k + m1k - plane] + r[k + m1k + plane];
                double x2 = r[k - m1k] + r[k + m1k] + r[k - plane] + r[k + plane];
                s[target + j1] = 0.5 * r[k]
                        + 0.25 * (r[k - 1] + r[k + 1] + x2)
                        + 0.125 * (x1[i1 - 1] + x1[i1 + 1] + y2)
                        + 0.0625 * (y1[i1 - 1] + y1[i1 + 1]);
            }
        }
    }
    comm3(s, m1j, m2j, m3j);
}

/*
 * Adds the trilinear interpolation of the coarse z (mm1 x mm2 x mm3) to the
 * fine u (n1 x n2 x n3), ghosts included (interp). Only the reference's
 * branch for fine levels of more than one point per axis: with one or two
 * processes every level from 2 up has at least two on every axis.
 */
static void interp(const double *restrict z, int mm1, int mm2, int mm3, double *restrict u, int n1, int n2,
        double *restrict z1, double *restrict z2, double *restrict z3) {
    int coarse_plane = mm1 * mm2;
    int fine_plane = n1 * n2;
    for (int i3 = 0; i3 < mm3 - 1; i3++) {
        for (int i2 = 0; i2 < mm2 - 1; i2++) {
            int zc = mm1 * (i2 + mm2 * i3);
            for (int i1 = 0; i1 < mm1; i1++) {
                z1[i1] = z[zc + mm1 + i1] + z[zc + i1];
                z2[i1] = z[zc + coarse_plane + i1] + z[zc + i1];
                z3[i1] = z[zc + mm1 + coarse_plane + i1] + z[zc + coarse_plane + i1] + z1[i1];
            }
            int f = n1 * (2 * i2 + n2 * 2 * i3);
            for (int i1 = 0; i1 < mm1 - 1; i1++) {
                u[f + 2 * i1] = u[f + 2 * i1] + z[zc + i1];
                u[f + 2 * i1 + 1] = u[f + 2 * i1 + 1] + 0.5 * (z[zc + i1 + 1] + z[zc + i1]);
            }
            f += n1;
            for (int i1 = 0; i1 < mm1 - 1; i1++) {
                u[f + 2 * i1] = u[f + 2 * i1] + 0.5 * z1[i1];
                u[f + 2 * i1 + 1] = u[f + 2 * i1 + 1] + 0.25 * (z1[i1] + z1[i1 + 1]);
            }
            f += fine_plane - n1;
            for (int i1 = 0; i1 < mm1 - 1; i1++) {
                u[f + 2 * i1] = u[f + 2 * i1] + 0.5 * z2[i1];
                u[f + 2 * i1 + 1] = u[f + 2 * i1 + 1] + 0.25 * (z2[i1] + z2[i1 + 1]);
            }
            f += n1;
            for (int i1 = 0; i1 < mm1 - 1; i1++) {
                u[f + 2 * i1] = u[f + 2 * i1] + 0.25 * z3[i1];
                u[f + 2 * i1 + 1] = u[f + 2 * i1 + 1] + 0.125 * (z3[i1] + z3[i1 + 1]);
            }
        }
    }
}

/* The L2 norm of the interior scaled by the global point count, and the largest magnitude (norm2u3). */
static void norm2u3(const double *r, int n1, int n2, int n3, double points, double *rnm2, double *rnmu) {
    double s = 0.0, largest = 0.0;
    for (int i3 = 1; i3 < n3 - 1; i3++) {
        for (int i2 = 1; i2 < n2 - 1; i2++) {
            int row = n1 * (i2 + n2 * i3);
            for (int i1 = 1; i1 < n1 - 1; i1++) {
                double value = r[row + i1];
                s += value * value;
                largest = fmax(largest, fabs(value));
            }
        }
    }
    *rnm2 = sqrt(s / points);
    *rnmu = largest;
}

/* A level's arrays. */
static double *u_of(const struct grid *g, int k) {
    return g->u + g->offset[k];
}

static double *r_of(const struct grid *g, int k) {
    return g->r + g->offset[k];
}

/* One V-cycle (mg3P). */
static void mg3p(struct grid *g) {
    int lt = g->lt;
    for (int k = lt; k > 1; k--) {
        int j = k - 1;
        rprj3(r_of(g, k), g->m1[k], g->m2[k], g->m3[k], r_of(g, j), g->m1[j], g->m2[j], g->m3[j], g->line1,
                g->line2);
    }
    zero3(u_of(g, 1), g->m1[1], g->m2[1], g->m3[1]);
    psinv(r_of(g, 1), u_of(g, 1), g->m1[1], g->m2[1], g->m3[1], g->c, g->line1, g->line2);
    for (int k = 2; k < lt; k++) {
        int j = k - 1;
        zero3(u_of(g, k), g->m1[k], g->m2[k], g->m3[k]);
        interp(u_of(g, j), g->m1[j], g->m2[j], g->m3[j], u_of(g, k), g->m1[k], g->m2[k], g->line1, g->line2,
                g->line3);
        resid(u_of(g, k), r_of(g, k), r_of(g, k), g->m1[k], g->m2[k], g->m3[k], g->line1, g->line2);
        psinv(r_of(g, k), u_of(g, k), g->m1[k], g->m2[k], g->m3[k], g->c, g->line1, g->line2);
    }
    int j = lt - 1, k = lt;
    interp(u_of(g, j), g->m1[j], g->m2[j], g->m3[j], g->u, g->m1[k], g->m2[k], g->line1, g->line2, g->line3);
    resid(g->u, g->v, g->r, g->m1[k], g->m2[k], g->m3[k], g->line1, g->line2);
    psinv(g->r, g->u, g->m1[k], g->m2[k], g->m3[k], g->c, g->line1, g->line2);
}

/* The ten most extreme values seen, the least extreme first (ten and bubble of zran3). */
struct extremes {
    double values[EXTREMES];
    long points[EXTREMES];
};

static void offer(struct extremes *e, double value, long point, int largest) {
    if (largest ? !(value > e->values[0]) : !(value < e->values[0])) {
        return;
    }
    e->values[0] = value;
    e->points[0] = point;
    for (int i = 0; i < EXTREMES - 1; i++) {
        int swap = largest ? e->values[i] > e->values[i + 1] : e->values[i] < e->values[i + 1];
        if (!swap) {
            return;
        }
        double t = e->values[i];
        e->values[i] = e->values[i + 1];
        e->values[i + 1] = t;
        long p = e->points[i];
        e->points[i] = e->points[i + 1];
        e->points[i + 1] = p;
    }
}

/*
 * The right-hand side (zran3) of the block of global z-planes [first_plane,
 * first_plane + m3 - 2) of the finest level: the global field's numbers in
 * the reference's order (vranlc along x from a seed advanced by a^nx per row
 * and a^(nx ny) per plane), its ten largest and ten smallest points over the
 * whole grid, then -1 and +1 at those in the block, zero elsewhere, and comm3.
 */
static void zran3(double *v, int n1, int n2, int n3, int nx, int first_plane, double *line) {
    uint64_t a1 = npb_power(NPB_MULTIPLIER, nx), a2 = npb_power(NPB_MULTIPLIER, (uint64_t) nx * nx);
    struct extremes largest, smallest;
    for (int i = 0; i < EXTREMES; i++) {
        largest.values[i] = 0.0, largest.points[i] = 0;
        smallest.values[i] = 1.0, smallest.points[i] = 0;
    }
    uint64_t x0 = NPB_SEED;
    for (int i3 = 0; i3 < nx; i3++) {
        uint64_t x1 = x0;
        for (int i2 = 0; i2 < nx; i2++) {
            uint64_t x = x1;
            for (int i1 = 0; i1 < nx; i1++) {
                x = (NPB_MULTIPLIER * x) & NPB_MASK_46;
                line[i1] = (double) x * 0x1p-46;
            }
            long row = (long) nx * (i2 + (long) nx * i3);
            for (int i1 = 0; i1 < nx; i1++) {
                offer(&largest, line[i1], row + i1, 1);
                offer(&smallest, line[i1], row + i1, 0);
            }
            x1 = (a1 * x1) & NPB_MASK_46;
        }
        x0 = (a2 * x0) & NPB_MASK_46;
    }
    zero3(v, n1, n2, n3);
    for (int sign = -1; sign <= 1; sign += 2) {
        const struct extremes *e = sign < 0 ? &smallest : &largest;
        for (int i = EXTREMES - 1; i >= 0; i--) {
            long point = e->points[i];
            int i1 = (int) (point % nx), i2 = (int) (point / nx % nx), i3 = (int) (point / nx / nx) - first_plane;
            if (i3 >= 0 && i3 < n3 - 2) {
                v[(i1 + 1) + n1 * ((i2 + 1) + n2 * (i3 + 1))] = sign;
            }
        }
    }
    comm3(v, n1, n2, n3);
}

/* Sets up the block of rank `rank` of `processes` (z halved at two), fills v; levels = lt. */
static void setup(struct grid *g, int lt, int processes, int rank, const double *c) {
    int nx = 1 << lt;
    size_t total = 0;
    g->lt = lt;
    g->c = c;
    for (int k = lt; k >= 1; k--) {
        g->m1[k] = (1 << k) + 2;
        g->m2[k] = (1 << k) + 2;
        g->m3[k] = (1 << k) / processes + 2;
        g->offset[k] = total;
        total += (size_t) g->m1[k] * g->m2[k] * g->m3[k];
    }
    g->u = allocate(total, sizeof(double));
    g->r = allocate(total, sizeof(double));
    g->v = allocate((size_t) g->m1[lt] * g->m2[lt] * g->m3[lt], sizeof(double));
    g->line1 = allocate(nx + 2, sizeof(double));
    g->line2 = allocate(nx + 2, sizeof(double));
    g->line3 = allocate(nx + 2, sizeof(double));
    zran3(g->v, g->m1[lt], g->m2[lt], g->m3[lt], nx, rank * (nx / processes), g->line1);
}

/* The untimed iteration, then the timed runs from u = 0; returns the best time, sets the final norms. */
static double run(struct grid *g, int iterations, int runs, double *rnm2, double *rnmu) {
    int lt = g->lt, n1 = g->m1[lt], n2 = g->m2[lt], n3 = g->m3[lt];
    double points = pow(2.0, 3 * lt);
    double best = INFINITY;
    resid(g->u, g->v, g->r, n1, n2, n3, g->line1, g->line2);
    norm2u3(g->r, n1, n2, n3, points, rnm2, rnmu);
    mg3p(g);
    resid(g->u, g->v, g->r, n1, n2, n3, g->line1, g->line2);
    for (int timed = 0; timed < runs; timed++) {
        zero3(g->u, n1, n2, n3);
        double start = seconds();
        resid(g->u, g->v, g->r, n1, n2, n3, g->line1, g->line2);
        norm2u3(g->r, n1, n2, n3, points, rnm2, rnmu);
        for (int it = 1; it <= iterations; it++) {
            mg3p(g);
            resid(g->u, g->v, g->r, n1, n2, n3, g->line1, g->line2);
        }
        norm2u3(g->r, n1, n2, n3, points, rnm2, rnmu);
        double elapsed = seconds() - start;
        best = elapsed < best ? elapsed : best;
    }
    return best;
}

/* What a process runs, and where it leaves its results (in memory shared with the parent). */
struct job {
    int lt, iterations, runs, processes;
    const double *c;
    double *times, *rnm2, *rnmu;
};

static void run_rank(int rank, void *context) {
    struct job *job = context;
    struct grid g;
    setup(&g, job->lt, job->processes, rank, job->c);
    job->times[rank] = run(&g, job->iterations, job->runs, &job->rnm2[rank], &job->rnmu[rank]);
}

int main(int argc, char **argv) {
    struct { char name; int lt, iterations; const double *c; double rnm2; } classes[] = {
        {'S', 5, 4, C_SMALL, 0.5307707005734e-4},
        {'W', 7, 4, C_SMALL, 0.6467329375339e-5},
        {'A', 8, 4, C_SMALL, 0.2433365309069e-5},
        {'B', 8, 20, C_LARGE, 0.1800564401355e-5},
    };
    struct job job;
    int chosen = parse_arguments(argc, argv, "SWAB", &job.processes, &job.runs);
    if (chosen < 0) {
        return 2;
    }
    job.lt = classes[chosen].lt;
    job.iterations = classes[chosen].iterations;
    job.c = classes[chosen].c;
    job.times = shared_doubles(2);
    job.rnm2 = shared_doubles(2);
    job.rnmu = shared_doubles(2);
    if (run_processes(job.processes, run_rank, &job) != 0) {
        return 1;
    }
    double nx = 1 << job.lt;
    double mega_operations = 58.0 * job.iterations * nx * nx * nx * 1.0e-6;
    double rnm2 = job.rnm2[0], expected = classes[chosen].rnm2;
    print_timing(classes[chosen].name, job.processes, fmax(job.times[0], job.times[1]), mega_operations);
    if (job.processes == 1) {
        printf(", rnm2 %.13e, rnmu %.13e (%s)", rnm2, job.rnmu[0],
                fabs(rnm2 - expected) / expected <= 1e-8 ? "verified" : "NOT verified");
    }
    printf("\n");
    return 0;
}
