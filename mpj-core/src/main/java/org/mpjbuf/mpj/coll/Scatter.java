package org.mpjbuf.mpj.coll;

import java.util.ArrayList;
import java.util.List;

/**
 * Scatter algorithms, the mirror images of {@link Gather}'s.
 *
 * <ul>
 *   <li>{@link Algorithm#FLAT}: the root starts one send per rank.</li>
 *   <li>{@link Algorithm#BINOMIAL}: binomial tree over ranks renumbered from the
 *       root; each inner node receives its subtree's blocks as one message (two if
 *       the subtree wraps past rank p - 1 of the root's buffer), keeps its own and
 *       forwards the rest, log2 p rounds.</li>
 * </ul>
 */
public final class Scatter {
    /** The scatter algorithms. */
    public enum Algorithm {
        /** Root sends to everyone. */
        FLAT,
        /** Binomial tree. */
        BINOMIAL
    }

    private Scatter() {
    }

    /**
     * Sends consecutive blocks of the root's send region to every rank's receive region.
     *
     * @param algorithm  the algorithm
     * @param channel    the communicator's channel
     * @param sendBuffer the root's send buffer (significant at the root only)
     * @param sendIndex  index of block 0
     * @param sendCount  number of items sent to each rank
     * @param sendType   datatype of the sent items
     * @param recvBuffer this rank's receive buffer
     * @param recvIndex  index of its first item
     * @param recvCount  number of items received
     * @param recvType   datatype of the received items
     * @param root       rank sending the blocks
     * @param <T>        datatype handle
     * @param <X>        exception raised
     * @throws X when a transfer fails
     */
    public static <T, X extends Exception> void run(
        final Algorithm algorithm, final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final int sendCount, final T sendType,
        final Object recvBuffer, final int recvIndex, final int recvCount, final T recvType, final int root) throws X {
        final int size = channel.size();
        if (channel.rank() == root) {
            final int extent = channel.extent(sendType);
            channel.copy(sendBuffer, sendIndex + root * sendCount * extent, sendCount, sendType,
                recvBuffer, recvIndex, recvCount, recvType);
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
            channel.recv(recvBuffer, recvIndex, recvCount, recvType, root, Tags.SCATTER);
            return;
        }
        final int extent = channel.extent(sendType);
        final List<Pending<X>> sends = new ArrayList<>();
        for (int dest = 0; dest < channel.size(); dest++) {
            if (dest != root) {
                sends.add(channel.isend(sendBuffer, sendIndex + dest * sendCount * extent, sendCount, sendType,
                    dest, Tags.SCATTER));
            }
        }
        Support.awaitAll(sends);
    }

    private static <T, X extends Exception> void binomial(
        final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final int sendCount, final T sendType,
        final Object recvBuffer, final int recvIndex, final int recvCount, final T recvType, final int root) throws X {
        final int size = channel.size();
        final int virtualRank = (channel.rank() - root + size) % size;
        final int wrap = size - root;
        final List<Pending<X>> pending = new ArrayList<>();
        if (virtualRank == 0) {
            final int extent = channel.extent(sendType);
            for (int mask = Support.floorPowerOfTwo(size - 1); mask > 0; mask >>= 1) {
                final int end = Math.min(2 * mask, size);
                final int split = mask < wrap && wrap < end ? wrap : end;
                pending.add(channel.isend(sendBuffer, sendIndex + ((mask + root) % size) * sendCount * extent,
                    (split - mask) * sendCount, sendType, (mask + root) % size, Tags.SCATTER));
                if (split < end) {
                    pending.add(channel.isend(sendBuffer, sendIndex, (end - split) * sendCount, sendType,
                        (mask + root) % size, Tags.SCATTER));
                }
            }
            Support.awaitAll(pending);
            return;
        }
        final int lowbit = Integer.lowestOneBit(virtualRank);
        final int end = Math.min(virtualRank + lowbit, size);
        final int parent = (virtualRank - lowbit + root) % size;
        if (end == virtualRank + 1) {
            channel.recv(recvBuffer, recvIndex, recvCount, recvType, parent, Tags.SCATTER);
            return;
        }
        final int extent = channel.extent(recvType);
        final Object subtree = channel.allocate(recvType, (end - virtualRank) * recvCount);
        final int subtreeIndex = channel.scratchIndex(recvType, (end - virtualRank) * recvCount);
        final int split = lowbit == virtualRank && virtualRank < wrap && wrap < end ? wrap : end;
        pending.add(channel.irecv(subtree, subtreeIndex, (split - virtualRank) * recvCount, recvType,
            parent, Tags.SCATTER));
        if (split < end) {
            pending.add(channel.irecv(subtree, subtreeIndex + (split - virtualRank) * recvCount * extent,
                (end - split) * recvCount, recvType, parent, Tags.SCATTER));
        }
        Support.awaitAll(pending);
        for (int mask = lowbit >> 1; mask > 0; mask >>= 1) {
            final int child = virtualRank + mask;
            if (child < size) {
                pending.add(channel.isend(subtree, subtreeIndex + mask * recvCount * extent,
                    (Math.min(child + mask, size) - child) * recvCount, recvType, (child + root) % size,
                    Tags.SCATTER));
            }
        }
        channel.copy(subtree, subtreeIndex, recvCount, recvType, recvBuffer, recvIndex, recvCount, recvType);
        Support.awaitAll(pending);
    }
}
