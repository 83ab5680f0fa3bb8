package org.mpjbuf.mpj.runtime;

import java.io.Serial;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.stream.Collectors;

/**
 * A job in which some rank did not complete; the message names the rank and what it threw, and
 * the cause is that rank's exception.
 *
 * <p>After it the message counts the ranks by how they ended and names the first
 * {@link #LISTED_RANKS} that failed or aborted (a job of hundreds of ranks whose every rank was
 * stopped by one failure still gets a message of a few lines); {@link #result()} holds every
 * rank's outcome.
 */
public final class JobFailedException extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    /** How many failed or aborted ranks the message names. */
    static final int LISTED_RANKS = 8;

    /** The full result; not serialized. */
    private final transient JobResult result;

    /**
     * @param result the job's result
     * @param cause  the outcome of the rank that ended the job
     */
    JobFailedException(JobResult result, RankOutcome cause) {
        super(cause + " (" + summary(result.outcomes()) + ")", cause.failure());
        this.result = result;
    }

    /**
     * {@return e.g. "512 ranks: 1 failed, 511 stopped; failed or aborted: rank 392 failed: ..."}
     * The states without ranks are left out; beyond {@link #LISTED_RANKS} failed or aborted
     * ranks, how many more there are.
     */
    static String summary(List<RankOutcome> outcomes) {
        Map<RankOutcome.State, Long> counts = outcomes.stream()
            .collect(Collectors.groupingBy(RankOutcome::state, () -> new EnumMap<>(RankOutcome.State.class),
                Collectors.counting()));
        StringJoiner states = new StringJoiner(", ", outcomes.size() + " ranks: ", "");
        counts.forEach((state, count) -> states.add(count + " " + state.name().toLowerCase(Locale.ROOT)));
        List<RankOutcome> failed = outcomes.stream()
            .filter(o -> o.state() == RankOutcome.State.FAILED || o.state() == RankOutcome.State.ABORTED)
            .toList();
        if (failed.isEmpty()) {
            return states.toString();
        }
        StringJoiner named = new StringJoiner(", ", "; failed or aborted: ", "");
        failed.stream().limit(LISTED_RANKS).forEach(o -> named.add(o.toString()));
        if (failed.size() > LISTED_RANKS) {
            named.add("and " + (failed.size() - LISTED_RANKS) + " more");
        }
        return states + named.toString();
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
