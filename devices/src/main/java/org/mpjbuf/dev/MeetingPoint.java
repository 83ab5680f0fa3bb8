package org.mpjbuf.dev;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

/**
 * Where the ranks of one communicator meet in memory when they are threads of one JVM: a
 * reusable barrier, and a slot per rank in which each publishes a contribution that the others
 * read once all have arrived. A device whose ranks are threads hands it out
 * ({@link Device#meetingPoint}); the collectives above build a barrier and small reductions on it
 * that cost a few cache-line transfers instead of messages.
 *
 * <h2>Protocol</h2>
 * A meeting is one call of a collective by every member:
 * <ol>
 *   <li>a member writes its contribution, if any, into its own slot of the meeting's parity
 *       ({@link #slot}, {@link #setSlot}), then calls {@link #arrive()}, which returns the
 *       meeting's generation;</li>
 *   <li>it waits until {@link #isOver(int)} holds for that generation: spinning, then, if it must
 *       sleep, registering its thread ({@link #sleeps}), checking again, parking, and
 *       deregistering ({@link #wakes}) once it is over. The last member to arrive ends the meeting
 *       and unparks every registered thread;</li>
 *   <li>once over, it may read every member's slot of that parity, until it arrives at the next
 *       meeting.</li>
 * </ol>
 * The slots alternate between two parities, so a member writes its next contribution while
 * slower members still read the previous one: a member cannot start the meeting after next
 * before every member has arrived at the next one, that is, finished reading this one.
 *
 * <p>Memory effects: writes a member makes before {@link #arrive()} are visible to every member
 * after it sees {@link #isOver(int)} for that meeting (the arrival is an atomic increment, the end
 * a volatile write, both read with acquire semantics).
 *
 * <p>Thread-safe under the protocol above: each member writes only its own slots and sleeping
 * entry; a member is one thread at a time (the thread of that rank calling the collective).
 */
public final class MeetingPoint {
    private final int members;
    private final AtomicInteger arrived = new AtomicInteger();
    private volatile int generation;
    private final AtomicReferenceArray<Thread> sleeping;
    /** Each member's contribution, by parity of the meeting's generation; see the protocol. */
    private final Object[][] slots;

    /**
     * Creates the meeting point of a communicator.
     *
     * @param members how many ranks meet here, {@code >= 1}
     * @throws IllegalArgumentException if {@code members < 1}
     */
    public MeetingPoint(final int members) {
        if (members < 1) {
            throw new IllegalArgumentException("members = " + members + " (expected >= 1)");
        }
        this.members = members;
        this.sleeping = new AtomicReferenceArray<>(members);
        this.slots = new Object[2][members];
    }

    /**
     * Returns how many ranks meet here.
     *
     * @return the member count
     */
    public int members() {
        return members;
    }

    /**
     * Arrives at the current meeting; the last member to arrive ends it and wakes every member
     * registered as sleeping.
     *
     * @return the meeting's generation, for {@link #isOver(int)} and the parity of its slots
     */
    public int arrive() {
        // read before the increment: the meeting cannot end before this member has arrived
        final int current = generation;
        if (arrived.incrementAndGet() == members) {
            arrived.set(0);
            generation = current + 1;
            for (int member = 0; member < members; member++) {
                final Thread thread = sleeping.get(member);
                if (thread != null) {
                    LockSupport.unpark(thread);
                }
            }
        }
        return current;
    }

    /**
     * Tells whether the meeting of a generation is over: every member has arrived.
     *
     * @param meeting the generation {@link #arrive()} returned
     * @return whether it is over
     */
    public boolean isOver(final int meeting) {
        return generation != meeting;
    }

    /**
     * Registers the calling thread as the member's sleeper: the end of the meeting unparks it.
     * The caller checks {@link #isOver(int)} after this call and before it parks.
     *
     * @param member the member, {@code 0 <= member < members()}
     * @param thread the thread about to park
     */
    public void sleeps(final int member, final Thread thread) {
        sleeping.set(member, thread);
    }

    /**
     * Ends the member's registration as a sleeper.
     *
     * @param member the member
     */
    public void wakes(final int member) {
        sleeping.set(member, null);
    }

    /**
     * Returns the member's slot of a parity: the array it last stored there, or {@code null}.
     *
     * @param meeting the generation of the meeting, whose parity selects the slots
     * @param member  the member
     * @return the contribution array
     */
    public Object slot(final int meeting, final int member) {
        return slots[meeting & 1][member];
    }

    /**
     * Stores the calling member's contribution array for a meeting, before it arrives. The array
     * then belongs to the meeting point: the member may write into it again only for a later
     * meeting of the same parity.
     *
     * @param meeting the generation the member is about to arrive at ({@link #generation()})
     * @param member  the calling member
     * @param array   the contribution
     */
    public void setSlot(final int meeting, final int member, final Object array) {
        slots[meeting & 1][member] = array;
    }

    /**
     * Returns the generation of the meeting a member arriving now joins: the value its
     * {@link #arrive()} will return, as long as the member has not arrived yet.
     *
     * @return the current generation
     */
    public int generation() {
        return generation;
    }
}
