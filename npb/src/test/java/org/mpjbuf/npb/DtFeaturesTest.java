package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** DT's arithmetic, where it must do what the reference's C does. */
class DtFeaturesTest {

    @Test
    void shouldPowerWithIntProductsThatWrapAsTheReferencesDo() {
        assertEquals(1024 % 1427, DtFeatures.powerModulo(2, 10, 1427));
        assertEquals(1, DtFeatures.powerModulo(7, 0, 5));
        // 223999 * 83 squared overflows an int; the reference's product wraps to 409752809
        int base = 223999 * 83;
        int wrapped = base * base;
        assertEquals(409752809, wrapped);
        assertEquals((base % 256) * (wrapped % 256) % 256, DtFeatures.powerModulo(base, 3, 256));
    }

    @Test
    void shouldDrawPointCountsAroundTheMean() {
        for (int id = 0; id < 200; id++) {
            int points = DtFeatures.pointCount(id, 1728, 128);
            assertTrue(points >= 1728 - 128 && points < 1728 + 128, "source " + id + ": " + points);
        }
    }

    @Test
    void shouldResampleKeepingTheEndsAndSharingTheInnerElements() {
        double[] resampled = DtFeatures.resample(new double[] {1, 4, 6, 9}, 8);

        // ratio 2: element 1 goes to 1..3 (4/3 each), element 2 to 3..5 (2 each)
        assertArrayEquals(new double[] {1, 4.0 / 3, 4.0 / 3, 4.0 / 3 + 2, 2, 2, 0, 9}, resampled, 1e-15);
    }

    @Test
    void shouldTakeTheReceivedPointWhereTheArraysAreNearest() {
        double[] combined = {0, 0, 0, 0, 5, 5, 5, 5, 9, 9, 9, 9, 0, 0, 0, 0};
        double[] received = {0, 0, 0, 0, 1, 1, 1, 1, 9, 9, 9, 9, 0, 0, 0, 0};

        double[] filtered = DtFeatures.windowFilter(combined, received, 2);

        // point 1 is nearest at point 2, where both hold 9s: it becomes 3/4 of the received 9s; point 2
        // is as near at point 3 as at itself (the first of equals wins): 3/4 of its own 9s
        assertArrayEquals(new double[] {0, 0, 0, 0, 6.75, 6.75, 6.75, 6.75, 6.75, 6.75, 6.75, 6.75, 0, 0, 0, 0},
                filtered);
    }
}
