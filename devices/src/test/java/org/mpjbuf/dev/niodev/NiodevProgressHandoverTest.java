package org.mpjbuf.dev.niodev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Ranks;
import org.mpjbuf.dev.Request;

/**
 * niodev's progress thread takes the progress back when a rank's threads stop polling, also after
 * they polled for seconds (its stand-aside grows while they poll, and must stay bounded): a rank
 * that posted a receive, polled, and then computes without calling the device still answers a
 * peer's request to send, so the peer's rendezvous send completes.
 */
final class NiodevProgressHandoverTest {
    private static final int CONTEXT = 6;
    /** Longer than any stand-aside the progress thread may reach by doubling from 1 ms. */
    private static final long POLLING_NANOS = TimeUnit.SECONDS.toNanos(3);

    @Test
    @Timeout(60)
    void shouldAnswerAPeerOnceTheRankStopsPollingAfterSecondsOfIt() throws InterruptedException {
        final List<Device> devices = NiodevWorlds.open(2, Map.of());
        final ProcessID[] ids = {ProcessID.of(0), ProcessID.of(1)};
        final int large = NiodevConfiguration.EAGER_LIMIT / Integer.BYTES + 100;
        final int[] sent = new int[large];
        for (int i = 0; i < large; i++) {
            sent[i] = 31 * i + 7;
        }
        final CountDownLatch pollingStopped = new CountDownLatch(1);
        final AtomicLong sendNanos = new AtomicLong();
        try {
            Ranks.run(devices, ids, 60, (device, rank, all) -> {
                if (rank == 0) {
                    final int[] received = new int[large];
                    final Request receive = device.irecv(received, 0, large, all[1], 1, CONTEXT);
                    final long end = System.nanoTime() + POLLING_NANOS;
                    while (System.nanoTime() - end < 0) {
                        device.poll();
                        Thread.onSpinWait();
                    }
                    assertFalse(receive.isComplete(), "nothing was sent while rank 0 polled");
                    pollingStopped.countDown();
                    // computes from here on: no call of the device until the message is in
                    while (!receive.isComplete()) {
                        Thread.sleep(1);
                    }
                    receive.await();
                    assertArrayEquals(sent, received);
                } else {
                    pollingStopped.await();
                    final long start = System.nanoTime();
                    device.send(sent, 0, large, all[0], 1, CONTEXT);
                    sendNanos.set(System.nanoTime() - start);
                }
            });
        } finally {
            devices.forEach(Device::finish);
        }
        // the stand-aside is at most 16 ms; half a second leaves room for a loaded machine, not for
        // a stand-aside that kept doubling through the three seconds of polling (to 2 s and more)
        assertTrue(sendNanos.get() < TimeUnit.MILLISECONDS.toNanos(500), "the rendezvous send took "
            + TimeUnit.NANOSECONDS.toMillis(sendNanos.get()) + " ms after rank 0 stopped polling");
    }
}
