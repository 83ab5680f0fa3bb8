package org.mpjbuf.dev.protocol;

/**
 * A FIFO of entries linked through their own fields: constant-time append and removal anywhere,
 * no allocation, and iteration from the oldest, which is what keeps messages between a pair from
 * overtaking each other.
 *
 * <p>Not thread-safe: guarded by the lock of the {@link Matcher} that owns it.
 *
 * @param <T> the entry type
 */
final class FifoQueue<T extends Queued> {
    private Queued head;
    private Queued tail;

    boolean isEmpty() {
        return head == null;
    }

    @SuppressWarnings("unchecked")
    T head() {
        return (T) head;
    }

    @SuppressWarnings("unchecked")
    T next(final T entry) {
        return (T) entry.next;
    }

    void add(final T entry) {
        entry.previous = tail;
        entry.next = null;
        entry.queue = this;
        if (tail == null) {
            head = entry;
        } else {
            tail.next = entry;
        }
        tail = entry;
    }

    /** Removes an entry; returns {@code false} if it was not in this queue. */
    boolean remove(final T entry) {
        if (entry.queue != this) {
            return false;
        }
        final Queued before = entry.previous;
        final Queued after = entry.next;
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
        entry.previous = null;
        entry.next = null;
        entry.queue = null;
        return true;
    }
}
