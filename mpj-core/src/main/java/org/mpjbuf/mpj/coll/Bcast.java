package org.mpjbuf.mpj.coll;

import java.util.ArrayList;
import java.util.List;

/**
 * Broadcast algorithms. Ranks are renumbered relative to the root
 * ({@code v = (r - root) mod p}) so that every tree is rooted at virtual rank 0.
 *
 * <ul>
 *   <li>{@link Algorithm#FLAT}: the root sends the whole message to every rank.</li>
 *   <li>{@link Algorithm#BINOMIAL}: minimum spanning (binomial) tree; virtual rank
 *       {@code v} receives from {@code v - lowbit(v)} and forwards to
 *       {@code v + 2^k} for every {@code 2^k < lowbit(v)}; ceil(log2 p) rounds.</li>
 *   <li>{@link Algorithm#SCATTER_RING}: the message is cut into p blocks, scattered
 *       along the binomial tree, then rebuilt everywhere by a ring allgather (van de
 *       Geijn); about 2n bytes per rank on the wire instead of n log p.</li>
 *   <li>{@link Algorithm#SCATTER_DOUBLING}: the same scatter, then a
 *       recursive-doubling allgather (with the non-power-of-two fix-up).</li>
 * </ul>
 */
public final class Bcast {
    /** The broadcast algorithms. */
    public enum Algorithm {
        /** Root sends to everyone. */
        FLAT,
        /** Binomial (minimum spanning) tree. */
        BINOMIAL,
        /** Binomial scatter, then ring allgather. */
        SCATTER_RING,
        /** Binomial scatter, then recursive-doubling allgather. */
        SCATTER_DOUBLING
    }

    private Bcast() {
    }

    /**
     * Broadcasts {@code count} items from the root's buffer to every rank's buffer.
     *
     * @param algorithm the algorithm
     * @param channel   the communicator's channel
     * @param buffer    the buffer, read at the root and written elsewhere
     * @param index     index of the first item
     * @param count     number of items
     * @param type      datatype
     * @param root      rank of the root
     * @param <T>       datatype handle
     * @param <X>       exception raised
     * @throws X when a transfer fails
     */
    public static <T, X extends Exception> void run(
        final Algorithm algorithm, final CollectiveChannel<T, X> channel,
        final Object buffer, final int index, final int count, final T type, final int root) throws X {
        if (channel.size() == 1 || count == 0) {
            return;
        }
        switch (algorithm) {
            case FLAT -> flat(channel, buffer, index, count, type, root);
            case BINOMIAL -> binomial(channel, buffer, index, count, type, root);
            case SCATTER_RING -> scatterAllgather(channel, buffer, index, count, type, root, true);
            case SCATTER_DOUBLING -> scatterAllgather(channel, buffer, index, count, type, root, false);
        }
    }

    private static <T, X extends Exception> void flat(
        final CollectiveChannel<T, X> channel,
        final Object buffer, final int index, final int count, final T type, final int root) throws X {
        if (channel.rank() != root) {
            channel.recv(buffer, index, count, type, root, Tags.BCAST);
            return;
        }
        final List<Pending<X>> sends = new ArrayList<>();
        for (int dest = 0; dest < channel.size(); dest++) {
            if (dest != root) {
                sends.add(channel.isend(buffer, index, count, type, dest, Tags.BCAST));
            }
        }
        Support.awaitAll(sends);
    }

    private static <T, X extends Exception> void binomial(
        final CollectiveChannel<T, X> channel,
        final Object buffer, final int index, final int count, final T type, final int root) throws X {
        final int size = channel.size();
        final int virtualRank = (channel.rank() - root + size) % size;
        int mask = 1;
        while (mask < size) {
            if ((virtualRank & mask) != 0) {
                channel.recv(buffer, index, count, type, (virtualRank - mask + root) % size, Tags.BCAST);
                break;
            }
            mask <<= 1;
        }
        final List<Pending<X>> sends = new ArrayList<>();
        for (mask >>= 1; mask > 0; mask >>= 1) {
            if (virtualRank + mask < size) {
                sends.add(channel.isend(buffer, index, count, type, (virtualRank + mask + root) % size, Tags.BCAST));
            }
        }
        Support.awaitAll(sends);
    }

    private static <T, X extends Exception> void scatterAllgather(
        final CollectiveChannel<T, X> channel,
        final Object buffer, final int index, final int count, final T type, final int root,
        final boolean ring) throws X {
        final Blocks<T, X> blocks = Blocks.split(channel, buffer, index, type, count, root, Tags.BCAST);
        final int virtualRank = blocks.virtual(channel.rank());
        binomialScatter(channel, blocks, virtualRank);
        if (ring) {
            blocks.ring(virtualRank);
        } else {
            blocks.recursiveDoubling(virtualRank);
        }
    }

    /**
     * Binomial scatter of the blocks from virtual rank 0: a virtual rank whose lowest
     * set bit is {@code m} receives the blocks of its subtree {@code [v, v+m)} from
     * {@code v - m}, then hands each child subtree its blocks.
     */
    static <T, X extends Exception> void binomialScatter(
        final CollectiveChannel<T, X> channel, final Blocks<T, X> blocks, final int virtualRank) throws X {
        final int size = channel.size();
        int mask = 1;
        while (mask < size) {
            if ((virtualRank & mask) != 0) {
                blocks.irecv(virtualRank, Math.min(virtualRank + mask, size), blocks.real(virtualRank - mask));
                blocks.await();
                break;
            }
            mask <<= 1;
        }
        for (mask >>= 1; mask > 0; mask >>= 1) {
            final int child = virtualRank + mask;
            if (child < size) {
                blocks.isend(child, Math.min(child + mask, size), blocks.real(child));
            }
        }
        blocks.await();
    }
}
