package org.mpjbuf.mpj.coll;

import java.util.ArrayList;
import java.util.List;

/**
 * Alltoallv algorithms.
 *
 * <ul>
 *   <li>{@link Algorithm#PAIRWISE}: p - 1 steps of one exchange each, partners
 *       as in {@link Alltoall.Algorithm#PAIRWISE}.</li>
 *   <li>{@link Algorithm#LINEAR}: every send and receive posted at once.</li>
 * </ul>
 */
public final class Alltoallv {
    /** The alltoallv algorithms. */
    public enum Algorithm {
        /** Pairwise exchange. */
        PAIRWISE,
        /** All transfers posted at once. */
        LINEAR
    }

    private Alltoallv() {
    }

    /**
     * Sends a block of every rank's send region to every rank, blocks sized and
     * placed per rank.
     *
     * @param algorithm         the algorithm
     * @param channel           the communicator's channel
     * @param sendBuffer        the send buffer
     * @param sendIndex         index the send displacements count from
     * @param sendCounts        items sent to each rank
     * @param sendDisplacements send block displacements in items of {@code sendType}
     * @param sendType          datatype of the sent items
     * @param recvBuffer        the receive buffer
     * @param recvIndex         index the receive displacements count from
     * @param recvCounts        items received from each rank
     * @param recvDisplacements receive block displacements in items of {@code recvType}
     * @param recvType          datatype of the received items
     * @param <T>               datatype handle
     * @param <X>               exception raised
     * @throws X when a transfer fails
     */
    public static <T, X extends Exception> void run(
        final Algorithm algorithm, final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final int[] sendCounts, final int[] sendDisplacements,
        final T sendType,
        final Object recvBuffer, final int recvIndex, final int[] recvCounts, final int[] recvDisplacements,
        final T recvType) throws X {
        final int size = channel.size();
        final int rank = channel.rank();
        final int sendExtent = channel.extent(sendType);
        final int recvExtent = channel.extent(recvType);
        channel.copy(sendBuffer, sendIndex + sendDisplacements[rank] * sendExtent, sendCounts[rank], sendType,
            recvBuffer, recvIndex + recvDisplacements[rank] * recvExtent, recvCounts[rank], recvType);
        if (algorithm == Algorithm.LINEAR) {
            final List<Pending<X>> pending = new ArrayList<>();
            for (int step = 1; step < size; step++) {
                final int source = (rank - step + size) % size;
                pending.add(channel.irecv(recvBuffer, recvIndex + recvDisplacements[source] * recvExtent,
                    recvCounts[source], recvType, source, Tags.ALLTOALLV));
            }
            for (int step = 1; step < size; step++) {
                final int dest = (rank + step) % size;
                pending.add(channel.isend(sendBuffer, sendIndex + sendDisplacements[dest] * sendExtent,
                    sendCounts[dest], sendType, dest, Tags.ALLTOALLV));
            }
            Support.awaitAll(pending);
            return;
        }
        final boolean powerOfTwo = Integer.bitCount(size) == 1;
        for (int step = 1; step < size; step++) {
            final int dest = powerOfTwo ? rank ^ step : (rank + step) % size;
            final int source = powerOfTwo ? rank ^ step : (rank - step + size) % size;
            channel.sendrecv(
                sendBuffer, sendIndex + sendDisplacements[dest] * sendExtent, sendCounts[dest], sendType, dest,
                recvBuffer, recvIndex + recvDisplacements[source] * recvExtent, recvCounts[source], recvType, source,
                Tags.ALLTOALLV);
        }
    }
}
