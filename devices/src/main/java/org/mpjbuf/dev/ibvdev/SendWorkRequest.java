package org.mpjbuf.dev.ibvdev;

/**
 * A send-queue work request, filled by the caller and posted by {@link Verbs#postSend}: a send, or
 * an RDMA write, with or without 32 bits of immediate data, gathering from registered memory.
 * Allocated once ({@link Verbs#newSendWorkRequest}) and reused for every post: posting copies its
 * fields into native memory the queue pair owns, so the request may be refilled as soon as
 * {@code postSend} returns.
 *
 * <pre>{@code
 * request.send(wrId).gather(address, length, region.lkey()).signaled(true);
 * verbs.postSend(queuePair, request);
 * }</pre>
 *
 * <p>Not thread-safe: one thread fills and posts a request at a time.
 */
public final class SendWorkRequest {
    private final ScatterGatherList entries;
    private long wrId;
    private int opcode;
    private boolean signaled;
    private int immediateData;
    private long remoteAddress;
    private int rkey;

    SendWorkRequest(int maxScatterGather) {
        entries = new ScatterGatherList(maxScatterGather);
    }

    /**
     * Starts a send ({@code IBV_WR_SEND}), clearing the previous request's fields.
     *
     * @param wrId the identifier its completion will carry
     * @return this request
     */
    public SendWorkRequest send(long wrId) {
        return start(wrId, VerbsConstants.WR_SEND);
    }

    /**
     * Starts a send with immediate data ({@code IBV_WR_SEND_WITH_IMM}).
     *
     * @param wrId the identifier its completion will carry
     * @param immediateData the 32 bits the peer's receive completion carries
     * @return this request
     */
    public SendWorkRequest sendWithImmediate(long wrId, int immediateData) {
        start(wrId, VerbsConstants.WR_SEND_WITH_IMM);
        this.immediateData = immediateData;
        return this;
    }

    /**
     * Starts an RDMA write ({@code IBV_WR_RDMA_WRITE}) to the peer's registered memory; the peer
     * sees no completion.
     *
     * @param wrId the identifier its completion will carry
     * @param remoteAddress where the data go in the peer's memory
     * @param rkey the remote key of the peer's region
     * @return this request
     */
    public SendWorkRequest rdmaWrite(long wrId, long remoteAddress, int rkey) {
        start(wrId, VerbsConstants.WR_RDMA_WRITE);
        this.remoteAddress = remoteAddress;
        this.rkey = rkey;
        return this;
    }

    /**
     * Starts an RDMA write with immediate data ({@code IBV_WR_RDMA_WRITE_WITH_IMM}): the data land
     * like an RDMA write's, and a receive posted at the peer completes with the immediate data.
     *
     * @param wrId the identifier its completion will carry
     * @param remoteAddress where the data go in the peer's memory
     * @param rkey the remote key of the peer's region
     * @param immediateData the 32 bits the peer's receive completion carries
     * @return this request
     */
    public SendWorkRequest rdmaWriteWithImmediate(long wrId, long remoteAddress, int rkey, int immediateData) {
        rdmaWrite(wrId, remoteAddress, rkey);
        this.opcode = VerbsConstants.WR_RDMA_WRITE_WITH_IMM;
        this.immediateData = immediateData;
        return this;
    }

    /**
     * Adds a gather entry.
     *
     * @param address the first byte, inside a region registered with the queue pair's protection domain
     * @param length bytes
     * @param lkey the region's local key
     * @return this request
     * @throws IllegalStateException if the request already holds {@link #maxScatterGather()} entries
     */
    public SendWorkRequest gather(long address, int length, int lkey) {
        entries.add(address, length, lkey);
        return this;
    }

    /**
     * Asks for a completion when the request finishes (without it, a successful request completes
     * silently; a failed one always produces a completion).
     *
     * @param signaled whether to ask
     * @return this request
     */
    public SendWorkRequest signaled(boolean signaled) {
        this.signaled = signaled;
        return this;
    }

    /**
     * The most gather entries the request holds.
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
     * The operation.
     *
     * @return an {@code IBV_WR_*} value of {@link VerbsConstants}
     */
    public int opcode() {
        return opcode;
    }

    /**
     * Whether a completion is asked for.
     *
     * @return the signaled flag
     */
    public boolean isSignaled() {
        return signaled;
    }

    /**
     * The immediate data (meaningful for the {@code _WITH_IMM} operations).
     *
     * @return 32 bits, as the peer's completion reports them
     */
    public int immediateData() {
        return immediateData;
    }

    /**
     * The peer address of an RDMA write.
     *
     * @return an address in the peer's memory, 0 for a send
     */
    public long remoteAddress() {
        return remoteAddress;
    }

    /**
     * The peer's remote key of an RDMA write.
     *
     * @return the rkey, 0 for a send
     */
    public int rkey() {
        return rkey;
    }

    /**
     * The gather entries.
     *
     * @return the list, owned by this request
     */
    public ScatterGatherList entries() {
        return entries;
    }

    private SendWorkRequest start(long wrId, int opcode) {
        this.wrId = wrId;
        this.opcode = opcode;
        this.signaled = false;
        this.immediateData = 0;
        this.remoteAddress = 0;
        this.rkey = 0;
        entries.clear();
        return this;
    }
}
