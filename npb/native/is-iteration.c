/*
 * The local work of NPB IS's ranking iterations in C, to measure what the
 * machine gives the integer sort's memory accesses at one and at two
 * processes, next to org.mpjbuf.npb.IS.
 *
 * A process holds its share of the keys of NPB IS (the NPB generator, four
 * deviates per key, each process its part of the stream), then per
 * iteration does what org.mpjbuf.npb.IS and the NPB 3.4 MPI reference do
 * with them: the bucket counts, the scatter of the keys into their buckets,
 * the copy an Alltoallv makes, the population count of the key values the
 * process ranks and their prefix sum. With one process this is all of an
 * iteration's work but the reductions. With two processes both run at the
 * same time without exchanges: each copies its own bucketed keys where the
 * Alltoallv would put the keys it receives (as many, since each rank
 * receives about half of the keys), and counts them into the half of the
 * key values a rank ranks (folded into that range), so the memory traffic
 * is a rank's and the figure is an upper bound for native code at two
 * processes. Prints the best iteration's time (of ten, after an untimed
 * one, per run) and the Mop/s the IS report would give for it (keys of the
 * whole problem ranked per second); with one process also where that
 * iteration's time went.
 *
 *   gcc -O3 -o is-iteration is-iteration.c
 *   ./is-iteration A 1     (class A: 2^23 keys below 2^19)
 *   ./is-iteration B 2     (class B: 2^25 keys below 2^21, two processes)
 */
#include "harness.h"

#include <string.h>

#define BUCKETS_LOG2 10
#define ITERATIONS 10

/* What a process runs, and where it leaves its results (in memory shared with the parent). */
struct job {
    int keys_log2, max_key_log2, processes, runs;
    double *best, *counts, *scatter, *ranking;
};

static void run_rank(int rank, void *context) {
    struct job *job = context;
    int count = (1 << job->keys_log2) / job->processes;
    int max_key = 1 << job->max_key_log2;
    int range = max_key / job->processes;
    int buckets = 1 << BUCKETS_LOG2;
    int shift = job->max_key_log2 - BUCKETS_LOG2;
    int *keys = allocate(count, sizeof(int));
    int *bucketed = allocate(count, sizeof(int));
    int *received = allocate(count, sizeof(int));
    int *population = allocate(range, sizeof(int));
    int *bucket_sizes = allocate(buckets, sizeof(int));
    int *bucket_pointers = allocate(buckets, sizeof(int));
    npb_state = (npb_power(NPB_MULTIPLIER, 4ULL * count * rank) * npb_state) & NPB_MASK_46;
    for (int i = 0; i < count; i++) {
        double sum = next_deviate();
        sum += next_deviate();
        sum += next_deviate();
        sum += next_deviate();
        keys[i] = (int) (max_key / 4 * sum);
    }
    double best = 1e30;
    for (int run = 0; run < job->runs; run++) {
        for (int iteration = 0; iteration <= ITERATIONS; iteration++) {
            if (rank == 0) {
                keys[iteration] = iteration;
                keys[iteration + ITERATIONS] = max_key - 1 - iteration;
            }
            double start = seconds();
            memset(bucket_sizes, 0, sizeof(int) * buckets);
            for (int i = 0; i < count; i++) {
                bucket_sizes[keys[i] >> shift]++;
            }
            bucket_pointers[0] = 0;
            for (int b = 1; b < buckets; b++) {
                bucket_pointers[b] = bucket_pointers[b - 1] + bucket_sizes[b - 1];
            }
            double counted = seconds();
            for (int i = 0; i < count; i++) {
                int key = keys[i];
                bucketed[bucket_pointers[key >> shift]++] = key;
            }
            double scattered = seconds();
            memcpy(received, bucketed, sizeof(int) * count);
            memset(population, 0, sizeof(int) * range);
            for (int i = 0; i < count; i++) {
                population[received[i] & (range - 1)]++;
            }
            for (int k = 1; k < range; k++) {
                population[k] += population[k - 1];
            }
            double ranked = seconds();
            /* iteration 0 is the untimed one, as in the reference; the last prefix sum counts every key */
            if (iteration > 0 && ranked - start < best && population[range - 1] == count) {
                best = ranked - start;
                job->counts[rank] = counted - start;
                job->scatter[rank] = scattered - counted;
                job->ranking[rank] = ranked - scattered;
            }
        }
    }
    job->best[rank] = best;
}

int main(int argc, char **argv) {
    struct { char name; int keys_log2, max_key_log2; } classes[] = {
        {'S', 16, 11}, {'W', 20, 16}, {'A', 23, 19}, {'B', 25, 21},
    };
    struct job job;
    int chosen = parse_arguments(argc, argv, "SWAB", &job.processes, &job.runs);
    if (chosen < 0) {
        return 2;
    }
    job.keys_log2 = classes[chosen].keys_log2;
    job.max_key_log2 = classes[chosen].max_key_log2;
    job.best = shared_doubles(2);
    job.counts = shared_doubles(2);
    job.scatter = shared_doubles(2);
    job.ranking = shared_doubles(2);
    if (run_processes(job.processes, run_rank, &job) != 0) {
        return 1;
    }
    double slowest = job.processes == 1 || job.best[0] > job.best[1] ? job.best[0] : job.best[1];
    print_timing(classes[chosen].name, job.processes, slowest, (1 << job.keys_log2) * 1.0e-6);
    if (job.processes == 1) {
        printf(" (best iteration: bucket counts %.1f ms, scatter %.1f ms, copy and ranking %.1f ms)\n",
                job.counts[0] * 1e3, job.scatter[0] * 1e3, job.ranking[0] * 1e3);
    } else {
        printf(" (best iteration)\n");
    }
    return 0;
}
