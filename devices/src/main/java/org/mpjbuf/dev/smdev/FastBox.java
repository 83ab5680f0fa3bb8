package org.mpjbuf.dev.smdev;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Array;

import org.mpjbuf.dev.ElementType;

/**
 * The fast box of one ordered pair of ranks: a ring of {@link #SLOTS} slots in which the sending
 * rank leaves small eager messages, envelope and data together, for the receiving rank to take.
 *
 * <h2>Why</h2>
 * A message that goes through the receiver's {@link Mailbox} moves about seven cache lines
 * between the two cores (the mailbox lock and queues, the posted receive, the receive array, its
 * completion flag). A slot is one line for a message of up to 40 bytes (two up to
 * {@link #PAYLOAD_BYTES}): the sender writes it, the receiver reads it, and that is the whole
 * crossing; the receiver then matches and copies among its own lines.
 *
 * <h2>Protocol</h2>
 * <ul>
 *   <li><b>Producers</b> are the sending rank's threads, one at a time under the box's own lock (a
 *       word only the sending rank touches). A producer writes the envelope and data into the
 *       slot of message {@code n}, then publishes it by a volatile store of {@code n + 1} into
 *       the slot's sequence word, which also orders the producer's following read of whether the
 *       receiver relies on senders to deliver ({@link Mailbox#needsSenderDelivery()}).</li>
 *   <li><b>Consumers</b> take messages in order, only under the receiving rank's mailbox lock:
 *       the receiving rank's threads when they poll, a receive or probe being started, and the
 *       sending rank's threads when they must not overtake what the box holds (a message that
 *       takes the mailbox path) or when the receiver waits parked. A message leaves the box by
 *       an ordered store of the next head index, after its slot has been read.</li>
 *   <li>A full box is not waited on: its sender takes the mailbox path, which empties the box
 *       first, so no sender depends on the receiver's progress.</li>
 * </ul>
 * Non-overtaking holds because a sender's messages enter the receiver's matching, under the
 * mailbox lock, in the order they were sent: the box in its own order, and a message of the
 * mailbox path only after the box was emptied in the same critical section.
 *
 * <p>Memory layout, off the heap so that nothing else shares its lines: the slots, then a line
 * with the head index (written by consumers, read by producers only when the box looks full),
 * then a line with the producers' lock, tail index and last head read (touched only by the
 * sending rank). A slot (128 bytes, aligned) holds its sequence word (int), tag (int), context
 * (int), element count (int), element type ordinal (int), 4 bytes unused, then the elements.
 *
 * <p>Thread-safe under the rules above.
 */
final class FastBox {
    /** The number of slots, a power of two. */
    static final int SLOTS = 16;
    /** The bytes of one slot, two cache lines. */
    static final int SLOT_BYTES = 128;
    private static final int PAYLOAD_OFFSET = 24;
    /** The largest message, in bytes, that a slot carries. */
    static final int PAYLOAD_BYTES = SLOT_BYTES - PAYLOAD_OFFSET;

    private static final int SEQUENCE = 0;
    private static final int TAG = 4;
    private static final int CONTEXT = 8;
    private static final int COUNT = 12;
    private static final int TYPE = 16;
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
     * {@code boolean}, which a memory segment cannot copy from) of at most
     * {@link #PAYLOAD_BYTES}.
     *
     * @param type the element type
     * @param byteCount the run's length in bytes
     * @return whether it fits
     */
    static boolean fits(final ElementType type, final long byteCount) {
        return byteCount <= PAYLOAD_BYTES && type.isPrimitive() && type != ElementType.BOOLEAN;
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
            if (n - memory.get(ValueLayout.JAVA_LONG, HEAD_SEEN) >= SLOTS) {
                final long head = (long) LONG_WORD.getAcquire(memory, HEAD);
                memory.set(ValueLayout.JAVA_LONG, HEAD_SEEN, head);
                if (n - head >= SLOTS) {
                    return false;
                }
            }
            final long slot = slot(n);
            memory.set(ValueLayout.JAVA_INT, slot + TAG, tag);
            memory.set(ValueLayout.JAVA_INT, slot + CONTEXT, context);
            memory.set(ValueLayout.JAVA_INT, slot + COUNT, count);
            memory.set(ValueLayout.JAVA_INT, slot + TYPE, type.ordinal());
            if (count > 0) {
                MemorySegment.copy(array, offset, memory, type.layout(), slot + PAYLOAD_OFFSET, count);
            }
            INT_WORD.setVolatile(memory, slot + SEQUENCE, (int) (n + 1));
            memory.set(ValueLayout.JAVA_LONG, TAIL, n + 1);
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

    private static long slot(final long message) {
        return (message & (SLOTS - 1)) * SLOT_BYTES;
    }

    /**
     * Returns the index of the oldest message not yet taken. Exact under the receiving mailbox's
     * lock; without it, a hint for {@link #hasMessage()}.
     *
     * @return the head index
     */
    long head() {
        return (long) LONG_WORD.getOpaque(memory, HEAD);
    }

    /**
     * Tells, without a lock, whether a message waits: a hint that a consumer confirms under the
     * receiving mailbox's lock.
     *
     * @return whether the head slot holds a published message
     */
    boolean hasMessage() {
        return published(head());
    }

    /**
     * Tells whether message {@code n} is published.
     *
     * @param n a message index, at or after the head
     * @return whether its slot holds it
     */
    boolean published(final long n) {
        return (int) INT_WORD.getAcquire(memory, slot(n) + SEQUENCE) == (int) (n + 1);
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
     * Frees the slots of the messages before {@code n} for the producers, once they have been
     * read; called under the receiving mailbox's lock.
     *
     * @param n the index of the oldest message still in the box
     */
    void takenUpTo(final long n) {
        LONG_WORD.setRelease(memory, HEAD, n);
    }
}
