package org.mpjbuf.dev.protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

import org.agrona.collections.Long2ObjectHashMap;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.ProcessID;

/**
 * The matching state of one niodev rank: posted receives, waiting probes, arrived (unexpected)
 * messages, the rendezvous sends waiting for their ready message and the rendezvous receives
 * waiting for their data, and what is known of each peer (alive, finished or failed); all
 * guarded by one lock.
 *
 * <h2>Design note</h2>
 * The frames of one connection are read, in order, by one thread at a time (the one that drives
 * the device's transport), and each arrival is matched under the lock as soon
 * as its envelope is complete; messages a rank sends to itself
 * are matched under the same lock by the sending thread. So the order in which a peer's messages
 * meet the queues is the order in which it sent them, and both queues are FIFO: no sequence
 * numbers are needed for MPI's non-overtaking rule, and {@code ANY_SOURCE} costs nothing extra
 * (the smdev mailbox works the same way). A rendezvous message is matched on its request to
 * send: its place in the order is taken then, and only its data come later.
 *
 * <p>Nothing here copies data or touches a socket: the methods say what was matched, and the
 * caller copies, sends the ready message or completes outside the lock. Only waiting probes and
 * receives that cannot be matched any more are completed under the lock (completion unparks and
 * runs listeners, which must be short).
 *
 * <p>Thread-safe.
 */
final class Matcher {
    private final ReentrantLock lock = new ReentrantLock();
    private final FifoQueue<MessageRequest> posted = new FifoQueue<>();
    private final FifoQueue<MessageRequest> probes = new FifoQueue<>();
    private final FifoQueue<Arrival> unexpected = new FifoQueue<>();
    private final Long2ObjectHashMap<MessageRequest> rendezvousSends = new Long2ObjectHashMap<>();
    private final Long2ObjectHashMap<MessageRequest> rendezvousReceives = new Long2ObjectHashMap<>();
    private final ProcessID[] ids;
    /** Why each peer can no longer send: {@code null} while it can. */
    private final String[] gone;
    private final boolean[] failed;
    private String firstFailure;
    private boolean closed;
    private long nextId;

    Matcher(final ProcessID[] ids) {
        this.ids = ids;
        this.gone = new String[ids.length];
        this.failed = new boolean[ids.length];
    }

    /**
     * Matches an arrived message (an eager message, or a rendezvous request to send) against the
     * posted receives; if none accepts it, queues it as unexpected and completes the waiting
     * probes it satisfies. A matched rendezvous receive is registered for its data.
     *
     * @return the matched receive, or {@code null} if the message was queued, or dropped because
     *     this rank has finished ({@link Arrival#dropped} is then set and the block is the
     *     caller's to free)
     */
    MessageRequest arrive(final Arrival message) {
        lock.lock();
        try {
            if (closed) {
                message.dropped = true;
                return null;
            }
            final MessageRequest r = firstPostedFor(message);
            if (r != null) {
                posted.remove(r);
                if (message.isRendezvous()) {
                    registerReceive(r, message);
                }
                return r;
            }
            unexpected.add(message);
            if (!probes.isEmpty()) {
                completeProbes(message);
            }
            return null;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Matches an eager buffer message whose payload is still to be read, so that the payload can
     * be read straight into the receive's buffer: when the first posted receive that accepts the
     * message is a buffer receive with room for its static part, that receive is taken and
     * registered for the payload as a rendezvous receive is for its data. Otherwise nothing
     * changes and the message takes the usual way ({@link #arrive} once its payload is read).
     *
     * @return the receive now waiting for the payload, or {@code null}
     */
    MessageRequest arriveInPlace(final Arrival message) {
        lock.lock();
        try {
            if (closed) {
                return null;
            }
            final MessageRequest r = firstPostedFor(message);
            if (r == null || r.buffer == null
                || message.messageLength - message.dynamicLength > r.buffer.storageSegment().byteSize()) {
                return null;
            }
            posted.remove(r);
            registerReceive(r, message);
            return r;
        } finally {
            lock.unlock();
        }
    }

    /** Returns the first posted receive that accepts the message, or {@code null}; under the lock. */
    private MessageRequest firstPostedFor(final Arrival message) {
        for (MessageRequest r = posted.head(); r != null; r = posted.next(r)) {
            if (r.accepts(message.source, message.tag, message.context)) {
                return r;
            }
        }
        return null;
    }

    private void completeProbes(final Arrival message) {
        MessageRequest probe = probes.head();
        while (probe != null) {
            final MessageRequest after = probes.next(probe);
            if (probe.accepts(message.source, message.tag, message.context)) {
                probes.remove(probe);
                probe.complete(message.status(ids[message.source]), null);
            }
            probe = after;
        }
    }

    private void registerReceive(final MessageRequest receive, final Arrival message) {
        receive.matched = message;
        if (message.selfSend == null) {
            receive.id = nextId++;
            rendezvousReceives.put(receive.id, receive);
        }
    }

    /**
     * Matches a receive against the unexpected messages, or posts it; a probe is matched the same
     * way but leaves the message queued. A receive or probe that no message
     * can reach any more (its source has finished or failed; for {@code ANY_SOURCE}, some peer has
     * failed) completes with that failure instead.
     *
     * @return the matched message, removed from the unexpected queue (a rendezvous one registered
     *     with the receive), or {@code null}
     */
    Arrival post(final MessageRequest receive) {
        lock.lock();
        try {
            for (Arrival a = unexpected.head(); a != null; a = unexpected.next(a)) {
                if (receive.accepts(a.source, a.tag, a.context)) {
                    if (receive.kind != MessageRequest.PROBE) {
                        unexpected.remove(a);
                        if (a.isRendezvous()) {
                            registerReceive(receive, a);
                        }
                    }
                    return a;
                }
            }
            final String unreachable = unreachable(receive);
            if (unreachable != null) {
                receive.complete(null, new DeviceException(unreachable));
            } else {
                (receive.kind == MessageRequest.PROBE ? probes : posted).add(receive);
            }
            return null;
        } finally {
            lock.unlock();
        }
    }

    private String unreachable(final MessageRequest receive) {
        if (receive.peer == ProcessID.ANY_RANK) {
            return firstFailure == null ? null : receive + " cannot complete: " + firstFailure;
        }
        return gone[receive.peer] == null ? null : receive + " cannot complete: " + gone[receive.peer];
    }

    /** Returns the oldest unexpected message the pattern accepts, without removing it. */
    Arrival firstMessage(final int source, final int tag, final int context) {
        lock.lock();
        try {
            for (Arrival a = unexpected.head(); a != null; a = unexpected.next(a)) {
                if (context == a.context && (source == ProcessID.ANY_RANK || source == a.source)
                    && (tag == Device.ANY_TAG || tag == a.tag)) {
                    return a;
                }
            }
            return null;
        } finally {
            lock.unlock();
        }
    }

    /** Removes a posted receive or waiting probe; returns whether it was still waiting. */
    boolean unpost(final MessageRequest request) {
        lock.lock();
        try {
            return posted.remove(request) || probes.remove(request);
        } finally {
            lock.unlock();
        }
    }

    /** Gives a rendezvous send its id and keeps it until its ready message arrives. */
    void registerSend(final MessageRequest send) {
        lock.lock();
        try {
            send.id = nextId++;
            rendezvousSends.put(send.id, send);
        } finally {
            lock.unlock();
        }
    }

    /** Removes and returns the rendezvous send with this id, or {@code null}. */
    MessageRequest takeSend(final long id) {
        lock.lock();
        try {
            return rendezvousSends.remove(id);
        } finally {
            lock.unlock();
        }
    }

    /** Returns the rendezvous receive waiting for data under this id, or {@code null}. */
    MessageRequest findReceive(final long id) {
        lock.lock();
        try {
            return rendezvousReceives.get(id);
        } finally {
            lock.unlock();
        }
    }

    /** Removes and returns the rendezvous receive waiting for data under this id, or {@code null}. */
    MessageRequest takeReceive(final long id) {
        lock.lock();
        try {
            return rendezvousReceives.remove(id);
        } finally {
            lock.unlock();
        }
    }

    /** Returns why a peer can no longer be sent to, or {@code null} if it can. */
    String gone(final int rank) {
        lock.lock();
        try {
            return gone[rank];
        } finally {
            lock.unlock();
        }
    }

    /**
     * Records that a peer finished or failed, and takes out every request that can no longer
     * complete: rendezvous sends to it and receives waiting for its data; receives and probes
     * naming it; if it failed, also {@code ANY_SOURCE} receives and probes. Its unmatched
     * requests to send are dropped, since nobody will answer them. The caller fails the
     * returned requests.
     *
     * @return the requests to fail with {@code reason}
     */
    List<MessageRequest> peerGone(final int rank, final String reason, final boolean failure) {
        final List<MessageRequest> doomed = new ArrayList<>();
        lock.lock();
        try {
            if (gone[rank] != null && (failed[rank] || !failure)) {
                return doomed;
            }
            gone[rank] = reason;
            failed[rank] = failure;
            if (failure && firstFailure == null) {
                firstFailure = reason;
            }
            takeWaiting(posted, rank, failure, doomed);
            takeWaiting(probes, rank, failure, doomed);
            rendezvousSends.values().removeIf(send -> send.peer == rank && doomed.add(send));
            rendezvousReceives.values().removeIf(r -> r.matched.source == rank && doomed.add(r));
            // its requests to send can never be answered: a finished peer failed those sends
            Arrival a = unexpected.head();
            while (a != null) {
                final Arrival after = unexpected.next(a);
                if (a.source == rank && a.isRendezvous()) {
                    unexpected.remove(a);
                }
                a = after;
            }
        } finally {
            lock.unlock();
        }
        return doomed;
    }

    private static void takeWaiting(final FifoQueue<MessageRequest> queue, final int rank, final boolean failure,
                                    final List<MessageRequest> doomed) {
        MessageRequest r = queue.head();
        while (r != null) {
            final MessageRequest after = queue.next(r);
            if (r.peer == rank || (failure && r.peer == ProcessID.ANY_RANK)) {
                queue.remove(r);
                doomed.add(r);
            }
            r = after;
        }
    }

    /**
     * Closes matching when this rank finishes: returns the posted receives and probes (to
     * complete as cancelled), the rendezvous requests in flight (to fail), and the unexpected
     * messages (whose blocks the caller frees).
     */
    Closing close() {
        final Closing closing = new Closing();
        lock.lock();
        try {
            closed = true;
            for (MessageRequest r = posted.head(); r != null; r = posted.head()) {
                posted.remove(r);
                closing.cancelled.add(r);
            }
            for (MessageRequest r = probes.head(); r != null; r = probes.head()) {
                probes.remove(r);
                closing.cancelled.add(r);
            }
            closing.failed.addAll(rendezvousSends.values());
            closing.failed.addAll(rendezvousReceives.values());
            rendezvousSends.clear();
            rendezvousReceives.clear();
            for (Arrival a = unexpected.head(); a != null; a = unexpected.head()) {
                unexpected.remove(a);
                closing.dropped.add(a);
            }
        } finally {
            lock.unlock();
        }
        return closing;
    }

    /** What {@link #close()} took out. */
    static final class Closing {
        final List<MessageRequest> cancelled = new ArrayList<>();
        final List<MessageRequest> failed = new ArrayList<>();
        final List<Arrival> dropped = new ArrayList<>();
    }
}
