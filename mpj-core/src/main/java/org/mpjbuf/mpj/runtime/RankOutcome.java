package org.mpjbuf.mpj.runtime;

/**
 * How one rank of a job ended.
 *
 * <p>Immutable and therefore thread-safe.
 *
 * @param rank      the rank
 * @param state     how it ended
 * @param failure   what it threw ({@link State#FAILED}), the abort it called ({@link State#ABORTED}),
 *                  or why it was stopped ({@link State#STOPPED}); {@code null} when it completed
 * @param abortCode the error code given to {@code Abort}, 0 unless {@link State#ABORTED}
 */
public record RankOutcome(int rank, State state, Throwable failure, int abortCode) {

    /** How a rank ended. */
    public enum State {
        /** The rank's main method or task returned normally. */
        COMPLETED,
        /** The rank threw; {@link #failure()} is what it threw. */
        FAILED,
        /** The rank called {@code Comm.Abort} or an error was fatal under {@code ERRORS_ARE_FATAL}. */
        ABORTED,
        /** The rank was ended because another rank failed or aborted, or it did not end in time. */
        STOPPED
    }

    /**
     * Tells whether the rank completed normally.
     *
     * @return true for {@link State#COMPLETED}
     */
    public boolean completed() {
        return state == State.COMPLETED;
    }

    @Override
    public String toString() {
        return switch (state) {
            case COMPLETED -> "rank " + rank + " completed";
            case FAILED -> "rank " + rank + " failed: " + failure;
            case ABORTED -> "rank " + rank + " aborted with code " + abortCode
                + (failure == null || failure.getMessage() == null ? "" : ": " + failure.getMessage());
            case STOPPED -> "rank " + rank + " stopped: "
                + (failure == null ? "" : failure.getMessage());
        };
    }
}
