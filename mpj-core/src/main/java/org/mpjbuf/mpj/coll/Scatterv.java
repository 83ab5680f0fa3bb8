package org.mpjbuf.mpj.coll;

import java.util.ArrayList;
import java.util.List;

/**
 * Scatterv algorithms. Only the root knows the block sizes, so both algorithms
 * are linear.
 *
 * <ul>
 *   <li>{@link Algorithm#SEQUENTIAL}: the root sends block after block in rank
 *       order, each send complete before the next starts.</li>
 *   <li>{@link Algorithm#NONBLOCKING}: the root starts every send at once and
 *       waits for them all.</li>
 * </ul>
 */
public final class Scatterv {
    /** The scatterv algorithms. */
    public enum Algorithm {
        /** One send at a time, in rank order. */
        SEQUENTIAL,
        /** All sends started at once. */
        NONBLOCKING
    }

    private Scatterv() {
    }

    /**
     * Sends blocks of the root's send region at per-rank displacements to every rank's receive region.
     *
     * @param algorithm     the algorithm
     * @param channel       the communicator's channel
     * @param sendBuffer    the root's send buffer (significant at the root only)
     * @param sendIndex     index the displacements count from
     * @param sendCounts    items sent to each rank (root only)
     * @param displacements block displacements in items of {@code sendType} (root only)
     * @param sendType      datatype of the sent items
     * @param recvBuffer    this rank's receive buffer
     * @param recvIndex     index of its first item
     * @param recvCount     number of items this rank receives
     * @param recvType      datatype of the received items
     * @param root          rank sending the blocks
     * @param <T>           datatype handle
     * @param <X>           exception raised
     * @throws X when a transfer fails
     */
    public static <T, X extends Exception> void run(
        final Algorithm algorithm, final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final int[] sendCounts, final int[] displacements,
        final T sendType, final Object recvBuffer, final int recvIndex, final int recvCount, final T recvType,
        final int root) throws X {
        final int rank = channel.rank();
        if (rank != root) {
            channel.recv(recvBuffer, recvIndex, recvCount, recvType, root, Tags.SCATTERV);
            return;
        }
        final int extent = channel.extent(sendType);
        final List<Pending<X>> sends = new ArrayList<>();
        for (int dest = 0; dest < channel.size(); dest++) {
            if (dest == root) {
                continue;
            }
            final int index = sendIndex + displacements[dest] * extent;
            if (algorithm == Algorithm.SEQUENTIAL) {
                channel.send(sendBuffer, index, sendCounts[dest], sendType, dest, Tags.SCATTERV);
            } else {
                sends.add(channel.isend(sendBuffer, index, sendCounts[dest], sendType, dest, Tags.SCATTERV));
            }
        }
        channel.copy(sendBuffer, sendIndex + displacements[root] * extent, sendCounts[root], sendType,
            recvBuffer, recvIndex, recvCount, recvType);
        Support.awaitAll(sends);
    }
}
