package mpi;

import org.mpjbuf.mpj.datatype.DatatypeEngine;

/**
 * What a completed receive, probe or wait found: the message's {@link #source} (a rank of the
 * communicator, or of the remote group of an intercommunicator), its {@link #tag}, the
 * {@link #index} of the completed request for {@code Waitany}/{@code Testany}, and the element
 * count read with {@link #Get_count(Datatype)}.
 *
 * <p>The public fields are MPJ Express's: besides {@code source}, {@code tag} and {@code index},
 * {@link #count} and {@link #numEls} hold the number of base-type elements the message carried
 * (what {@code Get_count} returns for a basic datatype, so a program may size its receive buffer
 * from {@code status.count} after {@code Probe}) and {@link #countInBytes} the bytes they fill.
 * They are set once by the call that returns the status; writing them changes nothing else.
 *
 * <p>Not thread-safe: a status is a plain value filled in by the call that returns it.
 */
public class Status {

    /** The rank that sent the message, {@code MPI.PROC_NULL} for a receive from it. */
    public int source;
    /** The tag the message was sent with. */
    public int tag;
    /** The index of the completed request in {@code Waitany}/{@code Testany}'s array, else {@code MPI.UNDEFINED}. */
    public int index;
    /** The number of base-type elements the message carried (MPJ Express's name). */
    public int count;
    /** The number of base-type elements the message carried (MPJ Express's device-level name). */
    public int numEls;
    /** The bytes the message's base-type elements fill; for {@code MPI.OBJECT}, its serialized bytes. */
    public int countInBytes;

    /** The number of base-type elements the message carried. */
    private final int elements;
    private boolean cancelled;

    /** Creates an empty status: any source, any tag, no elements. */
    public Status() {
        this(MPI.ANY_SOURCE, MPI.ANY_TAG, 0, 0);
    }

    /**
     * @param source   the source rank
     * @param tag      the tag
     * @param elements the number of base-type elements received
     * @param bytes    the bytes they fill
     */
    Status(int source, int tag, int elements, long bytes) {
        this.source = source;
        this.tag = tag;
        this.index = MPI.UNDEFINED;
        this.elements = elements;
        this.count = elements;
        this.numEls = elements;
        this.countInBytes = (int) Math.min(bytes, Integer.MAX_VALUE);
    }

    /** Returns the status of a receive that was cancelled before it matched. */
    static Status cancelled(int tag) {
        Status status = new Status(MPI.ANY_SOURCE, tag, 0, 0);
        status.cancelled = true;
        return status;
    }

    /**
     * Returns the number of whole items of {@code datatype} the message carried.
     *
     * @param datatype the receive datatype
     * @return the count, or {@code MPI.UNDEFINED} when the message is not a whole number of items
     * @throws MPIException (MPI_ERR_TYPE) when the datatype is null or freed
     */
    public int Get_count(Datatype datatype) throws MPIException {
        try {
            return DatatypeEngine.getCount(elements, datatype);
        } catch (MPIException invalid) {
            throw Checks.error(invalid);
        }
    }

    /**
     * Returns the number of basic elements the message carried: the items of {@code datatype}
     * times their basic elements, plus those of a partial last item.
     *
     * @param datatype the receive datatype
     * @return the number of basic elements
     * @throws MPIException (MPI_ERR_TYPE) when the datatype is null or freed
     */
    public int Get_elements(Datatype datatype) throws MPIException {
        try {
            return DatatypeEngine.getElements(elements, datatype);
        } catch (MPIException invalid) {
            throw Checks.error(invalid);
        }
    }

    /**
     * Tells whether the request this status belongs to was cancelled.
     *
     * @return true for a cancelled receive
     */
    public boolean Test_cancelled() {
        return cancelled;
    }

    /** Releases the status; it holds no resources, so this exists for mpiJava compatibility. */
    public void free() {
        // A status is a plain value; the garbage collector reclaims it.
    }

    /** Returns the number of base-type elements received. */
    int elements() {
        return elements;
    }

    @Override
    public String toString() {
        return "Status[source=" + source + ", tag=" + tag + ", index=" + index + ", elements="
            + elements + (cancelled ? ", cancelled" : "") + "]";
    }
}
