package mpi;

import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A device whose ranks are threads gets the user's arrays directly: the rank keeps no factory of
 * message buffers. Runs in the smdev execution only (mpj-core's pom).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ThreadDeviceArraysTest {

    @Test
    void shouldSendArraysDirectlyWithoutMessageBuffers() {
        Ranks.run(2, world -> assertNull(RankState.lookup().messageBuffers()));
    }
}
