package org.mpjbuf.dev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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

/**
 * The meeting point's protocol: no member passes a meeting before every member has arrived, the
 * slots of a meeting hold what each member stored before arriving until all have read them, and
 * a member that sleeps is woken by the last arrival. More members than cores take part.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MeetingPointTest {

    /**
     * Waits as the mpi layer does when ranks outnumber cores: yielding between checks, or
     * sleeping until the last arrival wakes the member.
     */
    private static void await(final MeetingPoint meeting, final int member, final int generation,
                              final boolean sleep) {
        if (!sleep) {
            while (!meeting.isOver(generation)) {
                Thread.yield();
            }
            return;
        }
        meeting.sleeps(member, Thread.currentThread());
        try {
            while (!meeting.isOver(generation)) {
                LockSupport.park(meeting);
            }
        } finally {
            meeting.wakes(member);
        }
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

    @FunctionalInterface
    private interface MemberTask {
        void run(int member) throws Exception;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7})
    void shouldLetEveryMemberReadEveryContributionOfEachMeeting(final int members) throws InterruptedException {
        final MeetingPoint meeting = new MeetingPoint(members);
        final int meetings = 5_000;
        runMembers(members, member -> {
            for (int call = 0; call < meetings; call++) {
                final int generation = meeting.generation();
                long[] mine = (long[]) meeting.slot(generation, member);
                if (mine == null) {
                    mine = new long[1];
                    meeting.setSlot(generation, member, mine);
                }
                mine[0] = (long) call * members + member;
                // some members sleep now and then, so that wake-ups are exercised too
                final boolean sleep = (call + member) % 97 == 0;
                await(meeting, member, meeting.arrive(), sleep);
                long sum = 0;
                for (int other = 0; other < members; other++) {
                    sum += ((long[]) meeting.slot(generation, other))[0];
                }
                final long expected = (long) call * members * members + (long) members * (members - 1) / 2;
                assertEquals(expected, sum, "meeting " + call + " at member " + member);
            }
        });
    }

    @Test
    void shouldWakeAParkedMemberWhenTheLastOneArrives() throws InterruptedException {
        final MeetingPoint meeting = new MeetingPoint(2);
        final Thread sleeper = Thread.ofPlatform().start(() -> await(meeting, 0, meeting.arrive(), true));
        while (sleeper.getState() != Thread.State.WAITING) {
            Thread.yield();
        }
        assertFalse(meeting.isOver(0), "one member of two has arrived");
        assertEquals(0, meeting.arrive());
        sleeper.join();
        assertTrue(meeting.isOver(0));
        assertEquals(1, meeting.generation());
    }

    @Test
    void shouldRefuseAMeetingOfNoMembers() {
        final IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> new MeetingPoint(0));
        assertTrue(none.getMessage().contains("members = 0"), none.getMessage());
    }
}
