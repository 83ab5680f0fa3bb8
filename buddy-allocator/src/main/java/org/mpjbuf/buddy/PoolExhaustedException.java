package org.mpjbuf.buddy;

import java.io.Serial;

/**
 * Thrown when a {@link BufferPool} cannot serve a request without reserving more memory than its configured
 * maximum, or when the platform refuses to provide memory for a new region. The pool stays usable: freeing
 * buffers makes room for later requests.
 */
public final class PoolExhaustedException extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * Creates an exception with a message saying what was requested and what the limits were.
     *
     * @param message the description.
     * @param cause the underlying failure, or {@code null}.
     */
    public PoolExhaustedException(final String message, final Throwable cause) {
        super(message, cause);
    }
}
