package org.mpjbuf.dev.niodev;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;

import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.PoolExhaustedException;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Status;

/**
 * The message flow of one niodev rank: which frames a send becomes, what happens when a message
 * arrives, when a receive matches a rendezvous message, and when its data arrive.
 *
 * <pre>
 *   eager:       sender --EAGER(header + payload)--------------------------&gt; receiver
 *                (takes L bytes of credit)        receive delivers, block freed
 *                sender &lt;--credit: in any frame's header, or a CREDIT frame-- receiver
 *   rendezvous:  sender --RTS--&gt;  receiver matches a receive  &lt;--CTS--
 *                sender --DATA(header + payload, straight into the receive)-&gt; receiver
 *   to itself:   the send becomes an arrival of the matcher, no socket
 * </pre>
 *
 * <ol>
 *   <li>A standard send of at most the eager limit, if its peer's eager credit still holds its
 *       length, takes that much credit and is copied into a pooled block (an array run) or
 *       written from the buffer's own memory (a buffer message), as one EAGER frame, and
 *       completes at once.</li>
 *   <li>Any other send (also one the credit cannot hold) registers with the {@link Matcher}
 *       under a send id and writes an RTS.</li>
 *   <li>An arrival (EAGER or RTS) is matched at once; an unmatched one waits as unexpected. An
 *       eager buffer message whose buffer receive was posted first is read straight into that
 *       receive's buffer, and gives its credit back once read.</li>
 *   <li>A receive that matches an RTS registers under a receive id and the CTS goes back; the
 *       sender then stages its array (or writes its buffer in place) as a DATA frame, which the
 *       receiver reads into a pooled block (into the receive buffer's storage for a buffer
 *       receive) and delivers.</li>
 * </ol>
 * A synchronous send always takes the rendezvous path, so it completes only once matched.
 *
 * <p><b>Eager credit</b> ({@link EagerCredit}): each rank lets each peer have at most
 * {@link NiodevConfiguration#EAGER_CREDIT_BYTES} bytes of eager messages outstanding at it, so
 * messages sent long before they are received cannot fill its memory: past that, standard sends
 * go rendezvous, whose data take no unexpected memory. The receiver {@linkplain #release
 * releases} an eager message's credit when it frees its block, delivered or dropped; the credit
 * goes back in the header of the next frame to that peer, or in a CREDIT frame once half of it
 * has gathered. Matching order does not change: it is the order of the EAGER and RTS frames on
 * the connection, whichever the credit chose.
 *
 * <p>Per message the only allocations are small objects: the send and receive requests, the
 * arrival, the receive's status and the byte-buffer views of the blocks; no memory in proportion
 * to the payload outside the pool. Measured with a 1-byte and a 4 KiB ping-pong: about 330 bytes
 * per message over all threads (790 for a 200 KB rendezvous message).
 *
 *
 * <p>Thread-safe: sending and receiving threads and the thread driving the selector call it
 * concurrently; the shared state is the {@link Matcher}'s and each {@link Connection}'s.
 */
final class Protocol {
    private final int rank;
    private final ProcessID[] ids;
    private final ClassLoader classLoader;
    private final int eagerLimit;
    private final BufferPool pool;
    private final Matcher matcher;
    private final Connection[] connections;

    Protocol(final int rank, final ProcessID[] ids, final ClassLoader classLoader, final int eagerLimit,
             final BufferPool pool, final Matcher matcher, final Connection[] connections) {
        this.rank = rank;
        this.ids = ids;
        this.classLoader = classLoader;
        this.eagerLimit = eagerLimit;
        this.pool = pool;
        this.matcher = matcher;
        this.connections = connections;
    }

    /**
     * Starts a send: an eager one is staged (or written in place, for a buffer) and completes;
     * a rendezvous one sends its request to send and waits; one to this rank goes straight to the
     * matcher.
     *
     * @throws DeviceException if the destination is gone or the connection fails
     */
    NiodevRequest send(final NiodevRequest send, final byte flags) {
        final boolean eager = !send.synchronous && send.messageLength <= eagerLimit;
        final int typeCode = send.type == null ? 0 : send.type.ordinal() + 1;
        if (send.peer == rank) {
            final Arrival arrival = new Arrival(rank, send.tag, send.context, send.buffer != null, send.type,
                send.count, send.messageLength, send.dynamicLength, ByteOrder.nativeOrder(), -1, eager ? null : send);
            if (eager) {
                arrival.block = Delivery.stage(pool, send);
                send.complete(null, null);
            }
            arrived(arrival);
            return send;
        }
        final String gone = matcher.gone(send.peer);
        if (gone != null) {
            throw new DeviceException("cannot send to rank " + send.peer + ": " + gone);
        }
        final Connection connection = connections[send.peer];
        if (eager && connection.credit.tryTake(send.messageLength)) {
            if (send.buffer != null) {
                connection.sendParts(NiodevFrameDescriptor.EAGER, send.tag, send.context, send.count, typeCode,
                    send.buffer.staticByteBuffer(), send.dynamicLength > 0 ? send.buffer.dynamicByteBuffer() : null,
                    send.dynamicLength, -1, 0, null);
            } else {
                final MemorySegment block = Delivery.stage(pool, send);
                connection.send(NiodevFrameDescriptor.EAGER, flags, send.tag, send.context, send.count, typeCode,
                    block, send.messageLength, send.messageLength, send.dynamicLength, -1, 0);
            }
            send.complete(null, null);
        } else {
            matcher.registerSend(send);
            try {
                connection.send(NiodevFrameDescriptor.RTS, flags, send.tag, send.context, send.count, typeCode, null,
                    0, send.messageLength, send.dynamicLength, send.id, 0);
            } catch (final DeviceException ex) {
                matcher.takeSend(send.id);
                throw ex;
            }
        }
        return send;
    }

    /** Starts a receive or probe: matches it against the arrived messages, or posts it. */
    NiodevRequest receive(final NiodevRequest receive) {
        final Arrival message = matcher.post(receive);
        if (message != null) {
            if (message.isRendezvous()) {
                requestData(message, receive);
            } else {
                deliver(message, receive);
            }
        }
        return receive;
    }

    /** Matches an arrived message: delivers it, asks for its data, or leaves it queued. */
    void arrived(final Arrival message) {
        final NiodevRequest receive = matcher.arrive(message);
        if (receive == null) {
            if (message.dropped) {
                release(message);
                if (message.selfSend != null) {
                    message.selfSend.complete(null, new DeviceException("rank " + rank + " finished"));
                }
            }
        } else if (message.isRendezvous()) {
            requestData(message, receive);
        } else {
            deliver(message, receive);
        }
    }

    /** A receive matched a rendezvous message: fetch the data (from this rank's own send, or by a CTS). */
    private void requestData(final Arrival message, final NiodevRequest receive) {
        final NiodevRequest selfSend = message.selfSend;
        if (selfSend != null) {
            try {
                message.block = Delivery.stage(pool, selfSend);
            } catch (final DeviceException ex) {
                selfSend.complete(null, ex);
                receive.complete(null, ex);
                return;
            }
            deliver(message, receive);
            selfSend.complete(null, null);
            return;
        }
        try {
            connections[message.source].send(NiodevFrameDescriptor.CTS, (byte) 0, 0, 0, 0, 0, null, 0, 0, 0,
                message.sendId, receive.id);
        } catch (final DeviceException ex) {
            if (matcher.takeReceive(receive.id) != null) {
                receive.complete(null, ex);
            }
        }
    }

    /** Copies a message whose bytes are here into its receive, frees the block and completes. */
    void deliver(final Arrival message, final NiodevRequest receive) {
        final Status status = message.status(ids[message.source]);
        final DeviceException failure;
        try {
            failure = Delivery.deliver(message, receive, status, classLoader);
        } finally {
            release(message);
        }
        receive.complete(failure == null ? status : null, failure);
    }

    /**
     * Frees a message's block; an eager message from a peer gives its credit back
     * ({@link Connection#eagerMessageFreed}).
     */
    void release(final Arrival message) {
        free(message.block);
        message.block = null;
        if (message.sendId < 0 && message.selfSend == null && message.source != rank) {
            connections[message.source].eagerMessageFreed(message.messageLength);
        }
    }

    /**
     * The payload of a buffer message (rendezvous data, or an eager message whose receive was
     * posted first) was read straight into the receive buffer's storage (and its dynamic part
     * into {@code dynamic}): give an eager message's credit back, make the buffer readable and
     * complete, unless the receive failed meanwhile.
     */
    void dataArrivedInPlace(final Arrival message, final NiodevRequest receive, final byte[] dynamic) {
        release(message);
        if (matcher.takeReceive(receive.id) != receive) {
            return;
        }
        final Status status = message.status(ids[message.source]);
        DeviceException failure = null;
        try {
            receive.buffer.classLoader(classLoader);
            receive.buffer.commitReceived(dynamic, message.dynamicLength);
        } catch (final RuntimeException ex) {
            failure = new DeviceException("the buffer message from rank " + message.source + " with tag "
                + message.tag + " is malformed: " + ex.getMessage(), ex);
        }
        receive.complete(failure == null ? status : null, failure);
    }

    /**
     * An eager buffer message's header has arrived: returns the posted receive its payload is to
     * be read into, now registered for it, or {@code null} to read it into a pooled block first.
     */
    NiodevRequest matchInPlace(final Arrival message) {
        return matcher.arriveInPlace(message);
    }

    NiodevRequest findRendezvousReceive(final long receiveId) {
        return matcher.findReceive(receiveId);
    }

    /**
     * The data of a rendezvous receive have arrived: deliver them, unless the receive failed
     * meanwhile (its peer is gone), in which case the block is freed.
     */
    void dataArrived(final Arrival message, final NiodevRequest receive) {
        if (matcher.takeReceive(receive.id) == receive) {
            deliver(message, receive);
        } else {
            free(message.block);
            message.block = null;
        }
    }

    /** A peer is ready for a rendezvous send's data: stage and write them, and complete the send. */
    void readyToSend(final Connection connection, final long sendId, final long receiveId)
        throws MalformedFrameException {
        final NiodevRequest send = matcher.takeSend(sendId);
        if (send == null || send.peer != connection.rank) {
            throw new MalformedFrameException("malformed niodev frame: CTS for send id " + sendId
                + ", which is no rendezvous send of this rank to rank " + connection.rank);
        }
        final int typeCode = send.type == null ? 0 : send.type.ordinal() + 1;
        try {
            if (send.buffer != null) {
                // the buffer stays the device's until the send completes: written in place
                connection.sendParts(NiodevFrameDescriptor.DATA, send.tag, send.context, send.count, typeCode,
                    send.buffer.staticByteBuffer(), send.dynamicLength > 0 ? send.buffer.dynamicByteBuffer() : null,
                    send.dynamicLength, sendId, receiveId, send);
                return;
            }
            final MemorySegment block = Delivery.stage(pool, send);
            connection.send(NiodevFrameDescriptor.DATA, (byte) 0, send.tag, send.context, send.count, typeCode,
                block, send.messageLength, send.messageLength, 0, sendId, receiveId);
        } catch (final DeviceException ex) {
            send.complete(null, ex);
            return;
        }
        send.complete(null, null);
    }

    MemorySegment allocate(final int length) {
        try {
            return pool.allocateSegment(length);
        } catch (final PoolExhaustedException ex) {
            throw new DeviceException("niodev rank " + rank + " has no memory for a " + length + "-byte message: "
                + ex.getMessage(), ex);
        }
    }

    void free(final MemorySegment block) {
        if (block != null) {
            pool.free(block);
        }
    }
}
