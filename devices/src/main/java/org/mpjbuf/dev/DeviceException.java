package org.mpjbuf.dev;

import java.io.Serial;

/**
 * A communication operation failed: the peer finished before the message was received, a
 * received object could not be deserialized, the element types of a send and its matching
 * receive differ, or the receive buffer was too small ({@link TruncationException}).
 *
 * <p>Exceptions are created by the thread that detects the failure and thrown to the thread that
 * waits for the failed request.
 */
public class DeviceException extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * Creates an exception.
     *
     * @param message what went wrong, with the values involved
     */
    public DeviceException(final String message) {
        super(message);
    }

    /**
     * Creates an exception with a cause.
     *
     * @param message what went wrong, with the values involved
     * @param cause the underlying failure
     */
    public DeviceException(final String message, final Throwable cause) {
        super(message, cause);
    }
}
