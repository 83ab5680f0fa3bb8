package org.mpjbuf.dev.smdev;

import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

import org.jctools.queues.atomic.MpscUnboundedAtomicArrayQueue;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.Status;

/**
 * The receiving side of one rank as a lock-free inbox: senders only append to a JCTools MPSC
 * queue; the receiving rank drains it, in order, into its private queues and matches there.
 */
final class InboxMailbox implements Mailbox {
    private final MpscUnboundedAtomicArrayQueue<SmdevRequest> inbox = new MpscUnboundedAtomicArrayQueue<>(256);
    private final ReentrantLock matching = new ReentrantLock();
    private final RequestQueue posted = new RequestQueue();
    private final RequestQueue unexpected = new RequestQueue();
    private final int rank;
    private final Transfers transfers;
    private volatile boolean finished;
    private volatile long arrivals;
    private volatile Thread prober;
    private volatile Thread idler;

    InboxMailbox(final int rank, final Transfers transfers) {
        this.rank = rank;
        this.transfers = transfers;
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public long arrivals() {
        return arrivals;
    }

    @Override
    public void prober(final Thread thread) {
        prober = thread;
    }

    @Override
    public SmdevRequest matchOrQueue(final SmdevRequest send, final Transfers staging) {
        if (finished) {
            throw new DeviceException("cannot send to rank " + rank + ": it has finished");
        }
        if (send.eager && send.staged == null) {
            staging.stage(send);
        }
        inbox.offer(send);
        progress();
        final Thread waiting = idler;
        if (waiting != null) {
            LockSupport.unpark(waiting);
        }
        final Thread probing = prober;
        if (probing != null) {
            LockSupport.unpark(probing);
        }
        return null;
    }

    @Override
    public SmdevRequest matchOrPost(final SmdevRequest receive) {
        matching.lock();
        try {
            drainLocked();
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
            matching.unlock();
            progress();
        }
    }

    @Override
    public SmdevRequest firstMessage(final int source, final int tag, final int context) {
        matching.lock();
        try {
            drainLocked();
            return unexpected.firstMessageFor(source, tag, context);
        } finally {
            matching.unlock();
            progress();
        }
    }

    @Override
    public boolean unpost(final SmdevRequest receive) {
        matching.lock();
        try {
            if (receive.queuedIn != this) {
                return false;
            }
            posted.remove(receive);
            receive.queuedIn = null;
            return true;
        } finally {
            matching.unlock();
        }
    }

    @Override
    public void progress() {
        // whoever fails tryLock leaves its message to the holder, which looks again after unlocking
        while (!inbox.isEmpty() && matching.tryLock()) {
            try {
                drainLocked();
            } finally {
                matching.unlock();
            }
        }
    }

    @Override
    public void idling(final Thread waiter) {
        idler = waiter;
    }

    private void drainLocked() {
        for (SmdevRequest send = inbox.relaxedPoll(); send != null; send = inbox.relaxedPoll()) {
            final SmdevRequest receive = posted.firstReceiveFor(send.sourceRank, send.tag, send.context);
            if (receive == null) {
                unexpected.add(send);
                send.queuedIn = this;
                arrivals++;
                continue;
            }
            posted.remove(receive);
            receive.queuedIn = null;
            transfers.deliver(send, receive, send.messageStatus(send.owner.processId()));
            if (!send.eager) {
                send.complete(null, null);
            }
        }
    }

    @Override
    public void close(final Transfers staging) {
        finished = true;
        final RequestQueue droppedSends = new RequestQueue();
        final RequestQueue droppedReceives = new RequestQueue();
        matching.lock();
        try {
            drainLocked();
            for (SmdevRequest r = unexpected.head(); r != null; r = unexpected.head()) {
                unexpected.remove(r);
                r.queuedIn = null;
                droppedSends.add(r);
            }
            for (SmdevRequest r = posted.head(); r != null; r = posted.head()) {
                posted.remove(r);
                r.queuedIn = null;
                droppedReceives.add(r);
            }
        } finally {
            matching.unlock();
        }
        for (SmdevRequest s = droppedSends.head(); s != null; s = droppedSends.head()) {
            droppedSends.remove(s);
            staging.release(s);
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
}
