package org.mpjbuf.mpj.coll;

/**
 * Barrier algorithms.
 *
 * <ul>
 *   <li>{@link Algorithm#DISSEMINATION}: in round {@code k} rank {@code r} signals
 *       {@code r + 2^k} and waits for {@code r - 2^k} (mod p); ceil(log2 p) rounds
 *       for any p (Hensgen, Finkel and Manber, 1988).</li>
 *   <li>{@link Algorithm#BINOMIAL}: fan-in along a binomial tree to rank 0, then
 *       fan-out along the same tree; 2 log2 p rounds, p - 1 messages each way.</li>
 *   <li>{@link Algorithm#FLAT}: every rank signals rank 0, which releases them all.</li>
 * </ul>
 */
public final class Barrier {
    /** The barrier algorithms. */
    public enum Algorithm {
        /** Dissemination: ceil(log2 p) rounds of pairwise signals. */
        DISSEMINATION,
        /** Binomial fan-in then fan-out. */
        BINOMIAL,
        /** Gather to rank 0, release from rank 0. */
        FLAT
    }

    private Barrier() {
    }

    /**
     * Runs one barrier with the given algorithm.
     *
     * @param algorithm the algorithm
     * @param channel   the communicator's channel
     * @param <T>       datatype handle
     * @param <X>       exception raised
     * @throws X when a transfer fails
     */
    public static <T, X extends Exception> void run(final Algorithm algorithm, final CollectiveChannel<T, X> channel)
        throws X {
        if (channel.size() == 1) {
            return;
        }
        switch (algorithm) {
            case DISSEMINATION -> dissemination(channel);
            case BINOMIAL -> binomial(channel);
            case FLAT -> flat(channel);
        }
    }

    private static <T, X extends Exception> void dissemination(final CollectiveChannel<T, X> channel) throws X {
        final int size = channel.size();
        final int rank = channel.rank();
        for (int distance = 1; distance < size; distance <<= 1) {
            channel.sendSignal((rank + distance) % size, Tags.BARRIER);
            channel.recvSignal((rank - distance + size) % size, Tags.BARRIER);
        }
    }

    private static <T, X extends Exception> void binomial(final CollectiveChannel<T, X> channel) throws X {
        final int size = channel.size();
        final int rank = channel.rank();
        int mask = 1;
        while (mask < size) {
            if ((rank & mask) != 0) {
                channel.sendSignal(rank & ~mask, Tags.BARRIER);
                channel.recvSignal(rank & ~mask, Tags.BARRIER);
                break;
            }
            if ((rank | mask) < size) {
                channel.recvSignal(rank | mask, Tags.BARRIER);
            }
            mask <<= 1;
        }
        mask >>= 1;
        while (mask > 0) {
            if ((rank | mask) < size) {
                channel.sendSignal(rank | mask, Tags.BARRIER);
            }
            mask >>= 1;
        }
    }

    private static <T, X extends Exception> void flat(final CollectiveChannel<T, X> channel) throws X {
        final int size = channel.size();
        if (channel.rank() == 0) {
            for (int source = 1; source < size; source++) {
                channel.recvSignal(source, Tags.BARRIER);
            }
            for (int dest = 1; dest < size; dest++) {
                channel.sendSignal(dest, Tags.BARRIER);
            }
        } else {
            channel.sendSignal(0, Tags.BARRIER);
            channel.recvSignal(0, Tags.BARRIER);
        }
    }
}
