package org.mpjbuf.dev;

/**
 * Told once when a {@link Request} completes, successfully or not; the building block of
 * {@code Waitany}, {@code Waitsome} and {@code Testany}.
 *
 * <p>The listener runs on whichever thread completes the request (often another rank's thread),
 * or on the registering thread if the request is already complete. It must be short and must not
 * block or call the device; setting a flag, counting down or unparking a thread is what it is for.
 */
@FunctionalInterface
public interface CompletionListener {
    /**
     * Called once after {@code request} has completed; {@link Request#isComplete()} is then
     * {@code true}.
     *
     * @param request the completed request
     */
    void onComplete(Request request);
}
