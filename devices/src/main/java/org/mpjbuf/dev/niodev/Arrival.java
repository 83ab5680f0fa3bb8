package org.mpjbuf.dev.niodev;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;

import org.mpjbuf.dev.ElementType;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Status;

/**
 * A message that has reached this rank: its envelope, and either its bytes (an eager message, or
 * a rendezvous message once its data have arrived) in a block of the device's pool, or the send
 * id to ask the sender for them (a rendezvous request to send). While no receive matches it, it
 * waits in the unexpected queue.
 *
 * <p>Written by the thread that creates it before it is published under the matcher's lock;
 * {@link #block} is then handed from thread to thread with the message, one owner at a time.
 */
final class Arrival extends Queued {
    final int source;
    final int tag;
    final int context;
    final boolean buffer;
    final ElementType type;
    final int count;
    final int messageLength;
    final int dynamicLength;
    final ByteOrder order;
    /** The rendezvous send id at the sender, or -1 for an eager message. */
    final long sendId;
    /** A rendezvous message sent by this rank to itself: the send to copy from. */
    final NiodevRequest selfSend;
    /** The message's bytes (static then dynamic part for a buffer), or {@code null} before they arrive. */
    MemorySegment block;
    /** Set under the matcher's lock when the message arrived after this rank finished. */
    boolean dropped;

    Arrival(final int source, final int tag, final int context, final boolean buffer, final ElementType type,
            final int count, final int messageLength, final int dynamicLength, final ByteOrder order,
            final long sendId, final NiodevRequest selfSend) {
        this.source = source;
        this.tag = tag;
        this.context = context;
        this.buffer = buffer;
        this.type = type;
        this.count = count;
        this.messageLength = messageLength;
        this.dynamicLength = dynamicLength;
        this.order = order;
        this.sendId = sendId;
        this.selfSend = selfSend;
    }

    /** Tells whether the data must still be fetched from the sender. */
    boolean isRendezvous() {
        return sendId >= 0 || selfSend != null;
    }

    Status status(final ProcessID sourceId) {
        return new Status(sourceId, tag, context, messageLength, count, type, false);
    }

    @Override
    public String toString() {
        return "Arrival[from " + source + ", tag " + tag + ", context " + context + ", " + count + " " + type
            + ", " + messageLength + " bytes" + (isRendezvous() ? ", rendezvous]" : "]");
    }
}
