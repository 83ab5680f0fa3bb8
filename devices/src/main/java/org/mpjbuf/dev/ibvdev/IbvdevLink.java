package org.mpjbuf.dev.ibvdev;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

import org.agrona.collections.Int2ObjectHashMap;
import org.agrona.collections.Long2ObjectHashMap;
import org.mpjbuf.Buffer;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.protocol.Arrival;
import org.mpjbuf.dev.protocol.Delivery;
import org.mpjbuf.dev.protocol.EagerCredit;
import org.mpjbuf.dev.protocol.FrameDescriptor;
import org.mpjbuf.dev.protocol.FrameHeader;
import org.mpjbuf.dev.protocol.Link;
import org.mpjbuf.dev.protocol.MalformedFrameException;
import org.mpjbuf.dev.protocol.MessageRequest;
import org.mpjbuf.dev.protocol.Protocol;

/**
 * ibvdev's link to one peer: the frames of {@link Protocol} (the same 56-byte header as niodev's,
 * {@link FrameDescriptor}) carried whole by a {@link VerbsChannel}, and rendezvous data written by
 * RDMA straight into the receive's registered memory.
 *
 * <pre>
 *   eager:       EAGER frame (header + message, copied into a receive slot of the peer)
 *   rendezvous:  sender --RTS--&gt; receiver; receiver --CTS(address, rkey of the landing memory)--&gt;
 *                sender --RDMA write of the message--&gt; --DATA(no payload: the data are there)--&gt;
 * </pre>
 *
 * <ul>
 *   <li><b>Eager messages</b> are copied out of the receive slot straight into the storage of a
 *       buffer receive posted before them, otherwise into a pooled block that waits for its
 *       receive.</li>
 *   <li><b>Landing memory</b> (the receiver's, named in the CTS): the receive buffer's own storage
 *       for a buffer message without a dynamic part received into a buffer (registered through
 *       the pool's regions or the pin-down cache, so it is written in place), otherwise a block
 *       of the device's registered pool that the protocol delivers from, as for an eager
 *       message.</li>
 *   <li><b>Source memory</b> (the sender's): a buffer's static part in place when it is
 *       registered or can be pinned, otherwise the message staged into a registered block. The
 *       send completes when the write's completion says the data are in the peer's memory.</li>
 *   <li>A write is posted and the DATA frame sent after it under one lock, so the frame arrives
 *       after the data (the channel keeps writes and frames in order). At most
 *       {@code maxWrites} writes are outstanding, the queue pair's send queue holds them beside
 *       the frames; more wait in order.</li>
 * </ul>
 *
 * <p>Threads: the {@link Link} methods from any thread of the rank; the {@link VerbsChannel.Listener}
 * methods from the thread that drives the completion queue, one at a time. The frame being
 * composed, the credit returned in it and the writes are guarded by one lock, taken before the
 * channel's; the landings by their own.
 */
final class IbvdevLink implements Link, VerbsChannel.Listener, AutoCloseable {
    private static final int HEADER = FrameDescriptor.HEADER_LENGTH;
    private static final ValueLayout.OfLong REMOTE_ADDRESS = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final ValueLayout.OfInt REMOTE_KEY = ValueLayout.JAVA_INT_UNALIGNED;
    /** Write tokens are below 2^24 ({@link VerbsChannel#write}). */
    private static final int TOKEN_MASK = 0xFF_FFFF;

    private final IbvdevDevice device;
    private final Protocol protocol;
    private final int peer;
    private final EagerCredit credit;
    private final RegisteredPool registered;
    private final PinDownCache pins;
    private final int maxWrites;
    private final FrameHeader header;
    private final VerbsChannel channel;

    private final ReentrantLock frameLock = new ReentrantLock();
    private final Arena arena = Arena.ofShared();
    /** The frame being composed: header, then payload; under {@link #frameLock}. */
    private final MemorySegment outgoing;
    private final ByteBuffer outgoingHeader;
    /** Writes posted and not completed, by token; under {@link #frameLock}. */
    private final Int2ObjectHashMap<Transfer> writes = new Int2ObjectHashMap<>();
    /** Writes waiting for one of {@link #maxWrites} to complete, in order; under {@link #frameLock}. */
    private final ArrayDeque<Transfer> waitingWrites = new ArrayDeque<>();
    private int nextToken;
    /** Sends failed by {@link #markClosed} whose memory is given back by {@link #close}; under {@link #frameLock}. */
    private final List<Transfer> abandoned = new ArrayList<>();

    /** Landing memory of the receives this rank is ready for, by receive id; under its own monitor. */
    private final Long2ObjectHashMap<Landing> landings = new Long2ObjectHashMap<>();

    /** The remote memory of the CTS being handled: set by the driving thread before {@link #sendData}. */
    private long readyAddress;
    private int readyKey;

    private volatile String closedBecause;
    /** The peer said goodbye. */
    volatile boolean byeReceived;
    /** The peer acknowledged this rank's goodbye. */
    volatile boolean byeAcknowledged;

    /**
     * Creates the link and its channel over a queue pair in INIT (the channel posts its receives).
     *
     * @param device the device, told of goodbyes and failures
     * @param protocol the rank's message flow
     * @param peer the peer's rank
     * @param verbs the verbs
     * @param domain the protection domain of the queue pair and of the memory
     * @param queuePair the queue pair to the peer
     * @param registered the device's registered pool, the protocol's pool
     * @param pins the cache that registers memory from elsewhere
     * @param sendSlots the frames sent before the peer returns slots
     * @param maxWrites the most RDMA writes outstanding
     * @param eagerLimit the longest eager message
     * @param maxMessageLength the longest message
     * @param eagerCredit the eager credit each way
     */
    IbvdevLink(final IbvdevDevice device, final Protocol protocol, final int peer, final Verbs verbs,
               final Verbs.ProtectionDomain domain, final Verbs.QueuePair queuePair, final RegisteredPool registered,
               final PinDownCache pins, final int sendSlots, final int maxWrites, final int eagerLimit,
               final int maxMessageLength, final int eagerCredit) {
        this.device = device;
        this.protocol = protocol;
        this.peer = peer;
        this.credit = new EagerCredit(eagerCredit);
        this.registered = registered;
        this.pins = pins;
        this.maxWrites = maxWrites;
        this.header = new FrameHeader(eagerLimit, maxMessageLength, true);
        final int frameBytes = HEADER + Math.max(eagerLimit, FrameDescriptor.REMOTE_MEMORY_LENGTH);
        this.outgoing = arena.allocate(frameBytes, 8);
        this.outgoingHeader = outgoing.asSlice(0, HEADER).asByteBuffer().order(ByteOrder.nativeOrder());
        this.channel = new VerbsChannel(verbs, domain, queuePair, peer, sendSlots, frameBytes, this);
    }

    /** Returns the channel, whose completions the driving thread hands on. */
    VerbsChannel channel() {
        return channel;
    }

    /** Tells whether the link is open. */
    boolean isOpen() {
        return closedBecause == null;
    }

    // ------------------------------------------------------------------------------ the link, any thread

    @Override
    public int peer() {
        return peer;
    }

    @Override
    public EagerCredit credit() {
        return credit;
    }

    @Override
    public void sendEager(final MessageRequest send) {
        frameLock.lock();
        try {
            encode(FrameDescriptor.EAGER, (byte) 0, send.tag, send.context, send.count, send.typeCode(),
                send.messageLength, send.messageLength, 0, -1, 0);
            Delivery.copy(send, outgoing.asSlice(HEADER, send.messageLength));
            post(send.messageLength);
        } finally {
            frameLock.unlock();
        }
    }

    @Override
    public void sendEager(final Buffer message, final int tag, final int context, final int firstCount,
                          final int firstTypeCode) {
        final int dynamicLength = message.dynamicLength();
        final int length = message.staticLength() + dynamicLength;
        frameLock.lock();
        try {
            encode(FrameDescriptor.EAGER, FrameDescriptor.FLAG_BUFFER, tag, context, firstCount, firstTypeCode, length,
                length, dynamicLength, -1, 0);
            Delivery.copy(message, outgoing.asSlice(HEADER, length));
            post(length);
        } finally {
            frameLock.unlock();
        }
    }

    @Override
    public void sendRequestToSend(final MessageRequest send) {
        frameLock.lock();
        try {
            encode(FrameDescriptor.RTS, send.buffer != null ? FrameDescriptor.FLAG_BUFFER : 0, send.tag,
                send.context, send.count, send.typeCode(), 0, send.messageLength, send.dynamicLength, send.id, 0);
            post(0);
        } finally {
            frameLock.unlock();
        }
    }

    /** Chooses the landing memory, keeps it under the receive's id and names it in the CTS. */
    @Override
    public void sendReadyToReceive(final Arrival message, final MessageRequest receive) {
        final Landing landing = land(message, receive);
        synchronized (landings) {
            landings.put(receive.id, landing);
        }
        frameLock.lock();
        try {
            encode(FrameDescriptor.CTS, FrameDescriptor.FLAG_REMOTE_MEMORY, 0, 0, 0, 0,
                FrameDescriptor.REMOTE_MEMORY_LENGTH, 0, 0, message.sendId, receive.id);
            outgoing.set(REMOTE_ADDRESS, HEADER, landing.address);
            outgoing.set(REMOTE_KEY, HEADER + 8, landing.key);
            post(FrameDescriptor.REMOTE_MEMORY_LENGTH);
        } catch (final DeviceException ex) {
            synchronized (landings) {
                landings.remove(receive.id);
            }
            landing.discard();
            throw ex;
        } finally {
            frameLock.unlock();
        }
    }

    /**
     * Writes the data into the memory the CTS being handled named ({@link #readyAddress},
     * {@link #readyKey}), then sends the DATA frame; the send completes when the write does.
     */
    @Override
    public void sendData(final MessageRequest send, final long receiveId) {
        final Transfer transfer = new Transfer(send, receiveId, readyAddress, readyKey);
        if (send.messageLength > 0) {
            source(transfer);
        }
        frameLock.lock();
        try {
            if (send.messageLength == 0) {
                dataFrame(transfer);
            } else if (writes.size() < maxWrites && waitingWrites.isEmpty()) {
                write(transfer);
            } else {
                checkOpen();
                waitingWrites.add(transfer);
                return;
            }
        } catch (final DeviceException ex) {
            if (!transfer.posted) {
                // a posted write may still read its memory: markClosed fails it, close gives it back
                transfer.release();
            }
            throw ex;
        } finally {
            frameLock.unlock();
        }
        if (send.messageLength == 0) {
            send.complete(null, null);
        }
    }

    @Override
    public void eagerMessageFreed(final int length) {
        if (!credit.freed(length)) {
            return;
        }
        frameLock.lock();
        try {
            if (closedBecause == null && credit.hasReturnable()) {
                encode(FrameDescriptor.CREDIT, (byte) 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
                post(0);
            }
        } catch (final DeviceException failed) {
            // the link failed: the credit is of no use any more
        } finally {
            frameLock.unlock();
        }
    }

    /** Sends a control frame without envelope: BYE or BYE_ACK. */
    void sendControl(final byte type) {
        frameLock.lock();
        try {
            encode(type, (byte) 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
            post(0);
        } finally {
            frameLock.unlock();
        }
    }

    // ------------------------------------------------------------------------------ the channel, driving thread

    @Override
    public void frameArrived(final MemorySegment frame) {
        if (closedBecause != null) {
            return;
        }
        try {
            handle(frame);
        } catch (final DeviceException ex) {
            device.linkFailed(this, "closed the link to rank " + peer + ": " + ex.getMessage());
        }
    }

    @Override
    public void writeCompleted(final long token) {
        Transfer done = null;
        String failure = null;
        frameLock.lock();
        try {
            done = writes.remove((int) token);
            while (done != null && !waitingWrites.isEmpty() && writes.size() < maxWrites) {
                // it leaves the queue once posted: a write that fails stays there for markClosed to fail
                write(waitingWrites.peek());
                waitingWrites.poll();
            }
        } catch (final DeviceException ex) {
            failure = ex.getMessage();
        } finally {
            frameLock.unlock();
        }
        if (failure != null) {
            device.linkFailed(this, failure);
        }
        if (done == null) {
            device.linkFailed(this, "a write completion with token " + token + " reached the link to rank " + peer
                + ", which has no such write outstanding");
            return;
        }
        done.release();
        done.send.complete(null, null);
    }

    @Override
    public void failed(final String reason) {
        device.linkFailedLater(this, reason);
    }

    // ------------------------------------------------------------------------------ closing

    /**
     * Marks the link closed; later sends throw. Writes waiting, and sends whose write has not
     * completed, fail with the reason.
     *
     * @return whether this call closed it
     */
    boolean markClosed(final String reason) {
        final List<Transfer> failing = new ArrayList<>();
        frameLock.lock();
        try {
            if (closedBecause != null) {
                return false;
            }
            closedBecause = reason;
            failing.addAll(waitingWrites);
            waitingWrites.clear();
            failing.addAll(writes.values());
            writes.clear();
            abandoned.addAll(failing);
        } finally {
            frameLock.unlock();
        }
        for (final Transfer transfer : failing) {
            transfer.send.complete(null, new DeviceException(transfer.send + " failed: " + reason));
        }
        return true;
    }

    /**
     * Frees the channel's slots, the landing memory and the staged data; the queue pair must be
     * destroyed first, so that nothing writes into them any more.
     */
    @Override
    public void close() {
        markClosed("the link to rank " + peer + " is closed");
        synchronized (landings) {
            landings.values().forEach(Landing::discard);
            landings.clear();
        }
        frameLock.lock();
        try {
            abandoned.forEach(Transfer::release);
            abandoned.clear();
        } finally {
            frameLock.unlock();
        }
        channel.close();
        arena.close();
    }

    @Override
    public String toString() {
        return "IbvdevLink[to rank " + peer + ", " + channel + (closedBecause == null ? "]" : ", closed: "
            + closedBecause + "]");
    }

    // ------------------------------------------------------------------------------ frames

    /** Encodes a header into the outgoing frame; under {@link #frameLock}. */
    private void encode(final byte type, final byte flags, final int tag, final int context, final int count,
                        final int typeCode, final int payloadLength, final int messageLength, final int dynamicLength,
                        final long sendId, final long receiveId) {
        checkOpen();
        FrameDescriptor.encode(outgoingHeader, type, flags, tag, context, count, typeCode, payloadLength,
            messageLength, dynamicLength, credit.takeReturnable(), sendId, receiveId);
    }

    /** Sends the outgoing frame of {@code payloadLength} bytes behind its header; under {@link #frameLock}. */
    private void post(final int payloadLength) {
        channel.send(outgoing.asSlice(0, HEADER + payloadLength));
    }

    private void handle(final MemorySegment frame) {
        header.decode(frame.asByteBuffer());
        if (header.payloadLength != frame.byteSize() - HEADER) {
            throw new MalformedFrameException("malformed frame: payload length is " + header.payloadLength
                + ", expected the " + (frame.byteSize() - HEADER) + " bytes behind the header");
        }
        credit.returned(header.credit);
        final FrameHeader h = header;
        switch (h.type) {
            case FrameDescriptor.EAGER -> {
                credit.received(h.messageLength);
                final Arrival arrival = new Arrival(peer, h.tag, h.context, h.isBuffer(), h.elementType,
                    h.elementCount, h.messageLength, h.dynamicLength, h.order, -1, null);
                final MessageRequest receive = h.isBuffer() ? protocol.matchInPlace(arrival) : null;
                if (receive != null) {
                    // a buffer receive was posted first: straight from the slot into its storage
                    final int staticLength = h.messageLength - h.dynamicLength;
                    MemorySegment.copy(frame, HEADER, receive.buffer.storageSegment(), 0, staticLength);
                    protocol.dataArrivedInPlace(arrival, receive, h.dynamicLength == 0 ? null
                        : frame.asSlice(HEADER + staticLength, h.dynamicLength).toArray(ValueLayout.JAVA_BYTE), null);
                    return;
                }
                if (h.payloadLength > 0) {
                    arrival.block = protocol.allocate(h.payloadLength);
                    MemorySegment.copy(frame, HEADER, arrival.block, 0, h.payloadLength);
                }
                protocol.arrived(arrival);
            }
            case FrameDescriptor.RTS -> {
                if (h.sendId < 0) {
                    throw new MalformedFrameException("malformed frame: send id is " + h.sendId
                        + ", expected >= 0");
                }
                protocol.arrived(new Arrival(peer, h.tag, h.context, h.isBuffer(), h.elementType, h.elementCount,
                    h.messageLength, h.dynamicLength, h.order, h.sendId, null));
            }
            case FrameDescriptor.CTS -> {
                requireRemoteMemory(h);
                readyAddress = frame.get(REMOTE_ADDRESS.withOrder(h.order), HEADER);
                readyKey = frame.get(REMOTE_KEY.withOrder(h.order), HEADER + 8);
                protocol.readyToSend(this, h.sendId, h.receiveId);
            }
            case FrameDescriptor.DATA -> dataWritten(h);
            case FrameDescriptor.CREDIT -> {
                // its credit, in the header, has been added already
            }
            case FrameDescriptor.BYE -> device.peerFinished(this);
            case FrameDescriptor.BYE_ACK -> {
                byeAcknowledged = true;
                device.progressMade();
            }
            default -> throw new MalformedFrameException("malformed frame: frame type " + h.type);
        }
    }

    private static void requireRemoteMemory(final FrameHeader h) {
        if (!h.isRemoteMemory()) {
            throw new MalformedFrameException("malformed frame: frame type " + h.type
                + " without remote memory (flag bit 1): ibvdev's rendezvous data go by RDMA write");
        }
    }

    /** The DATA frame after a write: the message is in the landing memory of its receive. */
    private void dataWritten(final FrameHeader h) {
        requireRemoteMemory(h);
        final MessageRequest receive = protocol.findRendezvousReceive(h.receiveId);
        final Landing landing;
        synchronized (landings) {
            landing = landings.remove(h.receiveId);
        }
        if (receive == null || landing == null || receive.matched.source != peer
            || receive.matched.messageLength != h.messageLength) {
            if (landing != null) {
                landing.discard();
            }
            throw new MalformedFrameException("malformed frame: DATA for receive id " + h.receiveId + " of "
                + h.messageLength + " bytes, which no receive of this rank waits for from rank " + peer);
        }
        final Arrival arrival = receive.matched;
        if (landing.inPlace) {
            landing.release();
            protocol.dataArrivedInPlace(arrival, receive, null, null);
        } else {
            arrival.block = landing.block;
            protocol.dataArrived(arrival, receive);
        }
    }

    // ------------------------------------------------------------------------------ rendezvous memory

    /** Chooses where a rendezvous message lands: in the receive buffer's storage, or in a registered block. */
    private Landing land(final Arrival message, final MessageRequest receive) {
        final int staticLength = message.messageLength - message.dynamicLength;
        if (receive.buffer != null && message.buffer && message.dynamicLength == 0) {
            final MemorySegment storage = receive.buffer.storageSegment();
            if (storage.isNative() && staticLength <= storage.byteSize()) {
                final Verbs.MemoryRegion pooled = registered.find(storage);
                if (pooled != null) {
                    return new Landing(null, null, true, storage.address(), pooled.rkey());
                }
                final Verbs.MemoryRegion pinned = pin(storage);
                if (pinned != null) {
                    return new Landing(null, pinned, true, storage.address(), pinned.rkey());
                }
            }
        }
        if (message.messageLength == 0) {
            return new Landing(null, null, false, 0, 0);
        }
        final MemorySegment block = protocol.allocate(message.messageLength);
        return new Landing(block, null, false, block.address(), registered.find(block).rkey());
    }

    /** Chooses the memory a rendezvous send is written from: its buffer in place, or a staged block. */
    private void source(final Transfer transfer) {
        final MessageRequest send = transfer.send;
        if (send.buffer != null && send.dynamicLength == 0) {
            final MemorySegment staticPart = send.buffer.staticSegment();
            if (staticPart.isNative()) {
                final Verbs.MemoryRegion pooled = registered.find(staticPart);
                final Verbs.MemoryRegion region = pooled != null ? pooled : pin(staticPart);
                if (region != null) {
                    transfer.pin = pooled != null ? null : region;
                    transfer.from(staticPart.address(), region.lkey());
                    return;
                }
            }
        }
        transfer.block = protocol.stage(send);
        transfer.from(transfer.block.address(), registered.find(transfer.block).lkey());
    }

    /** Registers memory from outside the pool through the cache, or returns {@code null} when the cache is full. */
    private Verbs.MemoryRegion pin(final MemorySegment segment) {
        try {
            return pins.acquire(segment);
        } catch (final PinDownCacheFullException full) {
            return null;
        }
    }

    /** Posts a write and its DATA frame; under {@link #frameLock}. */
    private void write(final Transfer transfer) {
        checkOpen();
        int token = nextToken;
        while (writes.containsKey(token)) {
            token = (token + 1) & TOKEN_MASK;
        }
        nextToken = (token + 1) & TOKEN_MASK;
        channel.write(transfer.localAddress, transfer.send.messageLength, transfer.localKey, transfer.remoteAddress,
            transfer.remoteKey, token);
        transfer.posted = true;
        writes.put(token, transfer);
        dataFrame(transfer);
    }

    /** Sends the DATA frame that follows a write (or stands for an empty message); under {@link #frameLock}. */
    private void dataFrame(final Transfer transfer) {
        final MessageRequest send = transfer.send;
        encode(FrameDescriptor.DATA, FrameDescriptor.FLAG_REMOTE_MEMORY, send.tag, send.context, send.count,
            send.typeCode(), 0, send.messageLength, send.dynamicLength, send.id, transfer.receiveId);
        post(0);
    }

    private void checkOpen() {
        final String closed = closedBecause;
        if (closed != null) {
            throw new DeviceException("cannot send to rank " + peer + ": " + closed);
        }
    }

    /** Where a receive's rendezvous data land, and what to give back once they have. */
    private final class Landing {
        final MemorySegment block;
        final Verbs.MemoryRegion pin;
        final boolean inPlace;
        final long address;
        final int key;

        Landing(final MemorySegment block, final Verbs.MemoryRegion pin, final boolean inPlace, final long address,
                final int key) {
            this.block = block;
            this.pin = pin;
            this.inPlace = inPlace;
            this.address = address;
            this.key = key;
        }

        /** Unpins the receive buffer's storage once the data are in it. */
        void release() {
            if (pin != null) {
                pins.release(pin);
            }
        }

        /** Gives everything back: the data will never come. */
        void discard() {
            release();
            if (block != null) {
                protocol.free(block);
            }
        }
    }

    /** A rendezvous send between its CTS and the completion of its write. */
    private final class Transfer {
        final MessageRequest send;
        final long receiveId;
        final long remoteAddress;
        final int remoteKey;
        MemorySegment block;
        Verbs.MemoryRegion pin;
        /** Whether its write was posted: its memory is given back only once the write is over. */
        boolean posted;
        long localAddress;
        int localKey;

        Transfer(final MessageRequest send, final long receiveId, final long remoteAddress, final int remoteKey) {
            this.send = send;
            this.receiveId = receiveId;
            this.remoteAddress = remoteAddress;
            this.remoteKey = remoteKey;
        }

        void from(final long address, final int key) {
            localAddress = address;
            localKey = key;
        }

        /** Gives back the staged block or the pinned buffer. */
        void release() {
            if (block != null) {
                protocol.free(block);
                block = null;
            }
            if (pin != null) {
                pins.release(pin);
                pin = null;
            }
        }
    }
}
