package org.mpjbuf.dev.niodev;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.mpjbuf.BufferDescriptor;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.ElementType;

/**
 * A decoded frame header (see {@link NiodevFrameDescriptor}), and the decoder that checks every
 * field before anything is done with it: one instance per connection, refilled for every frame,
 * so decoding allocates nothing.
 *
 * <p>{@link #decode} either fills this header with values that are consistent and within the
 * limits, or throws {@link MalformedFrameException}; it never throws anything else and never
 * allocates in proportion to a length it read.
 *
 * <p>Not thread-safe: used by the thread that drives one connection's reads, one at a time.
 */
final class FrameHeader {
    private static final ElementType[] ELEMENT_TYPES = ElementType.values();

    private final int eagerLimit;
    private final int maxMessageLength;

    ByteOrder order;
    byte type;
    byte flags;
    int tag;
    int context;
    int elementCount;
    /** The element type, {@code null} for none. */
    ElementType elementType;
    int payloadLength;
    int messageLength;
    int dynamicLength;
    /** The eager credit the frame returns, in bytes: >= 0 (checked against what was given by the connection). */
    int credit;
    long sendId;
    long receiveId;

    /**
     * Creates a header that accepts eager payloads up to {@code eagerLimit} bytes and messages up
     * to {@code maxMessageLength} bytes.
     */
    FrameHeader(final int eagerLimit, final int maxMessageLength) {
        this.eagerLimit = eagerLimit;
        this.maxMessageLength = maxMessageLength;
    }

    /** Tells whether the message is a packed buffer. */
    boolean isBuffer() {
        return (flags & NiodevFrameDescriptor.FLAG_BUFFER) != 0;
    }

    /**
     * Decodes the header at index 0 of {@code bytes} (its position and limit are ignored, its
     * byte order is changed to the frame's).
     *
     * @param bytes at least {@link NiodevFrameDescriptor#HEADER_LENGTH} bytes
     * @throws MalformedFrameException if the bytes are not a valid header
     */
    void decode(final ByteBuffer bytes) {
        if (bytes.capacity() < NiodevFrameDescriptor.HEADER_LENGTH) {
            throw malformed("header", bytes.capacity() + " bytes", NiodevFrameDescriptor.HEADER_LENGTH + " bytes");
        }
        bytes.order(ByteOrder.BIG_ENDIAN);
        final int magic = bytes.getInt(NiodevFrameDescriptor.MAGIC_OFFSET);
        if (magic != NiodevFrameDescriptor.MAGIC) {
            throw malformed("magic", "0x" + Integer.toHexString(magic),
                "0x" + Integer.toHexString(NiodevFrameDescriptor.MAGIC) + " ('NIOF')");
        }
        final byte version = bytes.get(NiodevFrameDescriptor.VERSION_OFFSET);
        if (version != NiodevFrameDescriptor.VERSION) {
            throw malformed("version", version, NiodevFrameDescriptor.VERSION);
        }
        final byte orderCode = bytes.get(NiodevFrameDescriptor.BYTE_ORDER_OFFSET);
        if (orderCode != NiodevFrameDescriptor.BIG_ENDIAN && orderCode != NiodevFrameDescriptor.LITTLE_ENDIAN) {
            throw malformed("byte order", orderCode, "0 (big endian) or 1 (little endian)");
        }
        order = orderCode == NiodevFrameDescriptor.BIG_ENDIAN ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        bytes.order(order);
        type = bytes.get(NiodevFrameDescriptor.TYPE_OFFSET);
        if (type < NiodevFrameDescriptor.EAGER || type > NiodevFrameDescriptor.LAST_TYPE) {
            throw malformed("frame type", type, "1 to " + NiodevFrameDescriptor.LAST_TYPE);
        }
        flags = bytes.get(NiodevFrameDescriptor.FLAGS_OFFSET);
        if ((flags & ~NiodevFrameDescriptor.KNOWN_FLAGS) != 0) {
            throw malformed("flags", flags, "only bit 0 (buffer message)");
        }
        tag = bytes.getInt(NiodevFrameDescriptor.TAG_OFFSET);
        context = bytes.getInt(NiodevFrameDescriptor.CONTEXT_OFFSET);
        elementCount = bytes.getInt(NiodevFrameDescriptor.ELEMENT_COUNT_OFFSET);
        final int typeCode = bytes.get(NiodevFrameDescriptor.ELEMENT_TYPE_OFFSET);
        if (typeCode < 0 || typeCode > ELEMENT_TYPES.length) {
            throw malformed("element type", typeCode, "0 to " + ELEMENT_TYPES.length);
        }
        elementType = typeCode == 0 ? null : ELEMENT_TYPES[typeCode - 1];
        for (int i = 0; i < 3; i++) {
            if (bytes.get(NiodevFrameDescriptor.TYPE_RESERVED_OFFSET + i) != 0) {
                throw malformed("reserved byte " + (NiodevFrameDescriptor.TYPE_RESERVED_OFFSET + i),
                    bytes.get(NiodevFrameDescriptor.TYPE_RESERVED_OFFSET + i), 0);
            }
        }
        credit = bytes.getInt(NiodevFrameDescriptor.CREDIT_OFFSET);
        if (credit < 0) {
            throw malformed("credit returned", credit, ">= 0");
        }
        payloadLength = bytes.getInt(NiodevFrameDescriptor.PAYLOAD_LENGTH_OFFSET);
        messageLength = bytes.getInt(NiodevFrameDescriptor.MESSAGE_LENGTH_OFFSET);
        dynamicLength = bytes.getInt(NiodevFrameDescriptor.DYNAMIC_LENGTH_OFFSET);
        sendId = bytes.getLong(NiodevFrameDescriptor.SEND_ID_OFFSET);
        receiveId = bytes.getLong(NiodevFrameDescriptor.RECEIVE_ID_OFFSET);
        switch (type) {
            case NiodevFrameDescriptor.EAGER -> {
                checkMessage();
                if (messageLength > eagerLimit) {
                    throw malformed("message length of an eager frame", messageLength,
                        "at most the eager limit " + eagerLimit);
                }
                checkPayload(messageLength);
            }
            case NiodevFrameDescriptor.RTS -> {
                checkMessage();
                checkPayload(0);
            }
            case NiodevFrameDescriptor.DATA -> {
                if (messageLength < 0 || messageLength > maxMessageLength) {
                    throw malformed("message length", messageLength, "0 to " + maxMessageLength);
                }
                checkPayload(messageLength);
            }
            default -> {
                checkPayload(0);
                if (messageLength != 0 || dynamicLength != 0) {
                    throw malformed("message and dynamic lengths of a control frame",
                        messageLength + " and " + dynamicLength, "0 and 0");
                }
            }
        }
    }

    /** Checks the envelope of a message (eager or announced by an RTS). */
    private void checkMessage() {
        if (tag == Device.ANY_TAG) {
            throw malformed("tag", tag, "any int but ANY_TAG (-1)");
        }
        if (messageLength < 0 || messageLength > maxMessageLength) {
            throw malformed("message length", messageLength, "0 to " + maxMessageLength);
        }
        if (elementCount < 0) {
            throw malformed("element count", elementCount, ">= 0");
        }
        if (isBuffer()) {
            if (messageLength < BufferDescriptor.MESSAGE_HEADER_LENGTH) {
                throw malformed("message length of a buffer message", messageLength,
                    ">= " + BufferDescriptor.MESSAGE_HEADER_LENGTH);
            }
            if (dynamicLength < 0 || dynamicLength > messageLength - BufferDescriptor.MESSAGE_HEADER_LENGTH) {
                throw malformed("dynamic length", dynamicLength,
                    "0 to " + (messageLength - BufferDescriptor.MESSAGE_HEADER_LENGTH));
            }
            return;
        }
        if (dynamicLength != 0) {
            throw malformed("dynamic length of an array message", dynamicLength, 0);
        }
        if (elementType == null) {
            throw malformed("element type of an array message", 0, "1 to " + ELEMENT_TYPES.length);
        }
        if (elementType.isPrimitive()) {
            if ((long) elementCount * elementType.byteSize() != messageLength) {
                throw malformed("message length of " + elementCount + " " + elementType + " elements", messageLength,
                    (long) elementCount * elementType.byteSize());
            }
        } else if (elementCount > messageLength) {
            throw malformed("element count of an object message", elementCount,
                "at most its " + messageLength + " bytes");
        }
    }

    private void checkPayload(final int expected) {
        if (payloadLength != expected) {
            throw malformed("payload length of frame type " + type, payloadLength, expected);
        }
    }

    private static MalformedFrameException malformed(final String field, final Object value, final Object expected) {
        return new MalformedFrameException("malformed niodev frame: " + field + " is " + value + ", expected "
            + expected);
    }

    @Override
    public String toString() {
        return "FrameHeader[type=" + type + ", tag=" + tag + ", context=" + context + ", count=" + elementCount
            + " " + elementType + ", payload=" + payloadLength + ", message=" + messageLength + ", credit=" + credit
            + "]";
    }
}
