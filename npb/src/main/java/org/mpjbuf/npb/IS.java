package org.mpjbuf.npb;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * NPB IS, the integer sort: ranks {@code 2^n} keys with a bucket sort spread
 * over the ranks.
 *
 * <p>Design note (NPB 3.4 MPI {@code is.c}). Each rank generates its
 * {@code N/p} keys (each key is {@code MAX_KEY/4} times the sum of four
 * deviates, the rank's stream found by skipping ahead). One ranking
 * iteration:
 * <ol>
 * <li>counts its keys per bucket (the high bits of a key);</li>
 * <li>{@code Allreduce}s the bucket counts, with the five test keys hidden
 *     after them, and gives each rank a run of consecutive buckets holding
 *     about {@code N/p} keys;</li>
 * <li>exchanges the counts with {@code Alltoall}, sorts its keys into groups
 *     of buckets, and exchanges the keys with {@code Alltoallv};</li>
 * <li>counts the population of every key value in its range and turns the
 *     counts into ranks by a prefix sum, adding the keys held by lower
 *     ranks.</li>
 * </ol>
 * The communication is the reference's; the local sort differs in two ways.
 * The reference sorts the keys into all its buckets before the
 * {@code Allreduce}; here they go, after it, into at most
 * {@link #SCATTER_GROUPS} runs of buckets (more where a rank's buckets start
 * inside one), which keeps the scatter's stores in the L1 cache and still
 * gives the population counts a range that fits in L2 (up to class B, 512 KB
 * of counts per run; 2 MB at class C). And the keys that
 * stay on this rank are scattered straight to where the others arrive, so
 * the {@code Alltoallv} moves only the keys that change rank.
 *
 * <p>The ranks of the five test keys are checked every iteration (partial
 * verification); after the timed part the keys are sorted by their ranks and
 * the order is checked, across rank boundaries too (full verification).
 *
 * <p>Run it with {@code bin/mpjrun -np 2 org.mpjbuf.npb.IS CLASS=S}. Each rank
 * uses its own instance.
 */
public final class IS implements Benchmark {
    private static final int ITERATIONS = 10;
    private static final int TEST_KEYS = 5;
    private static final double SEED = 314159265.0;
    /** The line of every timed iteration (not at class S, as in the reference). */
    private static final ProgressLine ITERATION_LINE = new ProgressLine("        %d%n");
    /**
     * At most this many groups of buckets, and one more for each rank whose
     * buckets start inside one, take the keys in the scatter: a scatter to
     * many places at once misses the L1 cache on nearly every store
     * ({@code benchmarks}' {@code IsScatterBenchmark} measures it).
     */
    private static final int SCATTER_GROUPS = 16;

    /** The phases of an iteration, for {@link PhaseTimes}; the constants below index them. */
    private static final List<String> PHASES = List.of("bucket counts",
            "bucket totals (Allreduce, Alltoall)", "scatter into groups", "key exchange (Alltoallv)",
            "population counts and ranks");
    private static final int BUCKET_COUNTS = 0;
    private static final int BUCKET_TOTALS = 1;
    private static final int SCATTER = 2;
    private static final int KEY_EXCHANGE = 3;
    private static final int RANKING = 4;

    /** Creates the kernel; {@link #main} is the way to run it. */
    public IS() {
    }

    /**
     * Runs IS on {@code MPI.COMM_WORLD}.
     *
     * @param args {@code CLASS=<letter>} or {@code -class <letter>}
     * @throws MPIException if communication fails
     */
    public static void main(String[] args) throws MPIException {
        BenchmarkExit.exitWith(BenchmarkDriver.main(new IS(), args));
    }

    @Override
    public String name() {
        return "IS";
    }

    @Override
    public ProcessCounts processCounts(ProblemClass problemClass) {
        return ProcessCounts.powersOfTwo(1 << Parameters.of(problemClass).bucketsLog2());
    }

    @Override
    public String size(ProblemClass problemClass) {
        return Integer.toString(1 << Parameters.of(problemClass).totalKeysLog2());
    }

    @Override
    public int iterations(ProblemClass problemClass) {
        return ITERATIONS;
    }

    @Override
    public Outcome run(Intracomm comm, ProblemClass problemClass, PrintStream progress) throws MPIException {
        Sorter sorter = new Sorter(comm, problemClass);
        int warmups = Warmup.run(comm, ITERATIONS, () -> sorter.rank(1));
        sorter.passed = 0;
        sorter.phases.reset();
        if (problemClass != ProblemClass.S) {
            progress.println("\n   iteration");
            ITERATION_LINE.rehearse(1);
        }
        comm.Barrier();
        BenchmarkTimer timer = new BenchmarkTimer();
        timer.start();
        for (int iteration = 1; iteration <= ITERATIONS; iteration++) {
            if (problemClass != ProblemClass.S) {
                ITERATION_LINE.print(progress, iteration);
            }
            sorter.rank(iteration);
        }
        timer.stop();
        sorter.fullVerify();
        int[] passed = {sorter.passed};
        int[] totalPassed = new int[1];
        comm.Reduce(passed, 0, totalPassed, 0, 1, MPI.INT, MPI.SUM, 0);
        boolean verified = totalPassed[0] == TEST_KEYS * ITERATIONS + comm.Size();
        double megaOperations = (double) ITERATIONS * (1 << sorter.parameters.totalKeysLog2()) / 1.0e6;
        return new Outcome(warmups, timer.timing(), megaOperations, "keys ranked", verified, sorter.phases);
    }

    /** One rank's keys and work arrays. */
    private static final class Sorter {
        final Parameters parameters;
        final Intracomm comm;
        final int rank;
        final int size;
        final int keyCount;
        final int maxKey;
        final int buckets;
        final int shift;
        final int[] keys;
        final int[] bucketSizes;
        final int[] bucketTotals;
        final int[] groupOfBucket;
        final int[] groupStarts;
        final int[] groupPointers;
        final int[] firstBucket;
        final int[] lastBucket;
        final int[] sendCounts;
        final int[] sendOffsets;
        final int[] receiveCounts;
        final int[] receiveOffsets;
        final PhaseTimes phases = new PhaseTimes(PHASES);
        /**
         * The keys this rank sends, from index 0, then from
         * {@code receiveOffsets[0]} the keys it ranks: those it receives, and its
         * own that stay here, which the scatter puts there directly.
         */
        int[] exchange = new int[0];
        int[] populations = new int[0];
        int[] sorted = new int[0];
        int[] keyRanks;
        int groupCount;
        int localKeys;
        int minKeyOfLastIteration;
        int passed;

        Sorter(Intracomm comm, ProblemClass problemClass) throws MPIException {
            this.parameters = Parameters.of(problemClass);
            this.comm = comm;
            this.rank = comm.Rank();
            this.size = comm.Size();
            int totalKeys = 1 << parameters.totalKeysLog2();
            this.keyCount = totalKeys / size;
            this.maxKey = 1 << parameters.maxKeyLog2();
            this.buckets = 1 << parameters.bucketsLog2();
            this.shift = parameters.maxKeyLog2() - parameters.bucketsLog2();
            this.keys = new int[keyCount];
            this.bucketSizes = new int[buckets + TEST_KEYS];
            this.bucketTotals = new int[buckets + TEST_KEYS];
            this.groupOfBucket = new int[buckets];
            this.groupStarts = new int[buckets];
            this.groupPointers = new int[buckets];
            this.firstBucket = new int[size];
            this.lastBucket = new int[size];
            this.sendCounts = new int[size];
            this.sendOffsets = new int[size];
            this.receiveCounts = new int[size];
            this.receiveOffsets = new int[size];
            generateKeys(4L * totalKeys);
        }

        /** Generates this rank's keys from its part of the generator's stream. */
        private void generateKeys(long totalDeviates) {
            long perRank = (totalDeviates / 4 + size - 1) / size;
            double multiplier = NpbRandom.DEFAULT_MULTIPLIER;
            double seed = NpbRandom.multiply(NpbRandom.power(multiplier, perRank * 4 * rank), SEED);
            NpbRandom random = new NpbRandom(seed);
            int scale = maxKey / 4;
            for (int i = 0; i < keyCount; i++) {
                double x = random.next(multiplier);
                x += random.next(multiplier);
                x += random.next(multiplier);
                x += random.next(multiplier);
                keys[i] = (int) (scale * x);
            }
        }

        /**
         * Does one ranking iteration. Every loop over the keys is a method of
         * its own, and this method has no loop of its own: it runs once per
         * iteration, so the JIT compiler leaves it alone and compiles each loop
         * as a method by itself. With the bucket count's loop here, C2
         * compiled this method whole, with the scatter inlined, and the
         * scatter took 22 ms against 14 ms (class A, one rank).
         */
        void rank(int iteration) throws MPIException {
            phases.start();
            if (rank == 0) {
                keys[iteration] = iteration;
                keys[iteration + ITERATIONS] = maxKey - iteration;
            }
            Arrays.fill(bucketSizes, 0);
            int[] testIndexes = parameters.testIndexes();
            for (int i = 0; i < TEST_KEYS; i++) {
                if (testIndexes[i] / keyCount == rank) {
                    bucketSizes[buckets + i] = keys[testIndexes[i] % keyCount];
                }
            }
            countBuckets(keys, keyCount, shift, bucketSizes);
            phases.end(BUCKET_COUNTS);
            comm.Allreduce(bucketSizes, 0, bucketTotals, 0, buckets + TEST_KEYS, MPI.INT, MPI.SUM);
            assignBuckets();
            comm.Alltoall(sendCounts, 0, 1, MPI.INT, receiveCounts, 0, 1, MPI.INT);
            receiveOffsets[0] = keyCount - sendCounts[rank];
            for (int i = 1; i < size; i++) {
                receiveOffsets[i] = receiveOffsets[i - 1] + receiveCounts[i - 1];
            }
            int end = receiveOffsets[size - 1] + receiveCounts[size - 1];
            exchange = atLeast(exchange, end);
            formScatterGroups();
            phases.end(BUCKET_TOTALS);
            scatter(keys, keyCount, shift, groupOfBucket, groupStarts, groupCount, groupPointers, exchange);
            phases.end(SCATTER);
            // the scatter put this rank's own keys in place: the Alltoallv moves only the others
            sendCounts[rank] = 0;
            receiveCounts[rank] = 0;
            comm.Alltoallv(exchange, 0, sendCounts, sendOffsets, MPI.INT,
                    exchange, 0, receiveCounts, receiveOffsets, MPI.INT);
            phases.end(KEY_EXCHANGE);
            rankReceivedKeys(iteration);
            phases.end(RANKING);
        }

        /**
         * Gives rank {@code j} the buckets after those of rank {@code j - 1}
         * until the keys so far reach {@code (j + 1) N / p}, and counts the
         * keys this rank sends to each.
         */
        private void assignBuckets() {
            long accumulated = 0;
            int localAccumulated = 0;
            firstBucket[0] = 0;
            int j = 0;
            for (int i = 0; i < buckets; i++) {
                accumulated += bucketTotals[i];
                localAccumulated += bucketSizes[i];
                if (accumulated >= (long) (j + 1) * keyCount) {
                    sendCounts[j] = localAccumulated;
                    if (j != 0) {
                        firstBucket[j] = lastBucket[j - 1] + 1;
                    }
                    lastBucket[j++] = i;
                    localAccumulated = 0;
                }
            }
            while (j < size) {
                sendCounts[j] = 0;
                firstBucket[j] = 1;
                lastBucket[j] = 0;
                j++;
            }
        }

        /**
         * Splits every rank's buckets into groups of at most
         * {@code buckets / SCATTER_GROUPS} consecutive buckets, sets every
         * bucket's group, and places the groups in {@link #exchange}: those
         * of the other ranks from index 0 in rank order (setting
         * {@link #sendOffsets}), this rank's at its own receive offset.
         */
        private void formScatterGroups() {
            int width = Math.max(1, buckets / SCATTER_GROUPS);
            int group = -1;
            int sent = 0;
            for (int j = 0; j < size; j++) {
                sendOffsets[j] = sent;
                int start = j == rank ? receiveOffsets[rank] : sent;
                for (int b = firstBucket[j]; b <= lastBucket[j]; b++) {
                    if (b == firstBucket[j] || b % width == 0) {
                        group++;
                        groupStarts[group] = start;
                    }
                    groupOfBucket[b] = group;
                    start += bucketSizes[b];
                }
                if (j != rank) {
                    sent += sendCounts[j];
                }
            }
            groupCount = group + 1;
        }

        /** Adds one to {@code bucketSizes[key >>> shift]} for each of the first {@code keyCount} keys. */
        private static void countBuckets(int[] keys, int keyCount, int shift, int[] bucketSizes) {
            for (int i = 0; i < keyCount; i++) {
                bucketSizes[keys[i] >>> shift]++;
            }
        }

        /**
         * Puts every key at its group's pointer, and advances the pointer;
         * the pointers start at {@code groupStarts}. Copying the starts here,
         * rather than setting the pointers in the caller, is part of what
         * makes C2 compile this loop well: with the pointers set by
         * {@link #formScatterGroups} the loop took 24 ms against 14 ms (class A,
         * one rank), also when compiled by itself; a change of the loop's code
         * alignment ({@code -XX:OptoLoopAlignment}) did not change that.
         */
        private static void scatter(int[] keys, int keyCount, int shift, int[] groupOfBucket, int[] groupStarts,
                int groupCount, int[] groupPointers, int[] destination) {
            System.arraycopy(groupStarts, 0, groupPointers, 0, groupCount);
            for (int i = 0; i < keyCount; i++) {
                int key = keys[i];
                destination[groupPointers[groupOfBucket[key >>> shift]]++] = key;
            }
        }

        private void rankReceivedKeys(int iteration) {
            int minKey = firstBucket[rank] << shift;
            int maxKeyHere = ((lastBucket[rank] + 1) << shift) - 1;
            int range = Math.max(0, maxKeyHere - minKey + 1);
            populations = atLeast(populations, range);
            int[] counts = populations;
            Arrays.fill(counts, 0, range, 0);
            long lesser = 0;
            for (int k = 0; k < rank; k++) {
                for (int i = firstBucket[k]; i <= lastBucket[k]; i++) {
                    lesser += bucketTotals[i];
                }
            }
            int local = 0;
            for (int i = firstBucket[rank]; i <= lastBucket[rank]; i++) {
                local += bucketTotals[i];
            }
            countPopulations(exchange, receiveOffsets[0], receiveOffsets[0] + local, minKey, counts);
            for (int i = 1; i < range; i++) {
                counts[i] += counts[i - 1];
            }
            for (int i = 0; i < TEST_KEYS; i++) {
                int key = bucketTotals[buckets + i];
                if (minKey <= key && key <= maxKeyHere) {
                    long keyRank = (key > minKey ? counts[key - 1 - minKey] : 0) + lesser;
                    if (keyRank == parameters.expectedRank(i, iteration)) {
                        passed++;
                    } else {
                        System.out.printf("Failed partial verification: iteration %d, processor %d, test key %d%n",
                                iteration, rank, i);
                    }
                }
            }
            if (iteration == ITERATIONS) {
                keyRanks = counts;
                localKeys = local;
                minKeyOfLastIteration = minKey;
            }
        }

        /**
         * Adds one to {@code counts[key - minKey]} for every key in
         * {@code keys[from, to)}. The bounds are parameters, not array elements:
         * a loop bound read from an {@code int[]} is read again after every
         * store into {@code counts}, which may be the same array, and the loop
         * then keeps its range checks (at class A, one rank, 16 ms against 10 ms
         * per iteration).
         */
        private static void countPopulations(int[] keys, int from, int to, int minKey, int[] counts) {
            for (int i = from; i < to; i++) {
                counts[keys[i] - minKey]++;
            }
        }

        /**
         * {@return {@code array}, or a new one of {@code length} and an
         * eighth more where it is shorter} The sizes needed move by a few
         * keys from one iteration to the next; without the margin a timed
         * iteration could allocate (and zero) tens of megabytes, and on a
         * loaded machine trigger a collection, where the reference has its
         * buffers from the start.
         */
        private static int[] atLeast(int[] array, int length) {
            return array.length >= length ? array : new int[length + length / 8];
        }

        /** Sorts the last iteration's keys by their ranks and checks the order across all ranks. */
        void fullVerify() throws MPIException {
            if (sorted.length < localKeys) {
                sorted = new int[localKeys];
            }
            for (int i = receiveOffsets[0]; i < receiveOffsets[0] + localKeys; i++) {
                int key = exchange[i];
                sorted[--keyRanks[key - minKeyOfLastIteration]] = key;
            }
            // the largest key of the ranks below this one; a rank without keys (more ranks than
            // the buckets can feed) passes on the largest below it
            int[] largest = {localKeys > 0 ? sorted[localKeys - 1] : Integer.MIN_VALUE};
            int[] largestSoFar = new int[1];
            comm.Scan(largest, 0, largestSoFar, 0, 1, MPI.INT, MPI.MAX);
            int[] largestBelow = {Integer.MIN_VALUE};
            Request request = null;
            if (rank > 0) {
                request = comm.Irecv(largestBelow, 0, 1, MPI.INT, rank - 1, 1000);
            }
            if (rank < size - 1) {
                comm.Send(largestSoFar, 0, 1, MPI.INT, rank + 1, 1000);
            }
            if (request != null) {
                request.Wait();
            }
            int outOfOrder = 0;
            if (localKeys > 0 && largestBelow[0] > sorted[0]) {
                outOfOrder++;
            }
            for (int i = 1; i < localKeys; i++) {
                if (sorted[i - 1] > sorted[i]) {
                    outOfOrder++;
                }
            }
            if (outOfOrder != 0) {
                System.out.printf("Processor %d:  Full_verify: number of keys out of sort: %d%n", rank, outOfOrder);
            } else {
                passed++;
            }
        }
    }

    /**
     * The IS class table.
     *
     * @param problemClass the class
     * @param totalKeysLog2 log2 of the number of keys
     * @param maxKeyLog2 log2 of the key range
     * @param bucketsLog2 log2 of the number of buckets
     * @param testIndexes the positions of the five test keys
     * @param testRanks their ranks before the iteration shift
     */
    record Parameters(ProblemClass problemClass, int totalKeysLog2, int maxKeyLog2, int bucketsLog2,
            int[] testIndexes, int[] testRanks) {
        static Parameters of(ProblemClass problemClass) {
            return switch (problemClass) {
                case S -> new Parameters(problemClass, 16, 11, 9,
                        new int[] {48427, 17148, 23627, 62548, 4431},
                        new int[] {0, 18, 346, 64917, 65463});
                case W -> new Parameters(problemClass, 20, 16, 10,
                        new int[] {357773, 934767, 875723, 898999, 404505},
                        new int[] {1249, 11698, 1039987, 1043896, 1048018});
                case A -> new Parameters(problemClass, 23, 19, 10,
                        new int[] {2112377, 662041, 5336171, 3642833, 4250760},
                        new int[] {104, 17523, 123928, 8288932, 8388264});
                case B -> new Parameters(problemClass, 25, 21, 10,
                        new int[] {41869, 812306, 5102857, 18232239, 26860214},
                        new int[] {33422937, 10244, 59149, 33135281, 99});
                case C -> new Parameters(problemClass, 27, 23, 10,
                        new int[] {44172927, 72999161, 74326391, 129606274, 21736814},
                        new int[] {61147, 882988, 266290, 133997595, 133525895});
            };
        }

        /**
         * {@return the rank test key {@code i} must have in iteration
         * {@code iteration}, shifted per class as the reference does}
         */
        long expectedRank(int i, int iteration) {
            int base = testRanks[i];
            return switch (problemClass) {
                case S, C -> i <= 2 ? base + iteration : base - iteration;
                case W -> i < 2 ? base + (iteration - 2) : base - iteration;
                case A -> i <= 2 ? base + (iteration - 1) : base - (iteration - 1);
                case B -> (i == 1 || i == 2 || i == 4) ? base + iteration : base - iteration;
            };
        }
    }
}
