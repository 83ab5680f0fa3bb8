package org.mpjbuf.dev.niodev;

import java.io.EOFException;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.concurrent.locks.ReentrantLock;

import org.mpjbuf.Buffer;
import org.mpjbuf.ReceivedChecksum;
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
 * The authenticated socket to one peer: frames are read by the thread that drives the device's
 * selector (the progress thread, or a polling waiter: see {@link ProgressEngine}), one header
 * then its payload straight into a block of the pool, or into a posted receive's buffer, which
 * is told after every read what has landed; frames are written by whichever thread
 * sends them, at once if nothing is queued before them, and what the socket does not take is
 * queued, in order, for the driving thread to finish when the socket becomes writable. The
 * payload of a rendezvous message of an array run goes straight from the sender's array to the
 * socket, and straight from the socket into the receive's array, through a second descriptor of
 * the socket ({@link SocketDescriptor}), when the connection has one. Every
 * frame written returns the eager credit that has become returnable ({@link EagerCredit}); every
 * frame read adds the credit it returns, and every eager message read is counted against the
 * credit this rank granted.
 *
 * <p>Thread-safe: the write side is guarded by {@link #writeLock}; the read side belongs to the
 * driving thread, one at a time under the engine's lock.
 */
final class Connection implements Link {
    /** Reads from the socket one event may make before the driving thread serves other peers. */
    private static final int READS_PER_EVENT = 16;
    /**
     * Bytes one read takes at most into the inbox; a payload that does not fit what is left of
     * them is read straight into its destination.
     */
    private static final int INBOX_BYTES = 8192;

    final NiodevDevice device;
    private final Protocol protocol;
    final int rank;
    final SocketChannel channel;
    /**
     * A second descriptor of the channel's socket, which moves array runs with no copy in Java;
     * {@code null} where there is none ({@link SocketDescriptor#of} failed: not Linux).
     */
    private final SocketDescriptor descriptor;
    final String remote;
    private final SelectionKey key;
    /** The eager credit between this rank and the peer, both ways. */
    final EagerCredit credit;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final ArrayDeque<OutFrame> queue = new ArrayDeque<>();
    private final ArrayDeque<OutFrame> spare = new ArrayDeque<>();
    /** Whether frames wait in {@link #queue} for the socket to become writable; written under the write lock. */
    private volatile boolean queued;
    /**
     * What was read from the socket and not yet handled, between position and limit: one read
     * takes a small frame whole, and often the headers of the frames behind it.
     */
    private final ByteBuffer inbox = ByteBuffer.allocateDirect(INBOX_BYTES).flip();
    private final ByteBuffer headerBytes = ByteBuffer.allocateDirect(FrameDescriptor.HEADER_LENGTH);
    private final FrameHeader header;
    /** The most bytes asked of one write call ({@link NiodevConfiguration#WRITE_CALL_LIMIT_PROP_NAME}). */
    private final int writeCallLimit;
    /** Where the payload being read goes: a pooled block, or a receive buffer's storage and a dynamic array. */
    private final ByteBuffer[] scatter = new ByteBuffer[2];
    private int scatterCount;
    private byte[] readingDynamic;
    /**
     * The checksum of a buffer message read straight into its receive (the arrival being read has
     * no block), added piece by piece as the payload lands (while the rest is on its way), so that
     * the receive's check does not read the message again.
     */
    private final ReceivedChecksum arrivingChecksum = new ReceivedChecksum();
    private Arrival reading;
    private MessageRequest readingFor;
    /** The receive's array run that the payload being read lands in ({@link #descriptor}); {@code null} if none. */
    private MemorySegment landingRun;
    /** The payload bytes landed in {@link #landingRun} so far. */
    private long runLanded;
    /** The whole inbox as a segment, made once, to copy a payload's first bytes into a landing run. */
    private final MemorySegment inboxSegment = MemorySegment.ofBuffer(inbox.duplicate().clear());
    /**
     * The arrival of the last eager message read straight into its receive, delivered: the next
     * eager frame's arrival, so that such messages make none; {@code null} while in use.
     */
    private Arrival spareArrival;
    private volatile String closedBecause;
    volatile boolean byeReceived;
    volatile boolean byeAcknowledged;

    Connection(final NiodevDevice device, final Protocol protocol, final int rank, final SocketChannel channel,
               final SocketDescriptor descriptor, final SelectionKey key, final int eagerLimit,
               final int maxMessageLength, final int eagerCredit, final int writeCallLimit) {
        this.device = device;
        this.protocol = protocol;
        this.rank = rank;
        this.channel = channel;
        this.descriptor = descriptor;
        this.key = key;
        this.header = new FrameHeader(eagerLimit, maxMessageLength);
        this.writeCallLimit = writeCallLimit;
        this.credit = new EagerCredit(eagerCredit);
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

    // ---------------------------------------------------------------- the link, any thread

    @Override
    public int peer() {
        return rank;
    }

    @Override
    public EagerCredit credit() {
        return credit;
    }

    /** One EAGER frame: a small run copied in behind its header, a larger one staged into a pooled block first. */
    @Override
    public void sendEager(final MessageRequest send) {
        if (OutFrame.inlines(send.messageLength)) {
            sendInline(send.tag, send.context, send.count, send.typeCode(), send.messageLength, 0, send, null);
        } else {
            send(FrameDescriptor.EAGER, (byte) 0, send.tag, send.context, send.count, send.typeCode(),
                protocol.stage(send), send.messageLength, send.messageLength, send.dynamicLength, -1, 0);
        }
    }

    /**
     * One EAGER frame: a small buffer message copied in behind its header, a larger one written
     * straight from the buffer's own memory (what the socket does not take at once is staged).
     */
    @Override
    public void sendEager(final Buffer message, final int tag, final int context, final int firstCount,
                          final int firstTypeCode) {
        final int dynamicLength = message.dynamicLength();
        final int length = message.staticLength() + dynamicLength;
        if (OutFrame.inlines(length)) {
            sendInline(tag, context, firstCount, firstTypeCode, length, dynamicLength, null, message);
        } else {
            sendParts(FrameDescriptor.EAGER, tag, context, firstCount, firstTypeCode, message.staticByteBuffer(),
                dynamicLength > 0 ? message.dynamicByteBuffer() : null, dynamicLength, -1, 0, null);
        }
    }

    @Override
    public void sendRequestToSend(final MessageRequest send) {
        send(FrameDescriptor.RTS, send.buffer != null ? FrameDescriptor.FLAG_BUFFER : 0, send.tag, send.context,
            send.count, send.typeCode(), null, 0, send.messageLength, send.dynamicLength, send.id, 0);
    }

    @Override
    public void sendReadyToReceive(final Arrival message, final MessageRequest receive) {
        send(FrameDescriptor.CTS, (byte) 0, 0, 0, 0, 0, null, 0, 0, 0, message.sendId, receive.id);
    }

    /**
     * One DATA frame: a buffer written in place, or an array run of primitives written straight
     * from the array through the {@link SocketDescriptor}, the send completing once it is written
     * (the buffer or array stays the device's until then); any other array run (objects,
     * {@code boolean}, or a connection without a descriptor) staged into a pooled block, the send
     * completing at once.
     */
    @Override
    public void sendData(final MessageRequest send, final long receiveId) {
        if (send.buffer != null) {
            sendParts(FrameDescriptor.DATA, send.tag, send.context, send.count, send.typeCode(),
                send.buffer.staticByteBuffer(), send.dynamicLength > 0 ? send.buffer.dynamicByteBuffer() : null,
                send.dynamicLength, send.id, receiveId, send);
            return;
        }
        final MemorySegment run = descriptor == null ? null : Delivery.heapRun(send);
        if (run != null) {
            sendRun(send, run, receiveId);
            return;
        }
        send(FrameDescriptor.DATA, (byte) 0, send.tag, send.context, send.count, send.typeCode(), protocol.stage(send),
            send.messageLength, send.messageLength, 0, send.id, receiveId);
        send.complete(null, null);
    }

    /**
     * Encodes and sends a rendezvous send's DATA frame whose payload is its array run, written
     * through the descriptor once the header is; the send completes once the frame is written.
     *
     * @throws DeviceException if the connection is closed
     */
    private void sendRun(final MessageRequest send, final MemorySegment run, final long receiveId) {
        writeLock.lock();
        try {
            if (closedBecause != null) {
                throw new DeviceException("cannot send to rank " + rank + ": " + closedBecause);
            }
            final OutFrame frame = takeFrame();
            FrameDescriptor.encode(frame.header, FrameDescriptor.DATA, (byte) 0, send.tag, send.context, send.count,
                send.typeCode(), send.messageLength, send.messageLength, 0, credit.takeReturnable(), send.id,
                receiveId);
            frame.run(run);
            frame.completeWhenWritten = send;
            writeOrQueue(frame);
        } finally {
            writeLock.unlock();
        }
    }

    // ---------------------------------------------------------------- writing, any thread

    /**
     * Encodes and sends a frame whose payload is a pooled block (or none): written at once if the
     * socket takes it and nothing waits before it, else queued for the driving thread. The
     * block is freed once written. The frame returns the eager credit that is returnable.
     *
     * @throws DeviceException if the connection is closed (the block is freed then)
     */
    void send(final byte type, final byte flags, final int tag, final int context, final int elementCount,
              final int elementTypeCode, final MemorySegment block, final int payloadLength, final int messageLength,
              final int dynamicLength, final long sendId, final long receiveId) {
        writeLock.lock();
        try {
            if (closedBecause != null) {
                if (block != null) {
                    protocol.free(block);
                }
                throw new DeviceException("cannot send to rank " + rank + ": " + closedBecause);
            }
            final OutFrame frame = takeFrame();
            FrameDescriptor.encode(frame.header, type, flags, tag, context, elementCount, elementTypeCode,
                payloadLength, messageLength, dynamicLength, credit.takeReturnable(), sendId, receiveId);
            frame.payload(block, payloadLength);
            writeOrQueue(frame);
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Encodes and sends a small eager message of {@code length} bytes copied in behind its header
     * ({@link OutFrame#inline}): an array run's send, or a buffer message.
     *
     * @throws DeviceException if the connection is closed
     */
    private void sendInline(final int tag, final int context, final int count, final int typeCode, final int length,
                            final int dynamicLength, final MessageRequest run, final Buffer message) {
        writeLock.lock();
        try {
            if (closedBecause != null) {
                throw new DeviceException("cannot send to rank " + rank + ": " + closedBecause);
            }
            final OutFrame frame = takeFrame();
            FrameDescriptor.encode(frame.header, FrameDescriptor.EAGER,
                message != null ? FrameDescriptor.FLAG_BUFFER : 0, tag, context, count, typeCode, length, length,
                dynamicLength, credit.takeReturnable(), -1, 0);
            if (message != null) {
                frame.inline(message, length);
            } else {
                frame.inline(run);
            }
            writeOrQueue(frame);
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Encodes and sends a buffer message's frame straight from the buffer's own static and dynamic
     * parts, with no copy when the socket takes them at once. Without {@code owner} (an eager
     * send, complete on return) whatever the socket does not take at once is staged in a pooled
     * block first; with it (a rendezvous send, whose buffer stays the device's until it
     * completes) the frame is queued as it is and {@code owner} completes once it is written.
     *
     * @throws DeviceException if the connection is closed
     */
    void sendParts(final byte type, final int tag, final int context, final int elementCount,
                   final int elementTypeCode, final ByteBuffer staticPart, final ByteBuffer dynamicPart,
                   final int dynamicLength, final long sendId, final long receiveId, final MessageRequest owner) {
        final int length = staticPart.remaining() + dynamicLength;
        writeLock.lock();
        try {
            if (closedBecause != null) {
                throw new DeviceException("cannot send to rank " + rank + ": " + closedBecause);
            }
            final OutFrame frame = takeFrame();
            FrameDescriptor.encode(frame.header, type, FrameDescriptor.FLAG_BUFFER, tag, context,
                elementCount, elementTypeCode, length, length, dynamicLength, credit.takeReturnable(), sendId,
                receiveId);
            frame.parts(staticPart, dynamicPart);
            frame.completeWhenWritten = owner;
            if (!queue.isEmpty() && owner == null) {
                frame.stageRemainder(protocol.allocate((int) frame.remainingPayload()));
            }
            writeOrQueue(frame);
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * An eager message from this peer was delivered or dropped and its block freed: its credit
     * becomes returnable, and once half of the credit is, a {@code CREDIT} frame returns it
     * unless another frame has meanwhile; any thread.
     */
    @Override
    public void eagerMessageFreed(final int length) {
        if (!credit.freed(length)) {
            return;
        }
        writeLock.lock();
        try {
            if (closedBecause == null && credit.hasReturnable()) {
                send(FrameDescriptor.CREDIT, (byte) 0, 0, 0, 0, 0, null, 0, 0, 0, 0, 0);
            }
        } catch (final DeviceException failed) {
            // the write failed: the connection is closed and the credit is of no use any more
        } finally {
            writeLock.unlock();
        }
    }

    /** Returns a kept frame to encode, or a new one; under the write lock. */
    private OutFrame takeFrame() {
        final OutFrame kept = spare.poll();
        return kept == null ? new OutFrame() : kept;
    }

    /** Writes a frame at once if nothing is queued, and queues what is left; under the write lock. */
    private void writeOrQueue(final OutFrame frame) {
        if (queue.isEmpty()) {
            try {
                frame.writeTo(channel, descriptor, writeCallLimit);
            } catch (final IOException ex) {
                writeFailed(frame, ex);
            }
            if (frame.written()) {
                done(frame);
                return;
            }
            if (frame.block == null && frame.completeWhenWritten == null && frame.count > 1) {
                final MemorySegment staging;
                try {
                    staging = protocol.allocate((int) frame.remainingPayload());
                } catch (final DeviceException ex) {
                    // part of the frame is on the wire: without the rest the stream is lost
                    device.connectionFailed(this, "rank " + device.rank() + " cannot finish a frame to rank " + rank
                        + ": " + ex.getMessage());
                    throw ex;
                }
                frame.stageRemainder(staging);
            }
            queue.add(frame);
            queued = true;
            key.interestOpsOr(SelectionKey.OP_WRITE);
            key.selector().wakeup();
        } else {
            queue.add(frame);
        }
    }

    /** Frees a written frame's block, completes its owner and keeps the frame; under the write lock. */
    private void done(final OutFrame frame) {
        final MemorySegment block = frame.block;
        final MessageRequest owner = frame.completeWhenWritten;
        frame.clear();
        if (block != null) {
            protocol.free(block);
        }
        if (spare.size() < 64) {
            spare.add(frame);
        }
        if (owner != null) {
            owner.complete(null, null);
        }
    }

    private void writeFailed(final OutFrame frame, final IOException ex) {
        if (frame.block != null) {
            protocol.free(frame.block);
        }
        final MessageRequest owner = frame.completeWhenWritten;
        frame.clear();
        final String reason = "the connection to rank " + rank + " (" + remote + ") failed while writing: " + ex;
        device.connectionFailed(this, reason);
        if (owner != null) {
            owner.complete(null, new DeviceException(reason, ex));
        }
        throw new DeviceException(reason, ex);
    }

    /** Writes queued frames while the socket takes them; called by the driving thread. */
    void onWritable() throws IOException {
        writeLock.lock();
        try {
            while (!queue.isEmpty()) {
                final OutFrame frame = queue.peek();
                frame.writeTo(channel, descriptor, writeCallLimit);
                if (!frame.written()) {
                    return;
                }
                queue.poll();
                done(frame);
            }
            queued = false;
            key.interestOpsAnd(~SelectionKey.OP_WRITE);
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Tells whether frames wait for the socket to become writable, so that the driving thread
     * must select to finish them; any thread, without the write lock.
     */
    boolean hasQueuedFrames() {
        return queued;
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
            queued = false;
            for (OutFrame frame = queue.poll(); frame != null; frame = queue.poll()) {
                if (frame.block != null) {
                    protocol.free(frame.block);
                }
                final MessageRequest owner = frame.completeWhenWritten;
                frame.clear();
                if (owner != null) {
                    owner.complete(null, new DeviceException(owner + " failed: " + reason));
                }
            }
        } finally {
            writeLock.unlock();
        }
        key.cancel();
        if (descriptor != null) {
            // the descriptor keeps the socket open: end the connection for the peer now
            descriptor.shutdown();
        }
        try {
            channel.close();
        } catch (final IOException ignored) {
            // closing is all that is left to do with it
        }
        return true;
    }

    /**
     * Closes the connection's second descriptor, once it is closed and no thread reads or writes
     * any more (the device has stopped its progress and finished).
     */
    void closeDescriptor() {
        writeLock.lock();
        try {
            if (descriptor != null) {
                descriptor.close();
            }
        } finally {
            writeLock.unlock();
        }
    }

    // ---------------------------------------------------------------- reading, by the driving thread

    /**
     * Reads and dispatches what the socket has, and turns a failure into the end of this peer;
     * called by the thread that drives the device's selector (see {@link ProgressEngine}), one at
     * a time.
     */
    void read() {
        try {
            if (closedBecause == null) {
                onReadable();
            }
        } catch (final EOFException ex) {
            device.connectionClosed(this, ex.getMessage());
        } catch (final MalformedFrameException ex) {
            device.connectionFailed(this, "closed the connection to rank " + rank + " (" + remote + "): "
                + ex.getMessage());
        } catch (final IOException | DeviceException ex) {
            device.connectionFailed(this, "the connection to rank " + rank + " (" + remote + ") failed: " + ex);
        }
    }

    /**
     * Reads and dispatches the frames the socket has, with at most {@link #READS_PER_EVENT} reads.
     * Headers and small payloads come through the inbox, so a small frame costs one read; the rest
     * of a payload goes straight from the socket to where it belongs. A read that leaves room in
     * the inbox has drained the socket, so none follows it in this call (the selector reports the
     * socket again when more arrives), and every frame the inbox holds whole is handled before
     * this returns.
     *
     * @throws MalformedFrameException if the peer sent bytes that are not a valid frame
     * @throws IOException if the socket fails; {@link java.io.EOFException} if the peer closed it
     */
    private void onReadable() throws IOException {
        int reads = 0;
        boolean drained = false;
        while (true) {
            if (landingRun != null) {
                drainInboxIntoRun();
                if (runLanded < landingRun.byteSize()) {
                    if (drained || reads == READS_PER_EVENT) {
                        return;
                    }
                    reads++;
                    readIntoRun();
                    if (runLanded < landingRun.byteSize()) {
                        return;
                    }
                }
                runDone();
                continue;
            }
            if (scatterCount == 0) {
                if (inbox.remaining() < FrameDescriptor.HEADER_LENGTH) {
                    if (drained || reads == READS_PER_EVENT) {
                        return;
                    }
                    reads++;
                    drained = fillInbox();
                    if (inbox.remaining() < FrameDescriptor.HEADER_LENGTH) {
                        return;
                    }
                }
                headerBytes.put(0, inbox, inbox.position(), FrameDescriptor.HEADER_LENGTH);
                inbox.position(inbox.position() + FrameDescriptor.HEADER_LENGTH);
                header.decode(headerBytes);
                credit.returned(header.credit);
                startFrame();
                if (scatterCount == 0) {
                    continue;
                }
            }
            drainInboxIntoScatter();
            addToChecksum();
            if (scatter[scatterCount - 1].hasRemaining()) {
                if (drained || reads == READS_PER_EVENT) {
                    return;
                }
                reads++;
                final long n = channel.read(scatter, 0, scatterCount);
                if (n < 0) {
                    throw endOfStream("before the last " + (scatter[0].remaining()
                        + (scatterCount > 1 ? scatter[1].remaining() : 0)) + " payload bytes of a frame");
                }
                addToChecksum();
                if (scatter[scatterCount - 1].hasRemaining()) {
                    return;
                }
            }
            scatterCount = 0;
            scatter[0] = null;
            scatter[1] = null;
            payloadDone();
        }
    }

    /** Copies the payload bytes the inbox holds into the landing run. */
    private void drainInboxIntoRun() {
        final int length = (int) Math.min(inbox.remaining(), landingRun.byteSize() - runLanded);
        if (length > 0) {
            MemorySegment.copy(inboxSegment, inbox.position(), landingRun, runLanded, length);
            inbox.position(inbox.position() + length);
            runLanded += length;
        }
    }

    /**
     * Reads what the socket has of the payload straight into the landing run, with one call.
     *
     * @throws EOFException if the peer closed the connection before the end of the payload
     */
    private void readIntoRun() throws IOException {
        final long read = descriptor.receive(landingRun.asSlice(runLanded));
        if (read < 0) {
            throw endOfStream("before the last " + (landingRun.byteSize() - runLanded) + " payload bytes of a frame");
        }
        runLanded += read;
    }

    /** The payload has landed whole in the receive's array: hand the message over. */
    private void runDone() {
        final Arrival arrival = reading;
        final MessageRequest receive = readingFor;
        landingRun = null;
        reading = null;
        readingFor = null;
        protocol.dataArrivedInRun(arrival, receive);
    }

    /**
     * Moves what is left in the inbox to its start and reads behind it.
     *
     * @return whether the socket is drained: the read left room in the inbox
     * @throws EOFException if the peer closed the connection
     */
    private boolean fillInbox() throws IOException {
        inbox.compact();
        final int n;
        try {
            n = channel.read(inbox);
        } finally {
            inbox.flip();
        }
        if (n < 0) {
            throw endOfStream(inbox.remaining() == 0 ? null
                : "after " + inbox.remaining() + " of the " + FrameDescriptor.HEADER_LENGTH
                + " bytes of a frame header");
        }
        return inbox.limit() < inbox.capacity();
    }

    /** Copies the payload bytes the inbox holds into the frame's destination buffers. */
    private void drainInboxIntoScatter() {
        for (int i = 0; i < scatterCount && inbox.hasRemaining(); i++) {
            final ByteBuffer target = scatter[i];
            final int length = Math.min(target.remaining(), inbox.remaining());
            if (length > 0) {
                target.put(target.position(), inbox, inbox.position(), length);
                target.position(target.position() + length);
                inbox.position(inbox.position() + length);
            }
        }
    }

    /**
     * Adds what has landed of a payload read in place to its checksum, and lets the receive's
     * buffer copy the elements that have landed to where they go ({@link Buffer#landed}).
     */
    private void addToChecksum() {
        if (reading.block == null) {
            readingFor.buffer.landed(scatter[0].position());
            arrivingChecksum.addStatic(scatter[0], scatter[0].position());
            if (scatterCount > 1) {
                arrivingChecksum.addDynamic(readingDynamic, scatter[1].position());
            }
        }
    }

    private EOFException endOfStream(final String where) {
        return new EOFException(where == null ? "rank " + rank + " (" + remote + ") closed the connection"
            : "rank " + rank + " (" + remote + ") closed the connection " + where + " (truncated frame)");
    }

    private void startFrame() throws MalformedFrameException {
        final FrameHeader h = header;
        switch (h.type) {
            case FrameDescriptor.EAGER, FrameDescriptor.RTS -> {
                final boolean rendezvous = h.type == FrameDescriptor.RTS;
                if (rendezvous && h.sendId < 0) {
                    throw new MalformedFrameException("malformed frame: send id is " + h.sendId
                        + ", expected >= 0");
                }
                final Arrival arrival = arrival(h, rendezvous);
                if (!rendezvous && h.payloadLength > 0) {
                    credit.received(h.messageLength);
                    final MessageRequest receive = h.isBuffer() ? protocol.matchInPlace(arrival) : null;
                    if (receive != null) {
                        readInPlace(arrival, receive, h.messageLength - h.dynamicLength);
                    } else {
                        arrival.block = protocol.allocate(h.payloadLength);
                        readPayload(arrival, null);
                    }
                } else {
                    protocol.arrived(arrival);
                }
            }
            case FrameDescriptor.CTS -> protocol.readyToSend(this, h.sendId, h.receiveId);
            case FrameDescriptor.DATA -> {
                final MessageRequest receive = protocol.findRendezvousReceive(h.receiveId);
                if (receive == null || receive.matched.source != rank
                    || receive.matched.messageLength != h.messageLength) {
                    throw new MalformedFrameException("malformed frame: DATA for receive id " + h.receiveId
                        + " of " + h.messageLength + " bytes, which no receive of this rank waits for from rank "
                        + rank);
                }
                final Arrival arrival = receive.matched;
                final int staticLength = h.messageLength - arrival.dynamicLength;
                final MemorySegment run = descriptor == null ? null
                    : Delivery.landingRun(arrival, h.payloadLength, receive);
                if (receive.buffer != null && arrival.buffer
                    && staticLength <= receive.buffer.storageSegment().byteSize()) {
                    readInPlace(arrival, receive, staticLength);
                } else if (run != null) {
                    reading = arrival;
                    readingFor = receive;
                    landingRun = run;
                    runLanded = 0;
                } else if (h.payloadLength > 0) {
                    arrival.block = protocol.allocate(h.payloadLength);
                    readPayload(arrival, receive);
                } else {
                    protocol.dataArrived(arrival, receive);
                }
            }
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

    /** The arrival of a frame just decoded: the spare one for an eager message, if there is one. */
    private Arrival arrival(final FrameHeader h, final boolean rendezvous) {
        final Arrival spare = spareArrival;
        if (spare == null || rendezvous) {
            return new Arrival(rank, h.tag, h.context, h.isBuffer(), h.elementType, h.elementCount, h.messageLength,
                h.dynamicLength, h.order, rendezvous ? h.sendId : -1, null);
        }
        spareArrival = null;
        spare.reuse(h.tag, h.context, h.isBuffer(), h.elementType, h.elementCount, h.messageLength, h.dynamicLength,
            h.order);
        return spare;
    }

    private void readPayload(final Arrival arrival, final MessageRequest receive) {
        reading = arrival;
        readingFor = receive;
        scatter[0] = arrival.block.asByteBuffer();
        scatterCount = 1;
    }

    /**
     * Reads a buffer message (rendezvous data, or an eager message whose receive was posted
     * first) straight into its receive: the static part into the
     * buffer's storage, the dynamic part into an array of its length (checked against the
     * longest message by the decoder, and asked for by a posted receive).
     */
    private void readInPlace(final Arrival arrival, final MessageRequest receive, final int staticLength) {
        reading = arrival;
        readingFor = receive;
        readingDynamic = arrival.dynamicLength == 0 ? null : new byte[arrival.dynamicLength];
        arrivingChecksum.reset();
        // the receive owns its buffer alone: the storage's one reusable view serves, no view per message
        scatter[0] = receive.buffer.rawBuffer().byteBuffer().limit(staticLength);
        scatterCount = 1;
        if (readingDynamic != null) {
            scatter[scatterCount++] = ByteBuffer.wrap(readingDynamic);
        }
    }

    private void payloadDone() {
        final Arrival arrival = reading;
        final MessageRequest receive = readingFor;
        final byte[] dynamic = readingDynamic;
        reading = null;
        readingFor = null;
        readingDynamic = null;
        if (receive != null && arrival.block == null) {
            protocol.dataArrivedInPlace(arrival, receive, dynamic, arrivingChecksum);
            if (!arrival.isRendezvous()) {
                spareArrival = arrival;
            }
        } else if (receive == null) {
            protocol.arrived(arrival);
        } else {
            protocol.dataArrived(arrival, receive);
        }
    }

    @Override
    public String toString() {
        return "Connection[rank " + device.rank() + " <-> rank " + rank + " at " + remote
            + (closedBecause == null ? "]" : ", closed: " + closedBecause + "]");
    }
}
