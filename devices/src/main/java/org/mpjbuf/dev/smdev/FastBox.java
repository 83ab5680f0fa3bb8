package org.mpjbuf.dev.smdev;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Array;

import org.mpjbuf.dev.ElementType;

/**
 * The fast box of one ordered pair of ranks: a ring of {@link #SLOTS} slots of a cache line each
 * in which the sending rank leaves small eager messages, envelope and data together, for the
 * receiving rank to take.
 *
 * <h2>Why</h2>
 * A message that goes through the receiver's {@link Mailbox} moves about seven cache lines
 * between the two cores besides its data (the mailbox lock and queues, the posted receive, its
 * completion flag). A box message moves its own lines only: one for up to 40 bytes, and one more
 * per 64 bytes up to {@link #MAX_BYTES}. The sender writes them, the receiver reads them, and the
 * receiver then matches and copies among its own lines.
 *
 * <h2>Protocol</h2>
 * <ul>
 *   <li><b>Producers</b> are the sending rank's threads, one at a time under the box's own lock (a
 *       word only the sending rank touches). A message takes consecutive slots, never wrapping
 *       around the end of the ring: one that would is preceded by a skip entry that sends the
 *       consumer to the ring's start. A producer writes the data and the envelope, then publishes
 *       the message by a volatile store of its index plus one into its first slot's sequence
 *       word, which also orders the producer's following read of whether the receiver relies on
 *       senders to deliver ({@link Mailbox#needsSenderDelivery()}).</li>
 *   <li><b>Consumers</b> take messages in order, only under the receiving rank's mailbox lock:
 *       the receiving rank's threads when they poll or start a receive or probe, and the sending
 *       rank's threads when they must not overtake what the box holds (a message that takes the
 *       mailbox path) or when the receiver waits parked. Once a message is read, its consumer
 *       zeroes the sequence words its data covered (so that stale data can never pass for a
 *       later message's sequence) and frees its slots by an ordered store of the next head
 *       index.</li>
 *   <li>A full box is not waited on: its sender takes the mailbox path, which empties the box
 *       first, so no sender depends on the receiver's progress.</li>
 * </ul>
 * Non-overtaking holds because a sender's messages enter the receiver's matching, under the
 * mailbox lock, in the order they were sent: the box in its own order, and a message of the
 * mailbox path only after the box was emptied in the same critical section. A slot's sequence
 * word only grows from lap to lap (or is zeroed), so it equals the index the consumer expects
 * only once that message is published.
 *
 * <p>Memory layout, off the heap so that nothing else shares its lines: the slots, then a line
 * with the head index (written by consumers, read by producers only when the box looks full),
 * then a line with the producers' lock, tail index and last head read (touched only by the
 * sending rank). A message's first slot holds its sequence word (long), tag (int), context (int),
 * element count (int) and element type ordinal (int, -1 for a skip entry), then its data, which
 * run on through the following slots.
 *
 * <p>Thread-safe under the rules above.
 */
final class FastBox {
    /** The number of slots, a power of two. */
    static final int SLOTS = 128;
    /** The bytes of one slot, a cache line. */
    static final int SLOT_BYTES = 64;
    private static final int PAYLOAD_OFFSET = 24;
    /** The largest message, in bytes, that goes through a box. */
    static final int MAX_BYTES = 2048;

    private static final int SEQUENCE = 0;
    private static final int TAG = 8;
    private static final int CONTEXT = 12;
    private static final int COUNT = 16;
    private static final int TYPE = 20;
    private static final int SKIP = -1;
    /* The consumers' line: the head index. */
    private static final long HEAD = (long) SLOTS * SLOT_BYTES;
    /* The producers' line: their lock, the tail index, and the head as they last read it. */
    private static final long PRODUCING = HEAD + SLOT_BYTES;
    private static final long TAIL = PRODUCING + 8;
    private static final long HEAD_SEEN = PRODUCING + 16;
    private static final int SPINS_BEFORE_YIELDING = 128;
    private static final ElementType[] TYPES = ElementType.values();
    private static final VarHandle INT_WORD = ValueLayout.JAVA_INT.varHandle();
    private static final VarHandle LONG_WORD = ValueLayout.JAVA_LONG.varHandle();

    /** The sending rank's device, which owns the envelope of a message queued as unexpected. */
    final SmdevDevice sender;
    /** The sending rank. */
    final int sourceRank;
    /** The slots, then the consumers' line, then the producers' line; see the class comment. */
    private final MemorySegment memory;

    /**
     * Creates an empty box for messages from {@code sender}.
     *
     * @param sender the sending rank's device
     */
    FastBox(final SmdevDevice sender) {
        this.sender = sender;
        this.sourceRank = sender.rank();
        this.memory = Arena.ofAuto().allocate(PRODUCING + SLOT_BYTES, SLOT_BYTES);
    }

    /**
     * Tells whether a run of an array goes through a fast box: a primitive run (not
     * {@code boolean}, which a memory segment cannot copy from) of at most {@link #MAX_BYTES}.
     *
     * @param type the element type
     * @param byteCount the run's length in bytes
     * @return whether it fits
     */
    static boolean fits(final ElementType type, final long byteCount) {
        return byteCount <= MAX_BYTES && type.isPrimitive() && type != ElementType.BOOLEAN;
    }

    /** The slots a message of {@code bytes} takes. */
    private static int slotsFor(final long bytes) {
        return (int) ((PAYLOAD_OFFSET + bytes + SLOT_BYTES - 1) / SLOT_BYTES);
    }

    /**
     * Publishes a message, if the box has room; called by a thread of the sending rank.
     *
     * @param array the elements' array
     * @param offset the first element
     * @param count the number of elements, which {@link #fits}
     * @param type the element type
     * @param tag the message tag
     * @param context the message context
     * @return whether the message was published; {@code false} if the box is full
     */
    boolean offer(final Object array, final int offset, final int count, final ElementType type,
                  final int tag, final int context) {
        if (!INT_WORD.compareAndSet(memory, PRODUCING, 0, 1)) {
            awaitProducers();
        }
        try {
            final long n = memory.get(ValueLayout.JAVA_LONG, TAIL);
            final int slots = slotsFor((long) count * type.byteSize());
            final long position = n & (SLOTS - 1);
            final long first = position + slots > SLOTS ? n + SLOTS - position : n;
            if (first + slots - memory.get(ValueLayout.JAVA_LONG, HEAD_SEEN) > SLOTS) {
                final long head = (long) LONG_WORD.getAcquire(memory, HEAD);
                memory.set(ValueLayout.JAVA_LONG, HEAD_SEEN, head);
                if (first + slots - head > SLOTS) {
                    return false;
                }
            }
            if (first != n) {
                memory.set(ValueLayout.JAVA_INT, slot(n) + TYPE, SKIP);
                LONG_WORD.setRelease(memory, slot(n) + SEQUENCE, n + 1);
            }
            final long slot = slot(first);
            memory.set(ValueLayout.JAVA_INT, slot + TAG, tag);
            memory.set(ValueLayout.JAVA_INT, slot + CONTEXT, context);
            memory.set(ValueLayout.JAVA_INT, slot + COUNT, count);
            memory.set(ValueLayout.JAVA_INT, slot + TYPE, type.ordinal());
            if (count > 0) {
                MemorySegment.copy(array, offset, memory, type.layout(), slot + PAYLOAD_OFFSET, count);
            }
            LONG_WORD.setVolatile(memory, slot + SEQUENCE, first + 1);
            memory.set(ValueLayout.JAVA_LONG, TAIL, first + slots);
            return true;
        } finally {
            INT_WORD.setRelease(memory, PRODUCING, 0);
        }
    }

    /**
     * Waits for another thread of the sending rank to finish its publication, a few stores:
     * spinning, then yielding between attempts in case that thread lost its core.
     */
    private void awaitProducers() {
        for (int attempt = 1; !INT_WORD.compareAndSet(memory, PRODUCING, 0, 1); attempt++) {
            if (attempt < SPINS_BEFORE_YIELDING) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    private static long slot(final long index) {
        return (index & (SLOTS - 1)) * SLOT_BYTES;
    }

    /**
     * Returns the index of the oldest entry not yet taken. Exact under the receiving mailbox's
     * lock; without it, a hint for {@link #hasMessage()}.
     *
     * @return the head index
     */
    long head() {
        return (long) LONG_WORD.getOpaque(memory, HEAD);
    }

    /**
     * Tells, without a lock, whether an entry waits: a hint that a consumer confirms under the
     * receiving mailbox's lock.
     *
     * @return whether the head slot holds a published entry
     */
    boolean hasMessage() {
        return published(head());
    }

    /**
     * Tells whether the entry at index {@code n} is published.
     *
     * @param n an entry's index, at or after the head
     * @return whether its first slot holds it
     */
    boolean published(final long n) {
        return (long) LONG_WORD.getAcquire(memory, slot(n) + SEQUENCE) == n + 1;
    }

    /**
     * Tells whether a published entry is a message, not a skip to the ring's start.
     *
     * @param n its index
     * @return whether it is a message
     */
    boolean isMessage(final long n) {
        return memory.get(ValueLayout.JAVA_INT, slot(n) + TYPE) != SKIP;
    }

    /**
     * Returns the index of the entry after a published one, once it has been read; for a message
     * over several slots, zeroes the sequence words its data covered first.
     *
     * @param n the entry's index
     * @return the next entry's index
     */
    long next(final long n) {
        final long slot = slot(n);
        final int type = memory.get(ValueLayout.JAVA_INT, slot + TYPE);
        if (type == SKIP) {
            return n + SLOTS - (n & (SLOTS - 1));
        }
        final int slots = slotsFor((long) memory.get(ValueLayout.JAVA_INT, slot + COUNT) * TYPES[type].byteSize());
        for (int covered = 1; covered < slots; covered++) {
            memory.set(ValueLayout.JAVA_LONG, slot + (long) covered * SLOT_BYTES + SEQUENCE, 0L);
        }
        return n + slots;
    }

    /**
     * Returns the tag of a published message.
     *
     * @param n its index
     * @return the tag
     */
    int tag(final long n) {
        return memory.get(ValueLayout.JAVA_INT, slot(n) + TAG);
    }

    /**
     * Returns the context of a published message.
     *
     * @param n its index
     * @return the context
     */
    int context(final long n) {
        return memory.get(ValueLayout.JAVA_INT, slot(n) + CONTEXT);
    }

    /**
     * Copies a published message into a receive that takes a run of the same type, whole, into
     * its array; anything else (another type, a shorter receive, a sink or a buffer) is left to
     * {@link #envelope}, whose delivery reports it.
     *
     * @param n the message's index
     * @param receive the matched receive
     * @return whether the data were copied, and the receive's envelope recorded
     */
    boolean copyInto(final long n, final SmdevRequest receive) {
        final long slot = slot(n);
        final int count = memory.get(ValueLayout.JAVA_INT, slot + COUNT);
        final ElementType type = TYPES[memory.get(ValueLayout.JAVA_INT, slot + TYPE)];
        if (receive.array == null || receive.sink != null || receive.type != type || count > receive.count) {
            return false;
        }
        if (count > 0) {
            MemorySegment.copy(memory, type.layout(), slot + PAYLOAD_OFFSET, receive.array, receive.offset, count);
        }
        receive.matched(sourceRank, memory.get(ValueLayout.JAVA_INT, slot + TAG), count,
            (long) count * type.byteSize(), type);
        return true;
    }

    /**
     * Returns a published message as an eager send whose data are a heap copy of the slot's, to
     * queue as unexpected or to deliver through {@link Transfers#deliver}.
     *
     * @param n the message's index
     * @return the send
     */
    SmdevRequest envelope(final long n) {
        final long slot = slot(n);
        final int count = memory.get(ValueLayout.JAVA_INT, slot + COUNT);
        final ElementType type = TYPES[memory.get(ValueLayout.JAVA_INT, slot + TYPE)];
        final Object data = Array.newInstance(type.carrier(), count);
        if (count > 0) {
            MemorySegment.copy(memory, type.layout(), slot + PAYLOAD_OFFSET, data, 0, count);
        }
        final SmdevRequest send = SmdevRequest.ofArray(sender, true, false, sourceRank,
            memory.get(ValueLayout.JAVA_INT, slot + TAG), memory.get(ValueLayout.JAVA_INT, slot + CONTEXT),
            data, 0, count, type, (long) count * type.byteSize());
        send.eager = true;
        send.staged = data;
        return send;
    }

    /**
     * Frees the slots of the entries before {@code n} for the producers, once they have been
     * read ({@link #next}); called under the receiving mailbox's lock.
     *
     * @param n the index of the oldest entry still in the box
     */
    void takenUpTo(final long n) {
        LONG_WORD.setRelease(memory, HEAD, n);
    }
}
