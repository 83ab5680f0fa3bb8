package org.mpjbuf.npb;

import java.io.Serial;

/**
 * Thrown by a kernel's {@code main} when its results do not match the NPB
 * verification values, so that the job ends with a non-zero status.
 */
public final class VerificationFailedException extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception for a report.
     *
     * @param report the report of the run that failed verification
     */
    public VerificationFailedException(BenchmarkReport report) {
        super(report.benchmark() + " class " + report.problemClass() + " on " + report.processes()
                + " processes: Verification = UNSUCCESSFUL");
    }
}
