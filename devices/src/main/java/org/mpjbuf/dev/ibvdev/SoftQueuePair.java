package org.mpjbuf.dev.ibvdev;

import static org.mpjbuf.dev.ibvdev.SoftPacketDescriptor.*;
import static org.mpjbuf.dev.ibvdev.VerbsConstants.*;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;

/**
 * A reliable-connected queue pair of a {@link SoftVerbs} device: its state, its send and receive
 * rings, and the requester and responder halves of the transport, which the device's HCA thread
 * runs.
 *
 * <h2>Rings</h2>
 * The send queue is a ring of {@code maxSendWorkRequests} slots. {@link #postSend} (the one posting
 * thread) gathers the request's data into its slot's frame (a direct buffer kept by the slot and
 * grown only when a longer message comes), then publishes the slot with a volatile write of
 * {@code sendPosted}. The HCA transmits slots in order ({@code sendTransmitNext}), counts them
 * acknowledged in order ({@code sendAcked}), and frees them ({@code sendRetired}) when a signaled
 * request completes or the queue pair fails: an unsignaled request keeps its slot until a later
 * signaled one completes, as on hardware, so a poster that never signals fills the queue. The
 * receive queue is a ring of {@code maxReceiveWorkRequests} slots, published by {@link #postReceive}
 * and consumed in order by the HCA.
 *
 * <h2>Transport</h2>
 * Packet sequence numbers start at the RTS {@code sendPsn} and the RTR {@code receivePsn}. The
 * responder executes a request only if it carries the expected number, and answers it with an ACK
 * or a NAK; requests after a refused one are dropped without answer, and the requester sends them
 * again (go-back-N): after the RNR timer for an RNR NAK (at most {@code rnrRetry} times, 7 meaning
 * forever, then {@code IBV_WC_RNR_RETRY_EXC_ERR}); after the ACK timeout for a queue pair not ready
 * (at most {@code retryCount} times, then {@code IBV_WC_RETRY_EXC_ERR}). Other NAKs fail the
 * request with the matching remote status. A failed queue pair is in the error state: the failed
 * request completes with its status, every other outstanding or later work request with
 * {@code IBV_WC_WR_FLUSH_ERR}, signaled or not.
 *
 * <p>Thread-safety: {@link #postSend} and {@link #postReceive} from one thread each; the state is
 * changed by the set-up calls (under the queue pair's lock) and by the HCA thread; everything else
 * belongs to the HCA thread.
 */
final class SoftQueuePair implements Verbs.QueuePair {
    private static final long NEVER = Long.MAX_VALUE;
    /** IB's RNR timer codes in units of 10 us (code 0 is 655.36 ms). */
    private static final int[] RNR_TIMER_10US = {
        65536, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072,
        4096, 6144, 8192, 12288, 16384, 24576, 32768, 49152};

    final SoftVerbs verbs;
    final SoftObjects.SoftProtectionDomain domain;
    final SoftCompletionQueue sendQueue;
    final SoftCompletionQueue receiveQueue;
    private final int number;
    private final QueuePairCapabilities capabilities;
    private final SendSlot[] sendSlots;
    private final ReceiveSlot[] receiveSlots;

    private volatile int state = QPS_RESET;
    volatile boolean live = true;

    // set by the modify calls before the state that uses them is published
    int accessFlags;
    Gid remoteGid;
    int remoteNumber;
    private int minRnrTimer;
    private int expectedPsn;
    private int sendPsn;
    private int ackTimeout;
    private int retryCount;
    private int rnrRetry;

    private volatile long sendPosted;
    private volatile long sendRetired;
    private volatile long receivePosted;
    private volatile long receiveConsumed;

    // HCA thread only
    SoftConnection requester;
    SoftConnection responder;
    private long sendTransmitNext;
    private long sendAcked;
    private int rnrAttempts;
    private int retryAttempts;
    private long resumeAtNanos;
    private int receiveErrorStatus;

    SoftQueuePair(SoftVerbs verbs, SoftObjects.SoftProtectionDomain domain, SoftCompletionQueue sendQueue,
                  SoftCompletionQueue receiveQueue, int number, QueuePairCapabilities capabilities) {
        this.verbs = verbs;
        this.domain = domain;
        this.sendQueue = sendQueue;
        this.receiveQueue = receiveQueue;
        this.number = number;
        this.capabilities = capabilities;
        sendSlots = new SendSlot[capabilities.maxSendWorkRequests()];
        for (int i = 0; i < sendSlots.length; i++) {
            sendSlots[i] = new SendSlot();
        }
        receiveSlots = new ReceiveSlot[capabilities.maxReceiveWorkRequests()];
        for (int i = 0; i < receiveSlots.length; i++) {
            receiveSlots[i] = new ReceiveSlot(capabilities.maxReceiveScatterGather());
        }
    }

    @Override
    public int number() {
        return number;
    }

    @Override
    public QueuePairCapabilities capabilities() {
        return capabilities;
    }

    int state() {
        return state;
    }

    @Override
    public String toString() {
        return "soft queue pair " + number + " (" + stateName(state) + ")";
    }

    static String stateName(int state) {
        return switch (state) {
            case QPS_RESET -> "RESET";
            case QPS_INIT -> "INIT";
            case QPS_RTR -> "RTR";
            case QPS_RTS -> "RTS";
            case QPS_ERR -> "ERR";
            default -> "state " + state;
        };
    }

    // ---------------------------------------------------------------- set-up (any thread)

    synchronized void toInit(int accessFlags) {
        requireState(QPS_RESET, "RESET to INIT");
        this.accessFlags = accessFlags;
        state = QPS_INIT;
    }

    synchronized void toReadyToReceive(ReadyToReceiveAttributes peer) {
        requireState(QPS_INIT, "INIT to RTR");
        remoteGid = peer.remoteGid();
        remoteNumber = peer.remoteQueuePairNumber();
        expectedPsn = peer.receivePsn();
        minRnrTimer = peer.minRnrTimer();
        state = QPS_RTR;
    }

    synchronized void toReadyToSend(ReadyToSendAttributes send) {
        requireState(QPS_RTR, "RTR to RTS");
        sendPsn = send.sendPsn();
        ackTimeout = send.timeout();
        retryCount = send.retryCount();
        rnrRetry = send.rnrRetry();
        state = QPS_RTS;
    }

    private void requireState(int required, String transition) {
        if (state != required) {
            throw verbs.failure("ibv_modify_qp", SoftVerbs.EINVAL, "queue pair " + number + " " + transition
                + " refused: it is in " + stateName(state));
        }
    }

    // ---------------------------------------------------------------- posting (the poster threads)

    void postSend(SendWorkRequest request) {
        int current = state;
        if (current != QPS_RTS && current != QPS_ERR) {
            throw verbs.failure("ibv_post_send", SoftVerbs.EINVAL, "queue pair " + number + " is in "
                + stateName(current) + "; sends need RTS, wr_id " + request.wrId());
        }
        ScatterGatherList entries = request.entries();
        if (entries.count() > capabilities.maxSendScatterGather()) {
            throw tooManyEntries(entries.count(), capabilities.maxSendScatterGather());
        }
        long posted = sendPosted;
        if (posted - sendRetired >= sendSlots.length) {
            throw verbs.failure("ibv_post_send", SoftVerbs.ENOMEM, "the send queue of queue pair " + number
                + " holds its " + sendSlots.length + " work requests, wr_id " + request.wrId());
        }
        sendSlots[(int) (posted % sendSlots.length)].fill(request, (sendPsn + (int) posted) & PSN_MASK, this);
        sendPosted = posted + 1;
        verbs.hca().doorbell();
    }

    void postReceive(ReceiveWorkRequest request) {
        int current = state;
        if (current == QPS_RESET) {
            throw verbs.failure("ibv_post_recv", SoftVerbs.EINVAL, "queue pair " + number
                + " is in RESET; receives need INIT or later, wr_id " + request.wrId());
        }
        ScatterGatherList entries = request.entries();
        if (entries.count() > capabilities.maxReceiveScatterGather()) {
            throw tooManyEntries(entries.count(), capabilities.maxReceiveScatterGather());
        }
        long posted = receivePosted;
        if (posted - receiveConsumed >= receiveSlots.length) {
            throw verbs.failure("ibv_post_recv", SoftVerbs.ENOMEM, "the receive queue of queue pair " + number
                + " holds its " + receiveSlots.length + " work requests, wr_id " + request.wrId());
        }
        receiveSlots[(int) (posted % receiveSlots.length)].fill(request);
        receivePosted = posted + 1;
        if (current == QPS_ERR) {
            verbs.hca().doorbell();
        }
    }

    private static IllegalArgumentException tooManyEntries(int count, int capacity) {
        return new IllegalArgumentException("the work request has " + count + " scatter/gather entries; the queue"
            + " pair takes at most " + capacity);
    }

    // ---------------------------------------------------------------- requester (HCA thread)

    /**
     * Whether the HCA has something to do for this queue pair now.
     */
    boolean hasWork(long now) {
        int current = state;
        if (current == QPS_ERR) {
            return sendPosted != sendAcked || receivePosted != receiveConsumed;
        }
        if (current != QPS_RTS || requester == null) {
            return false;
        }
        long posted = sendPosted;
        if (sendAcked == sendTransmitNext && sendAcked < posted && slot(sendAcked).localStatus != WC_SUCCESS) {
            return true;
        }
        return sendTransmitNext < posted && now >= resumeAtNanos && !requester.isMidFrame()
            && slot(sendTransmitNext).localStatus == WC_SUCCESS;
    }

    /**
     * When a retry timer fires, or {@link Long#MAX_VALUE}.
     */
    long deadline() {
        return resumeAtNanos > 0 && state == QPS_RTS && sendTransmitNext < sendPosted ? resumeAtNanos : NEVER;
    }

    /**
     * Flushes a failed queue pair's new work requests, or transmits the next requests.
     */
    void progress(long now) {
        int current = state;
        if (current == QPS_ERR) {
            flush(WC_WR_FLUSH_ERR);
            return;
        }
        if (current != QPS_RTS || requester == null) {
            return;
        }
        if (sendAcked == sendTransmitNext && sendAcked < sendPosted) {
            int localStatus = slot(sendAcked).localStatus;
            if (localStatus != WC_SUCCESS) {
                fail(localStatus);
                return;
            }
        }
        if (resumeAtNanos > 0) {
            if (now < resumeAtNanos) {
                return;
            }
            resumeAtNanos = 0;
        }
        requester.transmit();
    }

    /**
     * The frame to transmit next, or {@code null} (nothing posted, a retry timer running, or a
     * request that failed locally waiting for those before it).
     */
    ByteBuffer nextFrame() {
        if (state != QPS_RTS || resumeAtNanos > 0 || sendTransmitNext >= sendPosted) {
            return null;
        }
        SendSlot slot = slot(sendTransmitNext);
        if (slot.localStatus != WC_SUCCESS) {
            return null;
        }
        sendTransmitNext++;
        ByteBuffer frame = slot.frame;
        frame.limit(slot.frameLength).position(0);
        return frame;
    }

    /**
     * Handles an ACK or NAK read by the requester connection. Responses arrive in the order of the
     * requests; a peer that is not ready NAKs every request it gets, so after the first NAK has
     * rewound the queue, the NAKs of the requests sent behind it are stale and ignored: they all
     * arrive before any response to the requests sent again.
     *
     * @throws SoftConnection.MalformedPacketException if it answers no outstanding request
     */
    void onResponse(byte type, byte code, int psn, int argument, long now)
        throws SoftConnection.MalformedPacketException {
        if (state != QPS_RTS) {
            return;
        }
        int oldest = (sendPsn + (int) sendAcked) & PSN_MASK;
        if (psn != oldest) {
            if (type == TYPE_NAK && ((psn - oldest) & PSN_MASK) < sendPosted - sendAcked) {
                return;
            }
            throw new SoftConnection.MalformedPacketException("a response for PSN " + psn
                + " answers no outstanding request of queue pair " + number);
        }
        if (sendAcked >= sendTransmitNext) {
            throw new SoftConnection.MalformedPacketException("a response for PSN " + psn
                + " answers a request queue pair " + number + " has not sent");
        }
        if (type == TYPE_ACK) {
            SendSlot slot = slot(sendAcked);
            sendAcked++;
            rnrAttempts = 0;
            retryAttempts = 0;
            if (slot.signaled) {
                long wrId = slot.wrId;
                int opcode = slot.completionOpcode();
                int length = slot.payloadLength;
                // the slots are free before the completion says so: a poller may post again at once
                sendRetired = sendAcked;
                sendQueue.add(wrId, WC_SUCCESS, opcode, length, false, 0, number);
            }
            return;
        }
        switch (code) {
            case NAK_RECEIVER_NOT_READY -> {
                if (rnrRetry != 7 && rnrAttempts >= rnrRetry) {
                    fail(WC_RNR_RETRY_EXC_ERR);
                } else {
                    rnrAttempts++;
                    retryAfter(now + RNR_TIMER_10US[argument & 31] * 10_000L);
                }
            }
            case NAK_QUEUE_PAIR_NOT_READY -> {
                if (retryAttempts >= retryCount) {
                    fail(WC_RETRY_EXC_ERR);
                } else {
                    retryAttempts++;
                    retryAfter(now + (4096L << ackTimeout));
                }
            }
            case NAK_INVALID_REQUEST -> fail(WC_REM_INV_REQ_ERR);
            case NAK_REMOTE_ACCESS -> fail(WC_REM_ACCESS_ERR);
            case NAK_REMOTE_OPERATION -> fail(WC_REM_OP_ERR);
            default -> throw new SoftConnection.MalformedPacketException("unknown NAK code " + code);
        }
    }

    private void retryAfter(long resumeAt) {
        sendTransmitNext = sendAcked;
        resumeAtNanos = Math.max(1, resumeAt);
    }

    private SendSlot slot(long index) {
        return sendSlots[(int) (index % sendSlots.length)];
    }

    // ---------------------------------------------------------------- failure (HCA thread)

    /**
     * Moves the queue pair to the error state: the oldest outstanding send completes with
     * {@code headSendStatus}, every other work request with {@code IBV_WC_WR_FLUSH_ERR}.
     */
    void fail(int headSendStatus) {
        synchronized (this) {
            state = QPS_ERR;
        }
        resumeAtNanos = 0;
        if (requester != null && requester.isMidFrame()) {
            // the slot being written is about to be freed; the peer must not read a torn frame
            verbs.hca().close(requester);
        }
        flush(headSendStatus);
    }

    /**
     * The queue pair lost a connection (its peer closed or sent something malformed).
     */
    void connectionLost() {
        if (state != QPS_ERR) {
            fail(WC_RETRY_EXC_ERR);
        }
    }

    private void flush(int headSendStatus) {
        // each slot is free before its completion is published: a poller may post again at once
        long posted = sendPosted;
        long head = sendAcked;
        for (long index = head; index < posted; index++) {
            SendSlot slot = slot(index);
            long wrId = slot.wrId;
            int opcode = slot.completionOpcode();
            sendAcked = index + 1;
            sendTransmitNext = index + 1;
            sendRetired = index + 1;
            sendQueue.add(wrId, index == head ? headSendStatus : WC_WR_FLUSH_ERR, opcode, 0, false, 0, number);
        }
        long received = receivePosted;
        for (long index = receiveConsumed; index < received; index++) {
            long wrId = receiveSlots[(int) (index % receiveSlots.length)].wrId;
            receiveConsumed = index + 1;
            receiveQueue.add(wrId, WC_WR_FLUSH_ERR, WC_RECV, 0, false, 0, number);
        }
    }

    // ---------------------------------------------------------------- responder (HCA thread)

    /**
     * Decides what to do with a request whose header the responder connection read, and points
     * the connection's sink at where its payload goes (nowhere when it is refused).
     *
     * @return the response: {@link SoftConnection#RESPOND_ACK}, a NAK code, or
     *         {@link SoftConnection#RESPOND_NOTHING}
     */
    int acceptRequest(SoftConnection connection, byte type, boolean immediate, int psn, int length,
                      long remoteAddress, int rkey) {
        connection.discardPayload();
        int current = state;
        if ((current != QPS_RTR && current != QPS_RTS) || !connection.isFrom(remoteGid, remoteNumber)) {
            return NAK_QUEUE_PAIR_NOT_READY;
        }
        if (psn != expectedPsn) {
            return SoftConnection.RESPOND_NOTHING;
        }
        boolean needsReceive = type == TYPE_SEND || immediate;
        if (needsReceive && receiveConsumed == receivePosted) {
            return NAK_RECEIVER_NOT_READY;
        }
        if (type == TYPE_RDMA_WRITE) {
            if ((accessFlags & ACCESS_REMOTE_WRITE) == 0) {
                return respondError(NAK_INVALID_REQUEST, needsReceive, WC_WR_FLUSH_ERR);
            }
            if (length > 0) {
                SoftMemoryRegions.Region region = verbs.regions().remote(rkey);
                if (region == null || region.domain != domain || (region.accessFlags & ACCESS_REMOTE_WRITE) == 0
                    || !region.contains(remoteAddress, length)) {
                    return respondError(NAK_REMOTE_ACCESS, needsReceive, WC_WR_FLUSH_ERR);
                }
                connection.sinkInto(region, remoteAddress, length);
            }
            return SoftConnection.RESPOND_ACK;
        }
        ReceiveSlot receive = receiveSlots[(int) (receiveConsumed % receiveSlots.length)];
        long capacity = 0;
        for (int i = 0; i < receive.count; i++) {
            capacity += Integer.toUnsignedLong(receive.lengths[i]);
        }
        if (length > capacity) {
            return respondError(NAK_INVALID_REQUEST, true, WC_LOC_LEN_ERR);
        }
        long remaining = length;
        for (int i = 0; i < receive.count && remaining > 0; i++) {
            long piece = Math.min(remaining, Integer.toUnsignedLong(receive.lengths[i]));
            if (piece == 0) {
                continue;
            }
            SoftMemoryRegions.Region region = verbs.regions().local(receive.lkeys[i]);
            if (region == null || region.domain != domain || (region.accessFlags & ACCESS_LOCAL_WRITE) == 0
                || !region.contains(receive.addresses[i], piece)) {
                return respondError(NAK_REMOTE_OPERATION, true, WC_LOC_PROT_ERR);
            }
            connection.sinkInto(region, receive.addresses[i], piece);
            remaining -= piece;
        }
        return SoftConnection.RESPOND_ACK;
    }

    private int respondError(byte nak, boolean receiveFails, int receiveStatus) {
        receiveErrorStatus = receiveFails ? receiveStatus : WC_SUCCESS;
        return nak;
    }

    /**
     * Completes a request whose payload has been read: for an ACK, the receive it consumed (if
     * any) completes; for an error NAK, the receive fails and the queue pair goes to the error
     * state. {@code faulted} says a region was deregistered while the payload was copied into it.
     *
     * @return the response to send, possibly changed by a fault
     */
    int completeRequest(int response, byte type, boolean immediate, int immediateData, int length, boolean faulted) {
        if (response == SoftConnection.RESPOND_ACK && faulted) {
            response = type == TYPE_SEND ? respondError(NAK_REMOTE_OPERATION, true, WC_LOC_PROT_ERR)
                : respondError(NAK_REMOTE_ACCESS, immediate, WC_WR_FLUSH_ERR);
        }
        if (response == SoftConnection.RESPOND_ACK) {
            if (type == TYPE_SEND || immediate) {
                long wrId = receiveSlots[(int) (receiveConsumed % receiveSlots.length)].wrId;
                receiveConsumed++;
                receiveQueue.add(wrId, WC_SUCCESS, type == TYPE_SEND ? WC_RECV : WC_RECV_RDMA_WITH_IMM, length,
                    immediate, immediateData, number);
            }
            expectedPsn = (expectedPsn + 1) & PSN_MASK;
        } else if (response == NAK_INVALID_REQUEST || response == NAK_REMOTE_ACCESS
            || response == NAK_REMOTE_OPERATION) {
            if (receiveErrorStatus != WC_SUCCESS) {
                long wrId = receiveSlots[(int) (receiveConsumed % receiveSlots.length)].wrId;
                receiveConsumed++;
                receiveQueue.add(wrId, receiveErrorStatus, WC_RECV, 0, false, 0, number);
            }
            fail(WC_WR_FLUSH_ERR);
        }
        return response;
    }

    /** The RNR timer code a receiver-not-ready NAK carries. */
    int minRnrTimer() {
        return minRnrTimer;
    }

    // ---------------------------------------------------------------- slots

    /** One send work request, as posted: its attributes and its whole frame, header and gathered data. */
    static final class SendSlot {
        long wrId;
        int opcode;
        boolean signaled;
        int payloadLength;
        int localStatus;
        int frameLength;
        ByteBuffer frame = ByteBuffer.allocateDirect(HEADER_LENGTH + 256);
        MemorySegment frameMemory = MemorySegment.ofBuffer(frame);

        void fill(SendWorkRequest request, int psn, SoftQueuePair queuePair) {
            wrId = request.wrId();
            opcode = request.opcode();
            signaled = request.isSignaled();
            localStatus = WC_SUCCESS;
            payloadLength = 0;
            frameLength = 0;
            ScatterGatherList entries = request.entries();
            long total = 0;
            for (int i = 0; i < entries.count(); i++) {
                total += Integer.toUnsignedLong(entries.length(i));
            }
            if (total > MAX_MESSAGE_LENGTH) {
                localStatus = WC_LOC_LEN_ERR;
                return;
            }
            int length = (int) total;
            if (frame.capacity() < HEADER_LENGTH + length) {
                frame = ByteBuffer.allocateDirect(Math.max(HEADER_LENGTH + length, 2 * frame.capacity()));
                frameMemory = MemorySegment.ofBuffer(frame);
            }
            long offset = HEADER_LENGTH;
            for (int i = 0; i < entries.count(); i++) {
                long piece = Integer.toUnsignedLong(entries.length(i));
                if (piece == 0) {
                    continue;
                }
                SoftMemoryRegions.Region region = queuePair.verbs.regions().local(entries.lkey(i));
                if (region == null || region.domain != queuePair.domain || !region.contains(entries.address(i), piece)
                    || !region.copyOut(entries.address(i), frameMemory, offset, piece)) {
                    localStatus = WC_LOC_PROT_ERR;
                    return;
                }
                offset += piece;
            }
            boolean write = opcode == WR_RDMA_WRITE || opcode == WR_RDMA_WRITE_WITH_IMM;
            boolean immediate = opcode == WR_SEND_WITH_IMM || opcode == WR_RDMA_WRITE_WITH_IMM;
            ByteBuffer header = frame;
            header.clear();
            header.put(TYPE_OFFSET, write ? TYPE_RDMA_WRITE : TYPE_SEND);
            header.put(FLAGS_OFFSET, immediate ? FLAG_IMMEDIATE : 0);
            header.putShort(FLAGS_OFFSET + 1, (short) 0);
            header.putInt(PSN_OFFSET, psn);
            header.putInt(PAYLOAD_LENGTH_OFFSET, length);
            header.putInt(IMMEDIATE_DATA_OFFSET, immediate ? request.immediateData() : 0);
            header.putLong(REMOTE_ADDRESS_OFFSET, request.remoteAddress());
            header.putInt(RKEY_OFFSET, request.rkey());
            header.putInt(ARGUMENT_OFFSET, 0);
            payloadLength = length;
            frameLength = HEADER_LENGTH + length;
        }

        int completionOpcode() {
            return opcode == WR_RDMA_WRITE || opcode == WR_RDMA_WRITE_WITH_IMM ? WC_RDMA_WRITE : WC_SEND;
        }
    }

    /** One receive work request, as posted. */
    static final class ReceiveSlot {
        long wrId;
        int count;
        final long[] addresses;
        final int[] lengths;
        final int[] lkeys;

        ReceiveSlot(int maxScatterGather) {
            addresses = new long[maxScatterGather];
            lengths = new int[maxScatterGather];
            lkeys = new int[maxScatterGather];
        }

        void fill(ReceiveWorkRequest request) {
            wrId = request.wrId();
            ScatterGatherList entries = request.entries();
            count = entries.count();
            for (int i = 0; i < count; i++) {
                addresses[i] = entries.address(i);
                lengths[i] = entries.length(i);
                lkeys[i] = entries.lkey(i);
            }
        }
    }
}
