package org.mpjbuf.dev;

/**
 * Where the ranks of one communicator meet in memory when they are threads of one JVM. A device
 * whose ranks are threads hands one out per communicator ({@link Device#meetingPoint}); the
 * collectives above run a barrier and small reductions on it, which cost a few cache-line
 * transfers instead of messages.
 *
 * <h2>Protocol</h2>
 * Every member counts its meetings from 0; meeting {@code m} is every member's {@code m}-th call of
 * a collective on the communicator (MPI has every member call them in the same order).
 * <ol>
 *   <li>A member learns the number of its next meeting ({@link #nextMeeting}), writes its
 *       contribution, if any, for that meeting: up to {@link #INLINE_LONGS} values beside its
 *       arrival ({@link #putInline}), or an array ({@link #setSlot}); then it
 *       {@linkplain #arrive arrives}.</li>
 *   <li>It waits until {@link #isOver} holds for the meeting: every member has arrived. If it
 *       must sleep, it registers its thread ({@link #sleeps}), checks again, parks, and
 *       deregisters ({@link #wakes}) once the meeting is over; the arrival that ends a meeting
 *       unparks every registered thread.</li>
 *   <li>Then it may read every member's contribution to that meeting ({@link #inline},
 *       {@link #slot}), until it arrives at its next meeting.</li>
 * </ol>
 * Contributions alternate between two sets by the parity of the meeting, so a member writes its
 * next one while slower members still read the last: nobody can arrive at the meeting after next
 * before every member has arrived at the next one, that is, finished reading this one.
 *
 * <p>Memory effects: what a member writes before it arrives is visible to every member that has
 * seen {@link #isOver} hold for that meeting.
 *
 * <p>Thread-safe under the protocol: a member is one thread at a time (the thread of that rank
 * calling the collective) and writes only its own contributions and registration.
 */
public interface MeetingPoint {

    /** How many values a member can put beside its arrival ({@link #putInline}). */
    int INLINE_LONGS = 2;

    /**
     * Returns how many ranks meet here.
     *
     * @return the member count, {@code >= 1}
     */
    int members();

    /**
     * Returns the number of the member's next meeting: how many it has arrived at so far.
     *
     * @param member the member, {@code 0 <= member < members()}
     * @return the meeting number
     */
    long nextMeeting(int member);

    /**
     * Puts one value of the member's contribution beside its arrival, before it arrives at the
     * meeting; an arrival and these values travel together.
     *
     * @param member  the calling member
     * @param meeting the meeting it is about to arrive at
     * @param index   the value's index, {@code 0 <= index < INLINE_LONGS}
     * @param bits    the value
     */
    void putInline(int member, long meeting, int index, long bits);

    /**
     * Returns one value a member put beside its arrival at a meeting that is over.
     *
     * @param member  the member whose value is read
     * @param meeting the meeting
     * @param index   the value's index
     * @return the value
     */
    long inline(int member, long meeting, int index);

    /**
     * Stores the member's contribution array for a meeting, before it arrives. The array then
     * belongs to the meeting point until the member's next meeting of the same parity, when the
     * member may write into it again. At a meeting whose contributions all travel inline nobody
     * reads slots, and a member may keep scratch space of its own in its slot, stored and used
     * after it arrived.
     *
     * @param member  the calling member
     * @param meeting the meeting it arrives at
     * @param array   the contribution, or the member's scratch space
     */
    void setSlot(int member, long meeting, Object array);

    /**
     * Returns the array a member last stored for meetings of the parity of {@code meeting}, or
     * {@code null}: the member's contribution once that meeting is over, and the array the member
     * itself may reuse before it arrives.
     *
     * @param member  the member
     * @param meeting the meeting
     * @return the array, or {@code null}
     */
    Object slot(int member, long meeting);

    /**
     * Arrives at the member's next meeting; an arrival that ends the meeting unparks every member
     * registered as sleeping.
     *
     * @param member the calling member
     */
    void arrive(int member);

    /**
     * Tells whether every member has arrived at a meeting.
     *
     * @param meeting the meeting
     * @return whether it is over
     */
    boolean isOver(long meeting);

    /**
     * Registers the calling thread as the member's sleeper, whom the end of a meeting unparks. The caller
     * checks {@link #isOver} after this call and before it parks.
     *
     * @param member the member
     * @param thread the thread about to park
     */
    void sleeps(int member, Thread thread);

    /**
     * Ends the member's registration as a sleeper.
     *
     * @param member the member
     */
    void wakes(int member);
}
