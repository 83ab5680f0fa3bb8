package mpi;

/** The four MPI send modes. */
enum SendMode {
    /** {@code Send}: buffered by the device below its eager limit, else waits for the receiver. */
    STANDARD,
    /** {@code Ssend}: completes only after a receive has matched the message. */
    SYNCHRONOUS,
    /** {@code Bsend}: copied out of the user's array into attached-buffer space; completes at once. */
    BUFFERED,
    /** {@code Rsend}: the receive is known to be posted; carried out as a standard send. */
    READY
}
