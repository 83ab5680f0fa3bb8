package org.mpjbuf.mpj.coll;

import java.util.List;

/** Small helpers shared by the algorithms: power-of-two arithmetic, waiting, ordered combining. */
final class Support {
    private Support() {
    }

    /**
     * Returns the largest power of two not above {@code size}.
     *
     * @param size a positive number
     * @return the power of two
     */
    static int floorPowerOfTwo(final int size) {
        return Integer.highestOneBit(size);
    }

    /**
     * Waits for every pending operation in order.
     *
     * @param pending the operations
     * @param <X>     the exception raised
     * @throws X when one failed
     */
    static <X extends Exception> void awaitAll(final List<Pending<X>> pending) throws X {
        for (final Pending<X> operation : pending) {
            operation.await();
        }
        pending.clear();
    }

    /**
     * Combines a received block into an accumulated one keeping rank order:
     * {@code acc = received op acc} when the received block comes from lower ranks,
     * {@code acc = acc op received} otherwise; the received block is clobbered.
     */
    static <T, X extends Exception> void combineOrdered(
        final CollectiveChannel<T, X> channel, final Combiner<X> combiner,
        final Object received, final int receivedIndex,
        final Object acc, final int accIndex,
        final int count, final T type, final boolean receivedIsLower) throws X {
        if (receivedIsLower || combiner.commutative()) {
            combiner.combine(received, receivedIndex, acc, accIndex, count);
        } else {
            combiner.combine(acc, accIndex, received, receivedIndex, count);
            channel.copy(received, receivedIndex, count, type, acc, accIndex, count, type);
        }
    }

    /**
     * Splits {@code count} items into {@code parts} nearly equal consecutive blocks.
     *
     * @return {@code parts + 1} item offsets; block {@code i} is {@code [d[i], d[i+1])}
     */
    static int[] split(final int count, final int parts) {
        final int[] displacements = new int[parts + 1];
        final int base = count / parts;
        final int extra = count % parts;
        for (int i = 0; i < parts; i++) {
            displacements[i + 1] = displacements[i] + base + (i < extra ? 1 : 0);
        }
        return displacements;
    }
}
