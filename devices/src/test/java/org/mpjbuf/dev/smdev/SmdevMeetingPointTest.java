package org.mpjbuf.dev.smdev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.MeetingPoint;

/**
 * smdev's meeting points: the members of one communicator get one, other communicators others;
 * no member passes a meeting before every member has arrived; what each member put beside its
 * arrival or in its slot stays readable until all have read it; a sleeping member is woken by the
 * last arrival. More members than cores take part.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SmdevMeetingPointTest {

    @Test
    void shouldGiveTheMembersOfACommunicatorOneMeetingPoint() {
        final List<Device> ranks = SmdevRanks.join(SmdevWorld.create(4));
        final int[] all = {0, 1, 2, 3};
        final MeetingPoint world = ranks.get(0).meetingPoint(3, all);
        for (final Device rank : ranks) {
            assertSame(world, rank.meetingPoint(3, all.clone()));
        }
        assertEquals(4, world.members());
        // two halves split from one communicator may share a context: their members differ
        final MeetingPoint even = ranks.get(0).meetingPoint(5, new int[] {0, 2});
        final MeetingPoint odd = ranks.get(1).meetingPoint(5, new int[] {1, 3});
        assertNotSame(even, odd);
        assertSame(even, ranks.get(2).meetingPoint(5, new int[] {0, 2}));
        assertNotSame(world, ranks.get(0).meetingPoint(7, all), "another context");
        assertNotSame(world, ranks.get(0).meetingPoint(3, new int[] {3, 2, 1, 0}), "the same members ranked otherwise");
        // a later communicator with a freed one's context and first member but other members
        final MeetingPoint later = ranks.get(0).meetingPoint(3, new int[] {0, 2, 3});
        assertEquals(3, later.members());
        assertSame(later, ranks.get(3).meetingPoint(3, new int[] {0, 2, 3}));
        ranks.forEach(Device::finish);
    }

    /**
     * Waits as the mpi layer does when ranks outnumber cores: yielding between checks, or sleeping
     * until an arrival wakes the member.
     */
    private static void await(final MeetingPoint meeting, final int member, final long number, final boolean sleep) {
        if (!sleep) {
            while (!meeting.isOver(number)) {
                Thread.yield();
            }
            return;
        }
        meeting.sleeps(member, Thread.currentThread());
        try {
            while (!meeting.isOver(number)) {
                LockSupport.park(meeting);
            }
        } finally {
            meeting.wakes(member);
        }
    }

    @FunctionalInterface
    private interface MemberTask {
        void run(int member) throws Exception;
    }

    private static void runMembers(final int members, final MemberTask task) throws InterruptedException {
        final ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        final List<Thread> threads = new ArrayList<>();
        for (int member = 0; member < members; member++) {
            final int me = member;
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    task.run(me);
                } catch (final Throwable failure) {
                    failures.add(failure);
                }
            }));
        }
        for (final Thread thread : threads) {
            thread.join();
        }
        if (!failures.isEmpty()) {
            throw new AssertionError("a member failed", failures.peek());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7})
    void shouldLetEveryMemberReadEveryContributionOfEachMeeting(final int members) throws InterruptedException {
        final MeetingPoint meeting = new SmdevMeetingPoint(members);
        final int meetings = 5_000;
        runMembers(members, member -> {
            for (int call = 0; call < meetings; call++) {
                final long number = meeting.nextMeeting(member);
                assertEquals(call, number);
                long[] mine = (long[]) meeting.slot(member, number);
                if (mine == null) {
                    mine = new long[1];
                    meeting.setSlot(member, number, mine);
                }
                mine[0] = (long) call * members + member;
                meeting.putInline(member, number, 0, -mine[0]);
                meeting.putInline(member, number, 1, call);
                meeting.arrive(member);
                // some members sleep now and then, so that wake-ups are exercised too
                await(meeting, member, number, (call + member) % 97 == 0);
                long sum = 0;
                long inline = 0;
                for (int other = 0; other < members; other++) {
                    sum += ((long[]) meeting.slot(other, number))[0];
                    inline += meeting.inline(other, number, 0);
                    assertEquals(call, meeting.inline(other, number, 1), "meeting of member " + other);
                }
                final long expected = (long) call * members * members + (long) members * (members - 1) / 2;
                assertEquals(expected, sum, "meeting " + call + " at member " + member);
                assertEquals(-expected, inline, "inline values of meeting " + call + " at member " + member);
            }
        });
    }

    @Test
    void shouldWakeAParkedMemberWhenTheLastOneArrives() throws InterruptedException {
        final MeetingPoint meeting = new SmdevMeetingPoint(2);
        final Thread sleeper = Thread.ofPlatform().start(() -> {
            meeting.arrive(0);
            await(meeting, 0, 0, true);
        });
        while (sleeper.getState() != Thread.State.WAITING) {
            Thread.yield();
        }
        assertFalse(meeting.isOver(0), "one member of two has arrived");
        meeting.arrive(1);
        sleeper.join();
        assertTrue(meeting.isOver(0));
        assertEquals(1, meeting.nextMeeting(0));
        assertEquals(1, meeting.nextMeeting(1));
    }

    @Test
    void shouldRefuseAMeetingOfNoMembers() {
        final IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
            () -> new SmdevMeetingPoint(0));
        assertTrue(none.getMessage().contains("members = 0"), none.getMessage());
    }
}
