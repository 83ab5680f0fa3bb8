package org.mpjbuf.mpj.runtime;

import mpi.Intracomm;

/**
 * The body of one rank of a job run without class-loader isolation ({@link Job#runTasks}): every
 * rank runs the same task on a thread of its own, with its own world communicator. The ranks share
 * the {@code mpi} classes, so the task must use the communicator it is given rather than
 * {@code MPI.COMM_WORLD}, and must not rely on per-rank static state.
 */
@FunctionalInterface
public interface RankTask {
    /**
     * Runs one rank.
     *
     * @param world the rank's world communicator (what {@code MPI.COMM_WORLD} is in a launched
     *              program); its {@code Rank()} tells which rank runs
     * @throws Exception anything; the job then ends and the rank's outcome records it
     */
    void run(Intracomm world) throws Exception;
}
