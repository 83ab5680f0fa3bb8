package org.mpjbuf.dev.smdev;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.Status;

/**
 * The receiving side of one rank: its posted-receive queue and its unexpected-message queue,
 * guarded by one lock.
 *
 * <h2>Design note</h2>
 * Matching happens under the lock of the receiving rank's mailbox, whoever arrives second does
 * the copy, and the copy itself runs outside the lock:
 * <ol>
 *   <li>A sender locks the destination's mailbox and removes the oldest posted receive that
 *       accepts its (source, tag, context). If there is one, it unlocks and copies its data
 *       straight into the receive buffer (one copy, whatever the size).</li>
 *   <li>Otherwise it appends itself to the unexpected queue: an eager send first copies its data
 *       into a staging buffer, outside the lock (so that a receiver posting meanwhile is not
 *       held up by the copy), looks once more for a posted receive, and completes at once (a
 *       small run, {@link Transfers#isSmall}, is copied to the heap under the lock instead, which
 *       costs less than a second round on the lock); a
 *       rendezvous or synchronous send leaves a reference to its own array and completes when a
 *       receiver has copied from it.</li>
 *   <li>A receiver locks its own mailbox and removes the oldest unexpected message its pattern
 *       accepts; if there is one it unlocks and copies (from the staging buffer, or straight from
 *       the sender's array); otherwise it appends itself to the posted queue.</li>
 * </ol>
 * Both queues are FIFO and every append and removal happens under the one lock, so the order in
 * which a sender's thread enqueued two messages is the order in which receives see them: no
 * sequence numbers are needed for non-overtaking, and {@code ANY_SOURCE} costs nothing extra. The
 * paper's design keeps one lock per pair of ranks and needs sequence numbers to match
 * {@code ANY_SOURCE} in order; one lock per receiver is contended only by the ranks sending to it.
 *
 * <p>Lock-free inboxes (a JCTools MPSC queue per rank, drained in order into the receiving rank's
 * private queues, with senders helping to drain so that completion listeners progress) were built
 * and measured against this design: they were slower in ping-pong and with many senders to one
 * receiver, because every eager message must be staged before it is queued (the sender can no
 * longer copy straight into a posted receive) and crosses one more queue; see the benchmarks
 * README.
 *
 * <p><b>Probes.</b> A probe that finds no matching unexpected message waits in a third queue,
 * {@link #probes}; a send that joins the unexpected queue completes, still under the lock, every
 * waiting probe that accepts it. Registration and arrival both happen under the lock, so an
 * arrival is either seen by the probe's search or completes the probe: no wake-up is lost, and
 * no thread polls.
 *
 * <p><b>The lock.</b> Every critical section is a few queue operations (and the completion of the
 * waiting probes an arrival satisfies): no copy and no wait happens under it. So a thread that finds the lock taken spins on it, then yields
 * between attempts (the holder may have lost its core when ranks outnumber cores), and never
 * parks: a parked waiter would cost a wake-up of several microseconds for a section of tens of
 * nanoseconds, which is what a {@code ReentrantLock} did to two ranks whose sends crossed (a
 * barrier). The lock word is a field of the mailbox, beside the queues it guards, so taking it
 * brings their cache line along; releasing it is an ordered store, not a fence.
 *
 * <p>Thread-safe: every field is guarded by the lock ({@link #lock()}, {@link #unlock()}).
 */
final class Mailbox {
    /** Attempts on a taken lock that only spin; after them each attempt yields first. */
    private static final int SPINS_BEFORE_YIELDING = 128;
    private static final VarHandle HELD;

    static {
        try {
            HELD = MethodHandles.lookup().findVarHandle(Mailbox.class, "held", int.class);
        } catch (final ReflectiveOperationException ex) {
            throw new ExceptionInInitializerError(ex);
        }
    }

    @SuppressWarnings("unused") // accessed through HELD
    private volatile int held;
    final RequestQueue posted = new RequestQueue();
    final RequestQueue unexpected = new RequestQueue();
    final RequestQueue probes = new RequestQueue();
    private final int rank;
    private boolean finished;

    Mailbox(final int rank) {
        this.rank = rank;
    }

    int rank() {
        return rank;
    }

    /** Takes the lock; see the class comment for how a taken lock is waited for. */
    private void lock() {
        if (!HELD.compareAndSet(this, 0, 1)) {
            awaitLock();
        }
    }

    private void awaitLock() {
        for (int attempt = 1; ; attempt++) {
            if (attempt < SPINS_BEFORE_YIELDING) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
            if ((int) HELD.getOpaque(this) == 0 && HELD.compareAndSet(this, 0, 1)) {
                return;
            }
        }
    }

    private void unlock() {
        HELD.setRelease(this, 0);
    }

    /**
     * Matches a send against the posted receives, or queues it as unexpected.
     *
     * @return the matched receive, removed from the posted queue, or {@code null} if queued
     * @throws DeviceException if this rank has finished
     */
    SmdevRequest matchOrQueue(final SmdevRequest send, final Transfers transfers) {
        if (!send.eager || send.staged != null) {
            return match(send, true, null);
        }
        if (Transfers.isSmall(send)) {
            // a copy of a few hundred bytes costs less than taking the lock twice
            return match(send, true, transfers);
        }
        SmdevRequest receive = match(send, false, null);
        if (receive == null) {
            // stage outside the lock, so the copy never blocks the receiving rank, then look again
            transfers.stage(send);
            try {
                receive = match(send, true, null);
            } catch (final DeviceException finished) {
                transfers.release(send);
                throw finished;
            }
        }
        return receive;
    }

    /**
     * Removes and returns the oldest posted receive that accepts the send; if there is none,
     * queues the send as unexpected when {@code queue} says so, staged first by {@code stager}
     * when one is given.
     */
    private SmdevRequest match(final SmdevRequest send, final boolean queue, final Transfers stager) {
        lock();
        try {
            if (finished) {
                throw new DeviceException("cannot send to rank " + rank + ": it has finished");
            }
            final SmdevRequest receive = posted.firstReceiveFor(send.sourceRank, send.tag, send.context);
            if (receive != null) {
                posted.remove(receive);
                receive.queuedIn = null;
                return receive;
            }
            if (queue) {
                if (stager != null) {
                    stager.stage(send);
                }
                unexpected.add(send);
                send.queuedIn = this;
                if (!probes.isEmpty()) {
                    completeProbes(send);
                }
            }
            return null;
        } finally {
            unlock();
        }
    }

    /**
     * Matches a receive against the unexpected messages, or posts it.
     *
     * @return the matched send, removed from the unexpected queue, or {@code null} if posted
     */
    SmdevRequest matchOrPost(final SmdevRequest receive) {
        lock();
        try {
            final SmdevRequest send = unexpected.firstMessageFor(receive.sourceRank, receive.tag, receive.context);
            if (send != null) {
                unexpected.remove(send);
                send.queuedIn = null;
                return send;
            }
            posted.add(receive);
            receive.queuedIn = this;
            return null;
        } finally {
            unlock();
        }
    }

    /**
     * Completes, with the status of a send just queued as unexpected, every waiting probe that
     * accepts it. Runs under the lock; completion only publishes the status and unparks.
     */
    private void completeProbes(final SmdevRequest send) {
        SmdevRequest probe = probes.head();
        while (probe != null) {
            final SmdevRequest after = probe.next;
            if (SmdevRequest.matches(probe.sourceRank, probe.tag, probe.context, send.sourceRank, send.tag,
                send.context)) {
                probes.remove(probe);
                probe.queuedIn = null;
                probe.complete(send.messageStatus(probe.owner.world().id(send.sourceRank)), null);
            }
            probe = after;
        }
    }

    /**
     * Returns the oldest unexpected message the probe accepts; if there is none, queues the probe
     * until one arrives (or completes it as cancelled if this rank has finished) and returns
     * {@code null}.
     */
    SmdevRequest firstMessageOrWait(final SmdevRequest probe) {
        lock();
        try {
            final SmdevRequest send = unexpected.firstMessageFor(probe.sourceRank, probe.tag, probe.context);
            if (send == null) {
                if (finished) {
                    probe.complete(Status.ofCancelled(probe.tag, probe.context), null);
                } else {
                    probes.add(probe);
                    probe.queuedIn = this;
                }
            }
            return send;
        } finally {
            unlock();
        }
    }

    /** Returns the oldest matching unexpected message without removing it, or {@code null}. */
    SmdevRequest firstMessage(final int source, final int tag, final int context) {
        lock();
        try {
            return unexpected.firstMessageFor(source, tag, context);
        } finally {
            unlock();
        }
    }

    /**
     * Removes a posted receive or a waiting probe that has not matched yet; returns whether it was
     * still queued.
     */
    boolean unpost(final SmdevRequest receive) {
        lock();
        try {
            if (receive.queuedIn != this) {
                return false;
            }
            (receive.probe ? probes : posted).remove(receive);
            receive.queuedIn = null;
            return true;
        } finally {
            unlock();
        }
    }

    /**
     * Closes the mailbox when its rank finishes: later sends to it fail; queued messages are
     * dropped (senders still waiting fail); posted receives and waiting probes complete as
     * cancelled.
     */
    void close(final Transfers transfers) {
        final RequestQueue droppedSends = new RequestQueue();
        final RequestQueue droppedReceives = new RequestQueue();
        lock();
        try {
            finished = true;
            moveAll(unexpected, droppedSends);
            moveAll(posted, droppedReceives);
            moveAll(probes, droppedReceives);
        } finally {
            unlock();
        }
        for (SmdevRequest s = droppedSends.head(); s != null; s = droppedSends.head()) {
            droppedSends.remove(s);
            transfers.release(s);
            if (!s.eager) {
                s.complete(null, new DeviceException("rank " + rank
                    + " finished without receiving this message: " + s));
            }
        }
        for (SmdevRequest r = droppedReceives.head(); r != null; r = droppedReceives.head()) {
            droppedReceives.remove(r);
            r.complete(Status.ofCancelled(r.tag, r.context), null);
        }
    }

    private static void moveAll(final RequestQueue from, final RequestQueue to) {
        for (SmdevRequest r = from.head(); r != null; r = from.head()) {
            from.remove(r);
            r.queuedIn = null;
            to.add(r);
        }
    }
}
