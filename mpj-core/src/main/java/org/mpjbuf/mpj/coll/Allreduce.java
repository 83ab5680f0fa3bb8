package org.mpjbuf.mpj.coll;

/**
 * Allreduce algorithms.
 *
 * <ul>
 *   <li>{@link Algorithm#RECURSIVE_DOUBLING}: log2 q exchanges of the whole vector
 *       between partners {@code n ^ 2^k}, with the non-power-of-two fix-up of
 *       {@link Halving}; best for short vectors. Keeps rank order.</li>
 *   <li>{@link Algorithm#REDUCE_BCAST}: binomial Reduce to rank 0 then binomial
 *       Bcast. Keeps rank order.</li>
 *   <li>{@link Algorithm#RING}: ring reduce-scatter then ring allgather over p
 *       blocks; each rank sends 2n(p-1)/p bytes. Commutative operators only; a
 *       non-commutative one runs {@code RABENSEIFNER} instead.</li>
 *   <li>{@link Algorithm#RABENSEIFNER}: recursive-halving reduce-scatter then
 *       recursive-doubling allgather ({@link Halving}); about 2n bytes per rank in
 *       2 log2 q steps. Keeps rank order.</li>
 * </ul>
 */
public final class Allreduce {
    /** The allreduce algorithms. */
    public enum Algorithm {
        /** Recursive doubling on the whole vector. */
        RECURSIVE_DOUBLING,
        /** Reduce to rank 0, then broadcast. */
        REDUCE_BCAST,
        /** Ring reduce-scatter and ring allgather (commutative operators). */
        RING,
        /** Recursive halving then recursive doubling. */
        RABENSEIFNER
    }

    private Allreduce() {
    }

    /**
     * Reduces every rank's send region element-wise and leaves the result in every
     * rank's receive region.
     *
     * @param algorithm   the algorithm
     * @param channel     the communicator's channel
     * @param sendBuffer  this rank's operand
     * @param sendIndex   index of its first item
     * @param recvBuffer  the result buffer
     * @param recvIndex   index of its first item
     * @param count       number of items
     * @param type        datatype
     * @param combiner    the operator
     * @param <T>         datatype handle
     * @param <X>         exception raised
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
        if (channel.size() == 1) {
            return;
        }
        switch (algorithm) {
            case RECURSIVE_DOUBLING -> recursiveDoubling(channel, recvBuffer, recvIndex, count, type, combiner);
            case REDUCE_BCAST -> reduceBcast(channel, recvBuffer, recvIndex, count, type, combiner);
            case RING -> {
                if (combiner.commutative()) {
                    ring(channel, recvBuffer, recvIndex, count, type, combiner);
                } else {
                    rabenseifner(channel, recvBuffer, recvIndex, count, type, combiner);
                }
            }
            case RABENSEIFNER -> rabenseifner(channel, recvBuffer, recvIndex, count, type, combiner);
        }
    }

    private static <T, X extends Exception> void recursiveDoubling(
        final CollectiveChannel<T, X> channel, final Object work, final int workIndex,
        final int count, final T type, final Combiner<X> combiner) throws X {
        final int size = channel.size();
        final int pof2 = Support.floorPowerOfTwo(size);
        final Object scratch = channel.allocate(type, count);
        final int scratchIndex = channel.scratchIndex(type, count);
        Halving.foldIn(channel, combiner, work, workIndex, scratch, scratchIndex, count, type, Tags.ALLREDUCE);
        final int participant = Halving.participant(channel.rank(), size);
        if (participant >= 0) {
            for (int mask = 1; mask < pof2; mask <<= 1) {
                final int peer = Halving.rankOf(participant ^ mask, size);
                channel.sendrecv(work, workIndex, count, type, peer,
                    scratch, scratchIndex, count, type, peer, Tags.ALLREDUCE);
                Support.combineOrdered(channel, combiner, scratch, scratchIndex, work, workIndex, count, type,
                    peer < channel.rank());
            }
        }
        foldOut(channel, work, workIndex, count, type);
    }

    /** Returns the result to the ranks that sat out of a {@link Halving} exchange. */
    private static <T, X extends Exception> void foldOut(
        final CollectiveChannel<T, X> channel, final Object work, final int workIndex,
        final int count, final T type) throws X {
        final int rank = channel.rank();
        final int rem = channel.size() - Support.floorPowerOfTwo(channel.size());
        if (rank < 2 * rem) {
            if ((rank & 1) == 0) {
                channel.recv(work, workIndex, count, type, rank + 1, Tags.ALLREDUCE);
            } else {
                channel.send(work, workIndex, count, type, rank - 1, Tags.ALLREDUCE);
            }
        }
    }

    private static <T, X extends Exception> void reduceBcast(
        final CollectiveChannel<T, X> channel, final Object work, final int workIndex,
        final int count, final T type, final Combiner<X> combiner) throws X {
        final Object source = channel.allocate(type, count);
        final int sourceIndex = channel.scratchIndex(type, count);
        channel.copy(work, workIndex, count, type, source, sourceIndex, count, type);
        Reduce.run(Reduce.Algorithm.BINOMIAL, channel, source, sourceIndex, work, workIndex, count, type, combiner, 0);
        Bcast.run(Bcast.Algorithm.BINOMIAL, channel, work, workIndex, count, type, 0);
    }

    private static <T, X extends Exception> void ring(
        final CollectiveChannel<T, X> channel, final Object work, final int workIndex,
        final int count, final T type, final Combiner<X> combiner) throws X {
        final int size = channel.size();
        final int rank = channel.rank();
        final int extent = channel.extent(type);
        final int[] bounds = Support.split(count, size);
        final Object scratch = channel.allocate(type, bounds[1]);
        final int scratchIndex = channel.scratchIndex(type, bounds[1]);
        final int right = (rank + 1) % size;
        final int left = (rank - 1 + size) % size;
        for (int step = 0; step < size - 1; step++) {
            final int sendBlock = (rank - step + size) % size;
            final int recvBlock = (rank - step - 1 + size) % size;
            final int recvItems = bounds[recvBlock + 1] - bounds[recvBlock];
            channel.sendrecv(
                work, workIndex + bounds[sendBlock] * extent, bounds[sendBlock + 1] - bounds[sendBlock], type, right,
                scratch, scratchIndex, recvItems, type, left, Tags.ALLREDUCE);
            combiner.combine(scratch, scratchIndex, work, workIndex + bounds[recvBlock] * extent, recvItems);
        }
        final int[] counts = new int[size];
        final int[] displacements = new int[size];
        for (int block = 0; block < size; block++) {
            counts[block] = bounds[block + 1] - bounds[block];
            displacements[block] = bounds[block];
        }
        final Blocks<T, X> blocks =
            new Blocks<>(channel, work, workIndex, type, counts, displacements, size - 1, Tags.ALLREDUCE);
        blocks.ring(blocks.virtual(rank));
    }

    private static <T, X extends Exception> void rabenseifner(
        final CollectiveChannel<T, X> channel, final Object work, final int workIndex,
        final int count, final T type, final Combiner<X> combiner) throws X {
        final int size = channel.size();
        final Object scratch = channel.allocate(type, count);
        final int scratchIndex = channel.scratchIndex(type, count);
        Halving.foldIn(channel, combiner, work, workIndex, scratch, scratchIndex, count, type, Tags.ALLREDUCE);
        final int participant = Halving.participant(channel.rank(), size);
        if (participant >= 0) {
            final int[] bounds = Support.split(count, Support.floorPowerOfTwo(size));
            Halving.reduceScatter(channel, combiner, participant, work, workIndex, scratch, scratchIndex,
                bounds, type, Tags.ALLREDUCE);
            Halving.allgather(channel, participant, work, workIndex, bounds, type, Tags.ALLREDUCE);
        }
        foldOut(channel, work, workIndex, count, type);
    }
}
