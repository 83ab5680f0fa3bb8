package org.mpjbuf.dev.smdev;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

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
 * <p><b>Fast boxes.</b> Small eager messages from another rank arrive in that rank's
 * {@link FastBox} instead (see there): the receiving rank's threads take them in when they poll
 * ({@link #poll()}, on every turn of a wait) and whenever they post a receive, up to the last
 * message a posted receive or a waiting probe wants (the rest stay in the box, in order, until a
 * receive wants them); a probe empties every box here first, and a sender whose message takes
 * the queues its own, in the same critical section, so that nothing is missed or overtaken. A message
 * taken from a box goes through the same matching as a sender's: into the oldest posted receive
 * that accepts it, else to the unexpected queue. A thread that stops polling to park registers first
 * ({@link #startsWaiting()}); while any does, senders hand their box messages in themselves
 * ({@link #needsSenderDelivery()}), so that the completion which unparks it still comes.
 *
 * <p><b>The lock.</b> Every critical section is a few queue operations (and the completion of the
 * waiting probes an arrival satisfies): no copy and no wait happens under it. So it is a
 * {@link LockWord}, on which a thread spins and yields but never parks: a parked waiter would
 * cost a wake-up of several microseconds for a section of tens of nanoseconds, which is what a
 * {@code ReentrantLock} did to two ranks whose sends crossed (a barrier). The lock word is a field
 * of the mailbox, beside the queues it guards, so taking it brings their cache line along.
 *
 * <p>Thread-safe: every field is guarded by the lock ({@link #lock()}, {@link #unlock()}).
 */
final class Mailbox {
    private static final VarHandle HELD;
    private static final VarHandle WAITERS;
    private static final FastBox[] NO_BOXES = {};

    static {
        try {
            HELD = MethodHandles.lookup().findVarHandle(Mailbox.class, "held", long.class);
            WAITERS = MethodHandles.lookup().findVarHandle(SenderFacingValues.class, "waiters", int.class);
        } catch (final ReflectiveOperationException ex) {
            throw new ExceptionInInitializerError(ex);
        }
    }

    @SuppressWarnings("unused") // accessed through HELD
    private volatile long held;
    final RequestQueue posted = new RequestQueue();
    final RequestQueue unexpected = new RequestQueue();
    final RequestQueue probes = new RequestQueue();
    private final int rank;
    private final Transfers transfers;
    private boolean finished;
    /**
     * What senders read on every fast-box message, on a line of its own: the lock and the queues
     * are written on every critical section, these almost never.
     */
    private final SenderFacing senderFacing = new SenderFacing();
    /**
     * The boxes of the ranks that have sent here through one, replaced under the lock; read on
     * every turn of this rank's waits, so on a line of its own: beside the lock word, each
     * sender's lock would take the line from the polling receiver and back on every access of
     * its critical section.
     */
    private final Padded.Reference<FastBox[]> incoming = new Padded.Reference<>(NO_BOXES);

    Mailbox(final int rank, final Transfers transfers) {
        this.rank = rank;
        this.transfers = transfers;
    }

    /**
     * Returns where this rank's boxes are listed, for its device to keep: a poll that reads them
     * from there ({@link #hasArrivals(Padded.Reference)}) touches no line of this mailbox, which
     * senders write whenever they take the lock.
     *
     * @return the list's holder
     */
    Padded.Reference<FastBox[]> incomingBoxes() {
        return incoming;
    }

    int rank() {
        return rank;
    }

    /** Takes the lock; see {@link LockWord} for how a taken lock is waited for. */
    private void lock() {
        LockWord.lock(HELD, this);
    }

    private void unlock() {
        LockWord.unlock(HELD, this);
    }

    /**
     * Adds a sending rank's box to those this rank polls; called once per box, before its
     * first message is published.
     *
     * @param box the box
     */
    void register(final FastBox box) {
        lock();
        try {
            final FastBox[] known = incoming.value;
            final FastBox[] boxes = Arrays.copyOf(known, known.length + 1);
            boxes[boxes.length - 1] = box;
            incoming.value = boxes;
        } finally {
            unlock();
        }
    }

    /**
     * Tells a sender, without the lock, whether this rank has finished, so that a fast-box
     * message to it fails as a queued one would.
     *
     * @return whether this rank's device has finished
     */
    boolean hasFinished() {
        return senderFacing.finished;
    }

    /**
     * Tells a sender that has just published a box message whether a thread of this rank waits
     * without polling, so that the sender must hand the message in itself
     * ({@link #takeIn(FastBox)}).
     *
     * @return whether any thread of this rank has registered with {@link #startsWaiting()}
     */
    boolean needsSenderDelivery() {
        return senderFacing.waiters > 0;
    }

    /**
     * Registers a thread of this rank that is about to wait without polling, then takes in what
     * the boxes hold: a message published before is matched now, one published after is handed in
     * by its sender. Each call is paired with one {@link #stopsWaiting()}.
     */
    void startsWaiting() {
        WAITERS.getAndAdd(senderFacing, 1);
        VarHandle.fullFence();
        poll();
    }

    /** Ends one {@link #startsWaiting()} registration. */
    void stopsWaiting() {
        WAITERS.getAndAdd(senderFacing, -1);
    }

    /**
     * Takes in the messages waiting in this rank's boxes that a posted receive or a waiting probe
     * wants, if any: the poll of a waiting thread of this rank, cheap when no box has a message it
     * has not examined (one read of each box's slot).
     */
    void poll() {
        if (!hasArrivals(incoming)) {
            return;
        }
        SmdevRequest ready = null;
        lock();
        try {
            ready = takeInAll(null, false);
        } finally {
            unlock();
            completeTaken(ready);
        }
    }

    /**
     * Takes in the messages of one sender's box that a posted receive or a waiting probe wants;
     * called by that sender when this rank waits without polling.
     *
     * @param box the sender's box to this rank
     */
    void takeIn(final FastBox box) {
        SmdevRequest ready = null;
        lock();
        try {
            ready = takeIn(box, null, false);
        } finally {
            unlock();
            completeTaken(ready);
        }
    }

    /**
     * Tells, without the lock, whether any box listed in a holder from {@link #incomingBoxes()}
     * has a message no poll has examined yet: one read of each box's slot.
     *
     * @param holder the holder
     * @return whether a box has such a message
     */
    static boolean hasArrivals(final Padded.Reference<FastBox[]> holder) {
        for (final FastBox box : holder.value) {
            if (box.hasMessage()) {
                return true;
            }
        }
        return false;
    }

    /** Takes in the messages of every box, all of them or those wanted; under the lock. */
    private SmdevRequest takeInAll(final SmdevRequest ready, final boolean all) {
        SmdevRequest taken = ready;
        for (final FastBox box : incoming.value) {
            taken = takeIn(box, taken, all);
        }
        return taken;
    }

    /**
     * Takes published messages of a box, oldest first, under the lock: each goes to the oldest
     * posted receive that accepts it (copied now, and added to the list of receives to complete
     * once the lock is released) or to the unexpected queue. With {@code all} every message goes;
     * otherwise only up to the last one that a posted receive or a waiting probe wants, and the
     * rest stay in the box, marked as examined, until a receive or probe that wants them is
     * started (a message queued as unexpected costs a copy and an envelope, and the next
     * receive would find it in the box anyway). A finished rank drops them all.
     *
     * @param box the box
     * @param ready the receives matched so far, linked through {@link SmdevRequest#nextTaken}
     * @param all whether to take every message
     * @return the receives matched so far, this box's first
     */
    private SmdevRequest takeIn(final FastBox box, final SmdevRequest ready, final boolean all) {
        SmdevRequest taken = ready;
        final long first = box.head();
        long end = first;
        long wantedEnd = first;
        for (; box.published(end); end++) {
            if (all || finished || isWanted(box, end)) {
                wantedEnd = end + 1;
            }
        }
        for (long n = first; n < wantedEnd; n++) {
            if (finished) {
                continue;
            }
            final SmdevRequest receive = posted.firstReceiveFor(box.sourceRank, box.tag(n), box.context(n));
            if (receive != null) {
                posted.remove(receive);
                receive.queuedIn = null;
                if (!box.copyInto(n, receive)) {
                    receive.takenMessage = box.envelope(n);
                }
                receive.nextTaken = taken;
                taken = receive;
            } else {
                final SmdevRequest send = box.envelope(n);
                unexpected.add(send);
                send.queuedIn = this;
                if (!probes.isEmpty()) {
                    completeProbes(send);
                }
            }
        }
        box.taken(wantedEnd, end);
        return taken;
    }

    /** Tells whether a posted receive or a waiting probe accepts a published box message. */
    private boolean isWanted(final FastBox box, final long n) {
        final int tag = box.tag(n);
        final int context = box.context(n);
        return posted.firstReceiveFor(box.sourceRank, tag, context) != null
            || !probes.isEmpty() && probes.firstReceiveFor(box.sourceRank, tag, context) != null;
    }

    /** Completes the receives that box messages matched; after the lock is released. */
    private void completeTaken(final SmdevRequest ready) {
        SmdevRequest receive = ready;
        while (receive != null) {
            final SmdevRequest after = receive.nextTaken;
            receive.nextTaken = null;
            final SmdevRequest message = receive.takenMessage;
            if (message == null) {
                receive.complete(null, null);
            } else {
                receive.takenMessage = null;
                transfers.deliver(message, receive);
            }
            receive = after;
        }
    }

    /**
     * Matches a send against the posted receives, or queues it as unexpected.
     *
     * @return the matched receive, removed from the posted queue, or {@code null} if queued
     * @throws DeviceException if this rank has finished
     */
    SmdevRequest matchOrQueue(final SmdevRequest send) {
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
        SmdevRequest ready = null;
        lock();
        try {
            if (finished) {
                throw new DeviceException("cannot send to rank " + rank + ": it has finished");
            }
            // what the sender's box holds was sent before this message; other senders' boxes may wait
            final FastBox box = send.owner.boxTo(rank);
            if (box != null) {
                ready = takeIn(box, null, true);
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
            completeTaken(ready);
        }
    }

    /**
     * Matches a receive against the unexpected messages, or posts it.
     *
     * A message waiting in a box, which came after every queued one of its sender, is taken
     * in after the receive is posted, so that it goes to the oldest posted receive that accepts
     * it, which may be this one.
     *
     * @return the matched send, removed from the unexpected queue, or {@code null} if posted
     *     (the receive may be complete already, with a box message)
     */
    SmdevRequest matchOrPost(final SmdevRequest receive) {
        SmdevRequest ready = null;
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
            ready = takeInAll(null, false);
            return null;
        } finally {
            unlock();
            completeTaken(ready);
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
        SmdevRequest ready = null;
        lock();
        try {
            ready = takeInAll(null, true);
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
            completeTaken(ready);
        }
    }

    /** Returns the oldest matching unexpected message without removing it, or {@code null}. */
    SmdevRequest firstMessage(final int source, final int tag, final int context) {
        SmdevRequest ready = null;
        lock();
        try {
            ready = takeInAll(null, true);
            return unexpected.firstMessageFor(source, tag, context);
        } finally {
            unlock();
            completeTaken(ready);
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
    void close() {
        final RequestQueue droppedSends = new RequestQueue();
        final RequestQueue droppedReceives = new RequestQueue();
        lock();
        try {
            finished = true;
            senderFacing.finished = true;
            takeInAll(null, true);
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

    /** The values of {@link SenderFacing}, between its padding. */
    private abstract static class SenderFacingValues extends Padded.Line {
        /** The threads of this rank registered by {@link #startsWaiting()}. */
        volatile int waiters;
        /** Whether this rank has finished. */
        volatile boolean finished;
    }

    /** {@link SenderFacingValues} with a cache line of their own. */
    @SuppressWarnings("unused")
    private static final class SenderFacing extends SenderFacingValues {
        private long q1;
        private long q2;
        private long q3;
        private long q4;
        private long q5;
        private long q6;
        private long q7;
    }
}
