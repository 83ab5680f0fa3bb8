package org.mpjbuf.mpj.coll;

import java.util.ArrayList;
import java.util.List;

/**
 * Reduce algorithms.
 *
 * <ul>
 *   <li>{@link Algorithm#FLAT}: the root receives every vector and folds them from
 *       the highest rank down, {@code v(i) op (v(i+1) op (...))}, so any operator
 *       keeps rank order.</li>
 *   <li>{@link Algorithm#BINOMIAL}: binomial tree; virtual rank {@code v} folds in
 *       the subtrees {@code v + 2^k} then sends to {@code v - lowbit(v)}. The tree is
 *       rooted at the root for commutative operators; for the others it is rooted
 *       at rank 0, where every subtree is a contiguous rank range combined on the
 *       right, and rank 0 forwards the result to the root.</li>
 *   <li>{@link Algorithm#REDUCE_SCATTER_GATHER}: recursive-halving reduce-scatter
 *       ({@link Halving}) then every participant sends its finished block straight
 *       to the root; about 2n bytes per rank for long vectors.</li>
 * </ul>
 */
public final class Reduce {
    /** The reduce algorithms. */
    public enum Algorithm {
        /** Root receives and folds every vector. */
        FLAT,
        /** Binomial tree. */
        BINOMIAL,
        /** Recursive-halving reduce-scatter, then a gather of the blocks at the root. */
        REDUCE_SCATTER_GATHER
    }

    private Reduce() {
    }

    /**
     * Reduces every rank's send region element-wise into the root's receive region.
     *
     * @param algorithm  the algorithm
     * @param channel    the communicator's channel
     * @param sendBuffer this rank's operand
     * @param sendIndex  index of its first item
     * @param recvBuffer the result buffer (significant at the root only)
     * @param recvIndex  index of its first item
     * @param count      number of items
     * @param type       datatype
     * @param combiner   the operator
     * @param root       rank receiving the result
     * @param <T>        datatype handle
     * @param <X>        exception raised
     * @throws X when a transfer or the operator fails
     */
    public static <T, X extends Exception> void run(
        final Algorithm algorithm, final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final Object recvBuffer, final int recvIndex,
        final int count, final T type, final Combiner<X> combiner, final int root) throws X {
        if (count == 0) {
            return;
        }
        if (channel.size() == 1) {
            channel.copy(sendBuffer, sendIndex, count, type, recvBuffer, recvIndex, count, type);
            return;
        }
        switch (algorithm) {
            case FLAT -> flat(channel, sendBuffer, sendIndex, recvBuffer, recvIndex, count, type, combiner, root);
            case BINOMIAL ->
                binomial(channel, sendBuffer, sendIndex, recvBuffer, recvIndex, count, type, combiner, root);
            case REDUCE_SCATTER_GATHER ->
                reduceScatterGather(channel, sendBuffer, sendIndex, recvBuffer, recvIndex, count, type, combiner, root);
        }
    }

    private static <T, X extends Exception> void flat(
        final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final Object recvBuffer, final int recvIndex,
        final int count, final T type, final Combiner<X> combiner, final int root) throws X {
        final int size = channel.size();
        if (channel.rank() != root) {
            channel.send(sendBuffer, sendIndex, count, type, root, Tags.REDUCE);
            return;
        }
        if (root == size - 1) {
            channel.copy(sendBuffer, sendIndex, count, type, recvBuffer, recvIndex, count, type);
        } else {
            channel.recv(recvBuffer, recvIndex, count, type, size - 1, Tags.REDUCE);
        }
        final Object scratch = channel.allocate(type, count);
        final int scratchIndex = channel.scratchIndex(type, count);
        for (int source = size - 2; source >= 0; source--) {
            if (source == root) {
                combiner.combine(sendBuffer, sendIndex, recvBuffer, recvIndex, count);
            } else {
                channel.recv(scratch, scratchIndex, count, type, source, Tags.REDUCE);
                combiner.combine(scratch, scratchIndex, recvBuffer, recvIndex, count);
            }
        }
    }

    private static <T, X extends Exception> void binomial(
        final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final Object recvBuffer, final int recvIndex,
        final int count, final T type, final Combiner<X> combiner, final int root) throws X {
        final int size = channel.size();
        final int rank = channel.rank();
        final int treeRoot = combiner.commutative() ? root : 0;
        final int virtualRank = (rank - treeRoot + size) % size;
        final boolean resultInPlace = rank == root && treeRoot == root;
        final Object acc = resultInPlace ? recvBuffer : channel.allocate(type, count);
        final int accIndex = resultInPlace ? recvIndex : channel.scratchIndex(type, count);
        channel.copy(sendBuffer, sendIndex, count, type, acc, accIndex, count, type);
        final Object scratch = channel.allocate(type, count);
        final int scratchIndex = channel.scratchIndex(type, count);
        for (int mask = 1; mask < size; mask <<= 1) {
            if ((virtualRank & mask) != 0) {
                channel.send(acc, accIndex, count, type, (virtualRank - mask + treeRoot) % size, Tags.REDUCE);
                break;
            }
            final int child = virtualRank | mask;
            if (child < size) {
                channel.recv(scratch, scratchIndex, count, type, (child + treeRoot) % size, Tags.REDUCE);
                Support.combineOrdered(channel, combiner, scratch, scratchIndex, acc, accIndex, count, type, false);
            }
        }
        if (treeRoot != root) {
            if (rank == treeRoot) {
                channel.send(acc, accIndex, count, type, root, Tags.REDUCE);
            } else if (rank == root) {
                channel.recv(recvBuffer, recvIndex, count, type, treeRoot, Tags.REDUCE);
            }
        }
    }

    private static <T, X extends Exception> void reduceScatterGather(
        final CollectiveChannel<T, X> channel,
        final Object sendBuffer, final int sendIndex, final Object recvBuffer, final int recvIndex,
        final int count, final T type, final Combiner<X> combiner, final int root) throws X {
        final int size = channel.size();
        final int rank = channel.rank();
        final int pof2 = Support.floorPowerOfTwo(size);
        final int extent = channel.extent(type);
        final Object work = channel.allocate(type, count);
        final int workIndex = channel.scratchIndex(type, count);
        final Object scratch = channel.allocate(type, count);
        channel.copy(sendBuffer, sendIndex, count, type, work, workIndex, count, type);
        Halving.foldIn(channel, combiner, work, workIndex, scratch, workIndex, count, type, Tags.REDUCE);
        final int participant = Halving.participant(rank, size);
        final int[] bounds = Support.split(count, pof2);
        final List<Pending<X>> pending = new ArrayList<>();
        if (participant >= 0) {
            Halving.reduceScatter(channel, combiner, participant, work, workIndex, scratch, workIndex,
                bounds, type, Tags.REDUCE);
            final int block = Halving.ownedBlock(participant, pof2);
            final int offset = bounds[block] * extent;
            final int items = bounds[block + 1] - bounds[block];
            if (rank == root) {
                channel.copy(work, workIndex + offset, items, type, recvBuffer, recvIndex + offset, items, type);
            } else {
                pending.add(channel.isend(work, workIndex + offset, items, type, root, Tags.REDUCE));
            }
        }
        if (rank == root) {
            for (int other = 0; other < pof2; other++) {
                final int source = Halving.rankOf(other, size);
                if (source != rank) {
                    final int block = Halving.ownedBlock(other, pof2);
                    pending.add(channel.irecv(recvBuffer, recvIndex + bounds[block] * extent,
                        bounds[block + 1] - bounds[block], type, source, Tags.REDUCE));
                }
            }
        }
        Support.awaitAll(pending);
    }
}
