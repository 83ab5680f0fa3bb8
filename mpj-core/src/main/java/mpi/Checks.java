package mpi;

import org.mpjbuf.mpj.runtime.RankEnvironment;

/**
 * Argument checks and error raising shared by the classes of this package. Every error goes
 * through {@link #error}, which applies the rank's error handler: under
 * {@link MPI#ERRORS_ARE_FATAL} the job is aborted at once with the error's message and rank;
 * otherwise the caller throws the returned exception.
 *
 * <p>Thread-safe: stateless.
 */
final class Checks {

    private Checks() {
    }

    /**
     * Builds the exception for an error, or aborts the job if errors are fatal for this rank.
     *
     * @param errorClass the MPI error class ({@code MPIException.ERR_*})
     * @param message    which argument, its value, and what was expected
     * @return the exception to throw
     */
    static MPIException error(int errorClass, String message) {
        return error(new MPIException(errorClass, message));
    }

    /**
     * Applies the rank's error handler to an exception raised by a layer below.
     *
     * @param exception the failure
     * @return the exception to throw
     */
    static MPIException error(MPIException exception) {
        RankState state = RankState.lookup();
        if (state != null && state.errhandler().fatal()) {
            RankEnvironment environment = state.environment();
            String text = "MPI error on rank " + environment.rank() + " under ERRORS_ARE_FATAL: "
                + exception.getLocalizedMessage();
            System.err.println(text);
            throw environment.abort(exception.getErrorClass() == 0 ? 1 : exception.getErrorClass(), text);
        }
        return exception;
    }

    /** Fails with MPI_ERR_ARG when a reference argument is null. */
    static void notNull(Object value, String argument) throws MPIException {
        if (value == null) {
            throw error(MPIException.ERR_ARG, argument + " is null (expected a non-null value)");
        }
    }
}
