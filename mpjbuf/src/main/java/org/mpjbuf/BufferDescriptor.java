package org.mpjbuf;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;
import java.util.zip.CRC32C;

/**
 * The layout of an mpjbuf message: every offset and length of the wire format lives here, and
 * nowhere else. {@code docs/wire-format.md} describes the same layout in prose with a worked
 * example.
 *
 * <p>A message is a static part followed by a dynamic part. The static part starts with the
 * message header and holds one section header per section; the payload of a static section follows
 * its header, the payload of a dynamic section lives in the dynamic part, and its header is
 * followed by a dynamic reference giving the payload's length. Every section in the static part is
 * padded to a multiple of {@link #ALIGNMENT_UNIT} bytes. Multi-byte fields after the first eight
 * bytes are in the byte order recorded at {@link #BYTE_ORDER_OFFSET}.
 *
 * <p>Every message carries a CRC-32C {@link #checksum(MemorySegment, byte[], int) checksum} of all
 * its bytes but the checksum field itself: the message header's first
 * {@value #CHECKSUM_OFFSET} bytes, the rest of the static part from {@value #MESSAGE_HEADER_LENGTH}
 * on (section headers, payloads and padding), then the dynamic part. It is always present and
 * always checked when a buffer is built over received bytes; no field of the message can switch
 * the check off.
 *
 * <pre>
 * Message header, {@value #MESSAGE_HEADER_LENGTH} bytes:
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |               magic: 'M' 'P' 'J' 'B' (0x4D504A42)             |  0
 *  +---------------+---------------+-------------------------------+
 *  |    version    |  byte order   |         reserved (0)          |  4
 *  +---------------+---------------+-------------------------------+
 *  |     static length: bytes of the static part, header included  |  8
 *  +---------------------------------------------------------------+
 *  |               dynamic length: bytes of the dynamic part       | 12
 *  +---------------------------------------------------------------+
 *  |               section count                                   | 16
 *  +---------------------------------------------------------------+
 *  |   checksum: CRC-32C of bytes [0, 20), [24, static length) and  | 20
 *  |   the dynamic part                                            |
 *  +---------------------------------------------------------------+
 *
 * Section header, {@value #SECTION_HEADER_LENGTH} bytes, then the payload:
 *  +---------------+-----------------------------------------------+
 *  |   type code   |                reserved (0)                   |  0
 *  +---------------+-----------------------------------------------+
 *  |               element count                                   |  4
 *  +---------------------------------------------------------------+
 *  |  static type: count * element length bytes, zero-padded to a  |  8
 *  |  multiple of ALIGNMENT_UNIT                                   |
 *  |  dynamic type: the dynamic reference below                    |
 *  +---------------------------------------------------------------+
 *
 * Dynamic reference, {@value #DYNAMIC_REFERENCE_LENGTH} bytes:
 *  +---------------------------------------------------------------+
 *  |  frame length: bytes this section occupies in the dynamic part |  0
 *  +---------------------------------------------------------------+
 *  |               reserved (0)                                    |  4
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * <p>The frames of the dynamic sections follow each other in the dynamic part in section order,
 * without padding; their lengths add up to the dynamic length.
 *
 * <p>This class has no state; its methods are thread-safe.
 */
public final class BufferDescriptor {
    /** Every section, header and payload, occupies a multiple of this many bytes. */
    public static final int ALIGNMENT_UNIT = 8;

    /** The magic number, read as a big-endian int: the ASCII bytes {@code MPJB}. */
    public static final int MAGIC = 0x4D504A42;
    /**
     * The only wire-format version this implementation reads and writes: 2, the first with a
     * checksum (version 1 had a reserved zero int in its place).
     */
    public static final byte VERSION = 2;
    /** Value of the byte-order field for big-endian messages. */
    public static final byte BIG_ENDIAN = 0;
    /** Value of the byte-order field for little-endian messages. */
    public static final byte LITTLE_ENDIAN = 1;

    /** Offset of the magic number (big-endian) in the message header. */
    public static final int MAGIC_OFFSET = 0;
    /** Offset of the version byte in the message header. */
    public static final int VERSION_OFFSET = 4;
    /** Offset of the byte-order byte in the message header. */
    public static final int BYTE_ORDER_OFFSET = 5;
    /** Offset of the two reserved bytes in the message header, zero on the wire. */
    public static final int HEADER_RESERVED_OFFSET = 6;
    /** Offset of the static length (int, message order) in the message header. */
    public static final int STATIC_LENGTH_OFFSET = 8;
    /** Offset of the dynamic length (int, message order) in the message header. */
    public static final int DYNAMIC_LENGTH_OFFSET = 12;
    /** Offset of the section count (int, message order) in the message header. */
    public static final int SECTION_COUNT_OFFSET = 16;
    /**
     * Offset of the checksum (int, message order) at the end of the message header: the CRC-32C
     * computed by {@link #checksum(MemorySegment, byte[], int)}.
     */
    public static final int CHECKSUM_OFFSET = 20;
    /** Length of the message header. */
    public static final int MESSAGE_HEADER_LENGTH = 24;

    /** Offset of the type code in a section header. */
    public static final int TYPE_CODE_OFFSET = 0;
    /** Offset of the three reserved bytes in a section header, zero on the wire. */
    public static final int SECTION_RESERVED_OFFSET = 1;
    /** Length of the reserved run in a section header. */
    public static final int SECTION_RESERVED_LENGTH = 3;
    /** Offset of the element count (int, message order) in a section header. */
    public static final int ELEMENT_COUNT_OFFSET = 4;
    /** Length of a section header. */
    public static final int SECTION_HEADER_LENGTH = 8;

    /** Offset of the frame length (int, message order) in a dynamic reference. */
    public static final int FRAME_LENGTH_OFFSET = 0;
    /** Offset of the reserved int in a dynamic reference, zero on the wire. */
    public static final int REFERENCE_RESERVED_OFFSET = 4;
    /** Length of the dynamic reference that follows a dynamic section's header. */
    public static final int DYNAMIC_REFERENCE_LENGTH = 8;

    private static final ValueLayout.OfInt BIG_ENDIAN_INT =
            ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt LITTLE_ENDIAN_INT =
            ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private BufferDescriptor() {
    }

    /**
     * Rounds a length up to the next multiple of {@link #ALIGNMENT_UNIT}.
     *
     * @param length a non-negative length
     * @return the smallest multiple of {@link #ALIGNMENT_UNIT} not below {@code length}
     */
    public static long align(long length) {
        return (length + ALIGNMENT_UNIT - 1) & -ALIGNMENT_UNIT;
    }

    /**
     * Returns how many bytes of the static part a section of {@code count} elements occupies,
     * header and padding included. For a dynamic type this is the header and the dynamic
     * reference; the elements themselves go to the dynamic part.
     *
     * <p>A buffer whose static capacity is the sum of {@code sectionSize} over its sections holds
     * exactly those sections.
     *
     * @param type the section's type
     * @param count the number of elements in the section
     * @return the static bytes of the section
     * @throws NullPointerException if {@code type} is null
     * @throws IllegalArgumentException if {@code count} is negative, or the section would not fit
     *     in a message (more than {@link Integer#MAX_VALUE} bytes)
     */
    public static int sectionSize(Type type, int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative, was " + count);
        }
        if (type.isDynamic()) {
            return SECTION_HEADER_LENGTH + DYNAMIC_REFERENCE_LENGTH;
        }
        long length = SECTION_HEADER_LENGTH + align((long) count * type.elementLength());
        if (length > Integer.MAX_VALUE - MESSAGE_HEADER_LENGTH) {
            throw new IllegalArgumentException("a " + type + " section of " + count
                    + " elements needs " + length + " bytes, more than a message can hold");
        }
        return (int) length;
    }

    /**
     * Returns the byte order recorded in a message header.
     *
     * @param message bytes starting with a message header
     * @return the message's byte order
     * @throws MalformedMessageException if the bytes are too short for a message header, or the
     *     magic, version or byte-order field is wrong
     */
    public static ByteOrder byteOrder(MemorySegment message) {
        if (message.byteSize() < MESSAGE_HEADER_LENGTH) {
            throw new MalformedMessageException("truncated message header: " + message.byteSize()
                    + " bytes present, " + MESSAGE_HEADER_LENGTH + " expected");
        }
        int magic = message.get(BIG_ENDIAN_INT, MAGIC_OFFSET);
        if (magic != MAGIC) {
            throw new MalformedMessageException("bad magic 0x" + Integer.toHexString(magic)
                    + ", expected 0x" + Integer.toHexString(MAGIC));
        }
        byte version = message.get(ValueLayout.JAVA_BYTE, VERSION_OFFSET);
        if (version != VERSION) {
            throw new MalformedMessageException("unsupported wire-format version " + version
                    + ", expected " + VERSION);
        }
        byte order = message.get(ValueLayout.JAVA_BYTE, BYTE_ORDER_OFFSET);
        return switch (order) {
            case BIG_ENDIAN -> ByteOrder.BIG_ENDIAN;
            case LITTLE_ENDIAN -> ByteOrder.LITTLE_ENDIAN;
            default -> throw new MalformedMessageException("bad byte-order field " + order
                    + ", expected " + BIG_ENDIAN + " (big endian) or " + LITTLE_ENDIAN
                    + " (little endian)");
        };
    }

    /**
     * Returns the length of the static part recorded in a message header: the number of bytes a
     * receiver reads before the dynamic part.
     *
     * @param message bytes starting with a message header
     * @return the static length, header included, a multiple of {@link #ALIGNMENT_UNIT}
     * @throws MalformedMessageException if the header is malformed or the length is below the
     *     header's length or not a multiple of {@link #ALIGNMENT_UNIT}
     */
    public static int staticLength(MemorySegment message) {
        int length = message.get(intLayout(byteOrder(message)), STATIC_LENGTH_OFFSET);
        if (length < MESSAGE_HEADER_LENGTH || length % ALIGNMENT_UNIT != 0) {
            throw new MalformedMessageException("bad static length " + length
                    + ", expected a multiple of " + ALIGNMENT_UNIT + " of at least "
                    + MESSAGE_HEADER_LENGTH);
        }
        return length;
    }

    /**
     * Returns the length of the dynamic part recorded in a message header.
     *
     * @param message bytes starting with a message header
     * @return the dynamic length, zero or more
     * @throws MalformedMessageException if the header is malformed or the length is negative
     */
    public static int dynamicLength(MemorySegment message) {
        int length = message.get(intLayout(byteOrder(message)), DYNAMIC_LENGTH_OFFSET);
        if (length < 0) {
            throw new MalformedMessageException("negative dynamic length " + length);
        }
        return length;
    }

    /**
     * Computes the checksum a message carries at {@link #CHECKSUM_OFFSET}: the CRC-32C
     * ({@link CRC32C}, the Castagnoli polynomial) of the static part's bytes
     * {@code [0, CHECKSUM_OFFSET)}, then its bytes {@code [MESSAGE_HEADER_LENGTH, staticPart.byteSize())},
     * then {@code dynamicBytes[0, dynamicLength)}. The checksum field itself is left out, so a
     * sender can compute the value before storing it.
     *
     * @param staticPart exactly the static part of a message, message header included: a native
     *     segment or a heap segment over a {@code byte[]}
     * @param dynamicBytes the dynamic part, or {@code null} when there is none
     * @param dynamicLength the number of dynamic bytes at the start of {@code dynamicBytes}
     * @return the CRC-32C value as an int (its low 32 bits)
     * @throws NullPointerException if {@code staticPart} is null
     * @throws IllegalArgumentException if {@code staticPart} is shorter than
     *     {@value #MESSAGE_HEADER_LENGTH} bytes, longer than {@link Integer#MAX_VALUE}, or a heap
     *     segment over an array other than {@code byte[]}; or if {@code dynamicLength} is negative
     *     or longer than {@code dynamicBytes}
     */
    public static int checksum(MemorySegment staticPart, byte[] dynamicBytes, int dynamicLength) {
        Objects.requireNonNull(staticPart, "staticPart must not be null");
        if (staticPart.byteSize() < MESSAGE_HEADER_LENGTH || staticPart.byteSize() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("staticPart must hold between " + MESSAGE_HEADER_LENGTH + " and "
                    + Integer.MAX_VALUE + " bytes, had " + staticPart.byteSize());
        }
        if (!staticPart.isNative() && !(staticPart.heapBase().orElse(null) instanceof byte[])) {
            throw new IllegalArgumentException("staticPart must be native or over a byte[], was a heap segment over "
                    + staticPart.heapBase().map(base -> base.getClass().getTypeName()).orElse("nothing"));
        }
        int present = dynamicBytes == null ? 0 : dynamicBytes.length;
        if (dynamicLength < 0 || dynamicLength > present) {
            throw new IllegalArgumentException("dynamicLength " + dynamicLength + " must be between 0 and "
                    + present + ", the length of dynamicBytes");
        }
        return checksumOf(staticPart.asByteBuffer(), dynamicBytes, dynamicLength);
    }

    /**
     * Computes the checksum over checked arguments; see {@link #checksum(MemorySegment, byte[], int)}.
     *
     * @param staticPart exactly the static part, from position 0 to its limit; its position and
     *     limit change
     * @param dynamicBytes the dynamic bytes, or {@code null} when {@code dynamicLength} is 0
     * @param dynamicLength the number of dynamic bytes
     * @return the CRC-32C value
     */
    static int checksumOf(ByteBuffer staticPart, byte[] dynamicBytes, int dynamicLength) {
        CRC32C crc = new CRC32C();
        int staticLength = staticPart.limit();
        crc.update(staticPart.limit(CHECKSUM_OFFSET).position(0));
        crc.update(staticPart.limit(staticLength).position(MESSAGE_HEADER_LENGTH));
        if (dynamicLength > 0) {
            crc.update(dynamicBytes, 0, dynamicLength);
        }
        return (int) crc.getValue();
    }

    /**
     * Returns the unaligned int layout in the given byte order: one of two constants, since a
     * layout made per call costs a cache look-up of its access handle on every access.
     *
     * @param order the message's byte order
     * @return the layout used for every int field of the message
     */
    public static ValueLayout.OfInt intLayout(ByteOrder order) {
        return order == ByteOrder.BIG_ENDIAN ? BIG_ENDIAN_INT : LITTLE_ENDIAN_INT;
    }

    /**
     * Returns the byte-order field value for a byte order.
     *
     * @param order a byte order
     * @return {@link #BIG_ENDIAN} or {@link #LITTLE_ENDIAN}
     */
    static byte orderCode(ByteOrder order) {
        return order == ByteOrder.BIG_ENDIAN ? BIG_ENDIAN : LITTLE_ENDIAN;
    }
}
