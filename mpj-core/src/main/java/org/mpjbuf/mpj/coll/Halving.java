package org.mpjbuf.mpj.coll;

/**
 * Recursive halving and doubling over q = 2^k participants (Rabenseifner), the
 * shared core of the large-message Allreduce and Reduce.
 *
 * <p>The vector of {@code count} items is cut into q nearly equal blocks. In the
 * halving step of distance {@code m} ({@code m = 1, 2, ..., q/2}) a participant
 * whose bit {@code m} is clear keeps the lower half of its current block range and
 * sends the upper half to its partner {@code n ^ m}, which does the opposite; both
 * combine what they receive into what they keep. After log2 q steps participant
 * {@code n} holds the full result of one block, {@link #ownedBlock(int, int)}. The
 * doubling phase runs the steps backwards and exchanges results instead of
 * operands. Partners always cover adjacent aligned rank ranges, so combining the
 * lower partner's data on the left keeps non-commutative operators in rank order.
 *
 * <p>Ranks are mapped to participants with the usual fix-up for p not a power of
 * two: with {@code rem = p - q}, even ranks below {@code 2 rem} fold their vector
 * into the next odd rank and sit out; odd rank {@code r < 2 rem} is participant
 * {@code r / 2}, rank {@code r >= 2 rem} is participant {@code r - rem}.
 */
final class Halving {
    private Halving() {
    }

    /**
     * Returns the participant number of a rank, or -1 for a rank that sits out.
     */
    static int participant(final int rank, final int size) {
        final int rem = size - Support.floorPowerOfTwo(size);
        if (rank < 2 * rem) {
            return (rank & 1) == 0 ? -1 : rank / 2;
        }
        return rank - rem;
    }

    /** Returns the rank of a participant. */
    static int rankOf(final int participant, final int size) {
        final int rem = size - Support.floorPowerOfTwo(size);
        return participant < rem ? participant * 2 + 1 : participant + rem;
    }

    /** Returns the block a participant holds after the halving phase. */
    static int ownedBlock(final int participant, final int pof2) {
        int start = 0;
        int width = pof2;
        for (int mask = 1; mask < pof2; mask <<= 1) {
            width >>= 1;
            if ((participant & mask) != 0) {
                start += width;
            }
        }
        return start;
    }

    /**
     * Folds the vectors of sitting-out ranks into their partners:
     * {@code work = v(r-1) op v(r)} on odd ranks below {@code 2 rem}.
     */
    static <T, X extends Exception> void foldIn(
        final CollectiveChannel<T, X> channel, final Combiner<X> combiner,
        final Object work, final int workIndex, final Object scratch, final int scratchIndex,
        final int count, final T type, final int tag) throws X {
        final int rank = channel.rank();
        final int rem = channel.size() - Support.floorPowerOfTwo(channel.size());
        if (rank >= 2 * rem) {
            return;
        }
        if ((rank & 1) == 0) {
            channel.send(work, workIndex, count, type, rank + 1, tag);
        } else {
            channel.recv(scratch, scratchIndex, count, type, rank - 1, tag);
            combiner.combine(scratch, scratchIndex, work, workIndex, count);
        }
    }

    /**
     * Runs the halving phase on a participant; {@code bounds} are the q + 1 item
     * offsets of the blocks.
     */
    static <T, X extends Exception> void reduceScatter(
        final CollectiveChannel<T, X> channel, final Combiner<X> combiner, final int participant,
        final Object work, final int workIndex, final Object scratch, final int scratchIndex,
        final int[] bounds, final T type, final int tag) throws X {
        final int size = channel.size();
        final int pof2 = Support.floorPowerOfTwo(size);
        final int extent = channel.extent(type);
        int start = 0;
        int width = pof2;
        for (int mask = 1; mask < pof2; mask <<= 1) {
            final int half = width >> 1;
            final boolean lower = (participant & mask) == 0;
            final int keep = lower ? start : start + half;
            final int give = lower ? start + half : start;
            final int keepItems = bounds[keep + half] - bounds[keep];
            final int keepOffset = bounds[keep] * extent;
            channel.sendrecv(
                work, workIndex + bounds[give] * extent, bounds[give + half] - bounds[give], type,
                rankOf(participant ^ mask, size),
                scratch, scratchIndex + keepOffset, keepItems, type, rankOf(participant ^ mask, size), tag);
            Support.combineOrdered(channel, combiner, scratch, scratchIndex + keepOffset,
                work, workIndex + keepOffset, keepItems, type, !lower);
            start = keep;
            width = half;
        }
    }

    /**
     * Runs the doubling phase on a participant: afterwards {@code work} holds the
     * result of every block.
     */
    static <T, X extends Exception> void allgather(
        final CollectiveChannel<T, X> channel, final int participant,
        final Object work, final int workIndex, final int[] bounds, final T type, final int tag) throws X {
        final int size = channel.size();
        final int pof2 = Support.floorPowerOfTwo(size);
        final int extent = channel.extent(type);
        int start = ownedBlock(participant, pof2);
        for (int width = 1; width < pof2; width <<= 1) {
            final int mask = pof2 / (width << 1);
            final int other = (participant & mask) == 0 ? start + width : start - width;
            final int peer = rankOf(participant ^ mask, size);
            channel.sendrecv(
                work, workIndex + bounds[start] * extent, bounds[start + width] - bounds[start], type, peer,
                work, workIndex + bounds[other] * extent, bounds[other + width] - bounds[other], type, peer, tag);
            start = Math.min(start, other);
        }
    }
}
