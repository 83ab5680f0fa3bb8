package org.mpjbuf.npb;

/**
 * How a kernel's {@code main} ends: normally when the run verified, with a
 * {@link VerificationFailedException} otherwise, so the launcher exits with a
 * non-zero status.
 *
 * <p>Stateless and thread-safe.
 */
final class BenchmarkExit {
    private BenchmarkExit() {
    }

    /**
     * Ends {@code main} according to the report.
     *
     * @param report the run's report
     * @throws VerificationFailedException if the run did not verify
     */
    static void exitWith(BenchmarkReport report) {
        if (!report.verified()) {
            throw new VerificationFailedException(report);
        }
    }
}
