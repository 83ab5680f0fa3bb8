/*
 * The local work of NPB IS's ranking iterations in C, to measure what the
 * machine gives the integer sort's memory accesses at one and at two
 * processes, next to org.mpjbuf.npb.IS.
 *
 * A process holds its share of the keys of NPB IS (the NPB generator, four
 * deviates per key, each process its part of the stream), then per
 * iteration counts its keys per bucket (1024 buckets), sorts them by bucket,
 * moves them where an Alltoallv would put them, counts the population of
 * every key value the process ranks and takes their prefix sum. It does so
 * in two ways, each timed on its own:
 *   - as the NPB 3.4 MPI reference: the keys sorted into all 1024 buckets,
 *     then the Alltoallv's copy of all of them;
 *   - as org.mpjbuf.npb.IS: the keys sorted into 16 groups of 64 buckets,
 *     those of this process's own key range straight to where the ranking
 *     reads them, so only the others are copied.
 * With one process this is all of an iteration's work but the reductions.
 * With two processes both run at the same time without exchanges: each
 * ranks the lower or the upper half of the key values, copies the keys it
 * would send where the keys it would receive go (as many, since each rank
 * receives about half of the keys), and counts all of them into its half of
 * the key values (folded into that range), so the memory traffic is a
 * rank's and the figure is an upper bound for native code at two
 * processes. Prints, per way, the time of the ten ranking iterations of the
 * best run (after an untimed one, as in the reference) and the Mop/s the IS
 * report gives for it (keys of the whole problem ranked per second); with
 * one process also where an iteration's time went, on average over that
 * run. The last line is org.mpjbuf.npb.IS's way.
 *
 *   gcc -O3 -o is-iteration is-iteration.c
 *   ./is-iteration A 1     (class A: 2^23 keys below 2^19)
 *   ./is-iteration B 2     (class B: 2^25 keys below 2^21, two processes)
 */
#include "harness.h"

#include <string.h>

#define BUCKETS_LOG2 10
#define GROUPS_LOG2 4
#define GROUPS (1 << GROUPS_LOG2)
#define ITERATIONS 10

/* What a process runs, and where it leaves its results (in memory shared with the parent). */
struct job {
    int keys_log2, max_key_log2, processes, runs;
    int grouped; /* 0: the reference's way, 1: org.mpjbuf.npb.IS's */
    double *best, *counts, *scatter, *ranking;
};

static void run_rank(int rank, void *context) {
    struct job *job = context;
    int count = (1 << job->keys_log2) / job->processes;
    int max_key = 1 << job->max_key_log2;
    int range = max_key / job->processes;
    int buckets = 1 << BUCKETS_LOG2;
    int shift = job->max_key_log2 - BUCKETS_LOG2;
    /* the reference's scatter uses a pointer per bucket, IS's one per group of buckets */
    int places = job->grouped ? GROUPS : buckets;
    int place_shift = job->grouped ? job->max_key_log2 - GROUPS_LOG2 : shift;
    int own_first = rank * places / job->processes, own_last = (rank + 1) * places / job->processes;
    int *keys = allocate(count, sizeof(int));
    /* the keys to send from index 0, from index count those to rank (as exchange in org.mpjbuf.npb.IS) */
    int *exchange = allocate(2 * count, sizeof(int));
    int *population = allocate(range, sizeof(int));
    int *bucket_sizes = allocate(buckets, sizeof(int));
    int *place_pointers = allocate(buckets, sizeof(int));
    npb_is_keys(keys, count, rank, max_key);
    double best = 1e30;
    for (int run = 0; run < job->runs; run++) {
        double run_start = 0, counting = 0, scattering = 0, ranking = 0;
        int complete = 1;
        for (int iteration = 0; iteration <= ITERATIONS; iteration++) {
            if (rank == 0) {
                keys[iteration] = iteration;
                keys[iteration + ITERATIONS] = max_key - 1 - iteration;
            }
            double start = seconds();
            if (iteration == 1) {
                run_start = start;
            }
            memset(bucket_sizes, 0, sizeof(int) * buckets);
            for (int i = 0; i < count; i++) {
                bucket_sizes[keys[i] >> shift]++;
            }
            /* the reference sends every key, its own ones too; IS puts its own ones in place */
            int own_keys = 0, sent_keys = 0;
            for (int p = 0; p < places; p++) {
                int size = 0;
                for (int b = p * buckets / places; b < (p + 1) * buckets / places; b++) {
                    size += bucket_sizes[b];
                }
                if (job->grouped && p >= own_first && p < own_last) {
                    place_pointers[p] = count + own_keys;
                    own_keys += size;
                } else {
                    place_pointers[p] = sent_keys;
                    sent_keys += size;
                }
            }
            double counted = seconds();
            for (int i = 0; i < count; i++) {
                int key = keys[i];
                exchange[place_pointers[key >> place_shift]++] = key;
            }
            double scattered = seconds();
            int *ranked_keys = exchange + count;
            memcpy(ranked_keys + own_keys, exchange, sizeof(int) * sent_keys);
            memset(population, 0, sizeof(int) * range);
            for (int i = 0; i < count; i++) {
                population[ranked_keys[i] & (range - 1)]++;
            }
            for (int k = 1; k < range; k++) {
                population[k] += population[k - 1];
            }
            double ranked = seconds();
            /* iteration 0 is the untimed one, as in the reference; the last prefix sum counts every key */
            complete &= population[range - 1] == count;
            counting += counted - start;
            scattering += scattered - counted;
            ranking += ranked - scattered;
            if (iteration == 0) {
                counting = scattering = ranking = 0;
            }
        }
        double taken = seconds() - run_start;
        if (complete && taken < best) {
            best = taken;
            job->counts[rank] = counting / ITERATIONS;
            job->scatter[rank] = scattering / ITERATIONS;
            job->ranking[rank] = ranking / ITERATIONS;
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
    for (job.grouped = 0; job.grouped <= 1; job.grouped++) {
        if (run_processes(job.processes, run_rank, &job) != 0) {
            return 1;
        }
        double slowest = job.processes == 1 || job.best[0] > job.best[1] ? job.best[0] : job.best[1];
        printf(job.grouped ? "as org.mpjbuf.npb.IS, 16 groups: " : "as the reference, 1024 buckets: ");
        print_timing(classes[chosen].name, job.processes, slowest, ITERATIONS * (1 << job.keys_log2) * 1.0e-6);
        if (job.processes == 1) {
            printf(" (best run; per iteration: bucket counts %.1f ms, scatter %.1f ms, copy and ranking %.1f ms)\n",
                    job.counts[0] * 1e3, job.scatter[0] * 1e3, job.ranking[0] * 1e3);
        } else {
            printf(" (best run)\n");
        }
    }
    return 0;
}
