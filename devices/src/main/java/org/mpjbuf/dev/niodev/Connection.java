package org.mpjbuf.dev.niodev;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.concurrent.locks.ReentrantLock;

import org.mpjbuf.dev.DeviceException;

/**
 * The authenticated socket to one peer: frames are read by the progress thread only, one header
 * then its payload straight into a block of the pool; frames are written by whichever thread
 * sends them, at once if nothing is queued before them, and what the socket does not take is
 * queued, in order, for the progress thread to finish when the socket becomes writable.
 *
 * <p>Thread-safe: the write side is guarded by {@link #writeLock}; the read side belongs to the
 * progress thread.
 */
final class Connection {
    /** Frames a read event may process before the progress thread serves other peers. */
    private static final int FRAMES_PER_EVENT = 64;

    final NiodevDevice device;
    final int rank;
    final SocketChannel channel;
    final String remote;
    private final SelectionKey key;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final ArrayDeque<OutFrame> queue = new ArrayDeque<>();
    private final ArrayDeque<OutFrame> spare = new ArrayDeque<>();
    private final ByteBuffer headerBytes = ByteBuffer.allocateDirect(NiodevFrameDescriptor.HEADER_LENGTH);
    private final FrameHeader header;
    private ByteBuffer payload;
    private Arrival reading;
    private NiodevRequest readingFor;
    private volatile String closedBecause;
    volatile boolean byeReceived;
    volatile boolean byeAcknowledged;

    Connection(final NiodevDevice device, final int rank, final SocketChannel channel, final SelectionKey key,
               final int eagerLimit, final int maxMessageLength) {
        this.device = device;
        this.rank = rank;
        this.channel = channel;
        this.key = key;
        this.header = new FrameHeader(eagerLimit, maxMessageLength);
        String address;
        try {
            address = String.valueOf(channel.getRemoteAddress());
        } catch (final IOException ex) {
            address = "?";
        }
        this.remote = address;
    }

    /** Tells whether the connection is open. */
    boolean isOpen() {
        return closedBecause == null;
    }

    /** Returns why the connection closed, or {@code null}. */
    String closedBecause() {
        return closedBecause;
    }

    // ---------------------------------------------------------------- writing, any thread

    /**
     * Encodes and sends a frame: written at once if the socket takes it and nothing waits before
     * it, else queued for the progress thread. The payload block is freed once written.
     *
     * @throws DeviceException if the connection is closed (the block is freed then)
     */
    void send(final byte type, final byte flags, final int tag, final int context, final int elementCount,
              final int elementTypeCode, final MemorySegment block, final int payloadLength, final int messageLength,
              final int dynamicLength, final long sendId, final long receiveId) {
        OutFrame written = null;
        boolean wake = false;
        writeLock.lock();
        try {
            if (closedBecause != null) {
                if (block != null) {
                    device.free(block);
                }
                throw new DeviceException("cannot send to rank " + rank + ": " + closedBecause);
            }
            final OutFrame frame = spare.isEmpty() ? new OutFrame() : spare.poll();
            NiodevFrameDescriptor.encode(frame.header, type, flags, tag, context, elementCount, elementTypeCode,
                payloadLength, messageLength, dynamicLength, sendId, receiveId);
            frame.payload(block, payloadLength);
            if (queue.isEmpty()) {
                try {
                    channel.write(frame.gather, 0, frame.count);
                } catch (final IOException ex) {
                    writeFailed(frame, ex);
                }
                if (frame.written()) {
                    written = frame;
                } else {
                    queue.add(frame);
                    key.interestOpsOr(SelectionKey.OP_WRITE);
                    wake = true;
                }
            } else {
                queue.add(frame);
            }
        } finally {
            writeLock.unlock();
        }
        if (written != null) {
            recycle(written);
        }
        if (wake) {
            key.selector().wakeup();
        }
    }

    private void writeFailed(final OutFrame frame, final IOException ex) {
        if (frame.block != null) {
            device.free(frame.block);
        }
        frame.clear();
        final String reason = "the connection to rank " + rank + " (" + remote + ") failed while writing: " + ex;
        device.connectionFailed(this, reason);
        throw new DeviceException(reason, ex);
    }

    private void recycle(final OutFrame frame) {
        final MemorySegment block = frame.block;
        frame.clear();
        if (block != null) {
            device.free(block);
        }
        writeLock.lock();
        try {
            if (spare.size() < 64) {
                spare.add(frame);
            }
        } finally {
            writeLock.unlock();
        }
    }

    /** Writes queued frames while the socket takes them; called by the progress thread. */
    void onWritable() throws IOException {
        writeLock.lock();
        try {
            while (!queue.isEmpty()) {
                final OutFrame frame = queue.peek();
                channel.write(frame.gather, 0, frame.count);
                if (!frame.written()) {
                    return;
                }
                queue.poll();
                if (frame.block != null) {
                    device.free(frame.block);
                }
                frame.clear();
                if (spare.size() < 64) {
                    spare.add(frame);
                }
            }
            key.interestOpsAnd(~SelectionKey.OP_WRITE);
        } finally {
            writeLock.unlock();
        }
    }

    /** Tells whether every queued frame has been written. */
    boolean flushed() {
        writeLock.lock();
        try {
            return queue.isEmpty();
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Closes the socket once; frames still queued are dropped and their blocks freed.
     *
     * @return whether this call closed it
     */
    boolean close(final String reason) {
        writeLock.lock();
        try {
            if (closedBecause != null) {
                return false;
            }
            closedBecause = reason;
            for (OutFrame frame = queue.poll(); frame != null; frame = queue.poll()) {
                if (frame.block != null) {
                    device.free(frame.block);
                }
                frame.clear();
            }
        } finally {
            writeLock.unlock();
        }
        key.cancel();
        try {
            channel.close();
        } catch (final IOException ignored) {
            // closing is all that is left to do with it
        }
        return true;
    }

    // ---------------------------------------------------------------- reading, progress thread

    /**
     * Reads and dispatches the frames the socket has, up to {@link #FRAMES_PER_EVENT}.
     *
     * @throws MalformedFrameException if the peer sent bytes that are not a valid frame
     * @throws IOException if the socket fails; {@link java.io.EOFException} if the peer closed it
     */
    void onReadable() throws IOException {
        for (int frames = 0; frames < FRAMES_PER_EVENT; frames++) {
            if (payload == null) {
                final int n = channel.read(headerBytes);
                if (n < 0) {
                    throw endOfStream(headerBytes.position() == 0 ? null
                        : "after " + headerBytes.position() + " of the " + NiodevFrameDescriptor.HEADER_LENGTH
                        + " bytes of a frame header");
                }
                if (headerBytes.hasRemaining()) {
                    return;
                }
                header.decode(headerBytes);
                headerBytes.clear();
                startFrame();
            } else {
                final int n = channel.read(payload);
                if (n < 0) {
                    throw endOfStream("after " + payload.position() + " of the " + payload.capacity()
                        + " payload bytes of a frame");
                }
                if (payload.hasRemaining()) {
                    return;
                }
                payload = null;
                payloadDone();
            }
        }
    }

    private java.io.EOFException endOfStream(final String where) {
        return new java.io.EOFException(where == null ? "rank " + rank + " (" + remote + ") closed the connection"
            : "rank " + rank + " (" + remote + ") closed the connection " + where + " (truncated frame)");
    }

    private void startFrame() throws MalformedFrameException {
        final FrameHeader h = header;
        switch (h.type) {
            case NiodevFrameDescriptor.EAGER, NiodevFrameDescriptor.RTS -> {
                final boolean rendezvous = h.type == NiodevFrameDescriptor.RTS;
                if (rendezvous && h.sendId < 0) {
                    throw new MalformedFrameException("malformed niodev frame: send id is " + h.sendId
                        + ", expected >= 0");
                }
                final Arrival arrival = new Arrival(rank, h.tag, h.context, h.isBuffer(), h.elementType,
                    h.elementCount, h.messageLength, h.dynamicLength, h.order, rendezvous ? h.sendId : -1, null);
                if (!rendezvous && h.payloadLength > 0) {
                    arrival.block = device.allocate(h.payloadLength);
                    readPayload(arrival, null);
                } else {
                    device.arrived(arrival);
                }
            }
            case NiodevFrameDescriptor.CTS -> device.readyToSend(this, h.sendId, h.receiveId);
            case NiodevFrameDescriptor.DATA -> {
                final NiodevRequest receive = device.findRendezvousReceive(h.receiveId);
                if (receive == null || receive.matched.source != rank
                    || receive.matched.messageLength != h.messageLength) {
                    throw new MalformedFrameException("malformed niodev frame: DATA for receive id " + h.receiveId
                        + " of " + h.messageLength + " bytes, which no receive of this rank waits for from rank "
                        + rank);
                }
                final Arrival arrival = receive.matched;
                if (h.payloadLength > 0) {
                    arrival.block = device.allocate(h.payloadLength);
                    readPayload(arrival, receive);
                } else {
                    device.dataArrived(arrival, receive);
                }
            }
            case NiodevFrameDescriptor.BYE -> device.peerFinished(this);
            case NiodevFrameDescriptor.BYE_ACK -> {
                byeAcknowledged = true;
                device.progressMade();
            }
            default -> throw new MalformedFrameException("malformed niodev frame: frame type " + h.type);
        }
    }

    private void readPayload(final Arrival arrival, final NiodevRequest receive) {
        reading = arrival;
        readingFor = receive;
        payload = arrival.block.asByteBuffer();
    }

    private void payloadDone() {
        final Arrival arrival = reading;
        final NiodevRequest receive = readingFor;
        reading = null;
        readingFor = null;
        if (receive == null) {
            device.arrived(arrival);
        } else {
            device.dataArrived(arrival, receive);
        }
    }

    @Override
    public String toString() {
        return "Connection[rank " + device.rank() + " <-> rank " + rank + " at " + remote
            + (closedBecause == null ? "]" : ", closed: " + closedBecause + "]");
    }
}
