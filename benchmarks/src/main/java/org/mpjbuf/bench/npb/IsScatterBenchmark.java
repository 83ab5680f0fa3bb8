package org.mpjbuf.bench.npb;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Why NPB IS scatters its keys into a few groups of buckets rather than into every bucket: the
 * scatter of one rank's keys of class A (2^23 keys below 2^19, each a quarter of the key range
 * times the sum of four uniform deviates, as IS draws them) into {@link #groups} runs of
 * consecutive key values, each key stored at its run's pointer, which then advances.
 *
 * <p>With 1024 runs (the NPB reference's buckets) nearly every store misses the L1 cache: a
 * thousand store streams hold more lines than it has. With 16 the streams stay in it. The count
 * of the runs is the cost: a run's key values are the range the ranking's population counts
 * sweep while they read its keys, so fewer runs spread those counts over more memory.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-XX:+UseTransparentHugePages"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class IsScatterBenchmark {
    private static final int KEYS_LOG2 = 23;
    private static final int MAX_KEY_LOG2 = 19;

    /** Runs of key values the keys are scattered into (a power of two). */
    @Param({"16", "32", "64", "1024"})
    public int groups;

    private int[] keys;
    private int[] scattered;
    private int[] starts;
    private int[] pointers;
    private int shift;

    /** Draws the keys and finds where every run starts. */
    @Setup
    public void draw() {
        int count = 1 << KEYS_LOG2;
        int quarter = (1 << MAX_KEY_LOG2) / 4;
        SplittableRandom random = new SplittableRandom(314159265L);
        keys = new int[count];
        for (int i = 0; i < count; i++) {
            double sum = random.nextDouble() + random.nextDouble() + random.nextDouble() + random.nextDouble();
            keys[i] = (int) (quarter * sum);
        }
        shift = MAX_KEY_LOG2 - Integer.numberOfTrailingZeros(groups);
        int[] sizes = new int[groups];
        for (int key : keys) {
            sizes[key >>> shift]++;
        }
        starts = new int[groups];
        for (int g = 1; g < groups; g++) {
            starts[g] = starts[g - 1] + sizes[g - 1];
        }
        pointers = new int[groups];
        scattered = new int[count];
    }

    /**
     * Scatters every key to its run.
     *
     * @return the scattered keys
     */
    @Benchmark
    public int[] scatter() {
        System.arraycopy(starts, 0, pointers, 0, groups);
        for (int key : keys) {
            scattered[pointers[key >>> shift]++] = key;
        }
        return scattered;
    }
}
