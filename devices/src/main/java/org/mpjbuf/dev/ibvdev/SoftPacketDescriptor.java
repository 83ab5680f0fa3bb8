package org.mpjbuf.dev.ibvdev;

/**
 * The frames {@link SoftVerbs} instances exchange over their Unix domain sockets: one layout for
 * every frame, big-endian (network order), a 32-byte header followed by {@code payloadLength}
 * bytes.
 *
 * <pre>
 *   0               1               2               3
 *   0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7
 *  +---------------+---------------+-------------------------------+
 *  |     type      |  flags / NAK  |           reserved            |  0
 *  +---------------+---------------+-------------------------------+
 *  |          packet sequence number (24 bits, upper byte 0)       |  4
 *  +---------------------------------------------------------------+
 *  |                  payload length (0 to 2^30)                   |  8
 *  +---------------------------------------------------------------+
 *  |                        immediate data                         | 12
 *  +---------------------------------------------------------------+
 *  |                remote address (64 bits, RDMA write)           | 16
 *  +---------------------------------------------------------------+
 *  |                        rkey (RDMA write)                      | 24
 *  +---------------------------------------------------------------+
 *  |             argument (NAK: the RNR timer code)                | 28
 *  +---------------------------------------------------------------+
 *  |                 payload (payload length bytes)               ...
 * </pre>
 *
 * <p>A connection carries the packets of one queue pair to its peer and their responses back. The
 * requester opens it when its queue pair enters RTR and writes a {@link #TYPE_HELLO} frame first,
 * whose 24-byte payload names the requester's GID and queue pair and the queue pair it wants:
 *
 * <pre>
 *  +---------------------------------------------------------------+
 *  |               source GID subnet prefix (64 bits)              | 32
 *  +---------------------------------------------------------------+
 *  |               source GID interface id (64 bits)               | 40
 *  +---------------------------------------------------------------+
 *  |                      source queue pair number                 | 48
 *  +---------------------------------------------------------------+
 *  |                   destination queue pair number               | 52
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * Then requests ({@link #TYPE_SEND}, {@link #TYPE_RDMA_WRITE}) flow from the requester and one
 * response ({@link #TYPE_ACK} or {@link #TYPE_NAK}, no payload) per executed or refused request
 * flows back, carrying the request's sequence number.
 */
final class SoftPacketDescriptor {
    /** Offset of the frame type. */
    static final int TYPE_OFFSET = 0;
    /** Offset of the request flags ({@link #FLAG_IMMEDIATE}) or the NAK code of a response. */
    static final int FLAGS_OFFSET = 1;
    /** Offset of the packet sequence number. */
    static final int PSN_OFFSET = 4;
    /** Offset of the payload length. */
    static final int PAYLOAD_LENGTH_OFFSET = 8;
    /** Offset of the immediate data. */
    static final int IMMEDIATE_DATA_OFFSET = 12;
    /** Offset of the remote address of an RDMA write. */
    static final int REMOTE_ADDRESS_OFFSET = 16;
    /** Offset of the rkey of an RDMA write. */
    static final int RKEY_OFFSET = 24;
    /** Offset of the argument of a NAK. */
    static final int ARGUMENT_OFFSET = 28;
    /** Bytes of every header. */
    static final int HEADER_LENGTH = 32;

    /** Offset, in the hello frame, of the source GID's subnet prefix. */
    static final int HELLO_GID_SUBNET_PREFIX_OFFSET = HEADER_LENGTH;
    /** Offset, in the hello frame, of the source GID's interface id. */
    static final int HELLO_GID_INTERFACE_ID_OFFSET = HEADER_LENGTH + 8;
    /** Offset, in the hello frame, of the source queue pair number. */
    static final int HELLO_SOURCE_QPN_OFFSET = HEADER_LENGTH + 16;
    /** Offset, in the hello frame, of the destination queue pair number. */
    static final int HELLO_DESTINATION_QPN_OFFSET = HEADER_LENGTH + 20;
    /** Payload bytes of a hello frame. */
    static final int HELLO_PAYLOAD_LENGTH = 24;
    /** Bytes of a whole hello frame. */
    static final int HELLO_FRAME_LENGTH = HEADER_LENGTH + HELLO_PAYLOAD_LENGTH;

    /** The first frame of a connection. */
    static final byte TYPE_HELLO = 1;
    /** A send: consumes a receive at the responder. */
    static final byte TYPE_SEND = 2;
    /** An RDMA write; with {@link #FLAG_IMMEDIATE} it also consumes a receive. */
    static final byte TYPE_RDMA_WRITE = 3;
    /** The request was executed. */
    static final byte TYPE_ACK = 4;
    /** The request was refused; the flags byte says why. */
    static final byte TYPE_NAK = 5;

    /** The request carries immediate data. */
    static final byte FLAG_IMMEDIATE = 1;

    /** NAK: no receive was posted; retry after the RNR timer in the argument. */
    static final byte NAK_RECEIVER_NOT_READY = 1;
    /** NAK: the queue pair is not in RTR or RTS, or not connected to the requester; stands for a lost packet. */
    static final byte NAK_QUEUE_PAIR_NOT_READY = 2;
    /** NAK: invalid request (a send longer than the receive, an operation the queue pair does not allow). */
    static final byte NAK_INVALID_REQUEST = 3;
    /** NAK: remote access error (rkey, bounds, access flags of an RDMA write). */
    static final byte NAK_REMOTE_ACCESS = 4;
    /** NAK: remote operational error (the responder's own receive was unusable). */
    static final byte NAK_REMOTE_OPERATION = 5;

    /** Packet sequence numbers are 24 bits. */
    static final int PSN_MASK = 0xFF_FFFF;
    /** The longest message a work request may carry (the soft device's {@code max_msg_sz}). */
    static final int MAX_MESSAGE_LENGTH = 1 << 30;

    private SoftPacketDescriptor() {
    }
}
