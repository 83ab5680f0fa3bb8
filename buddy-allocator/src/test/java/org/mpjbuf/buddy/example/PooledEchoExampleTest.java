package org.mpjbuf.buddy.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.Medium;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PooledEchoExampleTest {

    @ParameterizedTest
    @EnumSource(Medium.class)
    void shouldEchoEveryMessageAndReturnEveryBuffer(final Medium medium) throws IOException, InterruptedException {
        try (BufferPool pool = BufferPool.builder().medium(medium).regionSize(1 << 20).build()) {
            final PooledEchoExample.Result result = PooledEchoExample.run(pool, 50, 7);
            assertEquals(50, result.messages());
            assertTrue(result.bytes() >= 50 * 64L);
            assertEquals(0, result.statistics().inUseBytes());
            assertTrue(result.statistics().peakInUseBytes() > 0);
            assertThrows(IllegalArgumentException.class, () -> PooledEchoExample.run(pool, -1, 7));
        }
    }
}
