package org.mpjbuf.bench.alloc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;

/**
 * A companion to the JMH benchmarks for a loaded machine: the allocators run in short alternating rounds
 * inside one JVM, so that each sees the same background load, and the minimum and median time per
 * allocate+free cycle over the rounds is reported, with the ratio to Netty's minimum and the aggregate
 * throughput of two threads relative to one. Run with
 * {@code java -Dio.netty.allocator.useCacheForAllThreads=true -cp benchmarks.jar
 * org.mpjbuf.bench.alloc.InterleavedComparison [rounds]}.
 */
public final class InterleavedComparison {
    private static final int[] SIZES = {64, 1024, 16 * 1024, 128 * 1024, 1 << 20, 8 << 20};
    private static final int[] PATTERN_SIZES = {1024, 16 * 1024, 128 * 1024};
    private static final int PATTERN = 0;
    private static final long ROUND_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    private static final List<AllocatorKind> KINDS = List.of(AllocatorKind.BUDDY_SHARED_DIRECT,
        AllocatorKind.BUDDY_SHARED_NATIVE, AllocatorKind.BUDDY_PER_REGION_DIRECT, AllocatorKind.BUDDY_PER_REGION_NATIVE,
        AllocatorKind.NETTY_POOLED, AllocatorKind.FFM_CONFINED_ARENA);

    private InterleavedComparison() {
    }

    /**
     * Runs the comparison and prints Markdown tables.
     *
     * @param arguments optionally the number of rounds (default 15).
     * @throws Exception if a benchmark thread fails.
     */
    public static void main(final String[] arguments) throws Exception {
        final int rounds = arguments.length > 0 ? Integer.parseInt(arguments[0]) : 15;
        final Map<AllocatorKind, Allocator> allocators = new EnumMap<>(AllocatorKind.class);
        for (final AllocatorKind kind : KINDS) {
            allocators.put(kind, kind.create());
        }
        System.out.println("| allocator | threads | 64 B | 1 KiB | 16 KiB | 128 KiB | 1 MiB | 8 MiB | pattern |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        final Map<AllocatorKind, double[][]> minimum = new EnumMap<>(AllocatorKind.class);
        for (final int threads : new int[] {1, 2}) {
            final Map<AllocatorKind, double[][]> samples = new EnumMap<>(AllocatorKind.class);
            for (final AllocatorKind kind : KINDS) {
                samples.put(kind, new double[SIZES.length + 1][rounds]);
            }
            for (int round = 0; round < rounds; round++) {
                for (int column = 0; column <= SIZES.length; column++) {
                    for (final AllocatorKind kind : KINDS) {
                        samples.get(kind)[column][round] = measure(allocators.get(kind), column, threads);
                    }
                }
            }
            for (final AllocatorKind kind : KINDS) {
                final double[][] perColumn = samples.get(kind);
                final StringBuilder row = new StringBuilder("| " + kind + " | " + threads + " |");
                for (int column = 1; column <= SIZES.length; column++) {
                    row.append(' ').append(cell(perColumn[column], samples.get(AllocatorKind.NETTY_POOLED)[column]))
                        .append(" |");
                }
                row.append(' ').append(cell(perColumn[PATTERN], samples.get(AllocatorKind.NETTY_POOLED)[PATTERN]))
                    .append(" |");
                System.out.println(row);
                if (threads == 1) {
                    minimum.put(kind, perColumn);
                } else {
                    final StringBuilder scaling = new StringBuilder("| " + kind + " | 2 vs 1 |");
                    for (int column = 1; column <= SIZES.length + 1; column++) {
                        final int index = column % (SIZES.length + 1);
                        scaling.append(String.format(" %.2fx |", 2 * min(minimum.get(kind)[index]) / min(perColumn[index])));
                    }
                    System.out.println(scaling);
                }
            }
        }
        allocators.values().forEach(Allocator::close);
    }

    private static String cell(final double[] samples, final double[] netty) {
        final double[] sorted = samples.clone();
        Arrays.sort(sorted);
        return String.format("%s (median %s) %.1fx", time(sorted[0]), time(sorted[sorted.length / 2]), min(netty) / sorted[0]);
    }

    private static double min(final double[] samples) {
        return Arrays.stream(samples).min().orElseThrow();
    }

    private static String time(final double nanos) {
        return nanos >= 1e6 ? String.format("%.2f ms", nanos / 1e6)
            : nanos >= 1e3 ? String.format("%.2f us", nanos / 1e3) : String.format("%.0f ns", nanos);
    }

    /** Returns the time per operation per thread of one round. */
    private static double measure(final Allocator allocator, final int column, final int threads) throws Exception {
        if (threads == 1) {
            return run(allocator, column);
        }
        final CyclicBarrier start = new CyclicBarrier(threads);
        final double[] results = new double[threads];
        final List<Thread> workers = new ArrayList<>();
        final Throwable[] failure = new Throwable[1];
        for (int index = 0; index < threads; index++) {
            final int slot = index;
            workers.add(Thread.ofPlatform().start(() -> {
                try {
                    start.await();
                    results[slot] = run(allocator, column);
                } catch (final Exception | Error e) {
                    failure[0] = e;
                }
            }));
        }
        for (final Thread worker : workers) {
            worker.join();
        }
        if (failure[0] != null) {
            throw new IllegalStateException("benchmark thread failed", failure[0]);
        }
        return Arrays.stream(results).max().orElseThrow();
    }

    private static double run(final Allocator allocator, final int column) {
        return column == PATTERN ? pattern(allocator) : cycles(allocator, SIZES[column - 1]);
    }

    private static double cycles(final Allocator allocator, final int size) {
        final int batch = size >= 1 << 20 ? 1 : 64;
        long operations = 0;
        final long start = System.nanoTime();
        long now;
        do {
            for (int index = 0; index < batch; index++) {
                allocator.free(allocator.allocate(size));
            }
            operations += batch;
            now = System.nanoTime();
        } while (now - start < ROUND_NANOS);
        return (double) (now - start) / operations;
    }

    private static double pattern(final Allocator allocator) {
        final SplittableRandom random = new SplittableRandom(42);
        final Object[] live = new Object[16];
        for (int slot = 0; slot < live.length; slot++) {
            live[slot] = allocator.allocate(PATTERN_SIZES[slot % PATTERN_SIZES.length]);
        }
        long operations = 0;
        final long start = System.nanoTime();
        long now;
        do {
            for (int index = 0; index < 64; index++) {
                final int slot = random.nextInt(live.length);
                allocator.free(live[slot]);
                live[slot] = allocator.allocate(PATTERN_SIZES[random.nextInt(PATTERN_SIZES.length)]);
            }
            operations += 64;
            now = System.nanoTime();
        } while (now - start < ROUND_NANOS);
        for (final Object buffer : live) {
            allocator.free(buffer);
        }
        return (double) (now - start) / operations;
    }
}
