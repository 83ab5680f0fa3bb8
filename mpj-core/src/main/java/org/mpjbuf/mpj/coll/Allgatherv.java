package org.mpjbuf.mpj.coll;

import java.util.ArrayList;
import java.util.List;

/**
 * Allgatherv algorithms, over blocks of any size at any displacement; runs of
 * blocks that lie back to back travel as one message ({@link Blocks}).
 *
 * <ul>
 *   <li>{@link Algorithm#RING}: p - 1 steps passing one block to the right.</li>
 *   <li>{@link Algorithm#RECURSIVE_DOUBLING}: log2 q exchanges of doubling block
 *       sets with the non-power-of-two fix-up.</li>
 *   <li>{@link Algorithm#LINEAR}: every rank sends its block straight to every
 *       other rank, all transfers in flight at once.</li>
 * </ul>
 */
public final class Allgatherv {
    /** The allgatherv algorithms. */
    public enum Algorithm {
        /** Ring. */
        RING,
        /** Recursive doubling. */
        RECURSIVE_DOUBLING,
        /** Direct exchange with every rank. */
        LINEAR
    }

    private Allgatherv() {
    }

    /**
     * Gathers every rank's send region into every rank's receive region at per-rank displacements.
     *
     * @param algorithm     the algorithm
     * @param channel       the communicator's channel
     * @param sendBuffer    this rank's block
     * @param sendIndex     index of its first item
     * @param sendCount     number of items this rank sends
     * @param sendType      datatype of the sent items
     * @param recvBuffer    the receive buffer
     * @param recvIndex     index the displacements count from
     * @param recvCounts    items received from each rank
     * @param displacements block displacements in items of {@code recvType}
     * @param recvType      datatype of the received items
     * @param <T>           datatype handle
     * @param <X>           exception raised
     * @throws X when a transfer fails
     */
    public static <T, X extends Exception> void run(
        final Algorithm algorithm, final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final int sendCount, final T sendType,
        final Object recvBuffer, final int recvIndex, final int[] recvCounts, final int[] displacements,
        final T recvType) throws X {
        final int rank = channel.rank();
        final int size = channel.size();
        final int extent = channel.extent(recvType);
        channel.copy(sendBuffer, sendIndex, sendCount, sendType,
            recvBuffer, recvIndex + displacements[rank] * extent, recvCounts[rank], recvType);
        switch (algorithm) {
            case RING -> new Blocks<>(channel, recvBuffer, recvIndex, recvType,
                recvCounts, displacements, 0, Tags.ALLGATHERV).ring(rank);
            case RECURSIVE_DOUBLING -> new Blocks<>(channel, recvBuffer, recvIndex, recvType,
                recvCounts, displacements, 0, Tags.ALLGATHERV).recursiveDoubling(rank);
            case LINEAR -> {
                final List<Pending<X>> pending = new ArrayList<>();
                for (int other = 0; other < size; other++) {
                    if (other != rank) {
                        pending.add(channel.irecv(recvBuffer, recvIndex + displacements[other] * extent,
                            recvCounts[other], recvType, other, Tags.ALLGATHERV));
                        pending.add(channel.isend(sendBuffer, sendIndex, sendCount, sendType, other,
                            Tags.ALLGATHERV));
                    }
                }
                Support.awaitAll(pending);
            }
        }
    }
}
