package org.mpjbuf.dev.protocol;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;

import org.mpjbuf.Buffer;
import org.mpjbuf.ReceivedChecksum;
import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.PoolExhaustedException;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.ElementType;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Status;

/**
 * The message flow of one rank of a process device (niodev, ibvdev): which frames a send becomes,
 * what happens when a message arrives, when a receive matches a rendezvous message, and when its
 * data arrive. How a frame travels is its {@link Link}'s business: niodev writes the DATA frame
 * on its stream; ibvdev's ready message carries the receive's registered address and key, and
 * its data go by RDMA write followed by a DATA frame that says they are there.
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
 * its configured eager credit in bytes of eager messages outstanding at it, so
 * messages sent long before they are received cannot fill its memory: past that, standard sends
 * go rendezvous, whose data take no unexpected memory. The receiver {@linkplain #release
 * releases} an eager message's credit when it frees its block, delivered or dropped; the credit
 * goes back in the header of the next frame to that peer, or in a CREDIT frame once half of it
 * has gathered. Matching order does not change: it is the order of the EAGER and RTS frames on
 * the link, whichever the credit chose.
 *
 * <p><b>Allocation.</b> No memory in proportion to the payload is taken outside the pool. A
 * blocking eager buffer send makes no request ({@link #sendEager}); a thread's blocking buffer
 * receive reuses its request and, for a message like the last, its status
 * ({@link MessageDevice#irecvToWait}); and an eager message that niodev reads straight into its
 * receive reuses its connection's arrival. So a blocking ping-pong of small buffer messages over
 * niodev allocates nothing in the device; other messages make a request, an arrival and a status
 * each.
 *
 *
 * <p>Thread-safe: sending and receiving threads and the thread driving the transport call it
 * concurrently; the shared state is the {@link Matcher}'s and each {@link Link}'s.
 */
public final class Protocol {
    private final int rank;
    private final ProcessID[] ids;
    private final ClassLoader classLoader;
    private final int eagerLimit;
    private final BufferPool pool;
    private final Matcher matcher;
    private final Link[] links;

    /**
     * Creates the protocol of one rank.
     *
     * @param rank this rank
     * @param ids the process ids of all ranks
     * @param classLoader the rank's class loader, for object messages
     * @param eagerLimit the longest message sent eagerly
     * @param pool the pool of the rank's staged and arrived messages
     * @param matcher the rank's matcher
     * @param links the link to each peer, by rank, filled in by the device as they come up
     */
    public Protocol(final int rank, final ProcessID[] ids, final ClassLoader classLoader, final int eagerLimit,
                    final BufferPool pool, final Matcher matcher, final Link[] links) {
        this.rank = rank;
        this.ids = ids;
        this.classLoader = classLoader;
        this.eagerLimit = eagerLimit;
        this.pool = pool;
        this.matcher = matcher;
        this.links = links;
    }

    /**
     * Starts a send: an eager one is staged (or written in place, for a buffer) and completes;
     * a rendezvous one sends its request to send and waits; one to this rank goes straight to the
     * matcher.
     *
     * @throws DeviceException if the destination is gone or the link to it fails
     */
    MessageRequest send(final MessageRequest send) {
        final boolean eager = !send.synchronous && send.messageLength <= eagerLimit;
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
        final Link link = links[send.peer];
        if (eager && link.credit().tryTake(send.messageLength)) {
            if (send.buffer != null) {
                link.sendEager(send.buffer, send.tag, send.context, send.count, send.typeCode());
            } else {
                link.sendEager(send);
            }
            send.complete(null, null);
        } else {
            matcher.registerSend(send);
            try {
                link.sendRequestToSend(send);
            } catch (final DeviceException ex) {
                matcher.takeSend(send.id);
                throw ex;
            }
        }
        return send;
    }

    /**
     * Sends a buffer message eagerly without a request, if it can go at once: to a peer, no longer
     * than the eager limit, and within the peer's eager credit. Otherwise nothing happens and the
     * caller starts a send with a request ({@link #send}).
     *
     * @param buffer the committed buffer
     * @param peer the destination's rank
     * @param tag the tag
     * @param context the context
     * @param firstCount the elements of the buffer's first section
     * @param firstType the element type of its first section, or {@code null} if it has none
     * @param messageLength the message's bytes, static and dynamic
     * @return whether the message was sent; the buffer is the caller's again either way
     * @throws DeviceException if the destination is gone or the link to it fails
     */
    boolean sendEager(final Buffer buffer, final int peer, final int tag, final int context, final int firstCount,
                      final ElementType firstType, final int messageLength) {
        if (peer == rank || messageLength > eagerLimit) {
            return false;
        }
        final String gone = matcher.gone(peer);
        if (gone != null) {
            throw new DeviceException("cannot send to rank " + peer + ": " + gone);
        }
        final Link link = links[peer];
        if (!link.credit().tryTake(messageLength)) {
            return false;
        }
        link.sendEager(buffer, tag, context, firstCount, MessageRequest.typeCode(firstType));
        return true;
    }

    /** Starts a receive or probe: matches it against the arrived messages, or posts it. */
    MessageRequest receive(final MessageRequest receive) {
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

    /**
     * Matches an arrived message: delivers it, asks for its data, or leaves it queued.
     *
     * @param message the message, its bytes in its block if it is eager
     */
    public void arrived(final Arrival message) {
        final MessageRequest receive = matcher.arrive(message);
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
    private void requestData(final Arrival message, final MessageRequest receive) {
        final MessageRequest selfSend = message.selfSend;
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
            links[message.source].sendReadyToReceive(message, receive);
        } catch (final DeviceException ex) {
            if (matcher.takeReceive(receive.id) != null) {
                receive.complete(null, ex);
            }
        }
    }

    /** Copies a message whose bytes are here into its receive, frees the block and completes. */
    void deliver(final Arrival message, final MessageRequest receive) {
        final Status status = message.status(ids[message.source], receive.previousStatus());
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
     * ({@link Link#eagerMessageFreed}).
     *
     * @param message the message
     */
    public void release(final Arrival message) {
        free(message.block);
        message.block = null;
        if (message.sendId < 0 && message.selfSend == null && message.source != rank) {
            links[message.source].eagerMessageFreed(message.messageLength);
        }
    }

    /**
     * The payload of a buffer message (rendezvous data, or an eager message whose receive was
     * posted first) was read straight into the receive buffer's storage (and its dynamic part
     * into {@code dynamic}): give an eager message's credit back, make the buffer readable and
     * complete, unless the receive failed meanwhile.
     *
     * @param message the message
     * @param receive the receive it was read into
     * @param dynamic the buffer's dynamic part, or {@code null}
     * @param arrived the message's checksum as its bytes landed, or {@code null} to compute it from them
     */
    public void dataArrivedInPlace(final Arrival message, final MessageRequest receive, final byte[] dynamic,
                                   final ReceivedChecksum arrived) {
        release(message);
        if (matcher.takeReceive(receive.id) != receive) {
            return;
        }
        final Status status = message.status(ids[message.source], receive.previousStatus());
        DeviceException failure = null;
        try {
            receive.buffer.classLoader(classLoader);
            receive.buffer.commitReceived(dynamic, message.dynamicLength, arrived);
        } catch (final RuntimeException ex) {
            failure = new DeviceException("the buffer message from rank " + message.source + " with tag "
                + message.tag + " is malformed: " + ex.getMessage(), ex);
        }
        receive.complete(failure == null ? status : null, failure);
    }

    /**
     * The payload of a rendezvous message of elements was read straight into its receive's array
     * ({@link Delivery#landingRun}): convert it there if the sender's byte order is not this
     * rank's, and complete, unless the receive failed meanwhile.
     *
     * @param message the message
     * @param receive the receive whose array holds its elements
     */
    public void dataArrivedInRun(final Arrival message, final MessageRequest receive) {
        if (matcher.takeReceive(receive.id) != receive) {
            return;
        }
        if (message.order != ByteOrder.nativeOrder()) {
            final MemorySegment run = Delivery.run(receive.array, receive.offset, message.count, message.type);
            MemorySegment.copy(run, message.type.layout(message.order), 0, run, message.type.layout(), 0,
                message.count);
        }
        receive.complete(message.status(ids[message.source], receive.previousStatus()), null);
    }

    /**
     * An eager buffer message's header has arrived: returns the posted receive its payload is to
     * be read into, now registered for it, or {@code null} to read it into a pooled block first.
     *
     * @param message the message, whose payload has not been read
     * @return the receive, or {@code null}
     */
    public MessageRequest matchInPlace(final Arrival message) {
        return matcher.arriveInPlace(message);
    }

    /**
     * Returns the receive that waits for a rendezvous message's data.
     *
     * @param receiveId the receive's id, as the ready message gave it
     * @return the receive, or {@code null} if none waits under that id
     */
    public MessageRequest findRendezvousReceive(final long receiveId) {
        return matcher.findReceive(receiveId);
    }

    /**
     * The data of a rendezvous receive have arrived: deliver them, unless the receive failed
     * meanwhile (its peer is gone), in which case the block is freed.
     *
     * @param message the message, its bytes in its block
     * @param receive the receive that waited for them
     */
    public void dataArrived(final Arrival message, final MessageRequest receive) {
        if (matcher.takeReceive(receive.id) == receive) {
            deliver(message, receive);
        } else {
            free(message.block);
            message.block = null;
        }
    }

    /**
     * A peer is ready for a rendezvous send's data: the link sends them and completes the send
     * (or the send fails, if the link cannot).
     *
     * @param link the link the ready message came on
     * @param sendId the send the peer names
     * @param receiveId the peer's receive
     * @throws MalformedFrameException if the peer names no rendezvous send of this rank to it
     */
    public void readyToSend(final Link link, final long sendId, final long receiveId) {
        final MessageRequest send = matcher.takeSend(sendId);
        if (send == null || send.peer != link.peer()) {
            throw new MalformedFrameException("malformed frame: ready message (CTS) for send id " + sendId
                + ", which is no rendezvous send of rank " + rank + " to rank " + link.peer());
        }
        try {
            link.sendData(send, receiveId);
        } catch (final DeviceException ex) {
            send.complete(null, ex);
        }
    }

    /**
     * Copies a send's message into a new block of the rank's pool ({@link Delivery#stage}).
     *
     * @param send the send
     * @return the block, or {@code null} for an empty message
     * @throws DeviceException if the pool has no memory for it
     */
    public MemorySegment stage(final MessageRequest send) {
        return Delivery.stage(pool, send);
    }

    /**
     * Takes a block of the rank's pool.
     *
     * @param length the bytes
     * @return the block
     * @throws DeviceException if the pool has no memory for it
     */
    public MemorySegment allocate(final int length) {
        try {
            return pool.allocateSegment(length);
        } catch (final PoolExhaustedException ex) {
            throw new DeviceException("niodev rank " + rank + " has no memory for a " + length + "-byte message: "
                + ex.getMessage(), ex);
        }
    }

    /**
     * Returns a block to the rank's pool.
     *
     * @param block the block, or {@code null} for none
     */
    public void free(final MemorySegment block) {
        if (block != null) {
            pool.free(block);
        }
    }
}
