package org.mpjbuf.dev.ibvdev;

/**
 * The scatter/gather entries of one work request: (address, length, lkey) triples in arrays sized
 * once, reused by every post. A binding copies them into its preallocated native {@code ibv_sge}
 * array when the request is posted.
 *
 * <p>Not thread-safe: one thread fills and posts a request at a time.
 */
public final class ScatterGatherList {
    private final long[] addresses;
    private final int[] lengths;
    private final int[] lkeys;
    private int count;

    ScatterGatherList(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a work request needs room for at least one scatter/gather entry, not "
                + capacity);
        }
        addresses = new long[capacity];
        lengths = new int[capacity];
        lkeys = new int[capacity];
    }

    /**
     * The most entries the list holds.
     *
     * @return its capacity
     */
    public int capacity() {
        return addresses.length;
    }

    /**
     * The entries added since the last clear.
     *
     * @return the count
     */
    public int count() {
        return count;
    }

    /**
     * The address of entry {@code index}.
     *
     * @param index from 0 to {@link #count()} - 1
     * @return a native address inside a registered region
     */
    public long address(int index) {
        return addresses[index];
    }

    /**
     * The length of entry {@code index}.
     *
     * @param index from 0 to {@link #count()} - 1
     * @return bytes
     */
    public int length(int index) {
        return lengths[index];
    }

    /**
     * The local key of entry {@code index}.
     *
     * @param index from 0 to {@link #count()} - 1
     * @return the {@link Verbs.MemoryRegion#lkey()} of the region holding the entry
     */
    public int lkey(int index) {
        return lkeys[index];
    }

    void clear() {
        count = 0;
    }

    void add(long address, int length, int lkey) {
        if (count == addresses.length) {
            throw new IllegalStateException("the work request already holds its " + addresses.length
                + " scatter/gather entries");
        }
        addresses[count] = address;
        lengths[count] = length;
        lkeys[count] = lkey;
        count++;
    }
}
