package org.mpjbuf.mpj.coll;

/**
 * Allgather algorithms.
 *
 * <ul>
 *   <li>{@link Algorithm#RING}: p - 1 steps, each passing one block to the right
 *       neighbour; bandwidth-optimal for long blocks.</li>
 *   <li>{@link Algorithm#RECURSIVE_DOUBLING}: log2 q exchanges of doubling size
 *       with the non-power-of-two fix-up ({@link Blocks#recursiveDoubling(int)}).</li>
 *   <li>{@link Algorithm#BRUCK}: ceil(log2 p) steps for any p (Bruck et al., 1997):
 *       in the step of distance {@code d} each rank sends the first
 *       {@code min(d, p - d)} blocks of its scratch buffer to {@code r - d} and
 *       appends what {@code r + d} sends; the scratch buffer, in order
 *       {@code r, r+1, ...}, is rotated into place at the end.</li>
 *   <li>{@link Algorithm#GATHER_BCAST}: binomial Gather to rank 0 then Bcast of the
 *       whole result.</li>
 * </ul>
 */
public final class Allgather {
    /** The allgather algorithms. */
    public enum Algorithm {
        /** Ring. */
        RING,
        /** Recursive doubling. */
        RECURSIVE_DOUBLING,
        /** Bruck's concatenation algorithm. */
        BRUCK,
        /** Gather to rank 0, then broadcast. */
        GATHER_BCAST
    }

    private Allgather() {
    }

    /**
     * Gathers every rank's send region into consecutive blocks of every rank's receive region.
     *
     * @param algorithm  the algorithm
     * @param channel    the communicator's channel
     * @param sendBuffer this rank's block
     * @param sendIndex  index of its first item
     * @param sendCount  number of items sent by each rank
     * @param sendType   datatype of the sent items
     * @param recvBuffer the receive buffer
     * @param recvIndex  index of block 0
     * @param recvCount  number of items received from each rank
     * @param recvType   datatype of the received items
     * @param <T>        datatype handle
     * @param <X>        exception raised
     * @throws X when a transfer fails
     */
    public static <T, X extends Exception> void run(
        final Algorithm algorithm, final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final int sendCount, final T sendType,
        final Object recvBuffer, final int recvIndex, final int recvCount, final T recvType) throws X {
        final int rank = channel.rank();
        final int extent = channel.extent(recvType);
        if (algorithm == Algorithm.BRUCK && channel.size() > 1) {
            bruck(channel, sendBuffer, sendIndex, sendCount, sendType, recvBuffer, recvIndex, recvCount, recvType);
            return;
        }
        if (algorithm == Algorithm.GATHER_BCAST) {
            Gather.run(Gather.Algorithm.BINOMIAL, channel, sendBuffer, sendIndex, sendCount, sendType,
                recvBuffer, recvIndex, recvCount, recvType, 0);
            final int total = recvCount * channel.size();
            Bcast.run(SelectionTable.bcast(channel.byteSize(recvType, total), channel.size()),
                channel, recvBuffer, recvIndex, total, recvType, 0);
            return;
        }
        channel.copy(sendBuffer, sendIndex, sendCount, sendType,
            recvBuffer, recvIndex + rank * recvCount * extent, recvCount, recvType);
        final Blocks<T, X> blocks = Blocks.uniform(channel, recvBuffer, recvIndex, recvType, recvCount, 0,
            Tags.ALLGATHER);
        if (algorithm == Algorithm.RING) {
            blocks.ring(rank);
        } else {
            blocks.recursiveDoubling(rank);
        }
    }

    private static <T, X extends Exception> void bruck(
        final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final int sendCount, final T sendType,
        final Object recvBuffer, final int recvIndex, final int recvCount, final T recvType) throws X {
        final int size = channel.size();
        final int rank = channel.rank();
        final int extent = channel.extent(recvType);
        final int blockStride = recvCount * extent;
        final Object scratch = channel.allocate(recvType, size * recvCount);
        final int scratchIndex = channel.scratchIndex(recvType, size * recvCount);
        channel.copy(sendBuffer, sendIndex, sendCount, sendType, scratch, scratchIndex, recvCount, recvType);
        for (int distance = 1; distance < size; distance <<= 1) {
            final int blocks = Math.min(distance, size - distance);
            channel.sendrecv(
                scratch, scratchIndex, blocks * recvCount, recvType, (rank - distance + size) % size,
                scratch, scratchIndex + distance * blockStride, blocks * recvCount, recvType, (rank + distance) % size,
                Tags.ALLGATHER);
        }
        final int head = size - rank;
        channel.copy(scratch, scratchIndex, head * recvCount, recvType,
            recvBuffer, recvIndex + rank * blockStride, head * recvCount, recvType);
        channel.copy(scratch, scratchIndex + head * blockStride, rank * recvCount, recvType,
            recvBuffer, recvIndex, rank * recvCount, recvType);
    }
}
