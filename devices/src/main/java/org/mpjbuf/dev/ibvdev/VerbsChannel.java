package org.mpjbuf.dev.ibvdev;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.concurrent.locks.ReentrantLock;

import org.mpjbuf.dev.DeviceException;

/**
 * One rank's channel to one peer over a reliable-connected queue pair: frames of up to
 * {@link #maxFrameBytes()} bytes, delivered whole and in order, with credit-based flow control so
 * that a send never finds the peer without a posted receive; and RDMA writes into the peer's
 * registered memory, ordered with the frames (a frame sent after a write arrives after the
 * write's data). The eager messages and the rendezvous control messages of ibvdev travel as
 * frames, rendezvous data as writes.
 *
 * <h2>Slots and credits</h2>
 * The channel owns one registered area: {@code S} send slots and {@code S + 2} receive slots of
 * {@code maxFrameBytes + 8} bytes each. A frame is copied into a free send slot behind an
 * 8-byte header (payload length, credits returned, kind) and sent from there; every receive
 * slot is posted at start and posted again as soon as its frame has been handed to the
 * {@link Listener}.
 * <ol>
 *   <li>A sender holds one credit per receive slot the peer keeps posted for its frames,
 *       {@code S} at start. A data frame takes one; without credit (or without a free send slot)
 *       it waits, in order, in a backlog copied to the heap, and goes as soon as both are back:
 *       the only allocation, on the rare path.</li>
 *   <li>The receiver counts the data frames it has handed on and returns that many credits in
 *       the header of its next frame to the peer, or, once half of {@code S} (rounded up) has
 *       gathered, in a credit frame of its own. Credit frames take no credit, so returning credit never waits
 *       for credit: no deadlock.</li>
 *   <li>They still need a posted receive: a credit frame returns at least half of {@code S}
 *       (rounded up) credits, and the peer sends at most {@code S} data frames beyond the credit it
 *       has seen come back (its credits come back only in our frames), so three of our credit
 *       frames it has not handed on would return more than it can have sent: at most two are
 *       outstanding: the two receive slots beyond {@code S} take
 *       them, and a receiver-not-ready never happens. Tests run the queue pairs with
 *       {@code rnr_retry = 0}, so that one would fail them.</li>
 * </ol>
 *
 * <h2>Completions</h2>
 * The channel does not poll: whoever drives the rank's completion queue hands each completion of
 * this channel's work requests to {@link #completed} (the upper 32 bits of a work request id
 * are the channel's peer, so one completion queue can serve every channel). A completion with an error status fails the channel: the
 * {@link Listener} hears why, once, and nothing is sent any more.
 *
 * <h2>Threads</h2>
 * {@link #send} and {@link #write} may be called from any thread (one lock orders the send queue);
 * {@link #completed} from one thread at a time, the driver of the completion queue, which also
 * calls the {@link Listener}. Frames handed to {@link Listener#frameArrived} are valid during that
 * call only.
 */
final class VerbsChannel implements AutoCloseable {

    /** What the channel tells its owner; called by the thread that drives the completion queue. */
    interface Listener {
        /**
         * A frame from the peer arrived.
         *
         * @param frame its payload, valid during this call only
         */
        void frameArrived(MemorySegment frame);

        /**
         * An RDMA write completed: its data are in the peer's memory.
         *
         * @param token what {@link VerbsChannel#write} was given
         */
        void writeCompleted(long token);

        /**
         * The channel failed: a work request completed with an error (the peer died, a key was
         * refused, a queue overflowed); nothing is sent any more.
         *
         * @param reason what failed, naming the peer
         */
        void failed(String reason);
    }

    /** Bytes of a slot's header: payload length (int), credits returned (short), kind, unused. */
    static final int HEADER_BYTES = 8;
    private static final byte DATA = 0;
    private static final byte CREDIT = 1;
    private static final int KIND_SEND = 0;
    private static final int KIND_RECEIVE = 1;
    private static final int KIND_WRITE = 2;
    /** Receive slots beyond the credits: room for the two credit frames that may be outstanding. */
    private static final int CREDIT_FRAME_SLOTS = 2;

    private final Verbs verbs;
    private final Verbs.QueuePair queuePair;
    private final int peer;
    private final int sendSlots;
    private final int slotBytes;
    private final Listener listener;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment slots;
    private final Verbs.MemoryRegion region;
    private final SendWorkRequest sendRequest;
    private final ReceiveWorkRequest receiveRequest;

    private final ReentrantLock sendLock = new ReentrantLock();
    /** Free send slots, by index; under {@link #sendLock}. */
    private final int[] freeSendSlots;
    private int freeSendCount;
    /** Data frames this rank may still send; under {@link #sendLock}. */
    private int credits;
    /** Data frames handed on whose credit has not gone back; under {@link #sendLock}. */
    private int returnable;
    /** A credit frame is due but waits for a free send slot; under {@link #sendLock}. */
    private boolean creditFrameDue;
    /** Data frames waiting for credit or a send slot, in order; under {@link #sendLock}. */
    private final ArrayDeque<byte[]> backlog = new ArrayDeque<>();
    /** Why the channel failed, or {@code null}; written under {@link #sendLock}. */
    private volatile String failure;

    /**
     * Creates the channel over a queue pair that is connected (ready to send) or about to be: its
     * receive slots are posted at once, so the queue pair must be at least in INIT.
     *
     * @param verbs the verbs
     * @param domain the protection domain of the queue pair
     * @param queuePair the queue pair to the peer; it must take {@code sendSlots} plus the
     *     outstanding writes in its send queue and {@code sendSlots + 2} receives
     * @param peer the peer's rank, carried in every work request id
     * @param sendSlots the credits, at least 2
     * @param maxFrameBytes the longest frame payload
     * @param listener what hears of frames, writes and failure
     * @throws VerbsException if registering the slots or posting the receives fails
     */
    VerbsChannel(Verbs verbs, Verbs.ProtectionDomain domain, Verbs.QueuePair queuePair, int peer, int sendSlots,
                 int maxFrameBytes, Listener listener) {
        if (sendSlots < 2 || sendSlots > 0xFFFF) {
            throw new IllegalArgumentException("send slots must be 2 to 65535, was " + sendSlots);
        }
        if (maxFrameBytes < 1) {
            throw new IllegalArgumentException("the longest frame must be at least 1 byte, was " + maxFrameBytes);
        }
        this.verbs = verbs;
        this.queuePair = queuePair;
        this.peer = peer;
        this.sendSlots = sendSlots;
        this.slotBytes = HEADER_BYTES + maxFrameBytes;
        this.listener = listener;
        int receiveSlots = sendSlots + CREDIT_FRAME_SLOTS;
        this.slots = arena.allocate((long) (sendSlots + receiveSlots) * slotBytes, 64);
        this.region = verbs.register(domain, slots, VerbsConstants.ACCESS_LOCAL_WRITE);
        this.sendRequest = verbs.newSendWorkRequest(1);
        this.receiveRequest = verbs.newReceiveWorkRequest(1);
        this.freeSendSlots = new int[sendSlots];
        for (int slot = 0; slot < sendSlots; slot++) {
            freeSendSlots[slot] = slot;
        }
        this.freeSendCount = sendSlots;
        this.credits = sendSlots;
        for (int slot = 0; slot < receiveSlots; slot++) {
            postReceive(slot);
        }
    }

    /** Returns the longest frame payload. */
    int maxFrameBytes() {
        return slotBytes - HEADER_BYTES;
    }

    /**
     * Sends a frame: copied into a send slot at once if credit and a slot are free, else into
     * the backlog, to go in order; returns in both cases without waiting.
     *
     * @param payload the frame's bytes, at most {@link #maxFrameBytes()}
     * @throws IllegalArgumentException if the payload is too long
     * @throws DeviceException if the channel failed
     * @throws VerbsException if the device refuses the post
     */
    void send(MemorySegment payload) {
        if (payload.byteSize() > maxFrameBytes()) {
            throw new IllegalArgumentException("a frame of " + payload.byteSize() + " bytes is longer than the "
                + maxFrameBytes() + " a slot of the channel to rank " + peer + " holds");
        }
        sendLock.lock();
        try {
            checkOpen();
            if (backlog.isEmpty() && credits > 0 && freeSendCount > 0) {
                post(DATA, payload);
            } else {
                backlog.add(payload.toArray(ValueLayout.JAVA_BYTE));
            }
        } finally {
            sendLock.unlock();
        }
    }

    /**
     * Writes registered local memory into the peer's registered memory; the {@link Listener}
     * hears {@link Listener#writeCompleted} with {@code token} once the data are there. Frames
     * sent after this call arrive after the data.
     *
     * @param localAddress the first byte to write
     * @param length the bytes
     * @param lkey the local key of the memory's region
     * @param remoteAddress where the bytes go in the peer
     * @param rkey the peer's remote key of that memory
     * @param token the caller's name for the write, below 2^24
     * @throws DeviceException if the channel failed
     * @throws VerbsException if the device refuses the post
     */
    void write(long localAddress, int length, int lkey, long remoteAddress, int rkey, int token) {
        if (token < 0 || token >= 1 << 24) {
            throw new IllegalArgumentException("write token must be below 2^24, was " + token);
        }
        sendLock.lock();
        try {
            checkOpen();
            verbs.postSend(queuePair, sendRequest.rdmaWrite(wrId(KIND_WRITE, token), remoteAddress, rkey)
                .gather(localAddress, length, lkey).signaled(true));
        } finally {
            sendLock.unlock();
        }
    }

    /**
     * Handles one completion of this channel's work requests; by the thread that drives the
     * completion queue.
     *
     * @param completions what the completion queue returned
     * @param index which of them
     */
    void completed(Completions completions, int index) {
        long wrId = completions.wrId(index);
        int status = completions.status(index);
        int kind = (int) (wrId >>> 24) & 0xFF;
        int slot = (int) wrId & 0xFF_FFFF;
        if (status != VerbsConstants.WC_SUCCESS) {
            fail((kind == KIND_RECEIVE ? "a receive" : kind == KIND_WRITE ? "an RDMA write" : "a send")
                + " of the channel to rank " + peer + " completed with " + verbs.statusText(status));
            return;
        }
        switch (kind) {
            case KIND_SEND -> sendSlotFree(slot);
            case KIND_WRITE -> listener.writeCompleted(slot);
            case KIND_RECEIVE -> frameReceived(slot, completions.byteLength(index));
            default -> fail("a completion with the unknown work request id " + Long.toHexString(wrId)
                + " reached the channel to rank " + peer);
        }
    }

    @Override
    public String toString() {
        sendLock.lock();
        try {
            return "VerbsChannel[to rank " + peer + ", credits " + credits + " of " + sendSlots + ", "
                + (sendSlots - freeSendCount) + " sends posted, " + backlog.size() + " waiting, " + returnable
                + " to return" + (failure == null ? "]" : ", failed: " + failure + "]");
        } finally {
            sendLock.unlock();
        }
    }

    /** Returns the data frames this rank may still send without waiting; for tests. */
    int credits() {
        sendLock.lock();
        try {
            return credits;
        } finally {
            sendLock.unlock();
        }
    }

    /** Returns the credits this rank owes the peer for frames handed on; for tests. */
    int returnable() {
        sendLock.lock();
        try {
            return returnable;
        } finally {
            sendLock.unlock();
        }
    }

    /** Deregisters and frees the slots; the queue pair must be destroyed or in error first. */
    @Override
    public void close() {
        verbs.deregister(region);
        arena.close();
    }

    private void frameReceived(int slot, int byteLength) {
        MemorySegment bytes = receiveSlot(slot);
        int length = bytes.get(ValueLayout.JAVA_INT_UNALIGNED, 0);
        int returned = Short.toUnsignedInt(bytes.get(ValueLayout.JAVA_SHORT_UNALIGNED, 4));
        byte kind = bytes.get(ValueLayout.JAVA_BYTE, 6);
        if (byteLength < HEADER_BYTES || length < 0 || length != byteLength - HEADER_BYTES
            || (kind != DATA && kind != CREDIT)) {
            fail("rank " + peer + " sent a malformed frame: " + byteLength + " bytes, header length " + length
                + ", kind " + kind);
            return;
        }
        sendLock.lock();
        try {
            credits += returned;
            if (credits > sendSlots) {
                failLocked("rank " + peer + " returned " + returned + " credits, more than the " + sendSlots
                    + " it was given");
                return;
            }
        } finally {
            sendLock.unlock();
        }
        if (kind == DATA) {
            listener.frameArrived(bytes.asSlice(HEADER_BYTES, length));
        }
        postReceive(slot);
        sendLock.lock();
        try {
            if (kind == DATA && ++returnable >= (sendSlots + 1) / 2) {
                creditFrameDue = true;
            }
            drain();
        } finally {
            sendLock.unlock();
        }
    }

    private void sendSlotFree(int slot) {
        sendLock.lock();
        try {
            freeSendSlots[freeSendCount++] = slot;
            drain();
        } finally {
            sendLock.unlock();
        }
    }

    /** Sends what waits while credit and slots allow, then a due credit frame; under the lock. */
    private void drain() {
        if (failure != null) {
            return;
        }
        while (!backlog.isEmpty() && credits > 0 && freeSendCount > 0) {
            post(DATA, MemorySegment.ofArray(backlog.poll()));
        }
        if (creditFrameDue && returnable > 0 && freeSendCount > 0) {
            post(CREDIT, MemorySegment.NULL);
        }
    }

    /** Copies a frame into a free send slot and posts it, returning credit; under the lock. */
    private void post(byte kind, MemorySegment payload) {
        int slot = freeSendSlots[--freeSendCount];
        MemorySegment bytes = sendSlot(slot);
        int length = (int) payload.byteSize();
        int returned = Math.min(returnable, 0xFFFF);
        bytes.set(ValueLayout.JAVA_INT_UNALIGNED, 0, length);
        bytes.set(ValueLayout.JAVA_SHORT_UNALIGNED, 4, (short) returned);
        bytes.set(ValueLayout.JAVA_BYTE, 6, kind);
        MemorySegment.copy(payload, 0, bytes, HEADER_BYTES, length);
        if (kind == DATA) {
            credits--;
        }
        returnable -= returned;
        creditFrameDue = false;
        verbs.postSend(queuePair, sendRequest.send(wrId(KIND_SEND, slot))
            .gather(bytes.address(), HEADER_BYTES + length, region.lkey()).signaled(true));
    }

    private void postReceive(int slot) {
        if (failure != null) {
            return;
        }
        MemorySegment bytes = receiveSlot(slot);
        verbs.postReceive(queuePair, receiveRequest.receive(wrId(KIND_RECEIVE, slot))
            .scatter(bytes.address(), slotBytes, region.lkey()));
    }

    private MemorySegment sendSlot(int slot) {
        return slots.asSlice((long) slot * slotBytes, slotBytes);
    }

    private MemorySegment receiveSlot(int slot) {
        return slots.asSlice((long) (sendSlots + slot) * slotBytes, slotBytes);
    }

    private long wrId(int kind, int slot) {
        return (long) peer << 32 | (long) kind << 24 | slot;
    }

    private void checkOpen() {
        String failed = failure;
        if (failed != null) {
            throw new DeviceException("the channel to rank " + peer + " failed: " + failed);
        }
    }

    private void fail(String reason) {
        sendLock.lock();
        try {
            failLocked(reason);
        } finally {
            sendLock.unlock();
        }
    }

    private void failLocked(String reason) {
        if (failure != null) {
            return;
        }
        failure = reason;
        backlog.clear();
        listener.failed(reason);
    }
}
