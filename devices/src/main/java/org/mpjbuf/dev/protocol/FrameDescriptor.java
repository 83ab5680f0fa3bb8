package org.mpjbuf.dev.protocol;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The layout of the 56-byte header in front of every frame of a process device: on a niodev
 * connection once it has been authenticated (its handshake comes before), in every ibvdev frame.
 *
 * <pre>
 *   0               1               2               3
 *   0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7
 *  +---------------------------------------------------------------+
 *  |                 magic 'N' 'I' 'O' 'F' (big-endian)            |  0
 *  +---------------+---------------+---------------+---------------+
 *  |    version    |  byte order   |  frame type   |     flags     |  4
 *  +---------------+---------------+---------------+---------------+
 *  |                              tag                              |  8
 *  +---------------------------------------------------------------+
 *  |                            context                            | 12
 *  +---------------------------------------------------------------+
 *  |                         element count                         | 16
 *  +---------------+-----------------------------------------------+
 *  | element type  |                  reserved (0)                 | 20
 *  +---------------+-----------------------------------------------+
 *  |                        payload length                         | 24
 *  +---------------------------------------------------------------+
 *  |                        message length                         | 28
 *  +---------------------------------------------------------------+
 *  |                        dynamic length                         | 32
 *  +---------------------------------------------------------------+
 *  |                  credit returned, in bytes                    | 36
 *  +---------------------------------------------------------------+
 *  |                        send id (64 bits)                      | 40
 *  +---------------------------------------------------------------+
 *  |                      receive id (64 bits)                     | 48
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * Every field after the byte order is written in the byte order the sender names at
 * {@link #BYTE_ORDER_OFFSET} ({@link #BIG_ENDIAN} or {@link #LITTLE_ENDIAN}), and so are the
 * elements of a primitive payload; the receiver converts. The source of a frame is not in it: it
 * is the rank the connection authenticated as, so a peer cannot speak for another rank.
 *
 * <p>Frame types: {@link #EAGER} (a whole message, payload follows), {@link #RTS} (request to
 * send a rendezvous message of {@code message length} bytes, no payload), {@link #CTS} (the
 * receiver's ready message: a receive with {@code receive id} matched the send with
 * {@code send id}), {@link #DATA} (the rendezvous payload for {@code receive id}), {@link #BYE}
 * (the sender finishes), {@link #BYE_ACK} (the receiver has seen it) and {@link #CREDIT} (eager
 * credit returned, no payload).
 *
 * <p>Every frame returns, at {@link #CREDIT_OFFSET}, the eager credit (in message bytes, >= 0)
 * that the sending rank gives back to the receiving one: bytes of eager messages the receiving
 * rank sent earlier whose blocks the sending rank has freed (see {@link EagerCredit}). A peer
 * never returns more than it was given.
 *
 * <p>Constants only; thread-safe.
 */
public final class FrameDescriptor {
    /** The magic number, ASCII {@code NIOF}. */
    public static final int MAGIC = 0x4E494F46;
    /** The version of this layout: 2 since the int at {@link #CREDIT_OFFSET} returns eager credit. */
    public static final byte VERSION = 2;
    /** Byte order code of big-endian fields. */
    public static final byte BIG_ENDIAN = 0;
    /** Byte order code of little-endian fields. */
    public static final byte LITTLE_ENDIAN = 1;

    /** A whole message whose payload follows the header. */
    public static final byte EAGER = 1;
    /** A rendezvous request to send. */
    public static final byte RTS = 2;
    /** A rendezvous ready message: the receive is posted, send the data. */
    public static final byte CTS = 3;
    /** The payload of a rendezvous message. */
    public static final byte DATA = 4;
    /** The sending rank finishes. */
    public static final byte BYE = 5;
    /** The receiving rank has seen a {@link #BYE}. */
    public static final byte BYE_ACK = 6;
    /** Eager credit returned, when no other frame carries it. */
    public static final byte CREDIT = 7;
    /** The largest frame type code. */
    public static final byte LAST_TYPE = CREDIT;

    /** Flag: the message is a packed mpjbuf buffer (static part, then dynamic part). */
    public static final byte FLAG_BUFFER = 1;
    /**
     * Flag of a transport whose rendezvous data go by RDMA write (ibvdev): on a CTS, its payload
     * is the {@link #REMOTE_MEMORY_LENGTH} bytes of the receive's registered memory (address,
     * then key); on a DATA frame, there is no payload: the data were written there before it.
     */
    public static final byte FLAG_REMOTE_MEMORY = 2;
    /** Bytes of a CTS's remote memory: the address (long), then the remote key (int). */
    public static final int REMOTE_MEMORY_LENGTH = 12;
    /** Every flag a frame of a stream transport (niodev) may carry. */
    public static final byte KNOWN_FLAGS = FLAG_BUFFER;

    /** Offset of the magic number. */
    public static final int MAGIC_OFFSET = 0;
    /** Offset of the version byte. */
    public static final int VERSION_OFFSET = 4;
    /** Offset of the byte order byte. */
    public static final int BYTE_ORDER_OFFSET = 5;
    /** Offset of the frame type byte. */
    public static final int TYPE_OFFSET = 6;
    /** Offset of the flags byte. */
    public static final int FLAGS_OFFSET = 7;
    /** Offset of the tag. */
    public static final int TAG_OFFSET = 8;
    /** Offset of the context. */
    public static final int CONTEXT_OFFSET = 12;
    /** Offset of the element count (of the message's first section for a buffer message). */
    public static final int ELEMENT_COUNT_OFFSET = 16;
    /** Offset of the element type code: 0 for none, else the {@code ElementType} ordinal + 1. */
    public static final int ELEMENT_TYPE_OFFSET = 20;
    /** Offset of the three reserved bytes after the element type. */
    public static final int TYPE_RESERVED_OFFSET = 21;
    /** Offset of the number of payload bytes that follow this header. */
    public static final int PAYLOAD_LENGTH_OFFSET = 24;
    /** Offset of the length in bytes of the whole message (announced by an RTS). */
    public static final int MESSAGE_LENGTH_OFFSET = 28;
    /** Offset of the length of a buffer message's dynamic part, at the end of its bytes. */
    public static final int DYNAMIC_LENGTH_OFFSET = 32;
    /** Offset of the eager credit the frame returns, in bytes. */
    public static final int CREDIT_OFFSET = 36;
    /** Offset of the sender's id of a rendezvous send. */
    public static final int SEND_ID_OFFSET = 40;
    /** Offset of the receiver's id of a rendezvous receive. */
    public static final int RECEIVE_ID_OFFSET = 48;
    /** The length of the header. */
    public static final int HEADER_LENGTH = 56;

    private FrameDescriptor() {
    }

    /**
     * Returns the byte order code of an order.
     *
     * @param order the order
     * @return {@link #BIG_ENDIAN} or {@link #LITTLE_ENDIAN}
     */
    public static byte orderCode(final ByteOrder order) {
        return order == ByteOrder.BIG_ENDIAN ? BIG_ENDIAN : LITTLE_ENDIAN;
    }

    /**
     * Writes a header at index 0 of {@code header} in its byte order and leaves it ready to be
     * written (position 0, limit {@link #HEADER_LENGTH}).
     *
     * @param header where to write, at least {@link #HEADER_LENGTH} bytes
     * @param type the frame type
     * @param flags the flags
     * @param tag the message's tag
     * @param context the message's context
     * @param elementCount the elements of the run or of the buffer's first section
     * @param elementTypeCode the element type's code ({@link MessageRequest#typeCode()})
     * @param payloadLength the payload bytes that follow the header
     * @param messageLength the message's bytes
     * @param dynamicLength the bytes of a buffer message's dynamic part
     * @param credit the eager credit returned
     * @param sendId the sender's id of a rendezvous send
     * @param receiveId the receiver's id of a receive waiting for rendezvous data
     */
    public static void encode(final ByteBuffer header, final byte type, final byte flags, final int tag, final int context,
                       final int elementCount, final int elementTypeCode, final int payloadLength,
                       final int messageLength, final int dynamicLength, final int credit, final long sendId,
                       final long receiveId) {
        header.clear();
        header.put(MAGIC_OFFSET, (byte) (MAGIC >>> 24));
        header.put(MAGIC_OFFSET + 1, (byte) (MAGIC >>> 16));
        header.put(MAGIC_OFFSET + 2, (byte) (MAGIC >>> 8));
        header.put(MAGIC_OFFSET + 3, (byte) MAGIC);
        header.put(VERSION_OFFSET, VERSION);
        header.put(BYTE_ORDER_OFFSET, orderCode(header.order()));
        header.put(TYPE_OFFSET, type);
        header.put(FLAGS_OFFSET, flags);
        header.putInt(TAG_OFFSET, tag);
        header.putInt(CONTEXT_OFFSET, context);
        header.putInt(ELEMENT_COUNT_OFFSET, elementCount);
        header.putInt(ELEMENT_TYPE_OFFSET, 0);
        header.put(ELEMENT_TYPE_OFFSET, (byte) elementTypeCode);
        header.putInt(PAYLOAD_LENGTH_OFFSET, payloadLength);
        header.putInt(MESSAGE_LENGTH_OFFSET, messageLength);
        header.putInt(DYNAMIC_LENGTH_OFFSET, dynamicLength);
        header.putInt(CREDIT_OFFSET, credit);
        header.putLong(SEND_ID_OFFSET, sendId);
        header.putLong(RECEIVE_ID_OFFSET, receiveId);
        header.limit(HEADER_LENGTH);
    }
}
