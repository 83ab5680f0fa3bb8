package org.mpjbuf.dev;

import java.lang.foreign.MemorySegment;

/**
 * Where a sink receive ({@link Device#irecv(ElementSink, ElementType, int, ProcessID, int, int)})
 * puts the received elements: instead of copying them into one run of an array, the device hands
 * the sink the elements where they already are (the sender's own array for a large message on an
 * in-JVM device, or the device's eager copy), and the sink copies them where it wants, for
 * instance through the layout of a derived datatype. This saves the intermediate contiguous copy.
 *
 * <p><b>Calls.</b> For a receive that completes successfully or with a truncation, the device
 * calls exactly one of the two methods once, with the first {@code min(message count, receive
 * count)} elements, before the receive completes; for a cancelled receive, one that failed
 * before any data moved (a type mismatch, a peer gone), or an empty message, it calls neither.
 * The call happens on the thread that delivers the message: the receiving thread if the message
 * arrived first, otherwise the sending thread (often another rank's). So a sink must be
 * thread-safe to hand to another thread, must not block and must not call the device; it may
 * write the receiving rank's memory, which belongs to the device until the receive completes.
 *
 * <p><b>Ownership.</b> The array or segment passed in is read-only and valid only during the
 * call: it may be the sending rank's own array, which the sender may reuse once its send
 * completes. A runtime exception thrown by the sink fails the receive with a
 * {@link DeviceException} carrying it.
 */
public interface ElementSink {
    /**
     * Takes {@code count} received elements from a run of a Java array.
     *
     * @param array an array of the receive's element type (a primitive array, or an
     *     {@code Object[]} of deserialized objects)
     * @param offset index of the first received element in {@code array}
     * @param count number of elements, {@code > 0}
     */
    void accept(Object array, int offset, int count);

    /**
     * Takes {@code count} received primitive elements laid out back to back in native byte
     * order from byte 0 of {@code elements} (an eager copy the device holds). Called only for
     * primitive element types other than {@link ElementType#BOOLEAN}.
     *
     * @param elements the elements; {@code count * type.byteSize()} bytes
     * @param count number of elements, {@code > 0}
     */
    void accept(MemorySegment elements, int count);
}
