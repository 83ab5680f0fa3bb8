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
 * {@link #block} is then handed from thread to thread with the message, one owner at a time. A
 * transport may {@linkplain #reuse reuse} the arrival of an eager message that was read straight
 * into its receive, once delivered: nothing refers to it then.
 */
public final class Arrival extends Queued {
    /** The sender's rank. */
    public final int source;
    /** The message's tag. */
    int tag;
    /** The message's context. */
    int context;
    /** Whether the message is a packed buffer (else a run of an array). */
    public boolean buffer;
    /** The element type of the run, or of the buffer's first section. */
    ElementType type;
    /** The elements of the run, or of the buffer's first section. */
    int count;
    /** The message's bytes. */
    public int messageLength;
    /** The bytes of a buffer message's dynamic part, at the end of its bytes. */
    public int dynamicLength;
    /** The byte order the sender wrote the message in. */
    ByteOrder order;
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

    /**
     * Makes a delivered eager message from the same sender the arrival of the next one, whose
     * envelope is given as to the constructor.
     *
     * @param messageTag the tag
     * @param messageContext the context
     * @param isBuffer whether the message is a packed buffer
     * @param elementType the element type of the run or of the buffer's first section
     * @param elementCount the elements of the run or of the buffer's first section
     * @param length the message's bytes
     * @param dynamicBytes the bytes of a buffer's dynamic part
     * @param byteOrder the sender's byte order
     * @throws IllegalStateException if this arrival is not a delivered eager message
     */
    public void reuse(final int messageTag, final int messageContext, final boolean isBuffer,
                      final ElementType elementType, final int elementCount, final int length, final int dynamicBytes,
                      final ByteOrder byteOrder) {
        if (isRendezvous() || block != null || queue != null) {
            throw new IllegalStateException("only a delivered eager message's arrival is reused, not " + this);
        }
        tag = messageTag;
        context = messageContext;
        buffer = isBuffer;
        type = elementType;
        count = elementCount;
        messageLength = length;
        dynamicLength = dynamicBytes;
        order = byteOrder;
        dropped = false;
    }

    /**
     * Tells whether the data must still be fetched from the sender.
     *
     * @return whether this is a rendezvous message
     */
    public boolean isRendezvous() {
        return sendId >= 0 || selfSend != null;
    }

    Status status(final ProcessID sourceId) {
        return new Status(sourceId, tag, context, messageLength, count, type, false);
    }

    /**
     * Returns this message's status for a receive: {@code previous} itself when it says the same
     * (statuses are immutable), so that a thread's blocking receives of like messages, whose
     * request keeps the last status ({@link MessageRequest#previousStatus()}), make none.
     *
     * @param sourceId the sender's process id
     * @param previous the receive's previous status, or {@code null}
     * @return the status
     */
    Status status(final ProcessID sourceId, final Status previous) {
        return Status.ofMessage(previous, sourceId, tag, context, messageLength, count, type);
    }

    @Override
    public String toString() {
        return "Arrival[from " + source + ", tag " + tag + ", context " + context + ", " + count + " " + type
            + ", " + messageLength + " bytes" + (isRendezvous() ? ", rendezvous]" : "]");
    }
}
