package org.mpjbuf.dev.smdev;

/**
 * A FIFO of requests linked through their own {@code previous}/{@code next} fields: constant-time
 * append and removal, no allocation, and a search that returns the oldest match first, which is
 * what keeps messages between a pair from overtaking each other.
 *
 * <p>Not thread-safe: guarded by the lock of the {@link Mailbox} that owns it.
 */
final class RequestQueue {
    private SmdevRequest head;
    private SmdevRequest tail;
    private int size;

    int size() {
        return size;
    }

    boolean isEmpty() {
        return head == null;
    }

    SmdevRequest head() {
        return head;
    }

    void add(final SmdevRequest request) {
        request.previous = tail;
        request.next = null;
        if (tail == null) {
            head = request;
        } else {
            tail.next = request;
        }
        tail = request;
        size++;
    }

    void remove(final SmdevRequest request) {
        final SmdevRequest before = request.previous;
        final SmdevRequest after = request.next;
        if (before == null) {
            head = after;
        } else {
            before.next = after;
        }
        if (after == null) {
            tail = before;
        } else {
            after.previous = before;
        }
        request.previous = null;
        request.next = null;
        size--;
    }

    /** Returns the oldest posted receive that accepts a message from (source, tag, context). */
    SmdevRequest firstReceiveFor(final int source, final int tag, final int context) {
        for (SmdevRequest r = head; r != null; r = r.next) {
            if (SmdevRequest.matches(r.sourceRank, r.tag, r.context, source, tag, context)) {
                return r;
            }
        }
        return null;
    }

    /** Returns the oldest message that the pattern (source, tag, context) accepts. */
    SmdevRequest firstMessageFor(final int source, final int tag, final int context) {
        for (SmdevRequest s = head; s != null; s = s.next) {
            if (SmdevRequest.matches(source, tag, context, s.sourceRank, s.tag, s.context)) {
                return s;
            }
        }
        return null;
    }
}
