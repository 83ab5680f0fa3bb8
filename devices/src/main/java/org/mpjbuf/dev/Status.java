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
