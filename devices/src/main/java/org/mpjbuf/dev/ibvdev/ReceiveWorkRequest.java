package org.mpjbuf.dev.ibvdev;

/**
 * A receive-queue work request, filled by the caller and posted by {@link Verbs#postReceive}: where
 * the next incoming send (or the completion of an RDMA write with immediate data) lands. Allocated
 * once ({@link Verbs#newReceiveWorkRequest}) and reused: posting copies its fields into native
 * memory the queue pair owns.
 *
 * <p>Not thread-safe: one thread fills and posts a request at a time.
 */
public final class ReceiveWorkRequest {
    private final ScatterGatherList entries;
    private long wrId;

    ReceiveWorkRequest(int maxScatterGather) {
        entries = new ScatterGatherList(maxScatterGather);
    }

    /**
     * Starts a request, clearing the previous one's entries.
     *
     * @param wrId the identifier its completion will carry
     * @return this request
     */
    public ReceiveWorkRequest receive(long wrId) {
        this.wrId = wrId;
        entries.clear();
        return this;
    }

    /**
     * Adds a scatter entry.
     *
     * @param address the first byte, inside a region registered with local write access
     * @param length bytes
     * @param lkey the region's local key
     * @return this request
     * @throws IllegalStateException if the request already holds {@link #maxScatterGather()} entries
     */
    public ReceiveWorkRequest scatter(long address, int length, int lkey) {
        entries.add(address, length, lkey);
        return this;
    }

    /**
     * The most scatter entries the request holds.
     *
     * @return its capacity, fixed at allocation
     */
    public int maxScatterGather() {
        return entries.capacity();
    }

    /**
     * The identifier the completion carries.
     *
     * @return the wr_id
     */
    public long wrId() {
        return wrId;
    }

    /**
     * The scatter entries.
     *
     * @return the list, owned by this request
     */
    public ScatterGatherList entries() {
        return entries;
    }
}
