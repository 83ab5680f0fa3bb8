package org.mpjbuf.bench.alloc;

import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;

/**
 * The mixed pattern: each thread keeps 16 live buffers of random sizes from {1 KiB, 16 KiB, 128 KiB}; one
 * operation frees one of them, chosen at random, and allocates a buffer of a random size in its place. The
 * sequence comes from a fixed seed.
 */
public class PatternBenchmark extends AllocatorBenchmarkSettings {
    private static final int LIVE = 16;
    private static final int SEQUENCE = 1 << 12;
    private static final int[] SIZES = {1024, 16 * 1024, 128 * 1024};

    /** One thread's live buffers and its precomputed sequence of (slot, size) choices. */
    @State(Scope.Thread)
    public static class Live {
        private final Object[] buffers = new Object[LIVE];
        private final int[] slots = new int[SEQUENCE];
        private final int[] sizes = new int[SEQUENCE];
        private Allocator allocator;
        private int cursor;

        /**
         * Draws the sequence and allocates the first 16 buffers.
         *
         * @param benchmark the benchmark holding the allocator.
         */
        @Setup
        public void fill(final PatternBenchmark benchmark) {
            allocator = benchmark.instance;
            final SplittableRandom random = new SplittableRandom(42);
            for (int index = 0; index < SEQUENCE; index++) {
                slots[index] = random.nextInt(LIVE);
                sizes[index] = SIZES[random.nextInt(SIZES.length)];
            }
            for (int slot = 0; slot < LIVE; slot++) {
                buffers[slot] = allocator.allocate(SIZES[slot % SIZES.length]);
            }
        }

        /** Prints the allocator's memory with the 16 buffers still live, then frees them. */
        @TearDown
        public void drain() {
            System.out.println("# memory after the pattern (" + LIVE + " live buffers per thread): "
                + allocator.memoryReport());
            for (final Object buffer : buffers) {
                allocator.free(buffer);
            }
        }

        Object replace() {
            final int index = cursor++ & (SEQUENCE - 1);
            final int slot = slots[index];
            allocator.free(buffers[slot]);
            final Object buffer = allocator.allocate(sizes[index]);
            buffers[slot] = buffer;
            return buffer;
        }
    }

    /**
     * Frees one buffer and allocates another, on one thread.
     *
     * @param live the thread's live buffers.
     * @return the new buffer.
     */
    @Benchmark
    @Threads(1)
    public Object pattern(final Live live) {
        return live.replace();
    }

    /**
     * Frees one buffer and allocates another, on each of two threads sharing the allocator.
     *
     * @param live the thread's live buffers.
     * @return the new buffer.
     */
    @Benchmark
    @Threads(2)
    public Object patternTwoThreads(final Live live) {
        return live.replace();
    }
}
