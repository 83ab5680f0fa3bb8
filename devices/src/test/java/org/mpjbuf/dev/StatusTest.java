package org.mpjbuf.dev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link Status#ofMessage}: the previous status stands for a message only when it says exactly the same. */
final class StatusTest {
    private static final ProcessID SOURCE = ProcessID.of(1);

    @Test
    void shouldHandBackThePreviousStatusOfALikeMessage() {
        final Status previous = Status.ofMessage(null, SOURCE, 7, 3, 8, 1, ElementType.DOUBLE);
        assertEquals(new Status(SOURCE, 7, 3, 8, 1, ElementType.DOUBLE, false), previous);
        assertSame(previous, Status.ofMessage(previous, SOURCE, 7, 3, 8, 1, ElementType.DOUBLE));
    }

    @Test
    void shouldMakeANewStatusWhenAnythingDiffers() {
        final Status previous = Status.ofMessage(null, SOURCE, 7, 3, 8, 1, ElementType.DOUBLE);
        final Status[] others = {
            Status.ofMessage(previous, ProcessID.of(2), 7, 3, 8, 1, ElementType.DOUBLE),
            Status.ofMessage(previous, SOURCE, 8, 3, 8, 1, ElementType.DOUBLE),
            Status.ofMessage(previous, SOURCE, 7, 4, 8, 1, ElementType.DOUBLE),
            Status.ofMessage(previous, SOURCE, 7, 3, 16, 1, ElementType.DOUBLE),
            Status.ofMessage(previous, SOURCE, 7, 3, 8, 2, ElementType.DOUBLE),
            Status.ofMessage(previous, SOURCE, 7, 3, 8, 1, ElementType.LONG),
            Status.ofMessage(previous, SOURCE, 7, 3, 8, 1, null),
        };
        for (final Status other : others) {
            assertNotSame(previous, other);
            assertTrue(!other.equals(previous) && !other.cancelled(), other::toString);
        }
    }

    @Test
    void shouldNotLetACancelledStatusStandForAMessage() {
        final Status cancelled = new Status(SOURCE, 7, 3, 8, 1, ElementType.DOUBLE, true);
        final Status received = Status.ofMessage(cancelled, SOURCE, 7, 3, 8, 1, ElementType.DOUBLE);
        assertNotSame(cancelled, received);
        assertEquals(new Status(SOURCE, 7, 3, 8, 1, ElementType.DOUBLE, false), received);
    }
}
