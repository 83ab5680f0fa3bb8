package org.mpjbuf.dev.ibvdev;

/**
 * The work completions one {@link Verbs#poll} returned, in arrays sized once and overwritten by
 * every poll: entry {@code i} of {@code 0 <= i < count()} describes one finished work request.
 *
 * <p>Not thread-safe: one thread polls into it and reads it.
 */
public final class Completions {
    private final long[] wrIds;
    private final int[] statuses;
    private final int[] opcodes;
    private final int[] byteLengths;
    private final int[] immediateData;
    private final boolean[] withImmediate;
    private final int[] queuePairNumbers;
    private int count;

    /**
     * Creates room for {@code capacity} completions per poll.
     *
     * @param capacity the most completions one poll returns
     * @throws IllegalArgumentException if {@code capacity < 1}
     */
    public Completions(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("room for at least one completion is needed, not " + capacity);
        }
        wrIds = new long[capacity];
        statuses = new int[capacity];
        opcodes = new int[capacity];
        byteLengths = new int[capacity];
        immediateData = new int[capacity];
        withImmediate = new boolean[capacity];
        queuePairNumbers = new int[capacity];
    }

    /**
     * The most completions one poll returns into this object.
     *
     * @return the capacity
     */
    public int capacity() {
        return wrIds.length;
    }

    /**
     * The completions the last poll returned.
     *
     * @return from 0 to {@link #capacity()}
     */
    public int count() {
        return count;
    }

    /**
     * The identifier of the finished work request.
     *
     * @param index from 0 to {@link #count()} - 1
     * @return its wr_id
     */
    public long wrId(int index) {
        return wrIds[index];
    }

    /**
     * How it finished.
     *
     * @param index from 0 to {@link #count()} - 1
     * @return {@link VerbsConstants#WC_SUCCESS} or an {@code IBV_WC_*} error ({@link Verbs#statusText})
     */
    public int status(int index) {
        return statuses[index];
    }

    /**
     * What finished (valid only when the status is success).
     *
     * @param index from 0 to {@link #count()} - 1
     * @return an {@code IBV_WC_*} opcode of {@link VerbsConstants}; receives have {@link VerbsConstants#WC_RECV} set
     */
    public int opcode(int index) {
        return opcodes[index];
    }

    /**
     * The bytes received (for a receive completion).
     *
     * @param index from 0 to {@link #count()} - 1
     * @return bytes
     */
    public int byteLength(int index) {
        return byteLengths[index];
    }

    /**
     * Whether the completion carries immediate data.
     *
     * @param index from 0 to {@link #count()} - 1
     * @return {@code IBV_WC_WITH_IMM} is set
     */
    public boolean hasImmediateData(int index) {
        return withImmediate[index];
    }

    /**
     * The immediate data the peer sent, as it passed them to its work request.
     *
     * @param index from 0 to {@link #count()} - 1
     * @return 32 bits, 0 when {@link #hasImmediateData} is false
     */
    public int immediateData(int index) {
        return immediateData[index];
    }

    /**
     * The local queue pair the work request belonged to.
     *
     * @param index from 0 to {@link #count()} - 1
     * @return its number
     */
    public int queuePairNumber(int index) {
        return queuePairNumbers[index];
    }

    void count(int count) {
        this.count = count;
    }

    void set(int index, long wrId, int status, int opcode, int byteLength, boolean hasImmediate, int immediate,
             int queuePairNumber) {
        wrIds[index] = wrId;
        statuses[index] = status;
        opcodes[index] = opcode;
        byteLengths[index] = byteLength;
        withImmediate[index] = hasImmediate;
        immediateData[index] = hasImmediate ? immediate : 0;
        queuePairNumbers[index] = queuePairNumber;
    }
}
