package org.mpjbuf.bench.pack;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.mpjbuf.Buffer;
import org.mpjbuf.BufferDescriptor;
import org.mpjbuf.BufferFactory;
import org.mpjbuf.Type;
import org.mpjbuf.buddy.Medium;

/**
 * A companion to the JMH packing benchmarks for a loaded machine: each API call and its baseline
 * run in short alternating rounds inside one JVM, so both see the same background load, and the
 * minimum and median time per operation over the rounds are reported with the ratio of the minima
 * (baseline time / API time: 1 or more means the API is at least as fast). Both run alternately for
 * two seconds first, so that the JIT has compiled them before anything is measured. The operations are those
 * of {@link ContiguousBenchmark} ({@code int[]} sections), {@link GatherBenchmark}, a strided
 * region with unit and non-unit last stride, and {@link IntegrityBenchmark}, over pooled direct
 * memory. Run with
 * {@code java -cp benchmarks.jar org.mpjbuf.bench.pack.InterleavedPacking [rounds]}.
 */
public final class InterleavedPacking {
    private static final long ROUND_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    private static final long WARM_UP_NANOS = TimeUnit.SECONDS.toNanos(2);
    private static final int[] CONTIGUOUS_BYTES = {64, 4096, 65536, 1 << 20};
    private static final int[] GATHER_COUNTS = {512, 65536};
    private static final long PAYLOAD = BufferDescriptor.MESSAGE_HEADER_LENGTH + BufferDescriptor.SECTION_HEADER_LENGTH;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.nativeOrder());
    private static final ValueLayout.OfDouble DOUBLE =
        ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.nativeOrder());

    /** Takes every operation's result, so that the JIT cannot drop the work. */
    private static long consumed;

    /** An operation repeated {@code count} times in its own loop, so that each is compiled on its own. */
    @FunctionalInterface
    private interface Repeated {
        long run(int count);
    }

    private InterleavedPacking() {
    }

    /**
     * Runs the comparison and prints Markdown tables.
     *
     * @param arguments optionally the number of rounds (default 30)
     */
    public static void main(final String[] arguments) {
        final int rounds = arguments.length > 0 ? Integer.parseInt(arguments[0]) : 30;
        try (BufferFactory factory = BufferFactory.builder().medium(Medium.DIRECT).build()) {
            System.out.println("| operation | size | API min (median) ns | baseline min (median) ns | baseline / API |");
            System.out.println("|---|---|---|---|---|");
            for (final int bytes : CONTIGUOUS_BYTES) {
                contiguous(factory, bytes, rounds);
            }
            for (final int count : GATHER_COUNTS) {
                for (final boolean random : new boolean[] {false, true}) {
                    gather(factory, count, random, rounds);
                }
            }
            for (final int stride : new int[] {1, 2}) {
                strided(factory, stride, rounds);
            }
            for (final int bytes : CONTIGUOUS_BYTES) {
                integrity(factory, bytes, rounds);
            }
        }
    }

    private static void contiguous(final BufferFactory factory, final int bytes, final int rounds) {
        final int count = bytes / Integer.BYTES;
        final int[] source = new Random(3).ints(count).toArray();
        final int[] destination = new int[count];
        final Buffer writable = factory.allocate(BufferDescriptor.sectionSize(Type.INT, count));
        final Buffer readable = factory.allocate(BufferDescriptor.sectionSize(Type.INT, count));
        readable.putSectionHeader(Type.INT);
        readable.write(source, 0, count);
        readable.commit();
        final MemorySegment storage = writable.storageSegment();
        compare("write int[] (clear, header, write)", bytes + " B", rounds, n -> {
            for (int i = 0; i < n; i++) {
                writable.clear();
                writable.putSectionHeader(Type.INT);
                writable.write(source, 0, count);
            }
            return writable.getSectionSize();
        }, n -> {
            for (int i = 0; i < n; i++) {
                MemorySegment.copy(source, 0, storage, INT, PAYLOAD, count);
            }
            return storage.get(INT, PAYLOAD);
        });
        compare("read int[] (rewind, header, read)", bytes + " B", rounds, n -> {
            for (int i = 0; i < n; i++) {
                readable.rewind();
                readable.getSectionHeader();
                readable.read(destination, 0, count);
            }
            return destination[count - 1];
        }, n -> {
            for (int i = 0; i < n; i++) {
                MemorySegment.copy(storage, INT, PAYLOAD, destination, 0, count);
            }
            return destination[count - 1];
        });
        factory.free(writable);
        factory.free(readable);
    }

    private static void gather(final BufferFactory factory, final int count, final boolean random, final int rounds) {
        final Random generator = new Random(1);
        final double[] source = generator.doubles(count).toArray();
        final double[] destination = new double[count];
        final int[] indexes = new int[count];
        Arrays.setAll(indexes, i -> i);
        for (int i = count - 1; random && i > 0; i--) {
            final int j = generator.nextInt(i + 1);
            final int swap = indexes[i];
            indexes[i] = indexes[j];
            indexes[j] = swap;
        }
        final Buffer writable = factory.allocate(BufferDescriptor.sectionSize(Type.DOUBLE, count));
        final Buffer readable = factory.allocate(BufferDescriptor.sectionSize(Type.DOUBLE, count));
        readable.putSectionHeader(Type.DOUBLE);
        readable.write(source, 0, count);
        readable.commit();
        final MemorySegment storage = writable.storageSegment();
        final String size = count + (random ? " random" : " sequential");
        compare("gather double[] vs plain loop", size, rounds, n -> {
            for (int i = 0; i < n; i++) {
                writable.clear();
                writable.putSectionHeader(Type.DOUBLE);
                writable.gather(source, count, 0, indexes);
            }
            return writable.getSectionSize();
        }, n -> {
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < count; k++) {
                    storage.set(DOUBLE, PAYLOAD + 8L * k, source[indexes[k]]);
                }
            }
            return (long) storage.get(DOUBLE, PAYLOAD);
        });
        compare("scatter double[] vs plain loop", size, rounds, n -> {
            for (int i = 0; i < n; i++) {
                readable.rewind();
                readable.getSectionHeader();
                readable.scatter(destination, count, 0, indexes);
            }
            return (long) destination[0];
        }, n -> {
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < count; k++) {
                    destination[indexes[k]] = storage.get(DOUBLE, PAYLOAD + 8L * k);
                }
            }
            return (long) destination[0];
        });
        factory.free(writable);
        factory.free(readable);
    }

    /**
     * A rank-2 region of a row-major 256 x 128 matrix of doubles: all 256 rows, 64 columns with the
     * given column stride (1: each row one run; 2: every other element).
     */
    private static void strided(final BufferFactory factory, final int columnStride, final int rounds) {
        final int rows = 256;
        final int columns = 128;
        final int regionColumns = 64;
        final int count = rows * regionColumns;
        final double[] matrix = new Random(2).doubles(rows * columns).toArray();
        final double[] destination = new double[rows * columns];
        final int[] shape = {rows, regionColumns, columns, columnStride};
        final Buffer writable = factory.allocate(BufferDescriptor.sectionSize(Type.DOUBLE, count));
        final Buffer readable = factory.allocate(BufferDescriptor.sectionSize(Type.DOUBLE, count));
        readable.putSectionHeader(Type.DOUBLE);
        readable.strGather(matrix, 0, 2, 0, 2, shape);
        readable.commit();
        final MemorySegment storage = writable.storageSegment();
        final String size = rows + " x " + regionColumns + ", stride " + columnStride;
        compare("strGather double[] vs nested loops", size, rounds, n -> {
            for (int i = 0; i < n; i++) {
                writable.clear();
                writable.putSectionHeader(Type.DOUBLE);
                writable.strGather(matrix, 0, 2, 0, 2, shape);
            }
            return writable.getSectionSize();
        }, n -> {
            for (int i = 0; i < n; i++) {
                long index = PAYLOAD;
                for (int r = 0; r < rows; r++) {
                    for (int c = 0, element = r * columns; c < regionColumns; c++, element += columnStride) {
                        storage.set(DOUBLE, index, matrix[element]);
                        index += Double.BYTES;
                    }
                }
            }
            return (long) storage.get(DOUBLE, PAYLOAD);
        });
        compare("strScatter double[] vs nested loops", size, rounds, n -> {
            for (int i = 0; i < n; i++) {
                readable.rewind();
                readable.getSectionHeader();
                readable.strScatter(destination, 0, 2, 0, 2, shape);
            }
            return (long) destination[0];
        }, n -> {
            for (int i = 0; i < n; i++) {
                long index = PAYLOAD;
                for (int r = 0; r < rows; r++) {
                    for (int c = 0, element = r * columns; c < regionColumns; c++, element += columnStride) {
                        destination[element] = storage.get(DOUBLE, index);
                        index += Double.BYTES;
                    }
                }
            }
            return (long) destination[0];
        });
        factory.free(writable);
        factory.free(readable);
    }

    private static void integrity(final BufferFactory factory, final int bytes, final int rounds) {
        final int count = bytes / Integer.BYTES;
        final int[] source = new Random(5).ints(count).toArray();
        final Buffer writable = factory.allocate(BufferDescriptor.sectionSize(Type.INT, count));
        final Buffer sent = factory.allocate(BufferDescriptor.sectionSize(Type.INT, count));
        sent.putSectionHeader(Type.INT);
        sent.write(source, 0, count);
        sent.commit();
        final MemorySegment received = sent.staticSegment();
        final MemorySegment storage = writable.storageSegment();
        final Repeated copy = n -> {
            for (int i = 0; i < n; i++) {
                MemorySegment.copy(source, 0, storage, INT, PAYLOAD, count);
            }
            return storage.get(INT, PAYLOAD);
        };
        compare("checksum alone vs copy", bytes + " B", rounds,
            n -> {
                long sum = 0;
                for (int i = 0; i < n; i++) {
                    sum += BufferDescriptor.checksum(received, null, 0);
                }
                return sum;
            }, copy);
        compare("wrap received bytes (checks, checksum) vs copy", bytes + " B", rounds,
            n -> {
                long sum = 0;
                for (int i = 0; i < n; i++) {
                    sum += Buffer.wrap(received, null, 0).staticLength();
                }
                return sum;
            }, copy);
        compare("write, commit, staticLength (seals) vs write, commit", bytes + " B", rounds,
            n -> {
                long sum = 0;
                for (int i = 0; i < n; i++) {
                    writable.clear();
                    writable.putSectionHeader(Type.INT);
                    writable.write(source, 0, count);
                    writable.commit();
                    sum += writable.staticLength();
                }
                return sum;
            }, n -> {
                for (int i = 0; i < n; i++) {
                    writable.clear();
                    writable.putSectionHeader(Type.INT);
                    writable.write(source, 0, count);
                    writable.commit();
                }
                return writable.isReadable() ? 1 : 0;
            });
        factory.free(writable);
        factory.free(sent);
    }

    /** Runs both operations in alternating rounds and prints one table row. */
    private static void compare(final String operation, final String size, final int rounds,
                                final Repeated api, final Repeated baseline) {
        final long warmUpEnd = System.nanoTime() + WARM_UP_NANOS;
        while (System.nanoTime() < warmUpEnd) {
            time(api, calibrate(api));
            time(baseline, calibrate(baseline));
        }
        final int count = calibrate(api);
        final double[] apiTimes = new double[rounds];
        final double[] baselineTimes = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            apiTimes[round] = time(api, count);
            baselineTimes[round] = time(baseline, count);
        }
        Arrays.sort(apiTimes);
        Arrays.sort(baselineTimes);
        System.out.printf("| %s | %s | %s (%s) | %s (%s) | %.2f |%n", operation, size, format(apiTimes[0]),
            format(apiTimes[rounds / 2]), format(baselineTimes[0]), format(baselineTimes[rounds / 2]),
            baselineTimes[0] / apiTimes[0]);
    }

    /** The repetitions that take about one round. */
    private static int calibrate(final Repeated operation) {
        int count = 1;
        while (true) {
            final long start = System.nanoTime();
            operation.run(count);
            if (System.nanoTime() - start >= ROUND_NANOS || count >= 1 << 26) {
                return count;
            }
            count *= 2;
        }
    }

    private static double time(final Repeated operation, final int count) {
        final long start = System.nanoTime();
        consumed += operation.run(count);
        return (double) (System.nanoTime() - start) / count;
    }

    private static String format(final double nanos) {
        return nanos >= 100 ? String.format("%,.0f", nanos) : String.format("%.1f", nanos);
    }
}
