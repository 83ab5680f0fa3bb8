package org.mpjbuf.dev.ibvdev;

/**
 * What a reliable-connected queue pair needs to send ({@link Verbs#modifyToReadyToSend}, RTR to RTS).
 *
 * @param sendPsn the first packet sequence number sent (24 bits; the peer's receive PSN)
 * @param timeout the local ACK timeout, 4.096 us * 2^timeout (0 to 31; 14 is about 67 ms)
 * @param retryCount how often a packet is retried without an ACK before the send fails (0 to 7)
 * @param rnrRetry how often a receiver-not-ready NAK is retried (0 to 6, 7 for forever)
 * @param maxReadAtomicAsInitiator the most RDMA reads and atomics outstanding from here
 */
public record ReadyToSendAttributes(int sendPsn, int timeout, int retryCount, int rnrRetry,
                                    int maxReadAtomicAsInitiator) {
}
