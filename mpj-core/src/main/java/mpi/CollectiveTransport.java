package mpi;

import java.lang.reflect.Array;

import org.mpjbuf.mpj.coll.CollectiveChannel;
import org.mpjbuf.mpj.coll.Pending;
import org.mpjbuf.mpj.datatype.BaseType;
import org.mpjbuf.mpj.datatype.DatatypeEngine;
import org.mpjbuf.mpj.datatype.MappedDatatype;

/**
 * The collective algorithms' view of a communicator: point-to-point on its collective
 * context, local copies, and scratch buffers of its datatypes.
 *
 * <p>A local copy between two dense regions of the same base type is one
 * {@code System.arraycopy}; any other copy (a derived type, a change of type with the same
 * signature, objects) is a message from the rank to itself on the collective context, so the
 * datatype engine and the type-signature checks of point-to-point apply unchanged. Objects are
 * never copied by reference: a local copy of {@code MPI.OBJECT} items serializes them, so that a
 * user function that updates its in/out objects cannot reach the caller's send buffer, and every
 * rank owns the objects it receives.
 *
 * <p>Scratch arrays of {@code MPI.OBJECT} items have the component type of the caller's buffer
 * (a {@code BigDecimal[]} for a reduction over {@code BigDecimal}s), so user functions may cast
 * their arguments to it.
 *
 * <p>Not thread-safe: one instance serves one collective call on one rank thread.
 */
final class CollectiveTransport implements CollectiveChannel<Datatype, MPIException> {

    /** Tag of local copies on the collective context (distinct from every algorithm's). */
    private static final int COPY_TAG = 64;
    private static final byte[] NO_DATA = new byte[0];

    private final Comm comm;
    private final int rank;
    private final int size;
    private final Class<?> objectComponent;
    private final boolean ranksHaveProcessors;

    /**
     * A transport whose scratch arrays of objects are {@code Object[]}.
     *
     * @param comm the communicator
     * @throws MPIException (MPI_ERR_COMM) for a freed communicator
     */
    CollectiveTransport(Comm comm) throws MPIException {
        this(comm, null);
    }

    /**
     * A transport whose scratch arrays of objects have the component type of {@code buffer}.
     *
     * @param comm   the communicator
     * @param buffer the caller's buffer the scratch arrays stand in for, or {@code null}
     * @throws MPIException (MPI_ERR_COMM) for a freed communicator
     */
    CollectiveTransport(Comm comm, Object buffer) throws MPIException {
        this.comm = comm;
        this.rank = comm.Rank();
        this.size = comm.Size();
        this.objectComponent = buffer instanceof Object[] ? buffer.getClass().getComponentType() : Object.class;
        this.ranksHaveProcessors = comm.state.ranksHaveProcessors();
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean ranksHaveProcessors() {
        return ranksHaveProcessors;
    }

    @Override
    public void send(Object buffer, int index, int count, Datatype type, int dest, int tag)
        throws MPIException {
        comm.sendCollective(buffer, index, count, type, dest, tag);
    }

    @Override
    public void recv(Object buffer, int index, int count, Datatype type, int source, int tag)
        throws MPIException {
        comm.recvCollective(buffer, index, count, type, source, tag);
    }

    @Override
    public Pending<MPIException> isend(Object buffer, int index, int count, Datatype type, int dest,
                                       int tag) throws MPIException {
        Request request = comm.isendCollective(buffer, index, count, type, dest, tag);
        return request::Wait;
    }

    @Override
    public Pending<MPIException> irecv(Object buffer, int index, int count, Datatype type,
                                       int source, int tag) throws MPIException {
        Request request = comm.irecvCollective(buffer, index, count, type, source, tag);
        return request::Wait;
    }

    @Override
    public void sendrecv(Object sendBuffer, int sendIndex, int sendCount, Datatype sendType, int dest,
                         Object recvBuffer, int recvIndex, int recvCount, Datatype recvType,
                         int source, int tag) throws MPIException {
        comm.sendrecvCollective(sendBuffer, sendIndex, sendCount, sendType, dest, tag,
            recvBuffer, recvIndex, recvCount, recvType, source, tag);
    }

    @Override
    public void sendSignal(int dest, int tag) throws MPIException {
        comm.sendCollective(NO_DATA, 0, 0, MPI.BYTE, dest, tag);
    }

    @Override
    public void recvSignal(int source, int tag) throws MPIException {
        comm.recvCollective(NO_DATA, 0, 0, MPI.BYTE, source, tag);
    }

    @Override
    public int extent(Datatype type) {
        return mapped(type).extent();
    }

    @Override
    public long byteSize(Datatype type, int count) {
        MappedDatatype mapped = mapped(type);
        return (long) count * mapped.size() * elementBytes(mapped.baseType());
    }

    @Override
    public Object allocate(Datatype type, int count) {
        MappedDatatype mapped = mapped(type);
        int span = mapped.dataMax() - mapped.dataMin() + 1;
        int length = Math.max(0, span + Math.max(0, count - 1) * Math.abs(mapped.extent()));
        BaseType base = mapped.baseType();
        Class<?> component = base == null ? byte.class
            : base == BaseType.OBJECT ? objectComponent : base.arrayClass().getComponentType();
        return Array.newInstance(component, length);
    }

    @Override
    public int scratchIndex(Datatype type, int count) {
        MappedDatatype mapped = mapped(type);
        int below = mapped.extent() < 0 ? Math.max(0, count - 1) * -mapped.extent() : 0;
        return below - mapped.dataMin();
    }

    @Override
    public void copy(Object source, int sourceIndex, int sourceCount, Datatype sourceType,
                     Object dest, int destIndex, int destCount, Datatype destType) throws MPIException {
        MappedDatatype from = MappedDatatype.committed(sourceType);
        MappedDatatype to = MappedDatatype.committed(destType);
        int fromIndex = DatatypeEngine.contiguousIndex(from, sourceIndex, sourceCount);
        int toIndex = DatatypeEngine.contiguousIndex(to, destIndex, destCount);
        int elements = DatatypeEngine.elementCount(from, sourceCount);
        if (fromIndex >= 0 && toIndex >= 0 && from.baseType() == to.baseType()
            && from.baseType() != BaseType.OBJECT && elements == DatatypeEngine.elementCount(to, destCount)) {
            if (elements > 0) {
                System.arraycopy(source, fromIndex, dest, toIndex, elements);
            }
            return;
        }
        comm.sendrecvCollective(source, sourceIndex, sourceCount, sourceType, rank, COPY_TAG,
            dest, destIndex, destCount, destType, rank, COPY_TAG);
    }

    @Override
    public MPIException argumentError(Problem problem, String message) {
        int errorClass = switch (problem) {
            case ROOT -> MPIException.ERR_ROOT;
            case COUNT -> MPIException.ERR_COUNT;
            case BUFFER -> MPIException.ERR_BUFFER;
            case ARGUMENT -> MPIException.ERR_ARG;
        };
        return Checks.error(errorClass, message);
    }

    private static MappedDatatype mapped(Datatype type) {
        return (MappedDatatype) type;
    }

    /** Returns the bytes of one element of a base type ({@code OBJECT}: a reference's 8); 0 for none. */
    static int elementBytes(BaseType base) {
        if (base == null) {
            return 0;
        }
        return switch (base) {
            case BYTE, BOOLEAN -> 1;
            case CHAR, SHORT -> 2;
            case INT, FLOAT -> 4;
            case LONG, DOUBLE, OBJECT -> 8;
        };
    }
}
