package org.mpjbuf.mpj.coll;

import java.util.ArrayList;
import java.util.List;

/**
 * Gather algorithms.
 *
 * <ul>
 *   <li>{@link Algorithm#FLAT}: every rank sends its block to the root, which
 *       posts all receives at once.</li>
 *   <li>{@link Algorithm#BINOMIAL}: binomial tree over ranks renumbered from the
 *       root; an inner node collects its subtree's blocks (consecutive virtual
 *       ranks) in a scratch buffer and forwards them as one message, log2 p
 *       rounds. The root's receive buffer is in real rank order, so a subtree that
 *       wraps past rank p - 1 travels to the root as two messages, split where
 *       virtual rank {@code p - root} begins.</li>
 * </ul>
 */
public final class Gather {
    /** The gather algorithms. */
    public enum Algorithm {
        /** Everyone sends to the root. */
        FLAT,
        /** Binomial tree. */
        BINOMIAL
    }

    private Gather() {
    }

    /**
     * Gathers every rank's send region into consecutive blocks of the root's receive region.
     *
     * @param algorithm  the algorithm
     * @param channel    the communicator's channel
     * @param sendBuffer this rank's block
     * @param sendIndex  index of its first item
     * @param sendCount  number of items sent by each rank
     * @param sendType   datatype of the sent items
     * @param recvBuffer the root's receive buffer (significant at the root only)
     * @param recvIndex  index of block 0
     * @param recvCount  number of items received from each rank
     * @param recvType   datatype of the received items
     * @param root       rank receiving the blocks
     * @param <T>        datatype handle
     * @param <X>        exception raised
     * @throws X when a transfer fails
     */
    public static <T, X extends Exception> void run(
        final Algorithm algorithm, final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final int sendCount, final T sendType,
        final Object recvBuffer, final int recvIndex, final int recvCount, final T recvType, final int root) throws X {
        final int size = channel.size();
        final int rank = channel.rank();
        if (rank == root) {
            final int extent = channel.extent(recvType);
            channel.copy(sendBuffer, sendIndex, sendCount, sendType,
                recvBuffer, recvIndex + root * recvCount * extent, recvCount, recvType);
        }
        if (size == 1) {
            return;
        }
        switch (algorithm) {
            case FLAT -> flat(channel, sendBuffer, sendIndex, sendCount, sendType,
                recvBuffer, recvIndex, recvCount, recvType, root);
            case BINOMIAL -> binomial(channel, sendBuffer, sendIndex, sendCount, sendType,
                recvBuffer, recvIndex, recvCount, recvType, root);
        }
    }

    private static <T, X extends Exception> void flat(
        final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final int sendCount, final T sendType,
        final Object recvBuffer, final int recvIndex, final int recvCount, final T recvType, final int root) throws X {
        if (channel.rank() != root) {
            channel.send(sendBuffer, sendIndex, sendCount, sendType, root, Tags.GATHER);
            return;
        }
        final int extent = channel.extent(recvType);
        final List<Pending<X>> receives = new ArrayList<>();
        for (int source = 0; source < channel.size(); source++) {
            if (source != root) {
                receives.add(channel.irecv(recvBuffer, recvIndex + source * recvCount * extent, recvCount, recvType,
                    source, Tags.GATHER));
            }
        }
        Support.awaitAll(receives);
    }

    private static <T, X extends Exception> void binomial(
        final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final int sendCount, final T sendType,
        final Object recvBuffer, final int recvIndex, final int recvCount, final T recvType, final int root) throws X {
        final int size = channel.size();
        final int virtualRank = (channel.rank() - root + size) % size;
        final int wrap = size - root;
        if (virtualRank == 0) {
            final int extent = channel.extent(recvType);
            final List<Pending<X>> receives = new ArrayList<>();
            for (int mask = 1; mask < size; mask <<= 1) {
                final int end = Math.min(2 * mask, size);
                final int split = mask < wrap && wrap < end ? wrap : end;
                receives.add(channel.irecv(recvBuffer, recvIndex + ((mask + root) % size) * recvCount * extent,
                    (split - mask) * recvCount, recvType, (mask + root) % size, Tags.GATHER));
                if (split < end) {
                    receives.add(channel.irecv(recvBuffer, recvIndex, (end - split) * recvCount, recvType,
                        (mask + root) % size, Tags.GATHER));
                }
            }
            Support.awaitAll(receives);
            return;
        }
        final int lowbit = Integer.lowestOneBit(virtualRank);
        final int end = Math.min(virtualRank + lowbit, size);
        final int parent = (virtualRank - lowbit + root) % size;
        if (end == virtualRank + 1) {
            channel.send(sendBuffer, sendIndex, sendCount, sendType, parent, Tags.GATHER);
            return;
        }
        final int extent = channel.extent(sendType);
        final Object subtree = channel.allocate(sendType, (end - virtualRank) * sendCount);
        final int subtreeIndex = channel.scratchIndex(sendType, (end - virtualRank) * sendCount);
        channel.copy(sendBuffer, sendIndex, sendCount, sendType, subtree, subtreeIndex, sendCount, sendType);
        final List<Pending<X>> receives = new ArrayList<>();
        for (int mask = 1; mask < lowbit && virtualRank + mask < size; mask <<= 1) {
            final int child = virtualRank + mask;
            receives.add(channel.irecv(subtree, subtreeIndex + mask * sendCount * extent,
                (Math.min(child + mask, size) - child) * sendCount, sendType, (child + root) % size, Tags.GATHER));
        }
        Support.awaitAll(receives);
        final int split = lowbit == virtualRank && virtualRank < wrap && wrap < end ? wrap : end;
        channel.send(subtree, subtreeIndex, (split - virtualRank) * sendCount, sendType, parent, Tags.GATHER);
        if (split < end) {
            channel.send(subtree, subtreeIndex + (split - virtualRank) * sendCount * extent,
                (end - split) * sendCount, sendType, parent, Tags.GATHER);
        }
    }
}
