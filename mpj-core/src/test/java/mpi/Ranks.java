package mpi;

import org.mpjbuf.mpj.runtime.Job;
import org.mpjbuf.mpj.runtime.JobResult;
import org.mpjbuf.mpj.runtime.RankTask;

/** Runs a test body on N ranks through the embedding API and fails with the first rank's failure. */
final class Ranks {

    /** The job sizes every multi-rank test runs at. */
    static final int[] SIZES = {1, 2, 4, 8};

    private Ranks() {
    }

    static JobResult run(int size, RankTask task) {
        return Job.of(size).runTasks(task).orThrow();
    }

    /** The communicators every test runs on: the world, a duplicate of it, and COMM_SELF. */
    enum Kind {
        WORLD, DUP, SELF;

        Intracomm of(Intracomm world) throws MPIException {
            return switch (this) {
                case WORLD -> world;
                case DUP -> world.Dup();
                case SELF -> RankState.lookup().self();
            };
        }
    }
}
