package org.mpjbuf.dev.smdev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.MeetingPoint;

/** smdev hands the ranks of one communicator one meeting point, and other communicators others. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SmdevMeetingPointTest {

    @Test
    void shouldGiveTheMembersOfACommunicatorOneMeetingPoint() {
        final List<Device> ranks = SmdevRanks.join(SmdevWorld.create(4));
        final MeetingPoint world = ranks.get(0).meetingPoint(3, 0, 4);
        for (final Device rank : ranks) {
            assertSame(world, rank.meetingPoint(3, 0, 4));
        }
        assertEquals(4, world.members());
        // two halves split from one communicator may share a context: their first members differ
        final MeetingPoint even = ranks.get(0).meetingPoint(5, 0, 2);
        final MeetingPoint odd = ranks.get(1).meetingPoint(5, 1, 2);
        assertNotSame(even, odd);
        assertSame(even, ranks.get(2).meetingPoint(5, 0, 2));
        assertNotSame(world, ranks.get(0).meetingPoint(7, 0, 4), "another context");
        // a later communicator that reuses a freed one's context and first member, with another size
        final MeetingPoint later = ranks.get(0).meetingPoint(3, 0, 3);
        assertEquals(3, later.members());
        assertSame(later, ranks.get(1).meetingPoint(3, 0, 3));
        ranks.forEach(Device::finish);
    }
}
