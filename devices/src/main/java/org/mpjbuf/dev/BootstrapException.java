package org.mpjbuf.dev;

import java.io.Serial;

/**
 * The {@link Bootstrap} of a rank failed: a fence timed out or was broken by an abort, a key was
 * never put, or the launcher behind the bootstrap went away. The message says which rank, which
 * key or which operation.
 */
public class BootstrapException extends DeviceException {
    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * Creates an exception.
     *
     * @param message what went wrong, with the rank and key involved
     */
    public BootstrapException(final String message) {
        super(message);
    }

    /**
     * Creates an exception with a cause.
     *
     * @param message what went wrong, with the rank and key involved
     * @param cause the underlying failure
     */
    public BootstrapException(final String message, final Throwable cause) {
        super(message, cause);
    }
}
