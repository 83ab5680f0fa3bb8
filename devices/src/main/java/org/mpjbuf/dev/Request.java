package org.mpjbuf.dev;

/**
 * A non-blocking send, receive or probe ({@link Device#startProbe}) in progress.
 *
 * <p><b>Completion.</b> A send request completes when its buffer may be reused: an eager standard
 * send at once, a rendezvous send when the receiver has copied the data, a synchronous send
 * ({@link Device#issend}) only after a receive has matched it. A receive request completes when the
 * data are in the receive buffer, when it has been cancelled, or when it failed (truncation, type
 * mismatch, undecodable objects, peer gone). Everything the completing side wrote to the receive
 * buffer happens-before the return of {@link #await()}, of a {@link #test()} that returns a status,
 * and the call of every {@link CompletionListener}.
 *
 * <p><b>Thread safety.</b> All methods are thread-safe; several threads may test or wait for the
 * same request.
 */
public interface Request {
    /**
     * Tells whether the request has completed (successfully, cancelled or failed), without
     * blocking and without throwing.
     *
     * @return {@code true} once complete
     */
    boolean isComplete();

    /**
     * Returns the status if the request has completed, without blocking.
     *
     * @return the status, or {@code null} if the request has not completed yet
     * @throws TruncationException if the message was larger than the receive buffer
     * @throws TypeMismatchException if the message's elements are of another type than the receive's
     * @throws DeviceException if the request failed for another reason
     */
    Status test();

    /**
     * Returns why a completed request failed, or {@code null} when it succeeded or has not
     * completed yet: what {@link #test()} would throw, without making the status a caller that
     * only needs to know whether a send went through has no use for.
     *
     * @return the failure, or {@code null}
     */
    default DeviceException failure() {
        try {
            test();
            return null;
        } catch (final DeviceException failed) {
            return failed;
        }
    }

    /**
     * Waits until the request completes (spinning, then yielding, then parking, as the device is
     * configured) and returns its status.
     *
     * @return the status
     * @throws TruncationException if the message was larger than the receive buffer
     * @throws TypeMismatchException if the message's elements are of another type than the receive's
     * @throws DeviceException if the request failed for another reason
     */
    Status await();

    /**
     * Cancels a receive or a probe that has not matched a message yet. A cancelled request
     * completes at once with a status whose {@link Status#cancelled()} is {@code true}. Sends,
     * receives and probes that already matched, and completed requests are not cancelled.
     *
     * @return {@code true} if this call cancelled the receive or probe
     */
    boolean cancel();

    /**
     * Registers a listener called once when this request completes; if it has completed already
     * the listener is called at once on the calling thread. Listeners are dropped after the call,
     * so a listener registered for one {@code Waitany} does not stay attached.
     *
     * @param listener the listener
     * @throws NullPointerException if {@code listener} is {@code null}
     */
    void addCompletionListener(CompletionListener listener);

    /**
     * Tells how many bytes this request moves: a send's message, or at most a receive's buffer.
     * A waiting thread may spin longer for many bytes ({@link SpinBudget#allowanceNanos(long)}), since
     * such a wait lasts as long as the peer takes to pack, send and copy them, and parking then
     * adds a wake-up to every large message.
     *
     * @return the bytes, or 0 where the device does not tell (a probe, a device whose waits the
     *         spin budget alone governs)
     */
    default long expectedBytes() {
        return 0;
    }
}
