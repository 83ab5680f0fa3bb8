package org.mpjbuf.dev.smdev;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Array;

import org.mpjbuf.dev.ElementType;

/**
 * The fast box of one ordered pair of ranks: a ring of {@link #SLOTS} slots in which the sending
 * rank leaves small eager messages, envelope and data together, for the receiving rank to take.
 *
 * <h2>Why</h2>
 * A message that goes through the receiver's {@link Mailbox} moves about seven cache lines
 * between the two cores besides its data (the mailbox lock and queues, the posted receive, its
 * completion flag). A box message moves its slot's line and its data's: the sender writes them,
 * the receiver reads them, and the receiver then matches and copies among its own lines. A
 * message of one element (a flag, a scalar of a reduction) travels in the slot itself, as the
 * bits of a {@code long}: it moves the slot's line alone.
 *
 * <h2>Protocol</h2>
 * <ul>
 *   <li><b>Producers</b> are the sending rank's threads, one at a time (they take the
 *       {@link LockWord} in the producers' state, which only the sending rank touches). A
 *       producer copies the data into the slot's array (kept from message to message, replaced
 *       only when a message needs another element type or more room), or a single element into
 *       the slot's {@code element}, writes the envelope, then publishes the message by a
 *       volatile write of its index plus one into the slot's sequence, which also orders the
 *       producer's following read of whether the receiver relies on senders to deliver
 *       ({@link Mailbox#needsSenderDelivery()}).</li>
 *   <li><b>Consumers</b> take messages in order, only under the receiving rank's mailbox lock:
 *       the receiving rank's threads when they poll or start a receive or probe, and the sending
 *       rank's threads when they must not overtake what the box holds (a message that takes the
 *       mailbox path) or when the receiver waits parked. A message leaves the box by a release
 *       write of the next head index, after its slot has been read. A poll may leave messages
 *       that nothing wants yet; it marks them examined, and later polls look only past them.</li>
 *   <li>A full box is not waited on: its sender takes the mailbox path, which empties the box
 *       first, so no sender depends on the receiver's progress.</li>
 * </ul>
 * Non-overtaking holds because a sender's messages enter the receiver's matching, under the
 * mailbox lock, in the order they were sent: the box in its own order, and a message of the
 * mailbox path only after the box was emptied in the same critical section. A slot's sequence
 * only grows, so it equals the index a consumer expects only once that message is published.
 *
 * <h2>Plain Java</h2>
 * Everything is fields and arrays of the heap, read and written with plain and volatile field
 * accesses and {@link System#arraycopy}: a layout in off-heap memory through
 * {@code MemorySegment} and {@code VarHandle} costs the same once compiled, but about four times
 * the queues' cost in the interpreter, and the first second of a job (the whole of a short NPB
 * run) runs there while the compiler threads wait for cores the spinning ranks hold. The slots,
 * the head and the producers' state each fill cache lines of their own ({@link Padded}), so that
 * the lines a message moves are only the ones it must.
 *
 * <p>Thread-safe under the rules above.
 */
final class FastBox {
    /** The number of slots, a power of two. */
    static final int SLOTS = 16;
    /** The largest message, in bytes, that goes through a box. */
    static final int MAX_BYTES = 2048;
    /** The elements a slot's array holds at least, so that small messages of one type never replace it. */
    private static final int MIN_ELEMENTS = 16;

    /** The sending rank's device, which owns the envelope of a message queued as unexpected. */
    final SmdevDevice sender;
    /** The sending rank. */
    final int sourceRank;
    private final Slot[] slots = new Slot[SLOTS];
    /** Where consumers are in the ring; written by them. */
    private final Consumers consumers = new Consumers();
    /** The producers' state, and their lock. */
    private final Producers producers = new Producers();

    /**
     * Creates an empty box for messages from {@code sender}.
     *
     * @param sender the sending rank's device
     */
    FastBox(final SmdevDevice sender) {
        this.sender = sender;
        this.sourceRank = sender.rank();
        for (int i = 0; i < SLOTS; i++) {
            slots[i] = new Slot();
        }
    }

    /**
     * Tells whether a run of an array goes through a fast box: a primitive run of at most
     * {@link #MAX_BYTES}.
     *
     * @param type the element type
     * @param byteCount the run's length in bytes
     * @return whether it fits
     */
    static boolean fits(final ElementType type, final long byteCount) {
        return byteCount <= MAX_BYTES && type.isPrimitive();
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
        LockWord.lock(Producers.HELD, producers);
        try {
            final long n = producers.tail;
            if (n - producers.headSeen >= SLOTS) {
                producers.headSeen = consumers.head;
                if (n - producers.headSeen >= SLOTS) {
                    return false;
                }
            }
            final Slot slot = slots[(int) n & (SLOTS - 1)];
            if (count == 1) {
                slot.element = bitsOf(array, offset, type);
            } else {
                Object data = slot.data;
                if (data == null || data.getClass() != array.getClass() || Array.getLength(data) < count) {
                    data = Array.newInstance(type.carrier(), Math.max(count, MIN_ELEMENTS));
                    slot.data = data;
                }
                System.arraycopy(array, offset, data, 0, count);
            }
            slot.tag = tag;
            slot.context = context;
            slot.count = count;
            slot.type = type;
            slot.sequence = n + 1;
            producers.tail = n + 1;
            return true;
        } finally {
            LockWord.unlock(Producers.HELD, producers);
        }
    }

    /**
     * Returns the index of the oldest message not yet taken. Exact under the receiving mailbox's
     * lock; without it, a hint for {@link #hasMessage()}.
     *
     * @return the head index
     */
    long head() {
        return consumers.head;
    }

    /**
     * Tells, without a lock, whether a message waits that no consumer has examined yet: a hint
     * that a consumer confirms under the receiving mailbox's lock.
     *
     * @return whether the slot after the examined messages holds a published message
     */
    boolean hasMessage() {
        return published(consumers.examined);
    }

    /**
     * Tells whether message {@code n} is published.
     *
     * @param n a message index, at or after the head
     * @return whether its slot holds it
     */
    boolean published(final long n) {
        return slots[(int) n & (SLOTS - 1)].sequence == n + 1;
    }

    /**
     * Returns the tag of a published message.
     *
     * @param n its index
     * @return the tag
     */
    int tag(final long n) {
        return slots[(int) n & (SLOTS - 1)].tag;
    }

    /**
     * Returns the context of a published message.
     *
     * @param n its index
     * @return the context
     */
    int context(final long n) {
        return slots[(int) n & (SLOTS - 1)].context;
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
        final Slot slot = slots[(int) n & (SLOTS - 1)];
        final int count = slot.count;
        final ElementType type = slot.type;
        if (receive.array == null || receive.sink != null || receive.type != type || count > receive.count) {
            return false;
        }
        copyData(slot, count, type, receive.array, receive.offset);
        receive.matched(sourceRank, slot.tag, count, (long) count * type.byteSize(), type);
        return true;
    }

    /** Copies a slot's {@code count} elements into {@code array} from {@code offset}. */
    private static void copyData(final Slot slot, final int count, final ElementType type, final Object array,
                                 final int offset) {
        if (count == 1) {
            setBits(array, offset, type, slot.element);
        } else {
            System.arraycopy(slot.data, 0, array, offset, count);
        }
    }

    /** Returns element {@code index} of a primitive array as the bits of a long. */
    private static long bitsOf(final Object array, final int index, final ElementType type) {
        return switch (type) {
            case BYTE -> ((byte[]) array)[index];
            case BOOLEAN -> ((boolean[]) array)[index] ? 1 : 0;
            case CHAR -> ((char[]) array)[index];
            case SHORT -> ((short[]) array)[index];
            case INT -> ((int[]) array)[index];
            case FLOAT -> Float.floatToRawIntBits(((float[]) array)[index]);
            case LONG -> ((long[]) array)[index];
            case DOUBLE -> Double.doubleToRawLongBits(((double[]) array)[index]);
            case OBJECT -> throw new IllegalArgumentException("objects do not go through a fast box");
        };
    }

    /** Stores the bits of {@link #bitsOf} as element {@code index} of a primitive array. */
    private static void setBits(final Object array, final int index, final ElementType type, final long bits) {
        switch (type) {
            case BYTE -> ((byte[]) array)[index] = (byte) bits;
            case BOOLEAN -> ((boolean[]) array)[index] = bits != 0;
            case CHAR -> ((char[]) array)[index] = (char) bits;
            case SHORT -> ((short[]) array)[index] = (short) bits;
            case INT -> ((int[]) array)[index] = (int) bits;
            case FLOAT -> ((float[]) array)[index] = Float.intBitsToFloat((int) bits);
            case LONG -> ((long[]) array)[index] = bits;
            case DOUBLE -> ((double[]) array)[index] = Double.longBitsToDouble(bits);
            case OBJECT -> throw new IllegalArgumentException("objects do not go through a fast box");
        }
    }

    /**
     * Returns a published message as an eager send whose data are a copy of the slot's, to
     * queue as unexpected or to deliver through {@link Transfers#deliver}.
     *
     * @param n the message's index
     * @return the send
     */
    SmdevRequest envelope(final long n) {
        final Slot slot = slots[(int) n & (SLOTS - 1)];
        final int count = slot.count;
        final ElementType type = slot.type;
        final Object data = Array.newInstance(type.carrier(), count);
        copyData(slot, count, type, data, 0);
        final SmdevRequest send = SmdevRequest.ofArray(sender, true, false, sourceRank, slot.tag, slot.context,
            data, 0, count, type, (long) count * type.byteSize());
        send.eager = true;
        send.staged = data;
        return send;
    }

    /**
     * Frees the slots of the messages before {@code taken} for the producers, once they have been
     * read, and notes that those before {@code examined} have been looked at (the ones left stay
     * until a receive or probe wants them); called under the receiving mailbox's lock.
     *
     * <p>Both are release stores: they order the reads of the slots before them, which is all
     * that a producer reusing a slot and a poller reading the hint need. A volatile store adds a
     * full fence on the path from taking a message to answering it: with it, a 1-byte ping-pong
     * through {@code mpi} took 0.15-0.19 us per half round trip against 0.14-0.18 us without,
     * slower in 10 of 12 pairs of runs in turn and level in the other two
     * ({@code PingPongTailProgram 1 1 6}, the mean of the last round).
     *
     * @param taken the index of the oldest message still in the box
     * @param examined the index of the first message no consumer has looked at, at least {@code taken}
     */
    void taken(final long taken, final long examined) {
        Consumers.EXAMINED.setRelease(consumers, examined);
        if (taken != consumers.head) {
            Consumers.HEAD.setRelease(consumers, taken);
        }
    }

    /** One slot: a message's envelope and data, and the sequence that publishes them. */
    private static final class Slot extends Padded.Line {
        /** The index of the message it holds, plus one; 0 before the first. */
        volatile long sequence;
        int tag;
        int context;
        int count;
        ElementType type;
        /** The bits of a message of one element, which the slot carries itself ({@link #bitsOf}). */
        long element;
        /** A primitive array of the message's type, kept for the next message of several elements. */
        Object data;
    }

    /**
     * The consumers' state: the oldest message not yet taken, read by producers when the box
     * looks full, and the first one no consumer has examined, read by pollers.
     */
    @SuppressWarnings("unused")
    private static final class Consumers extends Padded.Line {
        /** {@link #head}, for release stores. */
        static final VarHandle HEAD;
        /** {@link #examined}, for release stores. */
        static final VarHandle EXAMINED;

        static {
            try {
                final MethodHandles.Lookup lookup = MethodHandles.lookup();
                HEAD = lookup.findVarHandle(Consumers.class, "head", long.class);
                EXAMINED = lookup.findVarHandle(Consumers.class, "examined", long.class);
            } catch (final ReflectiveOperationException impossible) {
                throw new ExceptionInInitializerError(impossible);
            }
        }

        volatile long head;
        volatile long examined;
        private long q1;
        private long q2;
        private long q3;
        private long q4;
        private long q5;
        private long q6;
    }

    /**
     * The producers' state: the messages published so far, and the head as they last read it;
     * guarded by its lock word, {@link #held}.
     */
    @SuppressWarnings("unused")
    private static final class Producers extends Padded.Line {
        static final VarHandle HELD;

        static {
            try {
                HELD = MethodHandles.lookup().findVarHandle(Producers.class, "held", long.class);
            } catch (final ReflectiveOperationException impossible) {
                throw new ExceptionInInitializerError(impossible);
            }
        }

        /** The producers' {@link LockWord}. */
        volatile long held;
        long tail;
        long headSeen;
        private long q1;
        private long q2;
        private long q3;
        private long q4;
        private long q5;
        private long q6;
    }
}
