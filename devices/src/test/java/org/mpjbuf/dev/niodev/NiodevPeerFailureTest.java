package org.mpjbuf.dev.niodev;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.StandardSocketOptions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Request;

/**
 * A peer that dies (its end of the connection closed, or reset) without finishing: every request of rank 0 that
 * waits on it fails within seconds with an error naming it (a receive from it, an
 * {@code ANY_SOURCE} receive, a probe, a rendezvous and a synchronous send to it), later sends to
 * it fail at once, and rank 0 goes on.
 */
final class NiodevPeerFailureTest {
    private static final int CONTEXT = 5;

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    @Timeout(30)
    void shouldFailEveryRequestWaitingOnAPeerThatDies(final boolean reset) throws Exception {
        try (FakePeer peer = FakePeer.connect(Map.of(NiodevConfiguration.EAGER_LIMIT_PROP_NAME, "1024"))) {
            final Device device = peer.device;
            final ProcessID one = ProcessID.of(1);
            final List<Request> waiting = List.of(
                device.irecv(new int[4], 0, 4, one, 1, CONTEXT),
                device.irecv(new byte[4], 0, 4, Device.ANY_SOURCE, Device.ANY_TAG, CONTEXT),
                device.startProbe(one, 2, CONTEXT),
                device.isend(new byte[4096], 0, 4096, one, 3, CONTEXT),
                device.issend(new int[1], 0, 1, one, 4, CONTEXT));
            Thread.sleep(20);
            for (final Request request : waiting) {
                assertFalse(request.isComplete(), request + " waits for rank 1");
            }
            final long start = System.nanoTime();
            if (reset) {
                peer.channel.setOption(StandardSocketOptions.SO_LINGER, 0);
                peer.channel.close();
            } else {
                peer.channel.shutdownOutput();
            }
            for (final Request request : waiting) {
                final DeviceException failed = assertThrows(DeviceException.class, request::await);
                assertTrue(failed.getMessage().contains("rank 1"), failed.getMessage());
            }
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5), "within seconds");
            final DeviceException later = assertThrows(DeviceException.class,
                () -> device.isend(new int[1], 0, 1, one, 1, CONTEXT));
            assertTrue(later.getMessage().contains("rank 1"), later.getMessage());
            final int[] self = new int[1];
            device.send(new int[] {3}, 0, 1, ProcessID.of(0), 1, CONTEXT);
            device.recv(self, 0, 1, ProcessID.of(0), 1, CONTEXT);
            assertTrue(self[0] == 3, "rank 0 goes on");
        }
    }
}
