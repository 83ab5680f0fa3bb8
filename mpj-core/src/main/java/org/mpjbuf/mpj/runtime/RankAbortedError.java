package org.mpjbuf.mpj.runtime;

import java.io.Serial;

/**
 * Unwinds a rank that called {@code Comm.Abort} (or met an error under
 * {@code MPI.ERRORS_ARE_FATAL}, or was stopped because another rank ended the job). It is an
 * {@link Error} so that a program's {@code catch (Exception e)} does not swallow the abort; the
 * launcher catches it and records the rank's outcome.
 */
public final class RankAbortedError extends Error {
    @Serial
    private static final long serialVersionUID = 1L;

    private final int errorCode;
    private final boolean initiator;

    /**
     * @param message   why the rank ends
     * @param errorCode the code given to {@code Abort}
     * @param initiator true for the rank that aborted, false for a rank stopped by another's abort
     */
    RankAbortedError(String message, int errorCode, boolean initiator) {
        super(message);
        this.errorCode = errorCode;
        this.initiator = initiator;
    }

    /**
     * Returns the code the job was aborted with.
     *
     * @return the error code
     */
    public int errorCode() {
        return errorCode;
    }

    /**
     * Tells whether the rank that threw this error is the one that aborted the job.
     *
     * @return true for the aborting rank, false for a rank stopped by another's failure
     */
    public boolean initiator() {
        return initiator;
    }
}
