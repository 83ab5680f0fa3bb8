package org.mpjbuf.dev.protocol;

/**
 * An entry of a {@link FifoQueue}: receives, probes and arrived messages link themselves, so that
 * queueing allocates nothing.
 *
 * <p>Not thread-safe: the links are guarded by the lock of the queue's owner ({@link Matcher}).
 */
abstract class Queued {
    Queued previous;
    Queued next;
    /** The queue this entry is in, or {@code null}. */
    FifoQueue<?> queue;
}
