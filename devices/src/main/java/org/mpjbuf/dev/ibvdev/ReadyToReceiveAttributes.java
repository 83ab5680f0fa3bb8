package org.mpjbuf.dev.ibvdev;

/**
 * What a reliable-connected queue pair needs to know of its peer to receive
 * ({@link Verbs#modifyToReadyToReceive}, INIT to RTR): the values the two sides exchange before
 * they connect, and the receive side's limits.
 *
 * @param portNumber the local port, from 1
 * @param pathMtu an {@code IBV_MTU_*} value, at most both ports' active MTU
 * @param remoteQueuePairNumber the peer's queue pair number
 * @param receivePsn the first packet sequence number expected from the peer (24 bits; the peer's send PSN)
 * @param remoteLid the peer port's LID (InfiniBand; ignored by RoCE)
 * @param remoteGid the peer port's GID for a global route, or {@code null} for none (required on RoCE)
 * @param sourceGidIndex the index of the local GID the global route leaves from
 * @param hopLimit the global route's hop limit
 * @param serviceLevel the InfiniBand service level (0 to 15)
 * @param maxReadAtomicAsTarget the most RDMA reads and atomics the peer may have outstanding here
 * @param minRnrTimer the receiver-not-ready delay the peer is told to wait, an IB timer code (0 to 31)
 */
public record ReadyToReceiveAttributes(int portNumber, int pathMtu, int remoteQueuePairNumber, int receivePsn,
                                       int remoteLid, Gid remoteGid, int sourceGidIndex, int hopLimit,
                                       int serviceLevel, int maxReadAtomicAsTarget, int minRnrTimer) {
}
