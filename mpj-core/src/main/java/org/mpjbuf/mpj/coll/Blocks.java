package org.mpjbuf.mpj.coll;

import java.util.ArrayList;
import java.util.List;

/**
 * A buffer region split into one block per virtual rank, and the allgather
 * patterns that move whole blocks: ring and recursive doubling.
 *
 * <p>Block {@code v} holds {@code counts[v]} items starting {@code displacements[v]}
 * items after {@code index}. Virtual rank {@code v} is real rank
 * {@code (v + shift) mod p}. A run of blocks that lie back to back in memory travels
 * as one message; both ends derive the same runs from the same layout, so sends and
 * receives always pair up.
 *
 * @param <T> datatype handle
 * @param <X> exception raised
 */
final class Blocks<T, X extends Exception> {
    private final CollectiveChannel<T, X> channel;
    private final Object buffer;
    private final int index;
    private final T type;
    private final int extent;
    private final int[] counts;
    private final int[] displacements;
    private final int shift;
    private final int tag;
    private final List<Pending<X>> pending = new ArrayList<>();

    Blocks(final CollectiveChannel<T, X> channel, final Object buffer, final int index, final T type,
           final int[] counts, final int[] displacements, final int shift, final int tag) {
        this.channel = channel;
        this.buffer = buffer;
        this.index = index;
        this.type = type;
        this.extent = channel.extent(type);
        this.counts = counts;
        this.displacements = displacements;
        this.shift = shift;
        this.tag = tag;
    }

    /**
     * Builds the layout of {@code size} equal back-to-back blocks of {@code count} items.
     */
    static <T, X extends Exception> Blocks<T, X> uniform(
        final CollectiveChannel<T, X> channel, final Object buffer, final int index, final T type,
        final int count, final int shift, final int tag) {
        final int size = channel.size();
        final int[] counts = new int[size];
        final int[] displacements = new int[size];
        for (int v = 0; v < size; v++) {
            counts[v] = count;
            displacements[v] = v * count;
        }
        return new Blocks<>(channel, buffer, index, type, counts, displacements, shift, tag);
    }

    /**
     * Builds the layout of {@code count} items cut into {@code size} nearly equal consecutive blocks.
     */
    static <T, X extends Exception> Blocks<T, X> split(
        final CollectiveChannel<T, X> channel, final Object buffer, final int index, final T type,
        final int count, final int shift, final int tag) {
        final int size = channel.size();
        final int[] bounds = Support.split(count, size);
        final int[] counts = new int[size];
        final int[] displacements = new int[size];
        for (int v = 0; v < size; v++) {
            counts[v] = bounds[v + 1] - bounds[v];
            displacements[v] = bounds[v];
        }
        return new Blocks<>(channel, buffer, index, type, counts, displacements, shift, tag);
    }

    int real(final int virtualRank) {
        return (virtualRank + shift) % channel.size();
    }

    int virtual(final int realRank) {
        final int size = channel.size();
        return (realRank - shift + size) % size;
    }

    int count(final int virtualRank) {
        return counts[virtualRank];
    }

    int itemIndex(final int virtualRank) {
        return index + displacements[virtualRank] * extent;
    }

    /** Starts sends of blocks {@code [from, to)} to a real rank. */
    void isend(final int from, final int to, final int dest) throws X {
        for (int start = from; start < to; ) {
            final int end = runEnd(start, to);
            pending.add(channel.isend(buffer, itemIndex(start), items(start, end), type, dest, tag));
            start = end;
        }
    }

    /** Starts receives of blocks {@code [from, to)} from a real rank. */
    void irecv(final int from, final int to, final int source) throws X {
        for (int start = from; start < to; ) {
            final int end = runEnd(start, to);
            pending.add(channel.irecv(buffer, itemIndex(start), items(start, end), type, source, tag));
            start = end;
        }
    }

    /** Waits for every transfer started so far. */
    void await() throws X {
        Support.awaitAll(pending);
    }

    /**
     * Ring allgather: starting with its own block, each virtual rank passes on in
     * step {@code s} the block it received in step {@code s - 1}; p - 1 steps.
     *
     * @param virtualRank the caller's virtual rank
     */
    void ring(final int virtualRank) throws X {
        final int size = channel.size();
        final int right = real((virtualRank + 1) % size);
        final int left = real((virtualRank - 1 + size) % size);
        for (int step = 0; step < size - 1; step++) {
            final int sendBlock = (virtualRank - step + size) % size;
            final int recvBlock = (virtualRank - step - 1 + size) % size;
            irecv(recvBlock, recvBlock + 1, left);
            isend(sendBlock, sendBlock + 1, right);
            await();
        }
    }

    /**
     * Recursive-doubling allgather with the non-power-of-two fix-up.
     *
     * <p>Let q be the largest power of two not above p. Virtual ranks
     * {@code v >= q} first hand their block to {@code v - q} and at the end get
     * everything back from it. Among the first q ranks, a group of {@code m} ranks
     * starting at {@code a} owns blocks {@code [a, a+m)} and the extras
     * {@code [a+q, min(a+m, p-q)+q)}; in the step of distance {@code m} partners
     * exchange their groups' blocks, so log2 q steps complete the set.
     *
     * @param virtualRank the caller's virtual rank
     */
    void recursiveDoubling(final int virtualRank) throws X {
        final int size = channel.size();
        final int pof2 = Support.floorPowerOfTwo(size);
        final int extras = size - pof2;
        if (virtualRank >= pof2) {
            isend(virtualRank, virtualRank + 1, real(virtualRank - pof2));
            await();
            irecv(0, virtualRank, real(virtualRank - pof2));
            irecv(virtualRank + 1, size, real(virtualRank - pof2));
            await();
            return;
        }
        if (virtualRank < extras) {
            irecv(virtualRank + pof2, virtualRank + pof2 + 1, real(virtualRank + pof2));
            await();
        }
        int start = virtualRank;
        for (int width = 1; width < pof2; width <<= 1) {
            final int partner = virtualRank ^ width;
            final int partnerStart = start ^ width;
            final int dest = real(partner);
            transferGroup(partnerStart, width, dest, false);
            transferGroup(start, width, dest, true);
            await();
            start = Math.min(start, partnerStart);
        }
        if (virtualRank < extras) {
            final int extra = virtualRank + pof2;
            isend(0, extra, real(extra));
            isend(extra + 1, size, real(extra));
            await();
        }
    }

    private void transferGroup(final int start, final int width, final int peer, final boolean send) throws X {
        final int pof2 = Support.floorPowerOfTwo(channel.size());
        final int extras = channel.size() - pof2;
        final int extraEnd = Math.min(start + width, extras);
        if (send) {
            isend(start, start + width, peer);
            if (start < extraEnd) {
                isend(start + pof2, extraEnd + pof2, peer);
            }
        } else {
            irecv(start, start + width, peer);
            if (start < extraEnd) {
                irecv(start + pof2, extraEnd + pof2, peer);
            }
        }
    }

    private int runEnd(final int start, final int to) {
        int end = start + 1;
        while (end < to && displacements[end] == displacements[end - 1] + counts[end - 1]) {
            end++;
        }
        return end;
    }

    private int items(final int from, final int to) {
        return displacements[to - 1] + counts[to - 1] - displacements[from];
    }
}
