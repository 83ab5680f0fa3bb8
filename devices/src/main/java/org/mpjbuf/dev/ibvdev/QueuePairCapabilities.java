package org.mpjbuf.dev.ibvdev;

/**
 * The sizes asked of a new queue pair ({@code struct ibv_qp_cap}); the device may grant more.
 *
 * @param maxSendWorkRequests the send queue's depth
 * @param maxReceiveWorkRequests the receive queue's depth
 * @param maxSendScatterGather the most gather entries of one send work request
 * @param maxReceiveScatterGather the most scatter entries of one receive work request
 * @param maxInlineData the most bytes a send may carry inline (0: none)
 */
public record QueuePairCapabilities(int maxSendWorkRequests, int maxReceiveWorkRequests, int maxSendScatterGather,
                                    int maxReceiveScatterGather, int maxInlineData) {

    /**
     * Checks the sizes.
     *
     * @throws IllegalArgumentException if a depth or gather size is below 1, or the inline size negative
     */
    public QueuePairCapabilities {
        if (maxSendWorkRequests < 1 || maxReceiveWorkRequests < 1 || maxSendScatterGather < 1
            || maxReceiveScatterGather < 1 || maxInlineData < 0) {
            throw new IllegalArgumentException("queue pair capabilities need depths and scatter/gather sizes of at"
                + " least 1 and a non-negative inline size: " + this);
        }
    }
}
