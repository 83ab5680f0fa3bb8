package org.mpjbuf.dev.protocol;

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
public final class Arrival extends Queued {
    /** The sender's rank. */
    public final int source;
    /** The message's tag. */
    final int tag;
    /** The message's context. */
    final int context;
    /** Whether the message is a packed buffer (else a run of an array). */
    public final boolean buffer;
    /** The element type of the run, or of the buffer's first section. */
    final ElementType type;
    /** The elements of the run, or of the buffer's first section. */
    final int count;
    /** The message's bytes. */
    public final int messageLength;
    /** The bytes of a buffer message's dynamic part, at the end of its bytes. */
    public final int dynamicLength;
    /** The byte order the sender wrote the message in. */
    final ByteOrder order;
    /** The rendezvous send id at the sender, or -1 for an eager message. */
    public final long sendId;
    /** A rendezvous message sent by this rank to itself: the send to copy from. */
    final MessageRequest selfSend;
    /** The message's bytes (static then dynamic part for a buffer), or {@code null} before they arrive. */
    public MemorySegment block;
    /** Set under the matcher's lock when the message arrived after this rank finished. */
    boolean dropped;

    /**
     * Creates an arrival from its envelope.
     *
     * @param source the sender's rank
     * @param tag the tag
     * @param context the context
     * @param buffer whether the message is a packed buffer
     * @param type the element type of the run or of the buffer's first section
     * @param count the elements of the run or of the buffer's first section
     * @param messageLength the message's bytes
     * @param dynamicLength the bytes of a buffer's dynamic part
     * @param order the sender's byte order
     * @param sendId the rendezvous send id at the sender, or -1 for an eager message
     * @param selfSend the send of a rendezvous message to this rank itself, or {@code null}
     */
    public Arrival(final int source, final int tag, final int context, final boolean buffer, final ElementType type,
            final int count, final int messageLength, final int dynamicLength, final ByteOrder order,
            final long sendId, final MessageRequest selfSend) {
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
