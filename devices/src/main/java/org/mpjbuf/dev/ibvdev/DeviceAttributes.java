package org.mpjbuf.dev.ibvdev;

/**
 * The limits of an opened device that a protocol sizes its queues by ({@link Verbs#queryDevice}).
 *
 * @param portCount the number of physical ports, numbered from 1
 * @param maxWorkRequests the deepest send or receive queue a queue pair may have
 * @param maxScatterGather the most scatter/gather entries one work request may have
 * @param maxCompletionQueueEntries the most entries of one completion queue
 * @param maxReadAtomicAsTarget the most RDMA reads and atomics a queue pair may serve at once
 * @param maxReadAtomicAsInitiator the most RDMA reads and atomics a queue pair may have outstanding
 */
public record DeviceAttributes(int portCount, int maxWorkRequests, int maxScatterGather,
                               int maxCompletionQueueEntries, int maxReadAtomicAsTarget,
                               int maxReadAtomicAsInitiator) {
}
