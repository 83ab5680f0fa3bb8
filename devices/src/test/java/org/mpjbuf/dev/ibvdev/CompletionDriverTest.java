package org.mpjbuf.dev.ibvdev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The completion queue's failure reaches the device: when more completions arrive than the queue
 * holds, the driver's next poll says so to its owner (which fails every link), once, instead of
 * losing completions or hanging.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
final class CompletionDriverTest {

    @Test
    void shouldTellTheDeviceWhenItsCompletionQueueOverflows() {
        try (SoftVerbs verbs = SoftVerbs.open();
             SoftEndpoint sender = new SoftEndpoint(verbs, new QueuePairCapabilities(4, 4, 1, 1, 0), 1);
             SoftEndpoint receiver = new SoftEndpoint(verbs)) {
            SoftEndpoint.connect(sender, receiver);
            receiver.postReceive(1, 0, 64);
            receiver.postReceive(2, 64, 64);
            sender.postSend(11, 0, 8);
            sender.postSend(12, 8, 8);
            receiver.next();
            receiver.next();
            RecordingOwner owner = new RecordingOwner();
            CompletionDriver driver = new CompletionDriver(owner, verbs, sender.queue, new IbvdevLink[0]);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (owner.failures.isEmpty() && System.nanoTime() < deadline) {
                driver.poll();
            }
            assertEquals(1, owner.failures.size(), owner.failures.toString());
            assertTrue(owner.failures.getFirst().contains("the completion queue of ibvdev rank 5 failed"),
                owner.failures.getFirst());
            driver.poll();
            assertEquals(1, owner.failures.size(), "a failed queue is not polled again");
        }
    }

    private static final class RecordingOwner implements CompletionDriver.Owner {
        final List<String> failures = new ArrayList<>();

        @Override
        public int rank() {
            return 5;
        }

        @Override
        public void handleLinkFailures() {
        }

        @Override
        public void completionQueueFailed(String reason) {
            failures.add(reason);
        }
    }
}
