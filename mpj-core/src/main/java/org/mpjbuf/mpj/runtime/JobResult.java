package org.mpjbuf.mpj.runtime;

import java.util.List;

/**
 * The outcome of every rank of a finished job.
 *
 * <p>Immutable and therefore thread-safe.
 *
 * @param outcomes one outcome per rank, indexed by rank
 */
public record JobResult(List<RankOutcome> outcomes) {

    /**
     * Creates a result.
     *
     * @param outcomes one outcome per rank, indexed by rank (copied)
     */
    public JobResult {
        outcomes = List.copyOf(outcomes);
    }

    /**
     * Tells whether every rank completed normally.
     *
     * @return true when no rank failed, aborted or was stopped
     */
    public boolean succeeded() {
        return outcomes.stream().allMatch(RankOutcome::completed);
    }

    /**
     * Returns the exit status a launcher should end with: 0 when every rank completed, the first
     * non-zero abort code when a rank aborted, 1 otherwise.
     *
     * @return the exit status
     */
    public int exitStatus() {
        if (succeeded()) {
            return 0;
        }
        for (RankOutcome outcome : outcomes) {
            if (outcome.state() == RankOutcome.State.ABORTED && outcome.abortCode() != 0) {
                return outcome.abortCode() & 0xff;
            }
        }
        return 1;
    }

    /**
     * Returns the first rank that failed or aborted (the cause of the job's end), if any.
     *
     * @return the outcome, or {@code null} when no rank failed or aborted
     */
    public RankOutcome firstFailure() {
        for (RankOutcome outcome : outcomes) {
            if (outcome.state() == RankOutcome.State.FAILED
                || outcome.state() == RankOutcome.State.ABORTED) {
                return outcome;
            }
        }
        return null;
    }

    /**
     * Throws when a rank did not complete; convenient in tests.
     *
     * @return this result when every rank completed
     * @throws JobFailedException naming the failing rank, with its exception as the cause
     */
    public JobResult orThrow() {
        if (succeeded()) {
            return this;
        }
        RankOutcome cause = firstFailure();
        if (cause == null) {
            cause = outcomes.stream().filter(o -> !o.completed()).findFirst().orElseThrow();
        }
        throw new JobFailedException(this, cause);
    }
}
