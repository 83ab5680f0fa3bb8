package org.mpjbuf.mpj.runtime;

import java.io.Serial;

/**
 * A job in which some rank did not complete; the message names the rank and what it threw, and
 * the cause is that rank's exception.
 */
public final class JobFailedException extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    /** The full result; not serialized. */
    private final transient JobResult result;

    /**
     * @param result the job's result
     * @param cause  the outcome of the rank that ended the job
     */
    JobFailedException(JobResult result, RankOutcome cause) {
        super(cause.toString() + " (" + result.outcomes().size() + " ranks: " + result.outcomes() + ")",
            cause.failure());
        this.result = result;
    }

    /**
     * Returns every rank's outcome.
     *
     * @return the result, or {@code null} after deserialization
     */
    public JobResult result() {
        return result;
    }
}
