package org.mpjbuf.dev.smdev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Ranks;
import org.mpjbuf.dev.Request;
import org.mpjbuf.dev.Status;

/**
 * smdev reuses a thread's blocking array receive ({@link Device#irecvToWait}) once its status has
 * been taken, through the fast boxes and through the queues alike, each reuse gets its own
 * message, and like messages share one status. (What every device must do with such receives is
 * in the conformance suite.)
 */
final class SmdevBlockingReceiveTest {
    private static final int CONTEXT = 4;

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    @Timeout(60)
    void shouldReuseAThreadsBlockingReceiveOnceItsStatusIsTaken(final boolean fastBoxes) throws InterruptedException {
        final int messages = 40;
        final SmdevWorld world = SmdevWorld.builder().size(2).fastBoxes(fastBoxes).build();
        final List<Device> devices = SmdevRanks.join(world);
        try {
            Ranks.run(devices, new ProcessID[] {ProcessID.of(0), ProcessID.of(1)}, 60, (device, rank, ids) -> {
                if (rank == 0) {
                    for (int i = 0; i < messages; i++) {
                        device.send(new long[] {i, -i}, 0, 2, ids[1], 5, CONTEXT);
                        device.recv(new byte[0], 0, 0, ids[1], 0, CONTEXT);
                    }
                } else {
                    final Set<Request> requests = Collections.newSetFromMap(new IdentityHashMap<>());
                    final Set<Status> statuses = Collections.newSetFromMap(new IdentityHashMap<>());
                    for (int i = 0; i < messages; i++) {
                        final long[] in = new long[2];
                        final Request receive = device.irecvToWait(in, 0, 2, ids[0], Device.ANY_TAG, CONTEXT);
                        requests.add(receive);
                        final Status status = receive.await();
                        statuses.add(status);
                        assertEquals(5, status.tag());
                        assertEquals(ids[0], status.source());
                        assertEquals(2, status.elementCount());
                        assertArrayEquals(new long[] {i, -i}, in);
                        device.send(new byte[0], 0, 0, ids[0], 0, CONTEXT);
                    }
                    assertTrue(requests.size() < messages / 2, requests.size() + " requests for " + messages
                        + " blocking receives");
                    assertTrue(statuses.size() < messages / 2, statuses.size() + " statuses for " + messages
                        + " like messages");
                }
            });
        } finally {
            devices.forEach(Device::finish);
        }
    }
}
