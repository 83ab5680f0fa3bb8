package org.mpjbuf.mpj.coll;

import java.util.ArrayList;
import java.util.List;

/**
 * Reduce_scatter algorithms: the element-wise reduction of every rank's vector,
 * cut into consecutive blocks of {@code recvCounts[i]} items, block {@code i} to rank {@code i}.
 *
 * <ul>
 *   <li>{@link Algorithm#REDUCE_SCATTERV}: Reduce of the whole vector to rank 0
 *       (algorithm from the selection table), then Scatterv of the blocks.</li>
 *   <li>{@link Algorithm#PAIRWISE}: every rank sends block {@code j} of its vector
 *       to rank {@code j} (pairwise exchange, p - 1 steps), then folds the p
 *       received blocks from the highest rank down, which keeps rank order for any
 *       operator; each rank sends about n bytes.</li>
 * </ul>
 */
public final class ReduceScatter {
    /** The reduce_scatter algorithms. */
    public enum Algorithm {
        /** Reduce to rank 0, then scatter the blocks. */
        REDUCE_SCATTERV,
        /** Pairwise exchange of the blocks, then a local fold. */
        PAIRWISE
    }

    private ReduceScatter() {
    }

    /**
     * Reduces the vectors and scatters the result in blocks.
     *
     * @param algorithm  the algorithm
     * @param channel    the communicator's channel
     * @param sendBuffer this rank's vector of {@code sum(recvCounts)} items
     * @param sendIndex  index of its first item
     * @param recvBuffer this rank's result block
     * @param recvIndex  index of its first item
     * @param recvCounts items of the result each rank receives
     * @param type       datatype
     * @param combiner   the operator
     * @param <T>        datatype handle
     * @param <X>        exception raised
     * @throws X when a transfer or the operator fails
     */
    public static <T, X extends Exception> void run(
        final Algorithm algorithm, final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final Object recvBuffer, final int recvIndex,
        final int[] recvCounts, final T type, final Combiner<X> combiner) throws X {
        final int size = channel.size();
        final int rank = channel.rank();
        final int extent = channel.extent(type);
        final int[] displacements = new int[size];
        int total = 0;
        for (int i = 0; i < size; i++) {
            displacements[i] = total;
            total += recvCounts[i];
        }
        if (algorithm == Algorithm.REDUCE_SCATTERV || size == 1) {
            final Object reduced = rank == 0 ? channel.allocate(type, total) : null;
            final int reducedIndex = channel.scratchIndex(type, total);
            Reduce.run(SelectionTable.reduce(channel.byteSize(type, total), size),
                channel, sendBuffer, sendIndex, reduced, reducedIndex, total, type, combiner, 0);
            Scatterv.run(Scatterv.Algorithm.NONBLOCKING, channel, reduced, reducedIndex, recvCounts, displacements,
                type, recvBuffer, recvIndex, recvCounts[rank], type, 0);
            return;
        }
        final int mine = recvCounts[rank];
        final Object arrived = channel.allocate(type, size * mine);
        final int arrivedIndex = channel.scratchIndex(type, size * mine);
        final int stride = mine * extent;
        channel.copy(sendBuffer, sendIndex + displacements[rank] * extent, mine, type,
            arrived, arrivedIndex + rank * stride, mine, type);
        final List<Pending<X>> pending = new ArrayList<>();
        for (int step = 1; step < size; step++) {
            final int dest = (rank + step) % size;
            final int source = (rank - step + size) % size;
            pending.add(channel.irecv(arrived, arrivedIndex + source * stride, mine, type, source,
                Tags.REDUCE_SCATTER));
            channel.send(sendBuffer, sendIndex + displacements[dest] * extent, recvCounts[dest], type, dest,
                Tags.REDUCE_SCATTER);
            Support.awaitAll(pending);
        }
        channel.copy(arrived, arrivedIndex + (size - 1) * stride, mine, type, recvBuffer, recvIndex, mine, type);
        for (int source = size - 2; source >= 0; source--) {
            combiner.combine(arrived, arrivedIndex + source * stride, recvBuffer, recvIndex, mine);
        }
    }
}
