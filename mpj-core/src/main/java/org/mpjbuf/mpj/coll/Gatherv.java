package org.mpjbuf.mpj.coll;

import java.util.ArrayList;
import java.util.List;

/**
 * Gatherv algorithms. Only the root knows the block sizes, so the tree algorithms
 * of {@link Gather} do not apply; both algorithms are linear.
 *
 * <ul>
 *   <li>{@link Algorithm#SEQUENTIAL}: the root receives block after block in rank
 *       order, holding one transfer in flight.</li>
 *   <li>{@link Algorithm#NONBLOCKING}: the root posts every receive at once and
 *       waits for them all.</li>
 * </ul>
 */
public final class Gatherv {
    /** The gatherv algorithms. */
    public enum Algorithm {
        /** One receive at a time, in rank order. */
        SEQUENTIAL,
        /** All receives posted at once. */
        NONBLOCKING
    }

    private Gatherv() {
    }

    /**
     * Gathers every rank's send region into the root's receive region at per-rank displacements.
     *
     * @param algorithm     the algorithm
     * @param channel       the communicator's channel
     * @param sendBuffer    this rank's block
     * @param sendIndex     index of its first item
     * @param sendCount     number of items this rank sends
     * @param sendType      datatype of the sent items
     * @param recvBuffer    the root's receive buffer (significant at the root only)
     * @param recvIndex     index the displacements count from
     * @param recvCounts    items received from each rank (root only)
     * @param displacements block displacements in items of {@code recvType} (root only)
     * @param recvType      datatype of the received items
     * @param root          rank receiving the blocks
     * @param <T>           datatype handle
     * @param <X>           exception raised
     * @throws X when a transfer fails
     */
    public static <T, X extends Exception> void run(
        final Algorithm algorithm, final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final int sendCount, final T sendType,
        final Object recvBuffer, final int recvIndex, final int[] recvCounts, final int[] displacements,
        final T recvType, final int root) throws X {
        final int rank = channel.rank();
        if (rank != root) {
            channel.send(sendBuffer, sendIndex, sendCount, sendType, root, Tags.GATHERV);
            return;
        }
        final int extent = channel.extent(recvType);
        channel.copy(sendBuffer, sendIndex, sendCount, sendType,
            recvBuffer, recvIndex + displacements[root] * extent, recvCounts[root], recvType);
        final List<Pending<X>> receives = new ArrayList<>();
        for (int source = 0; source < channel.size(); source++) {
            if (source == root) {
                continue;
            }
            final int index = recvIndex + displacements[source] * extent;
            if (algorithm == Algorithm.SEQUENTIAL) {
                channel.recv(recvBuffer, index, recvCounts[source], recvType, source, Tags.GATHERV);
            } else {
                receives.add(channel.irecv(recvBuffer, index, recvCounts[source], recvType, source, Tags.GATHERV));
            }
        }
        Support.awaitAll(receives);
    }
}
