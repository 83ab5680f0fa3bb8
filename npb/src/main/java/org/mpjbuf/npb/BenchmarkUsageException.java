package org.mpjbuf.npb;

import java.io.Serial;

/**
 * A command line, class or process count that a kernel does not accept. The
 * message says what was wrong and what is allowed; the exception carries no
 * stack trace, so a launcher that prints it (as {@code bin/mpjrun} does for a
 * failed rank) prints only that message, not the frames of the benchmark
 * driver.
 */
public final class BenchmarkUsageException extends IllegalArgumentException {
    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what was wrong and what is allowed
     */
    BenchmarkUsageException(String message) {
        super(message);
    }

    /** {@return this, without frames: the message is all a user needs} */
    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
