package mpi;

/**
 * What happens when an MPI call fails: {@link MPI#ERRORS_RETURN} (the default, the mpiJava way)
 * throws an {@link MPIException} the caller may catch and go on; {@link MPI#ERRORS_ARE_FATAL}
 * aborts the whole job at once, printing the error and the rank. Set with
 * {@link MPI#Errorhandler_set(Errhandler)}.
 *
 * <p>Thread-safe: the two handlers are immutable constants.
 */
public class Errhandler {

    private final boolean fatal;
    private final String name;

    Errhandler(boolean fatal, String name) {
        this.fatal = fatal;
        this.name = name;
    }

    /** Tells whether an error under this handler aborts the job. */
    boolean fatal() {
        return fatal;
    }

    @Override
    public String toString() {
        return name;
    }
}
