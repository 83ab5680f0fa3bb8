package org.mpjbuf.dev.ibvdev;

import static org.mpjbuf.dev.ibvdev.SoftPacketDescriptor.*;

import java.io.IOException;
import java.io.Serial;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.Arrays;

/**
 * One Unix domain socket between two {@link SoftVerbs} devices, carrying the packets of one
 * connected queue pair in one direction and their responses in the other (see
 * {@link SoftPacketDescriptor}). The requester end is opened by the queue pair entering RTR; the
 * responder end is accepted by the peer's HCA and bound to the queue pair its hello names.
 *
 * <p>Both ends are non-blocking and run by their device's HCA thread only. Reading is a small state
 * machine: a header into a fixed buffer, checked against the protocol and the queue pair's limits
 * before anything else happens; then the payload, read through the HCA's fixed staging buffer
 * straight into registered memory (or dropped when the request is refused). Nothing read from the
 * socket sizes an allocation; a frame that breaks the protocol throws
 * {@link MalformedPacketException}, and the HCA closes the connection and fails its queue pair.
 */
final class SoftConnection {
    /** {@link SoftQueuePair#acceptRequest} answer: execute and acknowledge. */
    static final int RESPOND_ACK = 0;
    /** {@link SoftQueuePair#acceptRequest} answer: drop silently (out of sequence). */
    static final int RESPOND_NOTHING = -1;
    private static final int RESPONSE_BUFFER_LENGTH = 64 * HEADER_LENGTH;

    final SocketChannel channel;
    final boolean requesterEnd;
    SelectionKey key;
    SoftQueuePair queuePair;
    private final ByteBuffer header = ByteBuffer.allocateDirect(HELLO_FRAME_LENGTH);
    private boolean helloRead;
    private Gid peerGid;
    private int peerNumber;

    // the request whose payload is being read (responder end)
    private boolean readingPayload;
    private long payloadRemaining;
    private int response;
    private byte requestType;
    private boolean requestImmediate;
    private int requestPsn;
    private int requestLength;
    private int requestImmediateData;
    private boolean faulted;
    private SoftMemoryRegions.Region[] sinkRegions = new SoftMemoryRegions.Region[1];
    private long[] sinkAddresses = new long[1];
    private long[] sinkLengths = new long[1];
    private int sinkCount;
    private int sinkIndex;
    private long sinkDone;

    // responses waiting to be written (responder end), requests being written (requester end)
    private final ByteBuffer responses;
    private ByteBuffer frame;

    SoftConnection(SocketChannel channel, boolean requesterEnd) {
        this.channel = channel;
        this.requesterEnd = requesterEnd;
        this.responses = requesterEnd ? null : ByteBuffer.allocateDirect(RESPONSE_BUFFER_LENGTH);
        header.limit(HEADER_LENGTH);
        helloRead = requesterEnd;
    }

    /** The protocol was broken by the peer. */
    static final class MalformedPacketException extends Exception {
        @Serial
        private static final long serialVersionUID = 1L;

        MalformedPacketException(String message) {
            super(message);
        }
    }

    boolean isFrom(Gid gid, int number) {
        return peerGid != null && peerGid.equals(gid) && peerNumber == number;
    }

    boolean isMidFrame() {
        return frame != null;
    }

    // ---------------------------------------------------------------- requester end: writing

    /**
     * Writes the queue pair's next request frames until the socket takes no more.
     */
    void transmit() {
        try {
            while (true) {
                if (frame == null) {
                    frame = queuePair.nextFrame();
                    if (frame == null) {
                        interest(SelectionKey.OP_READ);
                        return;
                    }
                }
                channel.write(frame);
                if (frame.hasRemaining()) {
                    interest(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
                    return;
                }
                frame = null;
            }
        } catch (IOException lost) {
            queuePair.verbs.hca().lose(this);
        }
    }

    // ---------------------------------------------------------------- responder end: writing

    /**
     * Writes the queued responses; returns whether all were written.
     */
    boolean flushResponses() throws IOException {
        responses.flip();
        channel.write(responses);
        boolean done = !responses.hasRemaining();
        responses.compact();
        interest(done ? SelectionKey.OP_READ : SelectionKey.OP_READ | SelectionKey.OP_WRITE);
        return done;
    }

    private void respond(byte type, byte code, int psn, int argument) {
        int at = responses.position();
        responses.put(at + TYPE_OFFSET, type).put(at + FLAGS_OFFSET, code).putShort(at + FLAGS_OFFSET + 1, (short) 0)
            .putInt(at + PSN_OFFSET, psn).putInt(at + PAYLOAD_LENGTH_OFFSET, 0).putInt(at + IMMEDIATE_DATA_OFFSET, 0)
            .putLong(at + REMOTE_ADDRESS_OFFSET, 0).putInt(at + RKEY_OFFSET, 0).putInt(at + ARGUMENT_OFFSET, argument);
        responses.position(at + HEADER_LENGTH);
    }

    private void interest(int ops) {
        if (key != null && key.isValid() && key.interestOps() != ops) {
            key.interestOps(ops);
        }
    }

    // ---------------------------------------------------------------- reading

    /**
     * Reads and executes what the socket holds, at most {@code budget} bytes of payload.
     *
     * @param hca the device
     * @param staging the HCA's staging buffer, and its memory
     * @return false if the peer closed the connection
     * @throws MalformedPacketException if a frame breaks the protocol
     * @throws IOException if the socket fails
     */
    boolean read(SoftHca hca, ByteBuffer staging, MemorySegment stagingMemory, long budget, long now)
        throws IOException, MalformedPacketException {
        long payloadRead = 0;
        while (payloadRead < budget) {
            if (!readingPayload) {
                if (!requesterEnd && responses.remaining() < HEADER_LENGTH) {
                    if (!flushResponses()) {
                        return true;
                    }
                }
                int count = channel.read(header);
                if (count < 0) {
                    return false;
                }
                if (header.hasRemaining()) {
                    return true;
                }
                if (!headerComplete(hca, now)) {
                    continue;
                }
            }
            if (payloadRemaining > 0) {
                staging.clear().limit((int) Math.min(staging.capacity(), payloadRemaining));
                int count = channel.read(staging);
                if (count < 0) {
                    return false;
                }
                if (count == 0) {
                    return true;
                }
                deliver(stagingMemory, count);
                payloadRemaining -= count;
                payloadRead += count;
            }
            if (payloadRemaining == 0) {
                readingPayload = false;
                finishRequest();
            }
        }
        return true;
    }

    /**
     * Acts on a complete header. Returns false when the frame is over (responses, hello) and
     * true when a request's payload follows (possibly empty).
     */
    private boolean headerComplete(SoftHca hca, long now) throws MalformedPacketException {
        byte type = header.get(TYPE_OFFSET);
        byte flags = header.get(FLAGS_OFFSET);
        int psn = header.getInt(PSN_OFFSET);
        int length = header.getInt(PAYLOAD_LENGTH_OFFSET);
        if (header.getShort(FLAGS_OFFSET + 1) != 0 || (psn & ~PSN_MASK) != 0) {
            throw new MalformedPacketException("a header with reserved bits set or a PSN beyond 24 bits");
        }
        if (!helloRead) {
            if (type != TYPE_HELLO || length != HELLO_PAYLOAD_LENGTH) {
                throw new MalformedPacketException("a connection must start with a hello of " + HELLO_PAYLOAD_LENGTH
                    + " bytes, not type " + type + " with " + length + " bytes");
            }
            if (header.limit() == HEADER_LENGTH) {
                header.limit(HELLO_FRAME_LENGTH);
                return false;
            }
            helloRead = true;
            peerGid = new Gid(header.getLong(HELLO_GID_SUBNET_PREFIX_OFFSET), header.getLong(HELLO_GID_INTERFACE_ID_OFFSET));
            peerNumber = header.getInt(HELLO_SOURCE_QPN_OFFSET);
            hca.bind(this, header.getInt(HELLO_DESTINATION_QPN_OFFSET));
            header.clear().limit(HEADER_LENGTH);
            return false;
        }
        header.clear().limit(HEADER_LENGTH);
        if (requesterEnd) {
            if ((type != TYPE_ACK && type != TYPE_NAK) || length != 0 || (type == TYPE_ACK && flags != 0)) {
                throw new MalformedPacketException("a requester reads ACKs and NAKs without payload, not type " + type
                    + " with " + length + " bytes");
            }
            queuePair.onResponse(type, flags, psn, header.getInt(ARGUMENT_OFFSET), now);
            return false;
        }
        boolean immediate = flags == FLAG_IMMEDIATE;
        if ((type != TYPE_SEND && type != TYPE_RDMA_WRITE) || (flags & ~FLAG_IMMEDIATE) != 0
            || length < 0 || length > MAX_MESSAGE_LENGTH) {
            throw new MalformedPacketException("a responder reads sends and RDMA writes of at most "
                + MAX_MESSAGE_LENGTH + " bytes, not type " + type + ", flags " + flags + ", " + length + " bytes");
        }
        requestType = type;
        requestImmediate = immediate;
        requestPsn = psn;
        requestLength = length;
        requestImmediateData = header.getInt(IMMEDIATE_DATA_OFFSET);
        faulted = false;
        response = queuePair.acceptRequest(this, type, immediate, psn, length, header.getLong(REMOTE_ADDRESS_OFFSET),
            header.getInt(RKEY_OFFSET));
        readingPayload = true;
        payloadRemaining = length;
        return true;
    }

    private void finishRequest() {
        int answer = response == RESPOND_ACK || response > 0
            ? queuePair.completeRequest(response, requestType, requestImmediate, requestImmediateData, requestLength,
                faulted)
            : response;
        if (answer == RESPOND_ACK) {
            respond(TYPE_ACK, (byte) 0, requestPsn, 0);
        } else if (answer != RESPOND_NOTHING) {
            respond(TYPE_NAK, (byte) answer, requestPsn,
                answer == NAK_RECEIVER_NOT_READY ? queuePair.minRnrTimer() : 0);
        }
    }

    // ---------------------------------------------------------------- the payload's destination

    void discardPayload() {
        sinkCount = 0;
        sinkIndex = 0;
        sinkDone = 0;
    }

    void sinkInto(SoftMemoryRegions.Region region, long address, long length) {
        if (sinkCount == sinkRegions.length) {
            int capacity = Math.max(sinkCount + 1, queuePair.capabilities().maxReceiveScatterGather());
            sinkRegions = Arrays.copyOf(sinkRegions, capacity);
            sinkAddresses = Arrays.copyOf(sinkAddresses, capacity);
            sinkLengths = Arrays.copyOf(sinkLengths, capacity);
        }
        sinkRegions[sinkCount] = region;
        sinkAddresses[sinkCount] = address;
        sinkLengths[sinkCount] = length;
        sinkCount++;
    }

    private void deliver(MemorySegment staging, int count) {
        long offset = 0;
        while (offset < count && sinkIndex < sinkCount) {
            long piece = Math.min(count - offset, sinkLengths[sinkIndex] - sinkDone);
            if (!faulted && !sinkRegions[sinkIndex].copyIn(staging, offset, sinkAddresses[sinkIndex] + sinkDone, piece)) {
                faulted = true;
            }
            offset += piece;
            sinkDone += piece;
            if (sinkDone == sinkLengths[sinkIndex]) {
                sinkIndex++;
                sinkDone = 0;
            }
        }
    }

    /** Whether responses wait to be written. */
    boolean hasResponses() {
        return responses != null && responses.position() > 0;
    }
}
