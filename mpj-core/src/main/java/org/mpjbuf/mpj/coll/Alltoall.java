package org.mpjbuf.mpj.coll;

import java.util.ArrayList;
import java.util.List;

/**
 * Alltoall algorithms.
 *
 * <ul>
 *   <li>{@link Algorithm#PAIRWISE}: p - 1 steps; in step {@code s} rank {@code r}
 *       exchanges with {@code r xor s} when p is a power of two, else sends to
 *       {@code r + s} and receives from {@code r - s}; one message in flight each
 *       way, bandwidth-friendly for long blocks.</li>
 *   <li>{@link Algorithm#BRUCK}: ceil(log2 p) steps (Bruck et al., 1997). The send
 *       blocks are rotated so position {@code i} holds the block for {@code r + i};
 *       in the step of distance {@code d} every position with bit {@code d} set is
 *       packed, sent to {@code r + d} and replaced by what {@code r - d} sends; at
 *       the end position {@code i} holds the block from {@code r - i}. Sends n/2
 *       bytes per step but only log2 p messages: best for short blocks.</li>
 *   <li>{@link Algorithm#LINEAR}: every send and receive posted at once.</li>
 * </ul>
 */
public final class Alltoall {
    /** The alltoall algorithms. */
    public enum Algorithm {
        /** Pairwise exchange. */
        PAIRWISE,
        /** Bruck's index algorithm. */
        BRUCK,
        /** All transfers posted at once. */
        LINEAR
    }

    private Alltoall() {
    }

    /**
     * Sends block {@code j} of every rank's send region to rank {@code j}, which
     * stores the block from rank {@code i} at block {@code i} of its receive region.
     *
     * @param algorithm  the algorithm
     * @param channel    the communicator's channel
     * @param sendBuffer the send buffer
     * @param sendIndex  index of block 0
     * @param sendCount  items sent to each rank
     * @param sendType   datatype of the sent items
     * @param recvBuffer the receive buffer
     * @param recvIndex  index of block 0
     * @param recvCount  items received from each rank
     * @param recvType   datatype of the received items
     * @param <T>        datatype handle
     * @param <X>        exception raised
     * @throws X when a transfer fails
     */
    public static <T, X extends Exception> void run(
        final Algorithm algorithm, final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final int sendCount, final T sendType,
        final Object recvBuffer, final int recvIndex, final int recvCount, final T recvType) throws X {
        final int size = channel.size();
        final int rank = channel.rank();
        final int sendStride = sendCount * channel.extent(sendType);
        final int recvStride = recvCount * channel.extent(recvType);
        if (algorithm == Algorithm.BRUCK && size > 1) {
            bruck(channel, sendBuffer, sendIndex, sendCount, sendType, recvBuffer, recvIndex, recvCount, recvType);
            return;
        }
        channel.copy(sendBuffer, sendIndex + rank * sendStride, sendCount, sendType,
            recvBuffer, recvIndex + rank * recvStride, recvCount, recvType);
        if (algorithm == Algorithm.LINEAR) {
            final List<Pending<X>> pending = new ArrayList<>();
            for (int step = 1; step < size; step++) {
                final int source = (rank - step + size) % size;
                pending.add(channel.irecv(recvBuffer, recvIndex + source * recvStride, recvCount, recvType,
                    source, Tags.ALLTOALL));
            }
            for (int step = 1; step < size; step++) {
                final int dest = (rank + step) % size;
                pending.add(channel.isend(sendBuffer, sendIndex + dest * sendStride, sendCount, sendType,
                    dest, Tags.ALLTOALL));
            }
            Support.awaitAll(pending);
            return;
        }
        final boolean powerOfTwo = Integer.bitCount(size) == 1;
        for (int step = 1; step < size; step++) {
            final int dest = powerOfTwo ? rank ^ step : (rank + step) % size;
            final int source = powerOfTwo ? rank ^ step : (rank - step + size) % size;
            channel.sendrecv(sendBuffer, sendIndex + dest * sendStride, sendCount, sendType, dest,
                recvBuffer, recvIndex + source * recvStride, recvCount, recvType, source, Tags.ALLTOALL);
        }
    }

    private static <T, X extends Exception> void bruck(
        final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final int sendCount, final T sendType,
        final Object recvBuffer, final int recvIndex, final int recvCount, final T recvType) throws X {
        final int size = channel.size();
        final int rank = channel.rank();
        final int sendStride = sendCount * channel.extent(sendType);
        final int stride = recvCount * channel.extent(recvType);
        final Object blocks = channel.allocate(recvType, size * recvCount);
        final int origin = channel.scratchIndex(recvType, size * recvCount);
        final int half = (size / 2 + 1) * recvCount;
        final Object packed = channel.allocate(recvType, half);
        final Object arrived = channel.allocate(recvType, half);
        final int halfOrigin = channel.scratchIndex(recvType, half);
        channel.copy(sendBuffer, sendIndex + rank * sendStride, (size - rank) * sendCount, sendType,
            blocks, origin, (size - rank) * recvCount, recvType);
        channel.copy(sendBuffer, sendIndex, rank * sendCount, sendType,
            blocks, origin + (size - rank) * stride, rank * recvCount, recvType);
        for (int distance = 1; distance < size; distance <<= 1) {
            int moved = 0;
            for (int position = distance; position < size; position += 2 * distance) {
                final int run = Math.min(distance, size - position);
                channel.copy(blocks, origin + position * stride, run * recvCount, recvType,
                    packed, halfOrigin + moved * stride, run * recvCount, recvType);
                moved += run;
            }
            channel.sendrecv(packed, halfOrigin, moved * recvCount, recvType, (rank + distance) % size,
                arrived, halfOrigin, moved * recvCount, recvType, (rank - distance + size) % size, Tags.ALLTOALL);
            moved = 0;
            for (int position = distance; position < size; position += 2 * distance) {
                final int run = Math.min(distance, size - position);
                channel.copy(arrived, halfOrigin + moved * stride, run * recvCount, recvType,
                    blocks, origin + position * stride, run * recvCount, recvType);
                moved += run;
            }
        }
        for (int position = 0; position < size; position++) {
            channel.copy(blocks, origin + position * stride, recvCount, recvType,
                recvBuffer, recvIndex + ((rank - position + size) % size) * stride, recvCount, recvType);
        }
    }
}
