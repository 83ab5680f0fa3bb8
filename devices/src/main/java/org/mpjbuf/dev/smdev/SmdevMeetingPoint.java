package org.mpjbuf.dev.smdev;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

import org.mpjbuf.dev.MeetingPoint;

/**
 * The meeting point of the ranks of one smdev communicator: a seat per member, on cache lines of
 * its own, holding the member's count of arrivals and its contributions to the last two meetings.
 * A member arrives by writing its own seat and waits by reading the others', so a meeting of two
 * ranks costs each about two cache-line transfers (its seat taken back from the reader, the
 * other's seat read with the values beside it), and no line is written by more than one member.
 *
 * <p>Sleepers are counted apart: an arrival reads the count (a line that stays in every cache
 * while nobody sleeps) and, when it is not zero and the arrival ends the meeting, unparks the
 * registered threads. The registration and the arrival each write their side and then read the
 * other's, with volatile accesses, so a sleeper either sees the end of the meeting in its check
 * before parking or is unparked; of two members arriving last at once, at least one sees the
 * other's arrival and wakes the sleepers.
 *
 * <p>Thread-safe under the {@link MeetingPoint} protocol.
 */
final class SmdevMeetingPoint implements MeetingPoint {
    private final Seat[] seats;
    private final AtomicInteger sleepers = new AtomicInteger();
    private final AtomicReferenceArray<Thread> sleeping;

    /**
     * Creates the meeting point of a communicator.
     *
     * @param members how many ranks meet here, {@code >= 1}
     * @throws IllegalArgumentException if {@code members < 1}
     */
    SmdevMeetingPoint(final int members) {
        if (members < 1) {
            throw new IllegalArgumentException("members = " + members + " (expected >= 1)");
        }
        this.seats = new Seat[members];
        for (int member = 0; member < members; member++) {
            seats[member] = new Seat();
        }
        this.sleeping = new AtomicReferenceArray<>(members);
    }

    @Override
    public int members() {
        return seats.length;
    }

    @Override
    public long nextMeeting(final int member) {
        return seats[member].arrivals;
    }

    @Override
    public void putInline(final int member, final long meeting, final int index, final long bits) {
        final Seat seat = seats[member];
        switch ((int) (meeting & 1) * INLINE_LONGS + index) {
            case 0 -> seat.even0 = bits;
            case 1 -> seat.even1 = bits;
            case 2 -> seat.odd0 = bits;
            case 3 -> seat.odd1 = bits;
            default -> throw new IndexOutOfBoundsException("inline value " + index + " of " + INLINE_LONGS);
        }
    }

    @Override
    public long inline(final int member, final long meeting, final int index) {
        final Seat seat = seats[member];
        return switch ((int) (meeting & 1) * INLINE_LONGS + index) {
            case 0 -> seat.even0;
            case 1 -> seat.even1;
            case 2 -> seat.odd0;
            case 3 -> seat.odd1;
            default -> throw new IndexOutOfBoundsException("inline value " + index + " of " + INLINE_LONGS);
        };
    }

    @Override
    public void setSlot(final int member, final long meeting, final Object array) {
        if ((meeting & 1) == 0) {
            seats[member].evenSlot = array;
        } else {
            seats[member].oddSlot = array;
        }
    }

    @Override
    public Object slot(final int member, final long meeting) {
        final Seat seat = seats[member];
        return (meeting & 1) == 0 ? seat.evenSlot : seat.oddSlot;
    }

    @Override
    public void arrive(final int member) {
        final Seat seat = seats[member];
        final long meeting = seat.arrivals;
        seat.arrivals = meeting + 1;
        // only the arrival that ends the meeting wakes the sleepers, not every arrival: with more
        // ranks than cores, woken threads that find the meeting still open would take the cores
        // from the ranks yet to arrive
        if (sleepers.get() != 0 && isOver(meeting)) {
            for (int other = 0; other < seats.length; other++) {
                final Thread thread = sleeping.get(other);
                if (thread != null) {
                    LockSupport.unpark(thread);
                }
            }
        }
    }

    @Override
    public boolean isOver(final long meeting) {
        for (final Seat seat : seats) {
            if (seat.arrivals <= meeting) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void sleeps(final int member, final Thread thread) {
        sleeping.set(member, thread);
        sleepers.incrementAndGet();
    }

    @Override
    public void wakes(final int member) {
        sleepers.decrementAndGet();
        sleeping.set(member, null);
    }

    /** A member's fields, after the padding that keeps other objects' fields off their line. */
    private abstract static class SeatFields extends Padded.Line {
        /** How many meetings the member has arrived at; written by the member only. */
        volatile long arrivals;
        /* The member's inline values, beside its arrivals: those of even meetings, then of odd ones. */
        long even0;
        long even1;
        long odd0;
        long odd1;
        Object evenSlot;
        Object oddSlot;
    }

    /** A member's seat, padded on both sides. */
    @SuppressWarnings("unused")
    private static final class Seat extends SeatFields {
        private long q1;
        private long q2;
        private long q3;
        private long q4;
        private long q5;
        private long q6;
        private long q7;
    }
}
