package mpi;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import org.mpjbuf.dev.CompletionListener;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.TruncationException;
import org.mpjbuf.dev.TypeMismatchException;

/**
 * A non-blocking operation in progress ({@code Isend}, {@code Irecv}, ...). Waiting for or
 * testing a request completes it and returns its {@link Status}; the request is then inactive
 * and {@link #Is_null()} tells true (a {@link Prequest} can be started again instead).
 * Waiting for an inactive request returns an empty status at once.
 *
 * <p><b>Buffer ownership.</b> The buffer of the operation belongs to the library until the
 * request has completed: do not write a send buffer, nor read or write a receive buffer, before.
 *
 * <p><b>Thread safety.</b> Different threads may wait for different requests at once
 * ({@code MPI.THREAD_MULTIPLE}); completing one request is synchronized, so two threads waiting
 * for the same request get one the status and the other an empty status.
 */
public class Request {

    /**
     * What turns a completed device request into the operation's status (and unpacks), or a
     * failed one into the operation's error; exactly one of the two methods is called, once.
     */
    @FunctionalInterface
    interface Finisher {
        /**
         * Makes the operation's status.
         *
         * @param deviceStatus the device request's status; {@code null} when {@link #readsStatus()}
         *                     says it is not read
         */
        Status finish(org.mpjbuf.dev.Status deviceStatus) throws MPIException;

        /** Tells whether {@link #finish} reads the device's status, which is then made for it. */
        default boolean readsStatus() {
            return true;
        }

        /**
         * Returns the error of an operation whose device request failed: by default
         * {@code MPI_ERR_TRUNCATE} with both sizes for a truncation, {@code MPI_ERR_TYPE} for a
         * message of another element type, else {@code MPI_ERR_OTHER}.
         * An operation that holds resources until it completes overrides it to release them.
         */
        default MPIException failed(DeviceException failure) {
            return failure instanceof TruncationException truncated
                ? truncationError(truncated)
                : operationFailed(failure);
        }
    }

    private static final VarHandle WAITER;

    static {
        try {
            WAITER = MethodHandles.lookup().findVarHandle(Request.class, "waiter", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The rank; null for {@code MPI.REQUEST_NULL}. */
    final RankState state;
    private volatile org.mpjbuf.dev.Request pending;
    private Finisher finisher;
    private Status immediate;
    private boolean active;
    /** The thread parked until {@link #pending} completes, if any; see {@link Waiter}. */
    @SuppressWarnings("unused") // accessed through WAITER
    private volatile Thread waiter;
    /** The device operation {@link #wakeup} listens to; written by the watching thread only. */
    private org.mpjbuf.dev.Request listenedTo;
    /** Unparks the {@link #waiter}; created when a thread first parks on this request. */
    private CompletionListener wakeup;

    /** Creates an inactive request of a rank ({@code null} for the null request). */
    Request(RankState state) {
        this.state = state;
    }

    /** Makes this request track a device operation in flight. */
    final void track(org.mpjbuf.dev.Request deviceRequest, Finisher whenDone) {
        this.pending = deviceRequest;
        this.finisher = whenDone;
        this.immediate = null;
        this.active = true;
    }

    /** Makes this request active and complete already with a status (no device operation). */
    final void completeWith(Status status) {
        this.pending = null;
        this.finisher = null;
        this.immediate = status;
        this.active = true;
    }

    /** Tells whether this request is active and started. */
    final boolean isActive() {
        return active;
    }

    /**
     * Waits until the operation completes.
     *
     * @return the status: for a receive the source, tag and count of the message
     * @throws MPIException (MPI_ERR_TRUNCATE) when the message was longer than the receive buffer,
     *                      or another class when the operation failed
     */
    public Status Wait() throws MPIException {
        org.mpjbuf.dev.Request operation;
        while ((operation = pending) != null && !operation.isComplete()) {
            Waiter.await(this, operation, state);
        }
        return complete();
    }

    /**
     * Completes the operation if it is done, without blocking.
     *
     * @return the status, or {@code null} if the operation has not completed
     * @throws MPIException as {@link #Wait()}
     */
    public Status Test() throws MPIException {
        return ready() ? complete() : null;
    }

    /**
     * Tells whether this is the null request: {@code MPI.REQUEST_NULL}, or a non-persistent
     * request that has completed.
     *
     * @return true for a null request
     */
    public boolean Is_null() {
        return !active;
    }

    /**
     * Cancels a receive that has not matched a message yet; waiting for it then returns a status
     * whose {@link Status#Test_cancelled()} is true. A send, or a receive that already matched,
     * completes normally.
     *
     * @throws MPIException never for an active request; cancelling a null request does nothing
     */
    public void Cancel() throws MPIException {
        org.mpjbuf.dev.Request deviceRequest = pending;
        if (deviceRequest != null && active) {
            deviceRequest.cancel();
        }
    }

    /**
     * Waits until every request completes.
     *
     * @param requests the requests; null entries and null requests get an empty status
     * @return one status per request
     * @throws MPIException when an operation failed (the others are still completed)
     */
    public static Status[] Waitall(Request[] requests) throws MPIException {
        Checks.notNull(requests, "requests");
        Status[] statuses = new Status[requests.length];
        MPIException firstError = null;
        for (int i = 0; i < requests.length; i++) {
            try {
                statuses[i] = requests[i] == null ? MPI.emptyStatus() : requests[i].Wait();
            } catch (MPIException failed) {
                firstError = firstError == null ? failed : firstError;
            }
        }
        if (firstError != null) {
            throw firstError;
        }
        return statuses;
    }

    /**
     * Waits until one request completes and completes it.
     *
     * @param requests the requests
     * @return its status, with {@link Status#index} set; when no request is active, an empty
     *         status whose index is {@code MPI.UNDEFINED}
     * @throws MPIException when the completed operation failed
     */
    public static Status Waitany(Request[] requests) throws MPIException {
        Checks.notNull(requests, "requests");
        while (true) {
            Status status = Testany(requests);
            if (status != null) {
                return status;
            }
            awaitSome(requests);
        }
    }

    /**
     * Completes one request if some request has completed, without blocking.
     *
     * @param requests the requests
     * @return its status with {@link Status#index} set; {@code null} if none has completed; an
     *         empty status with index {@code MPI.UNDEFINED} when no request is active
     * @throws MPIException when the completed operation failed
     */
    public static Status Testany(Request[] requests) throws MPIException {
        Checks.notNull(requests, "requests");
        boolean anyActive = false;
        for (int i = 0; i < requests.length; i++) {
            Request request = requests[i];
            if (request != null && request.active) {
                anyActive = true;
                if (request.ready()) {
                    Status status = request.complete();
                    status.index = i;
                    return status;
                }
            }
        }
        return anyActive ? null : MPI.emptyStatus();
    }

    /**
     * Waits until at least one request completes and completes every request done by then.
     *
     * @param requests the requests
     * @return the statuses of the completed requests, each with {@link Status#index} set; an
     *         empty array when no request is active
     * @throws MPIException when a completed operation failed
     */
    public static Status[] Waitsome(Request[] requests) throws MPIException {
        Checks.notNull(requests, "requests");
        while (true) {
            Status[] statuses = Testsome(requests);
            if (statuses.length > 0 || !anyActive(requests)) {
                return statuses;
            }
            awaitSome(requests);
        }
    }

    /**
     * Completes every request that has completed, without blocking.
     *
     * @param requests the requests
     * @return the statuses of the completed requests, each with {@link Status#index} set
     *         (possibly none)
     * @throws MPIException when a completed operation failed
     */
    public static Status[] Testsome(Request[] requests) throws MPIException {
        Checks.notNull(requests, "requests");
        List<Status> completed = new ArrayList<>();
        for (int i = 0; i < requests.length; i++) {
            Request request = requests[i];
            if (request != null && request.active && request.ready()) {
                Status status = request.complete();
                status.index = i;
                completed.add(status);
            }
        }
        return completed.toArray(Status[]::new);
    }

    /**
     * Completes every request if all have completed, without blocking.
     *
     * @param requests the requests
     * @return one status per request, or {@code null} (completing nothing) if some request has
     *         not completed
     * @throws MPIException when an operation failed
     */
    public static Status[] Testall(Request[] requests) throws MPIException {
        Checks.notNull(requests, "requests");
        for (Request request : requests) {
            if (request != null && request.active && !request.ready()) {
                return null;
            }
        }
        return Waitall(requests);
    }

    /**
     * Tells whether waiting for or testing this request would not block; polls the device once
     * when the operation is still in flight, so a loop of tests makes progress on this thread.
     */
    final boolean ready() {
        org.mpjbuf.dev.Request operation = pending;
        if (!active || operation == null || operation.isComplete()) {
            return true;
        }
        state.device().poll();
        return operation.isComplete();
    }

    /** Returns the device operation in flight, or null when there is none to wait for. */
    final org.mpjbuf.dev.Request operation() {
        return pending;
    }

    /**
     * Makes {@code thread} the one to unpark when {@code operation} completes, registering this
     * request's listener with the operation once. When another thread watches already, the
     * caller gets a listener of its own instead.
     *
     * @param thread    the calling thread, about to park
     * @param operation the device operation it waits for, read from {@link #operation()}
     */
    final void watch(Thread thread, org.mpjbuf.dev.Request operation) {
        if (!WAITER.compareAndSet(this, null, thread) && WAITER.getVolatile(this) != thread) {
            operation.addCompletionListener(completed -> LockSupport.unpark(thread));
            return;
        }
        if (listenedTo != operation) {
            listenedTo = operation;
            if (wakeup == null) {
                wakeup = completed -> {
                    Thread parked = (Thread) WAITER.getVolatile(this);
                    if (parked != null) {
                        LockSupport.unpark(parked);
                    }
                };
            }
            operation.addCompletionListener(wakeup);
        }
    }

    /** Ends {@code thread}'s {@link #watch}, if it is the watcher. */
    final void unwatch(Thread thread) {
        WAITER.compareAndSet(this, thread, null);
    }

    /** Completes a request whose operation is done; the request becomes inactive. */
    private synchronized Status complete() throws MPIException {
        if (!active) {
            return MPI.emptyStatus();
        }
        org.mpjbuf.dev.Request deviceRequest = pending;
        Status status = immediate;
        Finisher whenDone = finisher;
        active = false;
        pending = null;
        finisher = null;
        immediate = null;
        if (deviceRequest == null) {
            return status;
        }
        if (!whenDone.readsStatus()) {
            DeviceException failed = deviceRequest.failure();
            if (failed != null) {
                throw Checks.error(whenDone.failed(failed));
            }
            return whenDone.finish(null);
        }
        org.mpjbuf.dev.Status deviceStatus;
        try {
            deviceStatus = deviceRequest.test();
        } catch (DeviceException failed) {
            throw Checks.error(whenDone.failed(failed));
        }
        return whenDone.finish(deviceStatus);
    }

    /**
     * Describes an operation whose device request failed for another reason than a truncation:
     * {@code MPI_ERR_TYPE} for a message of another element type than the receive's, else
     * {@code MPI_ERR_OTHER}.
     */
    static MPIException operationFailed(DeviceException failure) {
        if (failure instanceof TypeMismatchException) {
            return new MPIException(MPIException.ERR_TYPE, failure.getMessage(), failure);
        }
        return new MPIException(MPIException.ERR_OTHER, "the operation failed: " + failure.getMessage());
    }

    /** Describes a truncated receive with both sizes. */
    static MPIException truncationError(TruncationException truncated) {
        return truncationError(truncated.status(), truncated.receiveCount(), truncated);
    }

    /**
     * Describes a receive of {@code receiveCount} elements that a longer message matched.
     *
     * @param sent  the status of the message as sent
     * @param cause what detected it, or null
     */
    static MPIException truncationError(org.mpjbuf.dev.Status sent, int receiveCount, Throwable cause) {
        return new MPIException(MPIException.ERR_TRUNCATE, "message of " + sent.elementCount()
            + " " + sent.elementType() + " elements with tag " + sent.tag()
            + " is longer than the receive buffer of " + receiveCount
            + " elements (receive a larger count, or probe first)", cause);
    }

    private static boolean anyActive(Request[] requests) {
        for (Request request : requests) {
            if (request != null && request.active) {
                return true;
            }
        }
        return false;
    }

    private static void awaitSome(Request[] requests) {
        for (Request request : requests) {
            if (request != null && request.active && request.state != null) {
                Waiter.awaitAny(requests, request.state);
                return;
            }
        }
    }
}
