package org.mpjbuf.dev;

import java.io.Serial;

/**
 * A message was larger than the receive that matched it ({@code MPI_ERR_TRUNCATE}).
 *
 * <p>The message has been consumed (a later receive does not see it) and the device remains fully
 * usable. An array receive holds the leading elements that fit; a buffer receive is left writable
 * and empty. {@link #status()} describes the whole message as it was sent.
 */
public final class TruncationException extends DeviceException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final transient Status status;
    private final int receiveCount;
    private final long receiveByteCount;

    /**
     * Creates the exception.
     *
     * @param status the status of the message as sent
     * @param receiveCount the number of elements the receive could hold, or -1 for a buffer
     *     receive, whose capacity is in bytes
     * @param receiveByteCount the number of bytes the receive could hold (for a buffer receive,
     *     its static storage)
     */
    public TruncationException(final Status status, final int receiveCount, final long receiveByteCount) {
        super("message truncated: rank " + status.source().rank() + " sent " + describe(status)
            + " with tag " + status.tag() + " but the receive holds only "
            + (receiveCount >= 0 ? receiveCount + " elements (" + receiveByteCount + " bytes)"
                : receiveByteCount + " bytes of static storage"));
        this.status = status;
        this.receiveCount = receiveCount;
        this.receiveByteCount = receiveByteCount;
    }

    private static String describe(final Status status) {
        return status.elementCount() + " " + status.elementType() + " elements (" + status.byteCount() + " bytes)";
    }

    /**
     * Returns the status of the message as it was sent (its full size).
     *
     * @return the status
     */
    public Status status() {
        return status;
    }

    /**
     * Returns how many elements the receive could hold.
     *
     * @return the receive's capacity in elements, or -1 for a buffer receive
     */
    public int receiveCount() {
        return receiveCount;
    }

    /**
     * Returns how many bytes the receive could hold.
     *
     * @return the receive's capacity in bytes
     */
    public long receiveByteCount() {
        return receiveByteCount;
    }
}
