package org.mpjbuf.bench.alloc;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Settings shared by the allocator benchmarks: average time per operation in nanoseconds, one fork with
 * Netty's thread caches enabled for every thread (as its event loops have them), and the allocator under
 * test, shared by all benchmark threads. JMH subclasses benchmark classes, so they are not final.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Dio.netty.allocator.useCacheForAllThreads=true", "-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class AllocatorBenchmarkSettings {
    /** The allocator under test. */
    @Param
    public AllocatorKind allocator;

    /** The allocator instance, shared by all benchmark threads. */
    protected Allocator instance;

    /** Creates the allocator. */
    @Setup
    public void createAllocator() {
        instance = allocator.create();
    }

    /** Closes the allocator. */
    @TearDown
    public void closeAllocator() {
        instance.close();
    }
}
