package org.mpjbuf.dev;

import java.io.Serial;

/**
 * A message was larger than the receive buffer that matched it ({@code MPI_ERR_TRUNCATE}).
 *
 * <p>The message has been consumed (a later receive does not see it), the receive buffer holds
 * the leading elements that fit, and the device remains fully usable. {@link #status()} describes
 * the whole message as it was sent.
 */
public final class TruncationException extends DeviceException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final transient Status status;
    private final int receiveCount;

    /**
     * Creates the exception.
     *
     * @param status the status of the message as sent
     * @param receiveCount the number of elements the receive buffer could hold
     */
    public TruncationException(final Status status, final int receiveCount) {
        super("message truncated: " + status.elementCount() + " " + status.elementType()
            + " elements (" + status.byteCount() + " bytes) sent by rank " + status.source().rank()
            + " with tag " + status.tag() + " but the receive buffer holds only " + receiveCount
            + " elements");
        this.status = status;
        this.receiveCount = receiveCount;
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
     * Returns how many elements the receive buffer could hold.
     *
     * @return the receive buffer's capacity in elements
     */
    public int receiveCount() {
        return receiveCount;
    }
}
