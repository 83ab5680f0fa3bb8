package org.mpjbuf.mpj.coll;

/**
 * Inclusive prefix reduction: rank {@code r} receives {@code v0 op v1 op ... op vr}.
 *
 * <ul>
 *   <li>{@link Algorithm#LINEAR}: a chain; rank {@code r} waits for the prefix of
 *       {@code r - 1}, combines its own vector on the right and passes the result
 *       on; p - 1 steps.</li>
 *   <li>{@link Algorithm#RECURSIVE_DOUBLING}: log2 p exchanges with partners
 *       {@code r xor 2^k}; each rank keeps the reduction of its partner group so
 *       far and folds in what comes from lower ranks, keeping rank order.</li>
 * </ul>
 */
public final class Scan {
    /** The scan algorithms. */
    public enum Algorithm {
        /** Chain through the ranks. */
        LINEAR,
        /** Recursive doubling. */
        RECURSIVE_DOUBLING
    }

    private Scan() {
    }

    /**
     * Computes the inclusive prefix reduction of the ranks' vectors.
     *
     * @param algorithm  the algorithm
     * @param channel    the communicator's channel
     * @param sendBuffer this rank's vector
     * @param sendIndex  index of its first item
     * @param recvBuffer the prefix result
     * @param recvIndex  index of its first item
     * @param count      number of items
     * @param type       datatype
     * @param combiner   the operator
     * @param <T>        datatype handle
     * @param <X>        exception raised
     * @throws X when a transfer or the operator fails
     */
    public static <T, X extends Exception> void run(
        final Algorithm algorithm, final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final Object recvBuffer, final int recvIndex,
        final int count, final T type, final Combiner<X> combiner) throws X {
        if (count == 0) {
            return;
        }
        channel.copy(sendBuffer, sendIndex, count, type, recvBuffer, recvIndex, count, type);
        final int size = channel.size();
        final int rank = channel.rank();
        final Object scratch = channel.allocate(type, count);
        final int scratchIndex = channel.scratchIndex(type, count);
        if (algorithm == Algorithm.LINEAR) {
            if (rank > 0) {
                channel.recv(scratch, scratchIndex, count, type, rank - 1, Tags.SCAN);
                combiner.combine(scratch, scratchIndex, recvBuffer, recvIndex, count);
            }
            if (rank < size - 1) {
                channel.send(recvBuffer, recvIndex, count, type, rank + 1, Tags.SCAN);
            }
            return;
        }
        final Object group = channel.allocate(type, count);
        channel.copy(sendBuffer, sendIndex, count, type, group, scratchIndex, count, type);
        for (int mask = 1; mask < size; mask <<= 1) {
            final int partner = rank ^ mask;
            if (partner >= size) {
                continue;
            }
            channel.sendrecv(group, scratchIndex, count, type, partner,
                scratch, scratchIndex, count, type, partner, Tags.SCAN);
            if (partner < rank) {
                combiner.combine(scratch, scratchIndex, recvBuffer, recvIndex, count);
                combiner.combine(scratch, scratchIndex, group, scratchIndex, count);
            } else {
                Support.combineOrdered(channel, combiner, scratch, scratchIndex, group, scratchIndex, count, type,
                    false);
            }
        }
    }
}
