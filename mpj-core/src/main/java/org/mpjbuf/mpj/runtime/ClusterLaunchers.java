package org.mpjbuf.mpj.runtime;

import java.util.Map;

import org.mpjbuf.dev.Bootstrap;

/**
 * Recognizes a rank started by a cluster's launcher rather than by {@code bin/mpjrun}, from the
 * environment the launcher leaves, and joins its job: so that {@code mpiexec -n 4 java -cp ...
 * Main} runs a program unchanged, with {@code MPI.Init} asking the launcher, not the user.
 *
 * <table>
 *   <caption>What is recognized</caption>
 *   <tr><th>launcher</th><th>environment</th><th>bootstrap</th></tr>
 *   <tr><td>Open MPI's {@code mpirun}, Slurm's {@code srun --mpi=pmix}, PRRTE</td>
 *       <td>{@code PMIX_NAMESPACE}, {@code PMIX_RANK}</td><td>{@link PmixBootstrap}</td></tr>
 *   <tr><td>Slurm's {@code srun --mpi=pmi2}</td>
 *       <td>{@code PMI_FD}, {@code PMI_RANK}, {@code PMI_SIZE}, {@code PMI_JOBID}</td><td>{@link Pmi2Bootstrap}</td></tr>
 *   <tr><td>MPICH's Hydra {@code mpiexec}</td><td>{@code PMI_FD}, {@code PMI_RANK}, {@code PMI_SIZE}</td>
 *       <td>{@link Pmi1Bootstrap}</td></tr>
 * </table>
 *
 * <p>Thread-safe: stateless.
 */
final class ClusterLaunchers {

    /** How long a rank that aborts waits for its report to be forwarded, in milliseconds. */
    private static final long ABORT_REPORT_MILLIS = 300;

    private ClusterLaunchers() {
    }

    /**
     * Joins the job of the launcher that started this process, if any.
     *
     * @param environment the process's environment
     * @return the bootstrap of this rank, or {@code null} when no launcher this runtime speaks to
     *         started the process
     * @throws org.mpjbuf.dev.BootstrapException when a launcher is recognized but cannot be spoken to
     */
    static Bootstrap join(Map<String, String> environment) {
        if (environment.containsKey("PMIX_NAMESPACE") && environment.containsKey("PMIX_RANK")) {
            return PmixBootstrap.connect();
        }
        if (environment.containsKey("PMI_FD") && environment.containsKey("PMI_RANK")
            && environment.containsKey("PMI_SIZE")) {
            return environment.containsKey("PMI_JOBID") ? Pmi2Bootstrap.connect(environment)
                : Pmi1Bootstrap.connect(environment);
        }
        return null;
    }

    /**
     * Prints why a rank ends the job, before its bootstrap asks the launcher to: the launcher kills
     * every rank on an abort, and its output forwarding may not pass on what a rank wrote just
     * before, so the rank gives it a moment ({@link #ABORT_REPORT_MILLIS}).
     *
     * @param reason why the rank aborts, or {@code null} when it gave none
     */
    static void reportAbort(String reason) {
        if (reason != null) {
            System.err.println(reason);
            System.err.flush();
        }
        try {
            Thread.sleep(ABORT_REPORT_MILLIS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
