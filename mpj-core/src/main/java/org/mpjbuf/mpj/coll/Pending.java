package org.mpjbuf.mpj.coll;

/**
 * A non-blocking send or receive started on a {@link CollectiveChannel}.
 *
 * <p>Not thread-safe: only the rank thread that started the operation may wait on it.
 *
 * @param <X> the exception the channel raises
 */
public interface Pending<X extends Exception> {
    /**
     * Blocks until the operation is complete; the buffer it named may then be reused.
     *
     * @throws X when the transfer failed
     */
    void await() throws X;
}
