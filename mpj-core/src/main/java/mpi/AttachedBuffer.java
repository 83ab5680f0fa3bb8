package mpi;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;

import org.mpjbuf.mpj.runtime.RankEnvironment;

/**
 * The space accounting of the buffer attached for buffered sends. A buffered send copies its
 * message out of the user's array and reserves the message's packed length plus
 * {@link MPI#BSEND_OVERHEAD} bytes until the device has delivered it; a send that does not fit in
 * the free space fails with MPI_ERR_BUFFER.
 *
 * <p>Thread-safe: synchronized. A thread draining the buffer makes itself known and checks the
 * reservations under the monitor, then parks through {@link RankEnvironment#park} outside it:
 * every release unparks the known drainers, and a stopped job wakes them like any other wait.
 */
final class AttachedBuffer {

    private final Set<Thread> drainers = new HashSet<>();
    private long capacity = -1;
    private long reserved;

    /** Attaches a buffer of the given length. */
    synchronized void attach(long length) throws MPIException {
        if (capacity >= 0) {
            throw Checks.error(MPIException.ERR_BUFFER, "a buffer of " + capacity
                + " bytes is attached already (call MPI.Buffer_detach() first)");
        }
        capacity = length;
    }

    /** Waits until every buffered message has been delivered, then detaches the buffer. */
    void detach(RankEnvironment environment) throws MPIException {
        synchronized (this) {
            if (capacity < 0) {
                throw Checks.error(MPIException.ERR_BUFFER,
                    "MPI.Buffer_detach() without an attached buffer");
            }
        }
        drain(environment);
        synchronized (this) {
            capacity = -1;
        }
    }

    /**
     * Waits until every buffered message has been delivered; returns early, with the interrupt
     * status set, if the thread is interrupted.
     *
     * @throws org.mpjbuf.mpj.runtime.RankAbortedError when the job is stopped meanwhile
     */
    void drain(RankEnvironment environment) {
        Thread self = Thread.currentThread();
        try {
            while (!self.isInterrupted()) {
                synchronized (this) {
                    if (reserved <= 0) {
                        return;
                    }
                    drainers.add(self);
                }
                environment.park(this);
            }
        } finally {
            synchronized (this) {
                drainers.remove(self);
            }
        }
    }

    /**
     * Reserves space for one buffered message.
     *
     * @param length the message's packed length in bytes
     * @return the bytes reserved, to pass to {@link #release}
     * @throws MPIException (MPI_ERR_BUFFER) when no buffer is attached or the message does not fit
     */
    synchronized long reserve(long length) throws MPIException {
        long needed = length + MPI.BSEND_OVERHEAD;
        if (capacity < 0) {
            throw Checks.error(MPIException.ERR_BUFFER, "buffered send of " + length
                + " bytes without an attached buffer (call MPI.Buffer_attach first)");
        }
        if (reserved + needed > capacity) {
            throw Checks.error(MPIException.ERR_BUFFER, "buffered send of " + length + " bytes (+"
                + MPI.BSEND_OVERHEAD + " overhead) overflows the attached buffer: " + reserved
                + " of " + capacity + " bytes are in use by undelivered messages (attach a larger "
                + "buffer; Pack_size + BSEND_OVERHEAD per message)");
        }
        reserved += needed;
        return needed;
    }

    /** Releases the space of a delivered message. */
    synchronized void release(long bytes) {
        reserved -= bytes;
        for (Thread drainer : drainers) {
            LockSupport.unpark(drainer);
        }
    }
}
