package mpi;

/**
 * The exception every method of the {@code mpi} API throws when a call fails, carrying the MPI
 * error class of the failure.
 *
 * <p>It is unchecked, as in MPJ Express: a {@code main} that calls {@code MPI.Init(args)} without
 * declaring {@code throws MPIException} compiles, and so does a program written for a checked
 * exception ({@code throws MPIException}, {@code catch (MPIException e)}).
 *
 * <p>The error classes are the MPI-1.1 ones ({@link #ERR_BUFFER}, {@link #ERR_COUNT}, ...) and
 * keep their MPI meaning: {@link #ERR_TRUNCATE} for a message longer than the receive buffer,
 * {@link #ERR_TYPE} for an invalid, uncommitted or freed datatype, and so on. The message names
 * the argument that was wrong, its value and what was expected.
 *
 * <p>Instances are immutable and may be shared between threads.
 */
public class MPIException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** No error. */
    public static final int SUCCESS = 0;
    /** Invalid buffer: {@code null}, of the wrong Java type, or too small for the access. */
    public static final int ERR_BUFFER = 1;
    /** Invalid count argument. */
    public static final int ERR_COUNT = 2;
    /** Invalid datatype argument: unknown, uncommitted, freed or inconsistent. */
    public static final int ERR_TYPE = 3;
    /** Invalid tag argument. */
    public static final int ERR_TAG = 4;
    /** Invalid communicator. */
    public static final int ERR_COMM = 5;
    /** Invalid rank. */
    public static final int ERR_RANK = 6;
    /** Invalid request handle. */
    public static final int ERR_REQUEST = 7;
    /** Invalid root. */
    public static final int ERR_ROOT = 8;
    /** Invalid group. */
    public static final int ERR_GROUP = 9;
    /** Invalid operation, or an operation applied to a type it does not support. */
    public static final int ERR_OP = 10;
    /** Invalid topology. */
    public static final int ERR_TOPOLOGY = 11;
    /** Invalid dimension argument. */
    public static final int ERR_DIMS = 12;
    /** Invalid argument of some other kind. */
    public static final int ERR_ARG = 13;
    /** Unknown error. */
    public static final int ERR_UNKNOWN = 14;
    /** Message truncated on receive: the message is longer than the receive buffer. */
    public static final int ERR_TRUNCATE = 15;
    /** Known error not in this list. */
    public static final int ERR_OTHER = 16;
    /** Internal error of the library. */
    public static final int ERR_INTERN = 17;
    /** Error code is in the status. */
    public static final int ERR_IN_STATUS = 18;
    /** Pending request. */
    public static final int ERR_PENDING = 19;
    /** The last standard error class; every error class is at most this value. */
    public static final int ERR_LASTCODE = 19;

    private static final String[] CLASS_NAMES = {
        "MPI_SUCCESS", "MPI_ERR_BUFFER", "MPI_ERR_COUNT", "MPI_ERR_TYPE", "MPI_ERR_TAG",
        "MPI_ERR_COMM", "MPI_ERR_RANK", "MPI_ERR_REQUEST", "MPI_ERR_ROOT", "MPI_ERR_GROUP",
        "MPI_ERR_OP", "MPI_ERR_TOPOLOGY", "MPI_ERR_DIMS", "MPI_ERR_ARG", "MPI_ERR_UNKNOWN",
        "MPI_ERR_TRUNCATE", "MPI_ERR_OTHER", "MPI_ERR_INTERN", "MPI_ERR_IN_STATUS",
        "MPI_ERR_PENDING"
    };

    private final int errorClass;

    /** Creates an exception of class {@link #ERR_OTHER} without a message. */
    public MPIException() {
        this(ERR_OTHER, null, null);
    }

    /**
     * Creates an exception of class {@link #ERR_OTHER}.
     *
     * @param message what went wrong, or {@code null}
     */
    public MPIException(String message) {
        this(ERR_OTHER, message, null);
    }

    /**
     * Creates an exception of class {@link #ERR_OTHER} caused by another throwable; the message
     * is the cause's.
     *
     * @param cause the underlying failure, or {@code null}
     */
    public MPIException(Throwable cause) {
        this(ERR_OTHER, cause == null ? null : cause.toString(), cause);
    }

    /**
     * Creates an exception of the given error class.
     *
     * @param errorClass one of the {@code ERR_*} constants of this class
     * @param message what went wrong: the argument, its value and what was expected
     * @throws IllegalArgumentException if {@code errorClass} is not between {@link #SUCCESS} and
     *     {@link #ERR_LASTCODE}
     */
    public MPIException(int errorClass, String message) {
        this(errorClass, message, null);
    }

    /**
     * Creates an exception of the given error class with an underlying cause.
     *
     * @param errorClass one of the {@code ERR_*} constants of this class
     * @param message what went wrong: the argument, its value and what was expected
     * @param cause the underlying failure, or {@code null}
     * @throws IllegalArgumentException if {@code errorClass} is not between {@link #SUCCESS} and
     *     {@link #ERR_LASTCODE}
     */
    public MPIException(int errorClass, String message, Throwable cause) {
        super(message, cause);
        if (errorClass < SUCCESS || errorClass > ERR_LASTCODE) {
            throw new IllegalArgumentException("errorClass " + errorClass
                + " is not an MPI error class (expected 0.." + ERR_LASTCODE + ")");
        }
        this.errorClass = errorClass;
    }

    /**
     * Returns the MPI error class of this failure.
     *
     * @return one of the {@code ERR_*} constants of this class
     */
    public int getErrorClass() {
        return errorClass;
    }

    /**
     * Returns the MPI name of an error class, such as {@code "MPI_ERR_TRUNCATE"}.
     *
     * @param errorClass an error class
     * @return its name, or {@code "MPI_ERR_<n>"} for a value outside the standard classes
     */
    public static String errorClassName(int errorClass) {
        return errorClass >= SUCCESS && errorClass <= ERR_LASTCODE
            ? CLASS_NAMES[errorClass] : "MPI_ERR_" + errorClass;
    }

    /**
     * Returns the error class name followed by the message, e.g.
     * {@code "MPI_ERR_TRUNCATE: message of 12 elements ..."}.
     *
     * @return the error class name and the message
     */
    @Override
    public String getLocalizedMessage() {
        String message = getMessage();
        return message == null ? errorClassName(errorClass)
            : errorClassName(errorClass) + ": " + message;
    }
}
