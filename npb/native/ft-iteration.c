/*
 * NPB FT in C, to measure what the machine gives the 3D FFT kernel at one
 * and at two processes, next to org.mpjbuf.npb.FT.
 *
 * It is the NPB 3.4 MPI reference's algorithm (ft.f): the initial field of
 * NPB random complex numbers, plane by plane in z from seeds skipped ahead
 * (compute_initial_conditions), the forward 3D FFT, then per time step the
 * spectrum multiplied by exp(-4 alpha pi^2 |k|^2), alpha = 1e-6, cumulatively
 * (compute_indexmap's multipliers, one exp per point as the reference
 * computes them, x fastest; evolve), the inverse 3D FFT and the sum of 1024
 * fixed entries divided by the point count (checksum). The FFTs are the
 * reference's Stockham radix-2 transform (fft_init, cfftz, fftz2) along x,
 * y and z, a batch of FFTBLOCK lines at a time copied into a scratch block
 * of FFTBLOCKPAD complex numbers per element as cffts1, cffts2 and cffts3 do,
 * so that the memory traffic is the reference's. Complex numbers are
 * adjacent (re, im) pairs of doubles, x fastest.
 *
 * With one process this is the whole of FT as the reference runs it at one
 * rank (layout 0D: x, y and z transformed in place, the last transform into
 * another array). After an untimed set-up and time step, it times
 * everything from the multipliers and the initial conditions on (the
 * forward FFT and every step with its checksum), prints the Mop/s the FT
 * report gives (1e-6 n (14.8157 + 7.19641 ln n + (5.23518 + 7.21113 ln n)
 * niter) / time, n the point count) and checks every step's checksum against
 * the class's within 1e-12 (relative). With two processes it forks two
 * processes, each holding a rank's data of the 1D layout at two ranks as
 * org.mpjbuf.npb.FT lays it out (FtTranspose): nz/2 planes of z in space, ny/2
 * values of y of every plane in frequency, x fastest in both (the reference
 * makes z fastest in frequency; like the Java, this transforms along z with
 * cffts3's batches instead). Each transforms
 * along x and y on its z-slab, along z on its y-slab, evolves and sums its
 * part, at the same time as the other, without any communication: each
 * transpose packs the rank's blocks as FtTranspose does and copies all of
 * them, its own and those it would send, into the places where the exchange
 * would land the blocks. The checksums are then not meaningful, but the
 * arithmetic and the memory traffic are a rank's, so their Mop/s (of the
 * whole problem, for the slower process's time) is an upper bound for native
 * code at two processes on this machine: communication can only add to the
 * time.
 *
 *   gcc -O3 -o ft-iteration ft-iteration.c -lm
 *   ./ft-iteration A 1     (class A, one process: checksums verified, Mop/s)
 *   ./ft-iteration A 2     (class A, two processes, no exchanges: Mop/s bound)
 *   ./ft-iteration W 1 5   (class W, five timed runs instead of three)
 * Classes S, W, A and B. Prints the best of the timed runs (three unless
 * given).
 */
#include "harness.h"

#include <math.h>
#include <string.h>

#define FFTBLOCK 16    /* lines per batch (the MPI reference's fftblock_default) */
#define FFTBLOCKPAD 18 /* complex numbers per element of the batch (fftblockpad_default) */
#define CHECKSUM_POINTS 1024
#define ALPHA 1.0e-6
#define EPSILON 1.0e-12
#define PI 3.141592653589793238

static int log2_of(int n) {
    int m = 0;
    while ((1 << m) < n) {
        m++;
    }
    return m;
}

/* The roots: u[ln + i] = exp(i pi i / ln) for ln = 1, 2, 4, ... < n, as (re, im) pairs (fft_init). */
static void fft_init(int n, double *u) {
    for (int ln = 1; ln < n; ln <<= 1) {
        double t = PI / ln;
        for (int i = 0; i < ln; i++) {
            double ti = i * t;
            u[2 * (ln + i)] = cos(ti);
            u[2 * (ln + i) + 1] = sin(ti);
        }
    }
}

/*
 * Pass l of the Stockham FFT of length n = 2^m of the FFTBLOCK lines of x
 * into y (fftz2): element e of line j is at complex index j + FFTBLOCKPAD e.
 * The inverse (is = -1) uses the conjugate roots.
 */
static void fftz2(int is, int l, int m, int n, const double *restrict u, const double *restrict x,
        double *restrict y) {
    int n1 = n / 2;
    int lk = 1 << (l - 1);
    int li = 1 << (m - l);
    int lj = 2 * lk;
    for (int i = 0; i < li; i++) {
        int i11 = i * lk;
        int i12 = i11 + n1;
        int i21 = i * lj;
        int i22 = i21 + lk;
        double ur = u[2 * (li + i)];
        double ui = is >= 1 ? u[2 * (li + i) + 1] : -u[2 * (li + i) + 1];
        for (int k = 0; k < lk; k++) {
            const double *x11 = x + 2 * FFTBLOCKPAD * (i11 + k);
            const double *x21 = x + 2 * FFTBLOCKPAD * (i12 + k);
            double *y1 = y + 2 * FFTBLOCKPAD * (i21 + k);
            double *y2 = y + 2 * FFTBLOCKPAD * (i22 + k);
            for (int j = 0; j < FFTBLOCK; j++) {
                double ar = x11[2 * j], ai = x11[2 * j + 1];
                double br = x21[2 * j], bi = x21[2 * j + 1];
                y1[2 * j] = ar + br;
                y1[2 * j + 1] = ai + bi;
                double dr = ar - br, di = ai - bi;
                y2[2 * j] = ur * dr - ui * di;
                y2[2 * j + 1] = ur * di + ui * dr;
            }
        }
    }
}

/* The FFT of length n = 2^m of the FFTBLOCK lines of x, in place, with y as work space (cfftz). */
static void cfftz(int is, int m, int n, const double *u, double *restrict x, double *restrict y) {
    for (int l = 1; l <= m; l += 2) {
        fftz2(is, l, m, n, u, x, y);
        if (l == m) {
            for (int e = 0; e < n; e++) {
                memcpy(x + 2 * FFTBLOCKPAD * e, y + 2 * FFTBLOCKPAD * e, 2 * FFTBLOCK * sizeof(double));
            }
            return;
        }
        fftz2(is, l + 1, m, n, u, y, x);
    }
}

/*
 * The FFTs along x of the d1 x d2 x d3 array x into xout, which may be x
 * (cffts1): FFTBLOCK lines of consecutive y at a time. The scratch y holds
 * two blocks of FFTBLOCKPAD x d1 complex numbers.
 */
static void cffts1(int is, int d1, int d2, int d3, const double *u, const double *x, double *xout,
        double *restrict y) {
    int logd1 = log2_of(d1);
    double *y2 = y + 2 * FFTBLOCKPAD * d1;
    for (int k = 0; k < d3; k++) {
        for (int jj = 0; jj <= d2 - FFTBLOCK; jj += FFTBLOCK) {
            for (int j = 0; j < FFTBLOCK; j++) {
                const double *line = x + 2 * ((size_t) d1 * (jj + j + (size_t) d2 * k));
                for (int i = 0; i < d1; i++) {
                    y[2 * (j + FFTBLOCKPAD * i)] = line[2 * i];
                    y[2 * (j + FFTBLOCKPAD * i) + 1] = line[2 * i + 1];
                }
            }
            cfftz(is, logd1, d1, u, y, y2);
            for (int j = 0; j < FFTBLOCK; j++) {
                double *line = xout + 2 * ((size_t) d1 * (jj + j + (size_t) d2 * k));
                for (int i = 0; i < d1; i++) {
                    line[2 * i] = y[2 * (j + FFTBLOCKPAD * i)];
                    line[2 * i + 1] = y[2 * (j + FFTBLOCKPAD * i) + 1];
                }
            }
        }
    }
}

/*
 * The FFTs of the lines of length `length` across x (cffts2 and cffts3):
 * FFTBLOCK lines of consecutive x at a time, element e of a line at
 * e * element_stride complex numbers from its start, the lines of `outer`
 * x-rows outer_stride apart.
 */
static void cffts_across(int is, int d1, int length, size_t element_stride, int outer, size_t outer_stride,
        const double *u, const double *x, double *xout, double *restrict y) {
    int log_length = log2_of(length);
    double *y2 = y + 2 * FFTBLOCKPAD * length;
    for (int o = 0; o < outer; o++) {
        for (int ii = 0; ii <= d1 - FFTBLOCK; ii += FFTBLOCK) {
            size_t start = ii + o * outer_stride;
            for (int e = 0; e < length; e++) {
                memcpy(y + 2 * FFTBLOCKPAD * e, x + 2 * (start + e * element_stride), 2 * FFTBLOCK * sizeof(double));
            }
            cfftz(is, log_length, length, u, y, y2);
            for (int e = 0; e < length; e++) {
                memcpy(xout + 2 * (start + e * element_stride), y + 2 * FFTBLOCKPAD * e, 2 * FFTBLOCK * sizeof(double));
            }
        }
    }
}

/* The FFTs along y of a d1 x d2 x d3 array (cffts2): the planes of z one after the other. */
static void cffts2(int is, int d1, int d2, int d3, const double *u, const double *x, double *xout, double *y) {
    cffts_across(is, d1, d2, d1, d3, (size_t) d1 * d2, u, x, xout, y);
}

/* The FFTs along z of a d1 x d2 x d3 array (cffts3): the rows of y one after the other. */
static void cffts3(int is, int d1, int d2, int d3, const double *u, const double *x, double *xout, double *y) {
    cffts_across(is, d1, d3, (size_t) d1 * d2, d2, d1, u, x, xout, y);
}

/* A class: grid, steps and the checksums of the steps as (re, im) pairs. */
struct ft_class {
    char name;
    int nx, ny, nz, iterations;
    double checksums[40];
};

/*
 * One process's share: planes of z in space (nx x ny x planes, from z =
 * first_plane), y_count values of y in frequency (nx x y_count x nz, from
 * y = first_y). u0 holds the spectrum, u1 the work array (the initial field,
 * then the evolved spectrum), u2 the field back in space, scratch the
 * transposes' packed blocks (two processes only), twiddle the multipliers.
 */
struct solver {
    const struct ft_class *c;
    int processes, rank, planes, first_plane, y_count, first_y;
    size_t points; /* complex numbers held, the same in both layouts */
    double *u0, *u1, *u2, *scratch, *twiddle, *roots, *y;
};

static void setup(struct solver *s, const struct ft_class *c, int processes, int rank) {
    s->c = c;
    s->processes = processes;
    s->rank = rank;
    s->planes = c->nz / processes;
    s->first_plane = rank * s->planes;
    s->y_count = c->ny / processes;
    s->first_y = rank * s->y_count;
    s->points = (size_t) c->nx * c->ny * s->planes;
    int longest = c->nx > c->ny ? c->nx : c->ny;
    longest = longest > c->nz ? longest : c->nz;
    s->u0 = allocate(2 * s->points, sizeof(double));
    s->u1 = allocate(2 * s->points, sizeof(double));
    s->u2 = allocate(2 * s->points, sizeof(double));
    s->scratch = processes > 1 ? allocate(2 * s->points, sizeof(double)) : NULL;
    s->twiddle = allocate(s->points, sizeof(double));
    s->roots = allocate(2 * (size_t) longest, sizeof(double));
    s->y = allocate(2 * 2 * (size_t) FFTBLOCKPAD * longest, sizeof(double));
}

/* The multipliers exp(-4 alpha pi^2 |k|^2) of the frequencies held, in the frequency layout (compute_indexmap). */
static void compute_indexmap(struct solver *s) {
    int nx = s->c->nx, ny = s->c->ny, nz = s->c->nz;
    double ap = -4.0 * ALPHA * PI * PI;
    for (int k = 0; k < nz; k++) {
        int kk = (k + nz / 2) % nz - nz / 2;
        for (int j = 0; j < s->y_count; j++) {
            int jj = (s->first_y + j + ny / 2) % ny - ny / 2;
            int jk2 = jj * jj + kk * kk;
            double *row = s->twiddle + (size_t) nx * (j + (size_t) s->y_count * k);
            for (int i = 0; i < nx; i++) {
                int ii = (i + nx / 2) % nx - nx / 2;
                row[i] = exp(ap * (double) (ii * ii + jk2));
            }
        }
    }
}

/* The initial field in u1: NPB random numbers, each plane from its own seed (compute_initial_conditions). */
static void compute_initial_conditions(struct solver *s) {
    uint64_t plane_length = 2 * (uint64_t) s->c->nx * s->c->ny;
    uint64_t an = npb_power(NPB_MULTIPLIER, plane_length);
    uint64_t start = (npb_power(NPB_MULTIPLIER, plane_length * s->first_plane) * NPB_SEED) & NPB_MASK_46;
    for (int k = 0; k < s->planes; k++) {
        double *plane = s->u1 + plane_length * k;
        uint64_t x = start;
        for (uint64_t i = 0; i < plane_length; i++) {
            x = (NPB_MULTIPLIER * x) & NPB_MASK_46;
            plane[i] = (double) x * 0x1p-46;
        }
        start = (an * start) & NPB_MASK_46;
    }
}

/*
 * Space to frequency at two processes: the blocks of nx ny/2 complex numbers
 * (a rank's rows of a plane) packed rank by rank into scratch as FtTranspose
 * does, then all of them copied to where the exchange would land them.
 */
static void transpose_to_frequency(struct solver *s, const double *spatial, double *frequency) {
    size_t block = 2 * (size_t) s->c->nx * s->y_count;
    for (int q = 0; q < s->processes; q++) {
        for (int z = 0; z < s->planes; z++) {
            memcpy(s->scratch + (q * (size_t) s->planes + z) * block,
                    spatial + 2 * (size_t) s->c->nx * s->c->ny * z + q * block, block * sizeof(double));
        }
    }
    memcpy(frequency, s->scratch, 2 * s->points * sizeof(double)); /* the exchange's stand-in */
}

/* Frequency to space at two processes: the exchange's stand-in, then the blocks unpacked. */
static void transpose_to_space(struct solver *s, const double *frequency, double *spatial) {
    size_t block = 2 * (size_t) s->c->nx * s->y_count;
    memcpy(s->scratch, frequency, 2 * s->points * sizeof(double));
    for (int q = 0; q < s->processes; q++) {
        for (int z = 0; z < s->planes; z++) {
            memcpy(spatial + 2 * (size_t) s->c->nx * s->c->ny * z + q * block,
                    s->scratch + (q * (size_t) s->planes + z) * block, block * sizeof(double));
        }
    }
}

/* Multipliers, initial conditions, roots and the forward transform of u1 into u0. */
static void set_up(struct solver *s) {
    int nx = s->c->nx, ny = s->c->ny, nz = s->c->nz;
    int longest = nx > ny ? nx : ny;
    compute_indexmap(s);
    compute_initial_conditions(s);
    fft_init(longest > nz ? longest : nz, s->roots);
    cffts1(1, nx, ny, s->planes, s->roots, s->u1, s->u1, s->y);
    cffts2(1, nx, ny, s->planes, s->roots, s->u1, s->u1, s->y);
    if (s->processes == 1) {
        cffts3(1, nx, ny, nz, s->roots, s->u1, s->u0, s->y);
    } else {
        transpose_to_frequency(s, s->u1, s->u0);
        cffts3(1, nx, s->y_count, nz, s->roots, s->u0, s->u0, s->y);
    }
}

/* u0 = u0 * twiddle and u1 = u0 (evolve). */
static void evolve(struct solver *s) {
    double *restrict u0 = s->u0, *restrict u1 = s->u1;
    const double *restrict twiddle = s->twiddle;
    for (size_t i = 0; i < s->points; i++) {
        double re = u0[2 * i] * twiddle[i];
        double im = u0[2 * i + 1] * twiddle[i];
        u0[2 * i] = re;
        u0[2 * i + 1] = im;
        u1[2 * i] = re;
        u1[2 * i + 1] = im;
    }
}

/* The inverse transform of u1 into u2, in space. */
static void inverse(struct solver *s) {
    int nx = s->c->nx, ny = s->c->ny, nz = s->c->nz;
    if (s->processes == 1) {
        cffts3(-1, nx, ny, nz, s->roots, s->u1, s->u1, s->y);
        cffts2(-1, nx, ny, nz, s->roots, s->u1, s->u1, s->y);
        cffts1(-1, nx, ny, nz, s->roots, s->u1, s->u2, s->y);
    } else {
        cffts3(-1, nx, s->y_count, nz, s->roots, s->u1, s->u1, s->y);
        transpose_to_space(s, s->u1, s->u2);
        cffts2(-1, nx, ny, s->planes, s->roots, s->u2, s->u2, s->y);
        cffts1(-1, nx, ny, s->planes, s->roots, s->u2, s->u2, s->y);
    }
}

/* The sum of the checksum entries of u2 this process holds, divided by the point count (checksum). */
static void checksum(const struct solver *s, double *sum) {
    int nx = s->c->nx, ny = s->c->ny, nz = s->c->nz;
    double re = 0.0, im = 0.0;
    for (int j = 1; j <= CHECKSUM_POINTS; j++) {
        int z = (5 * j) % nz;
        if (z >= s->first_plane && z < s->first_plane + s->planes) {
            size_t index = 2 * ((size_t) (j % nx) + (size_t) nx * ((3 * j) % ny + (size_t) ny * (z - s->first_plane)));
            re += s->u2[index];
            im += s->u2[index + 1];
        }
    }
    double points = (double) nx * ny * nz;
    sum[0] = re / points;
    sum[1] = im / points;
}

/* The untimed set-up and step, then the timed runs; returns the best time, leaves the last run's checksums. */
static double run(struct solver *s, int runs, double *sums) {
    double best = INFINITY;
    set_up(s);
    evolve(s);
    inverse(s);
    checksum(s, sums);
    for (int timed = 0; timed < runs; timed++) {
        double start = seconds();
        set_up(s);
        for (int step = 1; step <= s->c->iterations; step++) {
            evolve(s);
            inverse(s);
            checksum(s, sums + 2 * (step - 1));
        }
        double elapsed = seconds() - start;
        best = elapsed < best ? elapsed : best;
    }
    return best;
}

/* What a process runs, and where it leaves its results (in memory shared with the parent). */
struct job {
    const struct ft_class *c;
    int processes, runs;
    double *times, *sums;
};

static void run_rank(int rank, void *context) {
    struct job *job = context;
    struct solver s;
    setup(&s, job->c, job->processes, rank);
    double sums[40];
    job->times[rank] = run(&s, job->runs, sums);
    if (rank == 0) {
        memcpy(job->sums, sums, 2 * job->c->iterations * sizeof(double));
    }
}

/* Whether every step's checksum is within EPSILON (relative, complex modulus) of the class's. */
static int verify(const struct ft_class *c, const double *sums) {
    for (int i = 0; i < 2 * c->iterations; i += 2) {
        double dr = sums[i] - c->checksums[i], di = sums[i + 1] - c->checksums[i + 1];
        double norm = c->checksums[i] * c->checksums[i] + c->checksums[i + 1] * c->checksums[i + 1];
        if (!(sqrt((dr * dr + di * di) / norm) <= EPSILON)) {
            return 0;
        }
    }
    return 1;
}

int main(int argc, char **argv) {
    static const struct ft_class classes[] = {
        {'S', 64, 64, 64, 6, {
            554.6087004964, 484.5363331978, 554.6385409189, 486.5304269511,
            554.6148406171, 488.3910722336, 554.5423607415, 490.1273169046,
            554.4255039624, 491.7475857993, 554.2683411902, 493.2597244941}},
        {'W', 128, 128, 32, 6, {
            567.3612178944, 529.3246849175, 563.1436885271, 528.2149986629,
            559.4024089970, 527.0996558037, 556.0698047020, 526.0027904925,
            553.0898991250, 524.9400845633, 550.4159734538, 523.9212247086}},
        {'A', 256, 256, 128, 6, {
            504.6735008193, 511.4047905510, 505.9412319734, 509.8809666433,
            506.9376896287, 509.8144042213, 507.7892868474, 510.1336130759,
            508.5233095391, 510.4914655194, 509.1487099959, 510.7917842803}},
        {'B', 512, 256, 256, 20, {
            517.7643571579, 507.7803458597, 515.4521291263, 508.8249431599,
            514.6409228649, 509.6208912659, 514.2378756213, 510.1023387619,
            513.9626667737, 510.3976610617, 513.7423460082, 510.5948019802,
            513.5547056878, 510.7404165783, 513.3910925466, 510.8576573661,
            513.2470705390, 510.9577278523, 513.1197729984, 511.0460304483,
            513.0070319283, 511.1252433800, 512.9070537032, 511.1968077718,
            512.8182883502, 511.2616233064, 512.7393733383, 511.3203605551,
            512.6691062020, 511.3735928093, 512.6064276004, 511.4218460548,
            512.5504076570, 511.4656139760, 512.5002331720, 511.5053595966,
            512.4551951846, 511.5415130407, 512.4146770029, 511.5744692211}},
    };
    struct job job;
    int chosen = parse_arguments(argc, argv, "SWAB", &job.processes, &job.runs);
    if (chosen < 0) {
        return 2;
    }
    const struct ft_class *c = &classes[chosen];
    job.c = c;
    job.times = shared_doubles(2);
    job.sums = shared_doubles(2 * c->iterations);
    if (run_processes(job.processes, run_rank, &job) != 0) {
        return 1;
    }
    double n = (double) c->nx * c->ny * c->nz;
    double mega_operations = 1.0e-6 * n * (14.8157 + 7.19641 * log(n) + (5.23518 + 7.21113 * log(n)) * c->iterations);
    print_timing(c->name, job.processes, fmax(job.times[0], job.times[1]), mega_operations);
    if (job.processes == 1) {
        int last = 2 * (c->iterations - 1);
        printf(", checksum %d (%.10e, %.10e) (%s)", c->iterations, job.sums[last], job.sums[last + 1],
                verify(c, job.sums) ? "verified" : "NOT verified");
    }
    printf("\n");
    return 0;
}
