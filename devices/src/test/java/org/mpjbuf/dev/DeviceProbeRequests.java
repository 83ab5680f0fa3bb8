package org.mpjbuf.dev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The contract of {@link Device#startProbe}: a probe request completes on arrival of a matching
 * message, never on one of another context or one taken by a posted receive, wakes a thread that
 * registered, re-checked and parked without a bound, and is released by cancel and by finish.
 */
public abstract class DeviceProbeRequests extends DeviceTestSupport {
    /** Creates the suite; subclasses say how to open a world. */
    protected DeviceProbeRequests() {
    }

    /** Parks without a bound until the request completes: a lost wake-up hangs until the timeout. */
    private static Status awaitParked(final Request request) {
        final Thread waiter = Thread.currentThread();
        request.addCompletionListener(done -> LockSupport.unpark(waiter));
        while (!request.isComplete()) {
            LockSupport.park(request);
        }
        return request.test();
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 1 << 18})
    @Timeout(60)
    void shouldCompleteAProbeOnTheArrivalOfAMessageSentAfterIt(final int length) throws InterruptedException {
        final CountDownLatch probing = new CountDownLatch(1);
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                assertTrue(probing.await(RANK_SECONDS, TimeUnit.SECONDS));
                device.send(ints(length, 4), 0, length, ids[1], 6, CONTEXT);
            } else {
                final Request probe = device.startProbe(Device.ANY_SOURCE, Device.ANY_TAG, CONTEXT);
                assertFalse(probe.isComplete(), "nothing has been sent yet");
                probing.countDown();
                final Status found = awaitParked(probe);
                assertEquals(ids[0], found.source());
                assertEquals(6, found.tag());
                assertEquals(length, found.elementCount());
                assertFalse(found.cancelled());
                final int[] received = new int[length];
                device.recv(received, 0, length, ids[0], 6, CONTEXT);
                assertArrayEquals(ints(length, 4), received, "the probe did not consume the message");
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldCompleteAProbeAtOnceWhenTheMessageHasArrived() throws InterruptedException {
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                device.send(ints(2, 1), 0, 2, ids[1], 1, CONTEXT);
                device.send(ints(9, 1), 0, 9, ids[1], 2, CONTEXT);
            } else {
                Status arrived = null;
                while (arrived == null) {
                    arrived = device.iprobe(ids[0], 2, CONTEXT);
                }
                final Request probe = device.startProbe(ids[0], Device.ANY_TAG, CONTEXT);
                assertTrue(probe.isComplete());
                assertEquals(1, probe.test().tag(), "the oldest matching message");
                device.recv(new int[2], 0, 2, ids[0], 1, CONTEXT);
                device.recv(new int[9], 0, 9, ids[0], 2, CONTEXT);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldNotCompleteAProbeWithAMessageOfAnotherContextOrTakenByAPostedReceive()
        throws InterruptedException {
        final CountDownLatch ready = new CountDownLatch(1);
        final CountDownLatch checked = new CountDownLatch(1);
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                assertTrue(ready.await(RANK_SECONDS, TimeUnit.SECONDS));
                device.send(ints(1, 1), 0, 1, ids[1], 3, CONTEXT + 1);
                device.send(ints(1, 2), 0, 1, ids[1], 4, CONTEXT);
                assertTrue(checked.await(RANK_SECONDS, TimeUnit.SECONDS));
                device.send(ints(1, 3), 0, 1, ids[1], 5, CONTEXT);
            } else {
                final int[] posted = new int[1];
                final Request receive = device.irecv(posted, 0, 1, ids[0], 4, CONTEXT);
                final Request probe = device.startProbe(Device.ANY_SOURCE, Device.ANY_TAG, CONTEXT);
                ready.countDown();
                receive.await();
                assertFalse(probe.isComplete(),
                    "neither the other context's message nor the one the receive took completes the probe");
                checked.countDown();
                assertEquals(5, awaitParked(probe).tag());
                device.recv(new int[1], 0, 1, ids[0], 5, CONTEXT);
                device.recv(new int[1], 0, 1, ids[0], 3, CONTEXT + 1);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldWakeTwoThreadsProbingOneRankForDifferentTags() throws InterruptedException {
        final CountDownLatch probing = new CountDownLatch(2);
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                assertTrue(probing.await(RANK_SECONDS, TimeUnit.SECONDS));
                device.send(ints(1, 1), 0, 1, ids[1], 2, CONTEXT);
                device.send(ints(1, 2), 0, 1, ids[1], 1, CONTEXT);
            } else {
                final AtomicReference<Throwable> failure = new AtomicReference<>();
                final Thread second = new Thread(() -> {
                    try {
                        final Request probe = device.startProbe(ids[0], 2, CONTEXT);
                        probing.countDown();
                        assertEquals(2, awaitParked(probe).tag());
                    } catch (final Throwable ex) {
                        failure.set(ex);
                    }
                });
                second.start();
                final Request probe = device.startProbe(ids[0], 1, CONTEXT);
                probing.countDown();
                assertEquals(1, awaitParked(probe).tag());
                second.join();
                assertEquals(null, failure.get());
                device.recv(new int[1], 0, 1, ids[0], 2, CONTEXT);
                device.recv(new int[1], 0, 1, ids[0], 1, CONTEXT);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldCancelAWaitingProbe() throws InterruptedException {
        inWorld(1, (device, rank, ids) -> {
            final Request probe = device.startProbe(ids[0], 1, CONTEXT);
            assertTrue(probe.cancel());
            assertTrue(probe.isComplete());
            assertTrue(probe.test().cancelled());
            assertFalse(probe.cancel(), "a completed probe is not cancelled twice");
            device.send(ints(1, 1), 0, 1, ids[0], 1, CONTEXT);
            assertNotNull(device.iprobe(ids[0], 1, CONTEXT), "the message stays for a receive");
            device.recv(new int[1], 0, 1, ids[0], 1, CONTEXT);
        });
    }

    @Test
    @Timeout(60)
    void shouldCompleteWaitingProbesAsCancelledWhenTheRankFinishes() {
        final List<Device> devices = openTracked(2);
        final Device device = devices.get(1);
        final Request probe = device.startProbe(Device.ANY_SOURCE, Device.ANY_TAG, CONTEXT);
        device.finish();
        assertTrue(awaitParked(probe).cancelled());
        assertThrows(IllegalStateException.class, () -> device.startProbe(Device.ANY_SOURCE, 1, CONTEXT));
        assertThrows(NullPointerException.class, () -> devices.get(0).startProbe(null, 1, CONTEXT));
    }
}
