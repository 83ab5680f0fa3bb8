package org.mpjbuf.mpj.datatype;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import mpi.Datatype;
import mpi.MPIException;
import org.mpjbuf.FrameObjectFilter;
import org.mpjbuf.MalformedMessageException;
import org.mpjbuf.ObjectFrameReader;

/**
 * {@code Comm.Pack}, {@code Comm.Unpack} and {@code Comm.Pack_size}: items of a datatype to and
 * from a {@code byte[]} at a position.
 *
 * <h2>Format</h2>
 * The elements of the type map, in type-map order, with nothing around them, so that successive
 * {@code Pack} calls append and successive {@code Unpack} calls consume:
 * <ul>
 *   <li>primitives big-endian, unaligned, {@code boolean} as one byte 0 or 1: {@code Pack_size}
 *       is exactly {@code count * Size() * bytes per element};</li>
 *   <li>{@code OBJECT} elements as a 4-byte big-endian length {@code n} followed by {@code n}
 *       bytes of one Java serialization stream holding the objects in type-map order. Their size
 *       is not known before serialization, so {@code Pack_size} rejects them. {@code Unpack}
 *       reads them with the rank's class loader under the library's object filter
 *       ({@link ObjectFrameReader}).</li>
 * </ul>
 * Elements move through {@link ElementTransfer}: one bulk copy per long run, one tight
 * element loop for types with short runs.
 *
 * <p>Stateless and thread-safe; the arrays are used only during a call.
 */
public final class BytePacking {

    private static final ValueLayout.OfInt LENGTH = ValueLayout.JAVA_INT_UNALIGNED
        .withOrder(ByteOrder.BIG_ENDIAN);
    private static final int LENGTH_BYTES = 4;

    private BytePacking() {
    }

    /**
     * Returns the number of bytes {@link #pack} writes for {@code count} items of
     * {@code datatype}.
     *
     * @param count number of items
     * @param datatype the datatype
     * @return the packed length in bytes
     * @throws MPIException {@code ERR_COUNT} if {@code count < 0} or the length exceeds
     *     {@code int}; {@code ERR_TYPE} if the datatype is null, freed, uncommitted, or over
     *     {@code OBJECT} (whose packed size is unknown before packing)
     */
    public static int packSize(int count, Datatype datatype) throws MPIException {
        MappedDatatype type = MappedDatatype.committed(datatype);
        if (count < 0) {
            throw Errors.negative(MPIException.ERR_COUNT, "count", count);
        }
        if (type.size() == 0 || count == 0) {
            return 0;
        }
        if (!type.baseType().isPrimitive()) {
            throw new MPIException(MPIException.ERR_TYPE, "Pack_size cannot bound the serialized"
                + " size of " + type + " over MPI.OBJECT; Pack into an array large enough for"
                + " the serialized objects instead");
        }
        long bytes = (long) count * type.size() * type.baseType().packedLength();
        if (bytes > Integer.MAX_VALUE) {
            throw new MPIException(MPIException.ERR_COUNT, "count " + count + " of " + type
                + " packs into " + bytes + " bytes, more than a byte[] holds");
        }
        return (int) bytes;
    }

    /**
     * Packs {@code count} items of {@code datatype} from {@code inbuf} into {@code outbuf} at
     * {@code position}.
     *
     * @param inbuf the array holding the items
     * @param offset offset of the first item in {@code inbuf}, in base-type elements
     * @param count number of items
     * @param datatype the datatype
     * @param outbuf the packed bytes
     * @param position index in {@code outbuf} where the packed bytes start
     * @return the position after the last byte written
     * @throws MPIException {@code ERR_TYPE}, {@code ERR_COUNT} or {@code ERR_BUFFER} for a bad
     *     datatype, count or {@code inbuf} (see {@link DatatypeEngine#checkAccess});
     *     {@code ERR_BUFFER} if {@code outbuf} is null or too short; {@code ERR_ARG} if
     *     {@code position} is outside {@code outbuf}; {@code ERR_OTHER} if an object cannot be
     *     serialized
     */
    public static int pack(Object inbuf, int offset, int count, Datatype datatype, byte[] outbuf,
                           int position) throws MPIException {
        MappedDatatype type = DatatypeEngine.checkAccess(inbuf, offset, count, datatype, "inbuf");
        checkPosition(outbuf, position, "outbuf");
        if (count == 0 || type.size() == 0) {
            return position;
        }
        if (!type.baseType().isPrimitive()) {
            return packObjects((Object[]) inbuf, offset, count, type, outbuf, position);
        }
        int length = packSize(count, datatype);
        if (length > outbuf.length - position) {
            throw new MPIException(MPIException.ERR_BUFFER, "packing count " + count + " of "
                + type + " needs " + length + " bytes at position " + position
                + " but outbuf has length " + outbuf.length);
        }
        transfer(type, inbuf, offset, count, outbuf, position, true);
        return position + length;
    }

    /**
     * Unpacks {@code count} items of {@code datatype} from {@code inbuf} at {@code position} into
     * {@code outbuf}.
     *
     * @param inbuf the packed bytes
     * @param position index in {@code inbuf} where the packed items start
     * @param outbuf the array receiving the items
     * @param offset offset of the first item in {@code outbuf}, in base-type elements
     * @param count number of items
     * @param datatype the datatype
     * @return the position after the last byte read
     * @throws MPIException {@code ERR_TYPE}, {@code ERR_COUNT} or {@code ERR_BUFFER} for a bad
     *     datatype, count or {@code outbuf}; {@code ERR_BUFFER} if {@code inbuf} is null or
     *     holds fewer bytes than the items need; {@code ERR_ARG} if {@code position} is outside
     *     {@code inbuf}; {@code ERR_OTHER} if objects cannot be deserialized
     */
    public static int unpack(byte[] inbuf, int position, Object outbuf, int offset, int count,
                             Datatype datatype) throws MPIException {
        MappedDatatype type = DatatypeEngine.checkAccess(outbuf, offset, count, datatype,
            "outbuf");
        checkPosition(inbuf, position, "inbuf");
        if (count == 0 || type.size() == 0) {
            return position;
        }
        if (!type.baseType().isPrimitive()) {
            return unpackObjects(inbuf, position, (Object[]) outbuf, offset, count, type);
        }
        int length = packSize(count, datatype);
        if (length > inbuf.length - position) {
            throw shortInput(inbuf, position, length, count, type);
        }
        transfer(type, outbuf, offset, count, inbuf, position, false);
        return position + length;
    }

    private static void transfer(MappedDatatype type, Object array, int offset, int count,
                                 byte[] bytes, int position, boolean toBytes)
        throws MPIException {
        MemorySegment packed = MemorySegment.ofArray(bytes);
        if (type.baseType().hasSegmentView()) {
            ElementTransfer.transfer(type, type.baseType().segmentOf(array), offset, count,
                Long.MAX_VALUE, packed, position, true, toBytes);
        } else {
            TypeWalker.walk(type, count, offset, Long.MAX_VALUE,
                new BooleanCopier((boolean[]) array, packed, position, toBytes));
        }
    }

    private static int packObjects(Object[] inbuf, int offset, int count, MappedDatatype type,
                                   byte[] outbuf, int position) throws MPIException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream stream = new ObjectOutputStream(bytes)) {
            TypeWalker.walk(type, count, offset, Long.MAX_VALUE, (index, length) -> {
                for (int i = 0; i < length; i++) {
                    writeObject(stream, inbuf[index + i], index + i);
                }
            });
        } catch (IOException e) {
            throw new MPIException(MPIException.ERR_OTHER, "cannot serialize the objects of "
                + type + ": " + e, e);
        }
        int length = bytes.size();
        if ((long) LENGTH_BYTES + length > outbuf.length - position) {
            throw new MPIException(MPIException.ERR_BUFFER, "packing count " + count + " of "
                + type + " needs " + (LENGTH_BYTES + length) + " bytes at position " + position
                + " but outbuf has length " + outbuf.length);
        }
        MemorySegment.ofArray(outbuf).set(LENGTH, position, length);
        System.arraycopy(bytes.toByteArray(), 0, outbuf, position + LENGTH_BYTES, length);
        return position + LENGTH_BYTES + length;
    }

    private static void writeObject(ObjectOutputStream stream, Object value, int index)
        throws MPIException {
        try {
            stream.writeObject(value);
        } catch (IOException e) {
            throw new MPIException(MPIException.ERR_OTHER, "cannot serialize element " + index
                + " (" + BaseType.describe(value) + "): " + e, e);
        }
    }

    private static int unpackObjects(byte[] inbuf, int position, Object[] outbuf, int offset,
                                     int count, MappedDatatype type) throws MPIException {
        if (inbuf.length - position < LENGTH_BYTES) {
            throw shortInput(inbuf, position, LENGTH_BYTES, count, type);
        }
        int length = MemorySegment.ofArray(inbuf).get(LENGTH, position);
        if (length < 0 || length > inbuf.length - position - LENGTH_BYTES) {
            throw shortInput(inbuf, position, LENGTH_BYTES + (long) length, count, type);
        }
        try {
            ObjectFrameReader reader = ObjectFrameReader.open(inbuf, position + LENGTH_BYTES, length,
                FrameObjectFilter.CONFIGURED, BytePacking.class.getClassLoader());
            TypeWalker.walk(type, count, offset, Long.MAX_VALUE, (index, runLength) -> {
                for (int i = 0; i < runLength; i++) {
                    outbuf[index + i] = reader.readObject();
                }
            });
        } catch (MalformedMessageException e) {
            throw new MPIException(MPIException.ERR_OTHER, "cannot unpack the objects of "
                + type + " at position " + position + ": " + e.getMessage(), e);
        }
        return position + LENGTH_BYTES + length;
    }

    private static void checkPosition(byte[] bytes, int position, String argument)
        throws MPIException {
        if (bytes == null) {
            throw Errors.nullArgument(MPIException.ERR_BUFFER, argument);
        }
        if (position < 0 || position > bytes.length) {
            throw new MPIException(MPIException.ERR_ARG, "position is " + position
                + "; expected 0.." + bytes.length + " for " + argument + " of length "
                + bytes.length);
        }
    }

    private static MPIException shortInput(byte[] inbuf, int position, long needed, int count,
                                           MappedDatatype type) {
        return new MPIException(MPIException.ERR_BUFFER, "unpacking count " + count + " of "
            + type + " needs " + needed + " bytes at position " + position
            + " but inbuf has only " + (inbuf.length - position));
    }

    /** Copies the runs of a {@code boolean[]}, which has no segment view: one byte 0 or 1 each. */
    private static final class BooleanCopier implements RunVisitor {
        private final boolean[] flags;
        private final MemorySegment bytes;
        private final boolean toBytes;
        private long position;

        BooleanCopier(boolean[] flags, MemorySegment bytes, int position, boolean toBytes) {
            this.flags = flags;
            this.bytes = bytes;
            this.toBytes = toBytes;
            this.position = position;
        }

        @Override
        public void run(int index, int length) {
            for (int i = 0; i < length; i++) {
                if (toBytes) {
                    bytes.set(ValueLayout.JAVA_BYTE, position + i, (byte) (flags[index + i] ? 1 : 0));
                } else {
                    flags[index + i] = bytes.get(ValueLayout.JAVA_BYTE, position + i) != 0;
                }
            }
            position += length;
        }
    }
}
