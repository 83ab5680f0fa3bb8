package org.mpjbuf.dev.protocol;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.mpjbuf.BufferDescriptor;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.ElementType;

/**
 * A decoded frame header (see {@link FrameDescriptor}), and the decoder that checks every
 * field before anything is done with it: one instance per connection, refilled for every frame,
 * so decoding allocates nothing.
 *
 * <p>{@link #decode} either fills this header with values that are consistent and within the
 * limits, or throws {@link MalformedFrameException}; it never throws anything else and never
 * allocates in proportion to a length it read.
 *
 * <p>Not thread-safe: used by the thread that drives one connection's reads, one at a time.
 */
public final class FrameHeader {
    private static final ElementType[] ELEMENT_TYPES = ElementType.values();

    private final int eagerLimit;
    private final int maxMessageLength;
    private final boolean remoteMemory;

    /** The byte order the sender wrote the frame and its payload in. */
    public ByteOrder order;
    /** The frame type, one of {@link FrameDescriptor}'s. */
    public byte type;
    /** The flags ({@link FrameDescriptor#FLAG_BUFFER}). */
    public byte flags;
    /** The message's tag. */
    public int tag;
    /** The message's context. */
    public int context;
    /** The elements of the run, or of the buffer's first section. */
    public int elementCount;
    /** The element type, {@code null} for none. */
    public ElementType elementType;
    /** The payload bytes that follow the header. */
    public int payloadLength;
    /** The message's bytes. */
    public int messageLength;
    /** The bytes of a buffer message's dynamic part. */
    public int dynamicLength;
    /** The eager credit the frame returns, in bytes: >= 0 (checked against what was given by the connection). */
    public int credit;
    /** The sender's id of a rendezvous send. */
    public long sendId;
    /** The receiver's id of a receive waiting for rendezvous data. */
    public long receiveId;

    /**
     * Creates a header that accepts eager payloads up to {@code eagerLimit} bytes and messages up
     * to {@code maxMessageLength} bytes.
     *
     * @param eagerLimit the longest eager message
     * @param maxMessageLength the longest message
     */
    public FrameHeader(final int eagerLimit, final int maxMessageLength) {
        this(eagerLimit, maxMessageLength, false);
    }

    /**
     * Creates a header as {@link #FrameHeader(int, int)} does that also accepts, when
     * {@code remoteMemory}, the {@link FrameDescriptor#FLAG_REMOTE_MEMORY} frames of a transport
     * that writes rendezvous data remotely.
     *
     * @param eagerLimit the longest eager message
     * @param maxMessageLength the longest message
     * @param remoteMemory whether ready and data frames carry remote memory
     */
    public FrameHeader(final int eagerLimit, final int maxMessageLength, final boolean remoteMemory) {
        this.eagerLimit = eagerLimit;
        this.maxMessageLength = maxMessageLength;
        this.remoteMemory = remoteMemory;
    }

    /**
     * Tells whether a ready or data frame concerns data written into remote memory.
     *
     * @return whether {@link FrameDescriptor#FLAG_REMOTE_MEMORY} is set
     */
    public boolean isRemoteMemory() {
        return (flags & FrameDescriptor.FLAG_REMOTE_MEMORY) != 0;
    }

    /**
     * Tells whether the message is a packed buffer.
     *
     * @return whether {@link FrameDescriptor#FLAG_BUFFER} is set
     */
    public boolean isBuffer() {
        return (flags & FrameDescriptor.FLAG_BUFFER) != 0;
    }

    /**
     * Decodes the header at index 0 of {@code bytes} (its position and limit are ignored, its
     * byte order is changed to the frame's).
     *
     * @param bytes at least {@link FrameDescriptor#HEADER_LENGTH} bytes
     * @throws MalformedFrameException if the bytes are not a valid header
     */
    public void decode(final ByteBuffer bytes) {
        if (bytes.capacity() < FrameDescriptor.HEADER_LENGTH) {
            throw malformed("header", bytes.capacity() + " bytes", FrameDescriptor.HEADER_LENGTH + " bytes");
        }
        bytes.order(ByteOrder.BIG_ENDIAN);
        final int magic = bytes.getInt(FrameDescriptor.MAGIC_OFFSET);
        if (magic != FrameDescriptor.MAGIC) {
            throw malformed("magic", "0x" + Integer.toHexString(magic),
                "0x" + Integer.toHexString(FrameDescriptor.MAGIC) + " ('NIOF')");
        }
        final byte version = bytes.get(FrameDescriptor.VERSION_OFFSET);
        if (version != FrameDescriptor.VERSION) {
            throw malformed("version", version, FrameDescriptor.VERSION);
        }
        final byte orderCode = bytes.get(FrameDescriptor.BYTE_ORDER_OFFSET);
        if (orderCode != FrameDescriptor.BIG_ENDIAN && orderCode != FrameDescriptor.LITTLE_ENDIAN) {
            throw malformed("byte order", orderCode, "0 (big endian) or 1 (little endian)");
        }
        order = orderCode == FrameDescriptor.BIG_ENDIAN ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        bytes.order(order);
        type = bytes.get(FrameDescriptor.TYPE_OFFSET);
        if (type < FrameDescriptor.EAGER || type > FrameDescriptor.LAST_TYPE) {
            throw malformed("frame type", type, "1 to " + FrameDescriptor.LAST_TYPE);
        }
        flags = bytes.get(FrameDescriptor.FLAGS_OFFSET);
        final int known = FrameDescriptor.KNOWN_FLAGS | (remoteMemory ? FrameDescriptor.FLAG_REMOTE_MEMORY : 0);
        if ((flags & ~known) != 0) {
            throw malformed("flags", flags, remoteMemory ? "only bits 0 (buffer message) and 1 (remote memory)"
                : "only bit 0 (buffer message)");
        }
        if (isRemoteMemory() && type != FrameDescriptor.CTS && type != FrameDescriptor.DATA) {
            throw malformed("flags of frame type " + type, flags, "no remote memory (bit 1) but on CTS and DATA");
        }
        tag = bytes.getInt(FrameDescriptor.TAG_OFFSET);
        context = bytes.getInt(FrameDescriptor.CONTEXT_OFFSET);
        elementCount = bytes.getInt(FrameDescriptor.ELEMENT_COUNT_OFFSET);
        final int typeCode = bytes.get(FrameDescriptor.ELEMENT_TYPE_OFFSET);
        if (typeCode < 0 || typeCode > ELEMENT_TYPES.length) {
            throw malformed("element type", typeCode, "0 to " + ELEMENT_TYPES.length);
        }
        elementType = typeCode == 0 ? null : ELEMENT_TYPES[typeCode - 1];
        for (int i = 0; i < 3; i++) {
            if (bytes.get(FrameDescriptor.TYPE_RESERVED_OFFSET + i) != 0) {
                throw malformed("reserved byte " + (FrameDescriptor.TYPE_RESERVED_OFFSET + i),
                    bytes.get(FrameDescriptor.TYPE_RESERVED_OFFSET + i), 0);
            }
        }
        credit = bytes.getInt(FrameDescriptor.CREDIT_OFFSET);
        if (credit < 0) {
            throw malformed("credit returned", credit, ">= 0");
        }
        payloadLength = bytes.getInt(FrameDescriptor.PAYLOAD_LENGTH_OFFSET);
        messageLength = bytes.getInt(FrameDescriptor.MESSAGE_LENGTH_OFFSET);
        dynamicLength = bytes.getInt(FrameDescriptor.DYNAMIC_LENGTH_OFFSET);
        sendId = bytes.getLong(FrameDescriptor.SEND_ID_OFFSET);
        receiveId = bytes.getLong(FrameDescriptor.RECEIVE_ID_OFFSET);
        switch (type) {
            case FrameDescriptor.EAGER -> {
                checkMessage();
                if (messageLength > eagerLimit) {
                    throw malformed("message length of an eager frame", messageLength,
                        "at most the eager limit " + eagerLimit);
                }
                checkPayload(messageLength);
            }
            case FrameDescriptor.RTS -> {
                checkMessage();
                checkPayload(0);
            }
            case FrameDescriptor.DATA -> {
                if (messageLength < 0 || messageLength > maxMessageLength) {
                    throw malformed("message length", messageLength, "0 to " + maxMessageLength);
                }
                checkPayload(isRemoteMemory() ? 0 : messageLength);
            }
            default -> {
                checkPayload(type == FrameDescriptor.CTS && isRemoteMemory() ? FrameDescriptor.REMOTE_MEMORY_LENGTH : 0);
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
        return new MalformedFrameException("malformed frame: " + field + " is " + value + ", expected "
            + expected);
    }

    @Override
    public String toString() {
        return "FrameHeader[type=" + type + ", tag=" + tag + ", context=" + context + ", count=" + elementCount
            + " " + elementType + ", payload=" + payloadLength + ", message=" + messageLength + ", credit=" + credit
            + "]";
    }
}
