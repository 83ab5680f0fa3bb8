package org.mpjbuf.dev;

/**
 * What a receive or a probe found: the source, tag and context of a message, its length in bytes,
 * and the element type and element count of its first section.
 *
 * <p>For an array message the section is the array run that was sent. For a message of zero
 * sections (an empty buffer) the element count is 0 and the element type is {@code null}. A status
 * of a cancelled receive has {@link #cancelled()} set and no message fields worth reading. A
 * status returned for a send describes the message sent, with this rank as its source.
 *
 * <p>Instances are immutable and therefore thread-safe.
 *
 * @param source the sending rank
 * @param tag the tag the message was sent with
 * @param context the context (communicator id) the message was sent in
 * @param byteCount the length of the message's data in bytes (serialized length for objects)
 * @param elementCount the number of elements of the first section
 * @param elementType the element type of the first section, {@code null} if there is none
 * @param cancelled {@code true} if this is the status of a cancelled receive
 */
public record Status(ProcessID source, int tag, int context, long byteCount, int elementCount,
                     ElementType elementType, boolean cancelled) {

    /**
     * Returns the status of a received message: {@code previous} itself when it says exactly
     * that (statuses are immutable, so one may stand for any number of like messages), else a new
     * one. A device whose thread receives message after message with one request hands out one
     * status for a run of like messages instead of one each.
     *
     * @param previous a status to stand for it, or {@code null}
     * @param source the sending rank
     * @param tag the tag
     * @param context the context
     * @param byteCount the message's length in bytes
     * @param elementCount the elements of its first section
     * @param elementType their type, or {@code null}
     * @return {@code previous}, or a new status
     */
    public static Status ofMessage(final Status previous, final ProcessID source, final int tag, final int context,
                                   final long byteCount, final int elementCount, final ElementType elementType) {
        if (previous != null && previous.source == source && previous.tag == tag && previous.context == context
            && previous.byteCount == byteCount && previous.elementCount == elementCount
            && previous.elementType == elementType && !previous.cancelled) {
            return previous;
        }
        return new Status(source, tag, context, byteCount, elementCount, elementType, false);
    }

    /**
     * Returns the status of a receive that was cancelled before it matched a message.
     *
     * @param tag the tag the receive asked for
     * @param context the context the receive was posted in
     * @return a status with {@link #cancelled()} set
     */
    public static Status ofCancelled(final int tag, final int context) {
        return new Status(Device.ANY_SOURCE, tag, context, 0, 0, null, true);
    }
}
