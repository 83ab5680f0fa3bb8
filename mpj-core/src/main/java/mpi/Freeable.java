package mpi;

/**
 * An MPI object whose resources the application releases explicitly.
 *
 * <p>Implementations document their own thread safety.
 */
public interface Freeable {

    /**
     * Releases this object; using it afterwards is an error.
     *
     * @throws MPIException if the object is predefined or was already freed
     */
    void free() throws MPIException;
}
