package mpi;

import java.lang.foreign.MemorySegment;

import org.mpjbuf.dev.ElementSink;
import org.mpjbuf.mpj.datatype.ArrayPacking;
import org.mpjbuf.mpj.datatype.MappedDatatype;

/**
 * The receiving side of a non-contiguous message on a thread device (a process device receives
 * into a {@link BufferReceive} instead): scatters the received elements, where the
 * device holds them (the sender's packed array, or the device's eager copy), straight into the
 * items of the receive's datatype, so no intermediate contiguous array is filled and read again.
 *
 * <p>Thread-safe: immutable; the device calls it once, on whichever thread delivers the message,
 * while the receive buffer belongs to the device.
 */
final class ScatterSink implements ElementSink {

    private final Object buf;
    private final int offset;
    private final int count;
    private final MappedDatatype type;

    /**
     * @param buf    the user's receive array, checked
     * @param offset the offset argument, in base-type elements
     * @param count  number of items
     * @param type   the checked datatype
     */
    ScatterSink(Object buf, int offset, int count, MappedDatatype type) {
        this.buf = buf;
        this.offset = offset;
        this.count = count;
        this.type = type;
    }

    @Override
    public void accept(Object array, int index, int elements) {
        try {
            ArrayPacking.scatter(array, index, elements, buf, offset, count, type);
        } catch (MPIException truncated) {
            throw cannotScatter(truncated);
        }
    }

    @Override
    public void accept(MemorySegment elements, int elementCount) {
        try {
            ArrayPacking.scatter(elements, elementCount, buf, offset, count, type);
        } catch (MPIException truncated) {
            throw cannotScatter(truncated);
        }
    }

    /** The device delivers at most the receive's capacity, so this is a broken invariant. */
    private static IllegalStateException cannotScatter(MPIException failure) {
        return new IllegalStateException("cannot scatter the received elements: " + failure.getMessage(),
            failure);
    }
}
