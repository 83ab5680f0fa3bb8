package mpi;

import java.util.Arrays;

/**
 * One rank's allocator of communicator contexts. Contexts come in pairs: pair {@code k} gives a
 * communicator context {@code 2k} for point-to-point messages and {@code 2k + 1} for the messages
 * of collective operations and communicator management, so that user messages and collective
 * messages never match each other. Pair 0 is {@code COMM_WORLD}'s, pair 1 {@code COMM_SELF}'s.
 *
 * <p>A new communicator needs a pair free on every member: the members exchange their
 * {@link #freeMask()}s, combine them with AND and take the lowest run of free pairs
 * ({@link #lowest}) — the same on every member, since every member sees the same masks. Members
 * of disjoint communicators may use the same pair.
 *
 * <p>Thread-safe: all methods are synchronized.
 */
final class ContextIds {

    /** Number of 32-bit words of a mask: 4096 pairs. */
    static final int MASK_WORDS = 128;
    /** The pair of {@code COMM_WORLD}. */
    static final int WORLD_PAIR = 0;
    /** The pair of {@code COMM_SELF}. */
    static final int SELF_PAIR = 1;

    private final int[] used = new int[MASK_WORDS];

    ContextIds() {
        used[0] = 0b11;
    }

    /** Returns the point-to-point context of a pair. */
    static int pointToPoint(int pair) {
        return 2 * pair;
    }

    /** Returns the collective context of a pair. */
    static int collective(int pair) {
        return 2 * pair + 1;
    }

    /** Returns a mask with a bit set for every pair free on this rank. */
    synchronized int[] freeMask() {
        int[] free = new int[MASK_WORDS];
        for (int word = 0; word < MASK_WORDS; word++) {
            free[word] = ~used[word];
        }
        return free;
    }

    /**
     * Finds the lowest run of free pairs in a combined mask.
     *
     * @param free  the AND of the members' free masks
     * @param count how many consecutive pairs are needed
     * @return the first pair of the run
     * @throws MPIException (MPI_ERR_COMM) when every pair is in use
     */
    static int lowest(int[] free, int count) throws MPIException {
        int run = 0;
        for (int pair = 0; pair < MASK_WORDS * 32; pair++) {
            run = (free[pair >>> 5] & (1 << (pair & 31))) != 0 ? run + 1 : 0;
            if (run == count) {
                return pair - count + 1;
            }
        }
        throw Checks.error(MPIException.ERR_COMM, "no free communicator context left ("
            + MASK_WORDS * 32 + " communicators in use; Free() communicators no longer needed)");
    }

    /** Marks pairs as used on this rank. */
    synchronized void claim(int pair, int count) {
        for (int p = pair; p < pair + count; p++) {
            used[p >>> 5] |= 1 << (p & 31);
        }
    }

    /** Marks pairs as free on this rank. */
    synchronized void release(int pair, int count) {
        for (int p = pair; p < pair + count; p++) {
            used[p >>> 5] &= ~(1 << (p & 31));
        }
    }

    /** ANDs one mask into another. */
    static void and(int[] into, int[] mask, int from) {
        for (int word = 0; word < MASK_WORDS; word++) {
            into[word] &= mask[from + word];
        }
    }

    @Override
    public synchronized String toString() {
        return "ContextIds" + Arrays.toString(Arrays.copyOf(used, 4)) + "...";
    }
}
