package org.mpjbuf.bench.dev;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The floor of any message between two threads: a counter in one cache line that two spinning
 * threads hand back and forth. One operation is a round trip (the benchmark thread writes an odd
 * value, an echo thread answers with the next even one), so the score divided by two is the cost
 * of one cache line crossing from one core to the other and being seen there: the unit in which
 * the benchmarks README counts the crossings of a small message's path.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class CoreHopBenchmark {
    private static final VarHandle COUNTER;

    static {
        try {
            COUNTER = MethodHandles.lookup().findVarHandle(CoreHopBenchmark.class, "counter", long.class);
        } catch (final ReflectiveOperationException ex) {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /** Odd: the benchmark thread's turn is over; even: the echo thread answered. Negative: stop. */
    @SuppressWarnings("unused") // accessed through COUNTER
    private volatile long counter;
    private long next;
    private Thread echo;

    /** Starts the echo thread. */
    @Setup(Level.Trial)
    public void start() {
        echo = Thread.ofPlatform().name("core-hop-echo").daemon(true).start(() -> {
            long seen = 0;
            while (true) {
                long value;
                while ((value = (long) COUNTER.getAcquire(this)) == seen) {
                    Thread.onSpinWait();
                }
                if (value < 0) {
                    return;
                }
                seen = value + 1;
                COUNTER.setRelease(this, seen);
            }
        });
    }

    /**
     * Stops the echo thread.
     *
     * @throws InterruptedException if interrupted while joining it
     */
    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
        COUNTER.setRelease(this, -1L);
        echo.join(10_000);
    }

    /**
     * One round trip of the counter.
     *
     * @return the counter's value, so the work is not dead code
     */
    @Benchmark
    public long roundTrip() {
        final long sent = next + 1;
        next = sent + 1;
        COUNTER.setRelease(this, sent);
        long value;
        while ((value = (long) COUNTER.getAcquire(this)) != next) {
            Thread.onSpinWait();
        }
        return value;
    }
}
