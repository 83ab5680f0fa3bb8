package org.mpjbuf.dev.protocol;

import java.io.Serial;

import org.mpjbuf.dev.DeviceException;

/**
 * Bytes received on an authenticated niodev connection are not a well-formed frame: a wrong magic
 * number or version, an unknown frame type or flag, a length beyond the configured limits, fields
 * that contradict each other, or a header cut short. The message names the field, the value and
 * what was expected; the connection that carried the bytes is closed.
 */
public final class MalformedFrameException extends DeviceException {
    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message the field, its value and what was expected
     */
    public MalformedFrameException(final String message) {
        super(message);
    }
}
