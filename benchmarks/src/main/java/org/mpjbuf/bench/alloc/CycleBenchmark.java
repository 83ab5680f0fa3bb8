package org.mpjbuf.bench.alloc;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Threads;

/**
 * One allocate+free cycle of a fixed size, on one thread and on two threads sharing the allocator.
 */
public class CycleBenchmark extends AllocatorBenchmarkSettings {
    /** Bytes per allocation: 64 B, 1 KiB, 16 KiB, 128 KiB, 1 MiB, 8 MiB. */
    @Param({"64", "1024", "16384", "131072", "1048576", "8388608"})
    public int size;

    /**
     * Allocates and frees one buffer on one thread.
     *
     * @return the freed buffer, so that the allocation is not optimised away.
     */
    @Benchmark
    @Threads(1)
    public Object cycle() {
        final Object handle = instance.allocate(size);
        instance.free(handle);
        return handle;
    }

    /**
     * Allocates and frees one buffer on each of two threads sharing the allocator.
     *
     * @return the freed buffer, so that the allocation is not optimised away.
     */
    @Benchmark
    @Threads(2)
    public Object cycleTwoThreads() {
        final Object handle = instance.allocate(size);
        instance.free(handle);
        return handle;
    }
}
