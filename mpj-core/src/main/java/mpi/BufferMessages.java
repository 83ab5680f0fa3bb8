package mpi;

import org.mpjbuf.Buffer;
import org.mpjbuf.BufferDescriptor;
import org.mpjbuf.BufferFactory;
import org.mpjbuf.Type;
import org.mpjbuf.dev.ElementType;
import org.mpjbuf.mpj.datatype.BaseType;
import org.mpjbuf.mpj.datatype.DatatypeEngine;
import org.mpjbuf.mpj.datatype.MappedDatatype;

/**
 * How an {@code mpi} message travels on a device whose ranks are processes: as a pooled mpjbuf
 * {@link Buffer} of exactly one section, whose type is the datatype's base type and whose element
 * count is the number of base elements sent ({@code docs/wire-format.md}, "mpi messages"); the
 * device's frame carries the context, source and tag. Primitive elements are in the static part,
 * {@code MPI.OBJECT} elements serialized in the dynamic part.
 *
 * <p>The items are copied once on each side: {@link #pack} walks the send datatype's type map and
 * copies its runs from the user's array straight into the buffer, {@link #unpack} copies the
 * section straight into the runs of the receive datatype (or, for items that are one run of
 * primitives, the device has copied them as they landed and nothing is left to copy). Both
 * sides speak in elements of the base type, so a Vector sent may be received as a Contiguous or
 * basic type of the same signature.
 *
 * <p><b>Ownership.</b> {@link #pack} and {@link #receiveBuffer} take a buffer from the caller's
 * factory; the caller owns it and frees it with {@link BufferFactory#free} once the device is done
 * with it (a send completed, a received message unpacked, or any failure). {@link #pack} frees it
 * itself when it fails.
 *
 * <p>Thread-safe: stateless; a buffer is used by one thread at a time.
 */
final class BufferMessages {

    private BufferMessages() {
    }

    /**
     * Packs {@code count} items of {@code type} at {@code offset} of {@code buf} into a new
     * committed buffer of one section of {@code elements} base elements.
     *
     * @param buffers  the factory of the rank's message buffers
     * @param buf      the user's array, checked
     * @param offset   the offset argument, in base elements
     * @param count    number of items
     * @param type     the checked datatype
     * @param elements {@code count * type.size()}
     * @return the committed buffer, owned by the caller
     * @throws MPIException MPI_ERR_OTHER when the pool is exhausted or an object cannot be
     *                      serialized; nothing is left allocated
     */
    static Buffer pack(BufferFactory buffers, Object buf, int offset, int count, MappedDatatype type,
                       int elements) throws MPIException {
        Type section = sectionType(type);
        Buffer buffer = allocate(buffers, section, elements);
        try {
            buffer.putSectionHeader(section);
            SectionRuns.copy(type, count, offset, elements, buffer, buf, baseOf(type), true);
            buffer.commit();
            return buffer;
        } catch (RuntimeException failed) {
            buffers.free(buffer);
            throw new MPIException(MPIException.ERR_OTHER, "cannot pack " + elements + " " + section
                + " elements into a message buffer: " + failed.getMessage(), failed);
        }
    }

    /**
     * Takes a buffer that holds a message of at most {@code elements} base elements of
     * {@code type}: one section's static bytes, the message header added by the factory. An
     * {@code OBJECT} message's elements arrive in a dynamic array of the device's. When the items
     * are one run of primitive elements (not {@code boolean}), the run is named as where a device
     * may copy them as they land ({@link Buffer#receiveInto}), so that {@link #unpack} has nothing
     * left to copy.
     *
     * @param buffers  the factory of the rank's message buffers
     * @param buf      the user's array, checked
     * @param offset   the offset argument, in base elements
     * @param count    number of items
     * @param type     the checked datatype
     * @param elements {@code count * type.size()}
     * @return an empty writable buffer, owned by the caller
     * @throws MPIException MPI_ERR_OTHER when the pool is exhausted
     */
    static Buffer receiveBuffer(BufferFactory buffers, Object buf, int offset, int count, MappedDatatype type,
                                int elements) throws MPIException {
        Buffer buffer = allocate(buffers, sectionType(type), elements);
        BaseType base = baseOf(type);
        int run = DatatypeEngine.contiguousIndex(type, offset, count);
        if (elements > 0 && run >= 0 && base != BaseType.BOOLEAN && base != BaseType.OBJECT) {
            buffer.receiveInto(buf, run, elements);
        }
        return buffer;
    }

    /**
     * Copies a received message's section into {@code count} items of {@code type} at
     * {@code offset} of {@code buf}; a message shorter than the items fills a prefix of the type
     * map. Elements the device copied there as they landed ({@link Buffer#landedElements()}) are
     * not copied again.
     *
     * @param received the buffer the device received the message into, readable
     * @param sent     the device's status of the message
     * @param elements {@code count * type.size()}, the receive's capacity in base elements
     * @throws MPIException MPI_ERR_TYPE when the section's type is not the base type of
     *                      {@code type}; MPI_ERR_TRUNCATE when it holds more than
     *                      {@code elements} elements (nothing is copied); MPI_ERR_OTHER when
     *                      the section cannot be read (an object the filter refuses)
     */
    static void unpack(Buffer received, org.mpjbuf.dev.Status sent, Object buf, int offset, int count,
                       MappedDatatype type, int elements) throws MPIException {
        Type expected = sectionType(type);
        Type section = received.getSectionHeader();
        int length = received.getSectionSize();
        if (section != expected) {
            throw new MPIException(MPIException.ERR_TYPE, "type mismatch: rank " + sent.source().rank()
                + " sent " + length + " " + section + " elements with tag " + sent.tag()
                + " but the receive expects " + expected + " elements");
        }
        if (length > elements) {
            throw Request.truncationError(sent, elements, null);
        }
        if (length > 0 && received.landedElements() == length) {
            return;
        }
        try {
            SectionRuns.copy(type, count, offset, length, received, buf, baseOf(type), false);
        } catch (RuntimeException failed) {
            throw new MPIException(MPIException.ERR_OTHER, "cannot unpack the " + length + " " + section
                + " elements from rank " + sent.source().rank() + " with tag " + sent.tag() + ": "
                + failed.getMessage(), failed);
        }
    }

    /**
     * Returns the bytes a message's elements fill, from the device's status of a buffer message
     * (whose byte count is the whole buffer): for {@code OBJECT} the serialized bytes, else the
     * elements' bytes.
     */
    static long elementBytes(org.mpjbuf.dev.Status message) {
        ElementType type = message.elementType();
        if (type == null) {
            return 0;
        }
        if (type == ElementType.OBJECT) {
            return message.byteCount() - BufferDescriptor.MESSAGE_HEADER_LENGTH
                - BufferDescriptor.sectionSize(Type.OBJECT, message.elementCount());
        }
        return (long) message.elementCount() * type.byteSize();
    }

    private static Buffer allocate(BufferFactory buffers, Type section, int elements) throws MPIException {
        try {
            return buffers.allocate(BufferDescriptor.sectionSize(section, elements));
        } catch (RuntimeException tooLargeOrExhausted) {
            throw new MPIException(MPIException.ERR_OTHER, "cannot take a message buffer for " + elements
                + " " + section + " elements: " + tooLargeOrExhausted.getMessage(), tooLargeOrExhausted);
        }
    }

    /** The section type of a datatype's base type; a type without elements sends bytes. */
    private static Type sectionType(MappedDatatype type) {
        return Type.valueOf(baseOf(type).name());
    }

    private static BaseType baseOf(MappedDatatype type) {
        BaseType base = type.baseType();
        return base == null ? BaseType.BYTE : base;
    }
}
