package org.mpjbuf.dev.protocol;

import org.mpjbuf.Buffer;

/**
 * What {@link Protocol} needs from a process device's transport to one peer: the frames a message
 * becomes, however the transport carries them (niodev: a TCP stream; ibvdev: sends and RDMA
 * writes over a queue pair). The protocol decides which of them a message takes and when; the
 * link only moves bytes, and tells the protocol what arrives by calling it back
 * ({@link Protocol#arrived}, {@link Protocol#readyToSend}, {@link Protocol#dataArrived},
 * {@link Protocol#dataArrivedInPlace}).
 *
 * <p><b>Errors.</b> A method that cannot reach the peer (the link is closed or fails while
 * sending) throws {@link org.mpjbuf.dev.DeviceException} naming the peer; the protocol fails the
 * request concerned, and the transport fails the others when it closes the link.
 *
 * <p><b>Threads.</b> Every method may be called from any thread of the rank, concurrently; a link
 * keeps the order of the frames each thread sends.
 */
public interface Link {
    /**
     * Returns the peer's rank.
     *
     * @return the rank at the other end
     */
    int peer();

    /**
     * Returns the eager credit between this rank and the peer, both ways.
     *
     * @return the credit
     */
    EagerCredit credit();

    /**
     * Sends a whole standard-mode message of an array run or of objects at once (its eager credit
     * has been taken). On return the send's array may be reused: what the transport has not taken
     * yet is copied.
     *
     * @param send the send, not yet complete; the protocol completes it
     */
    void sendEager(MessageRequest send);

    /**
     * Sends a whole standard-mode buffer message at once (its eager credit has been taken), with
     * no request. On return the buffer may be reused: what the transport has not taken yet is
     * copied.
     *
     * @param message the committed buffer
     * @param tag the tag
     * @param context the context
     * @param firstCount the elements of the buffer's first section
     * @param firstTypeCode the frame code of its first section's element type
     *     ({@link MessageRequest#typeCode()})
     */
    void sendEager(Buffer message, int tag, int context, int firstCount, int firstTypeCode);

    /**
     * Sends a rendezvous message's request to send: its envelope and {@link MessageRequest#id}.
     *
     * @param send the send, registered with the matcher
     */
    void sendRequestToSend(MessageRequest send);

    /**
     * Tells the peer that a receive matched its rendezvous message and is ready for the data:
     * the peer answers with {@link Protocol#readyToSend} on its side, then the data.
     *
     * @param message the request to send that matched, from this link's peer
     * @param receive the receive, registered with the matcher under {@link MessageRequest#id}
     */
    void sendReadyToReceive(Arrival message, MessageRequest receive);

    /**
     * Sends a rendezvous send's data to the receive that is ready for them, and completes the send
     * once its array or buffer may be reused (at once, or when the transport has taken the data).
     *
     * @param send the send, taken from the matcher
     * @param receiveId the peer's id of the receive
     */
    void sendData(MessageRequest send, long receiveId);

    /**
     * An eager message from the peer was delivered or dropped and its memory freed: its credit
     * becomes returnable, and the link returns it with its next frame or in a credit frame.
     *
     * @param length the message's length in bytes
     */
    void eagerMessageFreed(int length);
}
