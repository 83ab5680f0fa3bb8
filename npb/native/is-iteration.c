/*
 * The local work of one NPB IS ranking iteration on one process, in C, to
 * measure what the machine gives the integer sort's memory accesses: the
 * same keys as NPB IS (the NPB generator, four deviates per key), then, as
 * org.mpjbuf.npb.IS and the NPB 3.4 MPI reference do per iteration:
 * the bucket counts, the scatter of the keys into their buckets, the copy an
 * Alltoallv makes on one process, the population count of every key value
 * and its prefix sum. Prints the best of ten iterations and the Mop/s the IS
 * report would give for it (keys per second).
 *
 *   gcc -O3 -o is-iteration is-iteration.c && ./is-iteration 23 19   (class A)
 *                                              ./is-iteration 25 21   (class B)
 */
#include "harness.h"

#include <string.h>

#define BUCKETS_LOG2 10
#define ITERATIONS 10

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s KEYS_LOG2 MAX_KEY_LOG2 (class A: 23 19, class B: 25 21)\n", argv[0]);
        return 2;
    }
    int keys_log2 = atoi(argv[1]);
    int max_key_log2 = atoi(argv[2]);
    if (keys_log2 < 16 || keys_log2 > 30 || max_key_log2 <= BUCKETS_LOG2 || max_key_log2 > 28) {
        fprintf(stderr, "KEYS_LOG2 must be in 16..30 and MAX_KEY_LOG2 in %d..28\n", BUCKETS_LOG2 + 1);
        return 2;
    }
    int count = 1 << keys_log2;
    int max_key = 1 << max_key_log2;
    int buckets = 1 << BUCKETS_LOG2;
    int shift = max_key_log2 - BUCKETS_LOG2;
    int *keys = malloc(sizeof(int) * count);
    int *bucketed = malloc(sizeof(int) * count);
    int *received = malloc(sizeof(int) * count);
    int *population = malloc(sizeof(int) * max_key);
    int *bucket_sizes = malloc(sizeof(int) * buckets);
    int *bucket_pointers = malloc(sizeof(int) * buckets);
    if (!keys || !bucketed || !received || !population || !bucket_sizes || !bucket_pointers) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    for (int i = 0; i < count; i++) {
        double sum = next_deviate();
        sum += next_deviate();
        sum += next_deviate();
        sum += next_deviate();
        keys[i] = (int) (max_key / 4 * sum);
    }
    memset(bucketed, 0, sizeof(int) * count);
    memset(received, 0, sizeof(int) * count);
    double best = 1e30, best_counts = 0, best_scatter = 0, best_ranking = 0;
    long checksum = 0;
    for (int iteration = 0; iteration <= ITERATIONS; iteration++) {
        keys[iteration] = iteration;
        keys[iteration + ITERATIONS] = max_key - iteration;
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
        memset(population, 0, sizeof(int) * max_key);
        for (int i = 0; i < count; i++) {
            population[received[i]]++;
        }
        for (int k = 1; k < max_key; k++) {
            population[k] += population[k - 1];
        }
        double ranked = seconds();
        checksum += population[max_key / 2];
        /* iteration 0 is the untimed one, as in the reference */
        if (iteration > 0 && ranked - start < best) {
            best = ranked - start;
            best_counts = counted - start;
            best_scatter = scattered - counted;
            best_ranking = ranked - scattered;
        }
    }
    printf("2^%d keys below 2^%d: best iteration %.1f ms (bucket counts %.1f, scatter %.1f,"
           " copy and ranking %.1f) = %.1f Mop/s (checksum %ld)\n",
           keys_log2, max_key_log2, best * 1e3, best_counts * 1e3, best_scatter * 1e3, best_ranking * 1e3,
           count / best / 1e6, checksum);
    return 0;
}
