package mpi;

import org.mpjbuf.Buffer;
import org.mpjbuf.BufferFactory;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.TruncationException;
import org.mpjbuf.mpj.datatype.MappedDatatype;

/**
 * The end of a receive whose message arrived in a pooled buffer ({@link BufferMessages}): unpacks
 * the message into the user's items and returns the buffer to its pool.
 *
 * <p><b>Ownership.</b> The receive owns the buffer from the moment the device request is made
 * until {@link #finish} or {@link #failed} is called; either of them, called once by the request
 * that completes the receive, frees it, whatever happens (a cancelled receive, a type mismatch, a
 * truncation detected by the device or here, an unreadable section).
 *
 * <p><b>Errors.</b> A message longer than the receive is {@code MPI_ERR_TRUNCATE} with both
 * element counts, whether the device found it (the message's static part did not fit the
 * buffer) or the unpacking did; a message of another base type is {@code MPI_ERR_TYPE} naming
 * both types.
 *
 * <p>Not thread-safe: a receive completes once, on the thread that completes its request.
 */
final class BufferReceive implements Request.Finisher {

    private final BufferFactory buffers;
    private final Buffer buffer;
    private final Object buf;
    private final int offset;
    private final int count;
    private final MappedDatatype type;
    private final int elements;
    private final Request.Finisher status;

    /**
     * @param buffers  the factory {@code buffer} came from
     * @param buffer   the buffer the device receives into, now owned by this receive
     * @param buf      the user's receive array, checked
     * @param offset   the offset argument, in base elements
     * @param count    number of items
     * @param type     the checked datatype
     * @param elements {@code count * type.size()}
     * @param status   converts the device's status of the message into the receive's status
     */
    BufferReceive(BufferFactory buffers, Buffer buffer, Object buf, int offset, int count,
                  MappedDatatype type, int elements, Request.Finisher status) {
        this.buffers = buffers;
        this.buffer = buffer;
        this.buf = buf;
        this.offset = offset;
        this.count = count;
        this.type = type;
        this.elements = elements;
        this.status = status;
    }

    @Override
    public Status finish(org.mpjbuf.dev.Status received) throws MPIException {
        return finish(buffers, buffer, buf, offset, count, type, elements, status, received);
    }

    @Override
    public MPIException failed(DeviceException failure) {
        return failed(buffers, buffer, elements, failure);
    }

    /**
     * Ends a receive whose message arrived in {@code buffer}: unpacks it into the user's items,
     * unless the receive was cancelled, and frees the buffer whatever happens. A blocking receive
     * calls it without a {@code BufferReceive} of its own; the arguments are the constructor's.
     *
     * @param received the device's status of the message
     * @return the receive's status
     * @throws MPIException when the message does not fit or cannot be read
     */
    static Status finish(BufferFactory buffers, Buffer buffer, Object buf, int offset, int count,
                         MappedDatatype type, int elements, Request.Finisher status,
                         org.mpjbuf.dev.Status received) throws MPIException {
        try {
            if (!received.cancelled()) {
                BufferMessages.unpack(buffer, received, buf, offset, count, type, elements);
            }
            return status.finish(received);
        } catch (MPIException unreadable) {
            throw Checks.error(unreadable);
        } finally {
            buffers.free(buffer);
        }
    }

    /**
     * Ends a receive whose device request failed: frees its buffer and describes the failure
     * (a truncation with both element counts).
     *
     * @param failure what the device reported
     * @return the error to raise
     */
    static MPIException failed(BufferFactory buffers, Buffer buffer, int elements, DeviceException failure) {
        buffers.free(buffer);
        return failure instanceof TruncationException truncated
            ? Request.truncationError(truncated.status(), elements, truncated)
            : Request.operationFailed(failure);
    }
}
