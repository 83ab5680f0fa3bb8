/*
 * What the C programs beside the NPB kernels share: the NPB random number
 * generator and IS's keys drawn from it, memory, a clock, the command line, and running one or two
 * processes at the same time with their results in memory the parent reads
 * after they exit. Each program
 * includes it and builds alone: gcc -O3 -o cg-iteration cg-iteration.c -lm.
 */
#ifndef NPB_NATIVE_HARNESS_H
#define NPB_NATIVE_HARNESS_H

#define _DEFAULT_SOURCE /* clock_gettime and MAP_ANONYMOUS under -std=c11 too */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NPB_MULTIPLIER 1220703125ULL /* 5^13 */
#define NPB_MASK_46 ((1ULL << 46) - 1)
#define NPB_SEED 314159265ULL

/* The NPB generator's state: x = 5^13 x mod 2^46. */
static uint64_t npb_state = NPB_SEED;

/* Advances the generator and returns 2^-46 x. */
static inline double next_deviate(void) {
    npb_state = (NPB_MULTIPLIER * npb_state) & NPB_MASK_46;
    return (double) npb_state * 0x1p-46;
}

/* a^n mod 2^46, by binary powering: n steps of the generator at once. */
static inline uint64_t npb_power(uint64_t a, uint64_t n) {
    uint64_t result = 1;
    for (; n != 0; n >>= 1) {
        if (n & 1) {
            result = (result * a) & NPB_MASK_46;
        }
        a = (a * a) & NPB_MASK_46;
    }
    return result;
}

/*
 * NPB IS's keys of process `rank`, each holding `count` of them: a quarter of
 * the key range times the sum of four deviates, from the process's part of the
 * stream (four deviates per key, skipped ahead for the processes before it).
 */
static inline void npb_is_keys(int *keys, int count, int rank, int max_key) {
    npb_state = (npb_power(NPB_MULTIPLIER, 4ULL * count * rank) * npb_state) & NPB_MASK_46;
    for (int i = 0; i < count; i++) {
        double sum = next_deviate();
        sum += next_deviate();
        sum += next_deviate();
        sum += next_deviate();
        keys[i] = (int) (max_key / 4 * sum);
    }
}

/* `count` zeroed elements of `size` bytes; exits if the system has no memory for them. */
static inline void *allocate(size_t count, size_t size) {
    void *p = calloc(count, size);
    if (!p) {
        perror("calloc");
        exit(1);
    }
    return p;
}

static inline double seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec + now.tv_nsec * 1e-9;
}

/*
 * Runs work(rank, context) in `processes` forked processes at the same time
 * and waits for all of them. Their results go to memory from
 * shared_doubles(), which the children write and the parent reads. Returns 0,
 * or 1 after saying what failed.
 */
static inline int run_processes(int processes, void (*work)(int rank, void *context), void *context) {
    for (int rank = 0; rank < processes; rank++) {
        pid_t child = fork();
        if (child < 0) {
            perror("fork");
            return 1;
        }
        if (child == 0) {
            work(rank, context);
            _exit(0);
        }
    }
    int failed = 0;
    for (int rank = 0; rank < processes; rank++) {
        int status;
        if (wait(&status) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            fprintf(stderr, "a process failed\n");
            failed = 1;
        }
    }
    return failed;
}

/* `count` zeroed doubles shared with the forked processes; exits if the system has no memory for them. */
static inline double *shared_doubles(int count) {
    double *shared = mmap(NULL, count * sizeof(double), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED) {
        perror("mmap");
        exit(1);
    }
    return shared;
}

static inline int parse_count(const char *text, int least, int most, int *value) {
    char *end;
    long parsed = strtol(text, &end, 10);
    *value = (int) parsed;
    return *text != 0 && *end == 0 && parsed >= least && parsed <= most;
}

/*
 * Reads the command line "CLASS PROCESSES [RUNS]": CLASS one of the letters
 * of `names`, PROCESSES 1 or 2, RUNS 1 to 1000 (3 when absent). Returns the
 * class's index in `names`, or -1 after printing the usage.
 */
static inline int parse_arguments(int argc, char **argv, const char *names, int *processes, int *runs) {
    *runs = 3;
    int valid = (argc == 3 || argc == 4) && argv[1][0] != 0 && argv[1][1] == 0
            && parse_count(argv[2], 1, 2, processes) && (argc == 3 || parse_count(argv[3], 1, 1000, runs));
    const char *found = valid ? strchr(names, argv[1][0]) : NULL;
    if (found == NULL) {
        fprintf(stderr, "usage: %s CLASS PROCESSES [RUNS]   (CLASS: one of %s; PROCESSES: 1 or 2; RUNS: 1 to 1000)\n",
                argv[0], names);
        return -1;
    }
    return (int) (found - names);
}

/* Prints the part of the result line all programs share: the class, the processes, the time and the Mop/s. */
static inline void print_timing(char class_name, int processes, double seconds_taken, double mega_operations) {
    printf("class %c, %d process%s: time %.3f s, %.1f Mop/s", class_name, processes,
            processes == 1 ? "" : "es (no exchanges)", seconds_taken, mega_operations / seconds_taken);
}

#endif
