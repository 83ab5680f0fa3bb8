package org.mpjbuf.mpj.runtime;

/**
 * Where the threads of one job's ranks write when the job redirects their output: every line
 * prefixed with {@code [rank] }, to the JVM's original standard streams.
 * {@link StandardStreams} sends a thread's {@code System.out} and {@code System.err} here when the
 * thread belongs to the job.
 *
 * <p>Thread-safe, as {@link RankPrefixStream}.
 *
 * @param out what the job's threads write to {@code System.out}
 * @param err what the job's threads write to {@code System.err}
 */
record JobOutput(RankPrefixStream out, RankPrefixStream err) {

    /**
     * Creates the output of a job whose lines are prefixed with the rank.
     *
     * @param targets the JVM's original standard streams, where the prefixed lines go
     * @return the job's output
     */
    static JobOutput prefixed(StandardStreams.Targets targets) {
        return new JobOutput(new RankPrefixStream(targets.out()), new RankPrefixStream(targets.err()));
    }

    /**
     * Ends the calling rank thread's unfinished lines, so that a last {@code print} without a
     * newline is not lost; called when the rank ends.
     *
     * @param rank the rank the calling thread ran
     */
    void endLines(int rank) {
        out.endLine(rank);
        err.endLine(rank);
    }
}
