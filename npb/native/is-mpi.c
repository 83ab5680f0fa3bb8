/*
 * NPB IS's ranking iterations in C with MPI: native code with real
 * exchanges, to set beside org.mpjbuf.npb.IS at any process count.
 *
 * Each process generates its share of the keys of NPB IS (the NPB
 * generator, four deviates per key, each process its part of the stream).
 * One iteration, as in the NPB 3.4 MPI reference: count the keys per bucket
 * (1024 buckets), MPI_Allreduce the counts, give each process a run of
 * consecutive buckets holding about N/p keys, MPI_Alltoall the counts of
 * keys each process sends to each, sort the keys by destination,
 * MPI_Alltoallv them, then count the population of every key value in the
 * process's range and take their prefix sum. The sort is done two ways,
 * each timed on its own:
 *   - as the reference: into all 1024 buckets, and the MPI_Alltoallv moves
 *     every key, a process's own ones too;
 *   - as org.mpjbuf.npb.IS: into runs of at most 64 buckets (one more where
 *     a process's buckets start inside a run), a process's own keys straight
 *     to where the received ones go, so the MPI_Alltoallv moves only the
 *     others.
 * Checks the ranks of the reference's five test keys in every iteration
 * (its partial verification), and that every key was ranked once: the
 * processes' last prefix sums add up to the number of keys. Prints, per way, the time of the ten
 * iterations of the best run (after an untimed one, as in the reference;
 * the slowest process's time) and the Mop/s the IS report gives for it.
 * The last line is org.mpjbuf.npb.IS's way.
 *
 *   mpicc -O3 -o is-mpi is-mpi.c
 *   mpiexec -n 2 ./is-mpi A      (class A: 2^23 keys below 2^19)
 *   mpiexec -n 2 ./is-mpi B 5    (class B, best of 5 runs)
 */
#include "harness.h"

#include <mpi.h>

#define BUCKETS_LOG2 10
#define BUCKETS (1 << BUCKETS_LOG2)
#define RUN_BUCKETS 64 /* buckets per run of IS's way: 1024 / 16 */
#define ITERATIONS 10
#define TEST_KEYS 5

/* A class: its sizes, and where its five test keys are and the ranks they have before the iteration's shift. */
struct problem {
    char name;
    int keys_log2, max_key_log2;
    long test_indexes[TEST_KEYS], test_ranks[TEST_KEYS];
};

static const struct problem classes[] = {
    {'S', 16, 11, {48427, 17148, 23627, 62548, 4431}, {0, 18, 346, 64917, 65463}},
    {'W', 20, 16, {357773, 934767, 875723, 898999, 404505}, {1249, 11698, 1039987, 1043896, 1048018}},
    {'A', 23, 19, {2112377, 662041, 5336171, 3642833, 4250760}, {104, 17523, 123928, 8288932, 8388264}},
    {'B', 25, 21, {41869, 812306, 5102857, 18232239, 26860214}, {33422937, 10244, 59149, 33135281, 99}},
};

/* The rank test key i must have in `iteration`: the reference's shifts per class. */
static long expected_rank(const struct problem *problem, int i, int iteration) {
    long base = problem->test_ranks[i];
    switch (problem->name) {
    case 'S':
        return i <= 2 ? base + iteration : base - iteration;
    case 'W':
        return i < 2 ? base + (iteration - 2) : base - iteration;
    case 'A':
        return i <= 2 ? base + (iteration - 1) : base - (iteration - 1);
    default: /* B */
        return i == 1 || i == 2 || i == 4 ? base + iteration : base - iteration;
    }
}

/* One process's keys and work arrays. */
struct sorter {
    const struct problem *problem;
    int rank, size, count, max_key, shift, passed;
    int *keys, *exchange, *population;
    long exchange_length, population_length;
    /* the bucket counts, and after them the test keys (each from the process that holds it) */
    int bucket_sizes[BUCKETS + TEST_KEYS], bucket_totals[BUCKETS + TEST_KEYS];
    int place_of_bucket[BUCKETS], place_pointers[BUCKETS + 1];
    int *first_bucket, *last_bucket, *send_counts, *send_offsets, *receive_counts, *receive_offsets;
};

/* Gives process j the buckets after j - 1's until the keys so far reach (j + 1) N / p; sets the send counts. */
static void assign_buckets(struct sorter *s) {
    long accumulated = 0;
    int local = 0, j = 0;
    s->first_bucket[0] = 0;
    for (int b = 0; b < BUCKETS; b++) {
        accumulated += s->bucket_totals[b];
        local += s->bucket_sizes[b];
        if (accumulated >= (long) (j + 1) * s->count) {
            s->send_counts[j] = local;
            if (j != 0) {
                s->first_bucket[j] = s->last_bucket[j - 1] + 1;
            }
            s->last_bucket[j++] = b;
            local = 0;
        }
    }
    for (; j < s->size; j++) {
        s->send_counts[j] = 0;
        s->first_bucket[j] = 1;
        s->last_bucket[j] = 0;
    }
}

/*
 * Sets every bucket's place (a bucket, or a run of buckets) and where each
 * place's keys start in `exchange`: the keys to send from index 0 in process
 * order (setting the send offsets), and in IS's way a process's own keys
 * where the received ones go, from `received` on, at its receive offset.
 */
static void form_places(struct sorter *s, int grouped, int received) {
    int place = -1, sent = 0;
    for (int j = 0; j < s->size; j++) {
        s->send_offsets[j] = sent;
        int start = grouped && j == s->rank ? received + s->receive_offsets[j] : sent;
        for (int b = s->first_bucket[j]; b <= s->last_bucket[j]; b++) {
            if (!grouped || b == s->first_bucket[j] || b % RUN_BUCKETS == 0) {
                s->place_pointers[++place] = start;
            }
            s->place_of_bucket[b] = place;
            start += s->bucket_sizes[b];
        }
        if (!grouped || j != s->rank) {
            sent += s->send_counts[j];
        }
    }
}

static int *at_least(int *array, long *length, long needed) {
    if (*length >= needed) {
        return array;
    }
    free(array);
    *length = needed + needed / 8 + 1;
    return allocate(*length, sizeof(int));
}

/* One ranking iteration; returns how many keys this process ranked. */
static long rank_keys(struct sorter *s, int iteration, int grouped) {
    if (s->rank == 0) {
        s->keys[iteration] = iteration;
        s->keys[iteration + ITERATIONS] = s->max_key - iteration;
    }
    memset(s->bucket_sizes, 0, sizeof s->bucket_sizes);
    for (int i = 0; i < TEST_KEYS; i++) {
        long index = s->problem->test_indexes[i];
        if (index / s->count == s->rank) {
            s->bucket_sizes[BUCKETS + i] = s->keys[index % s->count];
        }
    }
    for (int i = 0; i < s->count; i++) {
        s->bucket_sizes[s->keys[i] >> s->shift]++;
    }
    MPI_Allreduce(s->bucket_sizes, s->bucket_totals, BUCKETS + TEST_KEYS, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    assign_buckets(s);
    MPI_Alltoall(s->send_counts, 1, MPI_INT, s->receive_counts, 1, MPI_INT, MPI_COMM_WORLD);
    /*
     * The keys this process ranks start after those it sends (in IS's way,
     * after those to the others): the MPI_Alltoallv's send and receive
     * buffers are disjoint parts of `exchange`.
     */
    int sent = 0;
    for (int j = 0; j < s->size; j++) {
        sent += grouped && j == s->rank ? 0 : s->send_counts[j];
    }
    s->receive_offsets[0] = 0;
    for (int j = 1; j < s->size; j++) {
        s->receive_offsets[j] = s->receive_offsets[j - 1] + s->receive_counts[j - 1];
    }
    long end = (long) sent + s->receive_offsets[s->size - 1] + s->receive_counts[s->size - 1];
    s->exchange = at_least(s->exchange, &s->exchange_length, end);
    form_places(s, grouped, sent);
    int *destination = s->exchange;
    for (int i = 0; i < s->count; i++) {
        int key = s->keys[i];
        destination[s->place_pointers[s->place_of_bucket[key >> s->shift]]++] = key;
    }
    if (grouped) {
        s->send_counts[s->rank] = 0;
        s->receive_counts[s->rank] = 0;
    }
    MPI_Alltoallv(s->exchange, s->send_counts, s->send_offsets, MPI_INT,
            s->exchange + sent, s->receive_counts, s->receive_offsets, MPI_INT, MPI_COMM_WORLD);
    int min_key = s->first_bucket[s->rank] << s->shift;
    long range = ((long) (s->last_bucket[s->rank] + 1) << s->shift) - min_key;
    if (range < 1) {
        return 0;
    }
    long local = 0;
    for (int b = s->first_bucket[s->rank]; b <= s->last_bucket[s->rank]; b++) {
        local += s->bucket_totals[b];
    }
    s->population = at_least(s->population, &s->population_length, range);
    int *population = s->population;
    memset(population, 0, sizeof(int) * range);
    const int *ranked = s->exchange + sent;
    for (long i = 0; i < local; i++) {
        population[ranked[i] - min_key]++;
    }
    for (long k = 1; k < range; k++) {
        population[k] += population[k - 1];
    }
    long lesser = 0;
    for (int b = 0; b < s->first_bucket[s->rank]; b++) {
        lesser += s->bucket_totals[b];
    }
    for (int i = 0; i < TEST_KEYS; i++) {
        int key = s->bucket_totals[BUCKETS + i];
        if (min_key <= key && key < min_key + range) {
            long rank = (key > min_key ? population[key - 1 - min_key] : 0) + lesser;
            s->passed += rank == expected_rank(s->problem, i, iteration);
        }
    }
    return population[range - 1];
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    struct sorter s = {0};
    MPI_Comm_rank(MPI_COMM_WORLD, &s.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &s.size);
    int runs = 3;
    const char names[] = "SWAB";
    const char *found = argc == 2 || argc == 3 ? strchr(names, argv[1][0]) : NULL;
    int valid = found != NULL && argv[1][0] != 0 && argv[1][1] == 0 && (argc == 2 || parse_count(argv[2], 1, 1000, &runs))
            && (s.size & (s.size - 1)) == 0 && s.size <= 64;
    if (!valid) {
        if (s.rank == 0) {
            fprintf(stderr, "usage: mpiexec -n P %s CLASS [RUNS]   (CLASS: one of SWAB; P: a power of two up to 64;"
                    " RUNS: 1 to 1000)\n", argv[0]);
        }
        MPI_Finalize();
        return 2;
    }
    int chosen = (int) (found - names);
    s.problem = &classes[chosen];
    s.count = (1 << s.problem->keys_log2) / s.size;
    s.max_key = 1 << s.problem->max_key_log2;
    s.shift = s.problem->max_key_log2 - BUCKETS_LOG2;
    s.keys = allocate(s.count, sizeof(int));
    s.first_bucket = allocate(s.size, sizeof(int));
    s.last_bucket = allocate(s.size, sizeof(int));
    s.send_counts = allocate(s.size, sizeof(int));
    s.send_offsets = allocate(s.size, sizeof(int));
    s.receive_counts = allocate(s.size, sizeof(int));
    s.receive_offsets = allocate(s.size, sizeof(int));
    npb_is_keys(s.keys, s.count, s.rank, s.max_key);
    /* the iterations change keys 1 to 2 ITERATIONS; every run starts from the keys as generated */
    int first_keys[2 * ITERATIONS + 1];
    memcpy(first_keys, s.keys, sizeof first_keys);
    int failed = 0;
    for (int grouped = 0; grouped <= 1; grouped++) {
        double best = 1e30;
        int wrong = 0;
        for (int run = 0; run < runs; run++) {
            if (s.rank == 0) {
                memcpy(s.keys, first_keys, sizeof first_keys);
            }
            long ranked = rank_keys(&s, 1, grouped); /* untimed, as in the reference */
            s.passed = 0;
            MPI_Barrier(MPI_COMM_WORLD);
            double start = MPI_Wtime();
            for (int iteration = 1; iteration <= ITERATIONS; iteration++) {
                ranked = rank_keys(&s, iteration, grouped);
            }
            double taken = MPI_Wtime() - start, slowest;
            long total;
            int passed;
            MPI_Reduce(&taken, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
            MPI_Reduce(&ranked, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
            MPI_Reduce(&s.passed, &passed, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
            if (s.rank == 0) {
                if (total != (long) s.count * s.size) {
                    fprintf(stderr, "ranked %ld keys, not %ld\n", total, (long) s.count * s.size);
                    wrong = 1;
                }
                if (passed != TEST_KEYS * ITERATIONS) {
                    fprintf(stderr, "%d of the %d test key ranks are right\n", passed, TEST_KEYS * ITERATIONS);
                    wrong = 1;
                }
                if (slowest < best) {
                    best = slowest;
                }
            }
        }
        if (s.rank == 0) {
            printf("%s class %c, %d process%s (MPI): time %.3f s, %.1f Mop/s, %s\n",
                    grouped ? "as org.mpjbuf.npb.IS, 16 groups:" : "as the reference, 1024 buckets:",
                    s.problem->name, s.size, s.size == 1 ? "" : "es", best,
                    ITERATIONS * (1 << s.problem->keys_log2) * 1.0e-6 / best, wrong ? "NOT verified" : "verified");
            failed |= wrong;
        }
    }
    MPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return failed;
}
