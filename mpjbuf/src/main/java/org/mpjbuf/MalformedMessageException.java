package org.mpjbuf;

import java.io.Serial;

/**
 * Thrown when received bytes are not a well-formed mpjbuf message: truncated, corrupted, of an
 * unknown version or type code, or holding a serialized class the object filter rejects.
 *
 * <p>The message names the field that was wrong, the value found and what was expected. A message
 * that fails to decode leaves no partial state behind: the buffer it was offered to stays unusable
 * for reading until it is cleared or offered well-formed bytes.
 */
public final class MalformedMessageException extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * Creates an exception with a message that says what was wrong.
     *
     * @param message what was found and what was expected
     */
    public MalformedMessageException(String message) {
        super(message);
    }

    /**
     * Creates an exception with a message and the failure that revealed the problem.
     *
     * @param message what was found and what was expected
     * @param cause the underlying failure, for example from object deserialization
     */
    public MalformedMessageException(String message, Throwable cause) {
        super(message, cause);
    }
}
