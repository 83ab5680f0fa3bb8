package org.mpjbuf.dev.ibvdev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mpjbuf.dev.DeviceException;

/**
 * {@link VerbsChannel} between two soft devices of this JVM, their queue pairs connected with
 * {@code rnr_retry = 0}: a send that found no posted receive would fail the test.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class VerbsChannelTest {
    private static final int SLOTS = 8;
    private static final int FRAME = 256;

    @TempDir
    Path temporary;
    private SoftVerbs leftVerbs;
    private SoftVerbs rightVerbs;
    private End left;
    private End right;

    /** One side: its endpoint (queue pair, completion queue, a registered buffer) and its channel. */
    private static final class End implements VerbsChannel.Listener, AutoCloseable {
        final SoftEndpoint endpoint;
        final VerbsChannel channel;
        final List<byte[]> frames = new ArrayList<>();
        final List<Long> writes = new ArrayList<>();
        String failure;
        private final Completions completions = new Completions(16);

        End(SoftVerbs verbs, int peer) {
            endpoint = new SoftEndpoint(verbs, new QueuePairCapabilities(SLOTS + 4, SLOTS + 2, 1, 1, 0), 64);
            endpoint.init();
            channel = new VerbsChannel(verbs, endpoint.domain, endpoint.queuePair, peer, SLOTS, FRAME, this);
        }

        /** Hands every completion waiting in the completion queue to the channel. */
        void pump() {
            int count = endpoint.verbs.poll(endpoint.queue, completions);
            for (int i = 0; i < count; i++) {
                channel.completed(completions, i);
            }
        }

        @Override
        public void frameArrived(MemorySegment frame) {
            frames.add(frame.toArray(ValueLayout.JAVA_BYTE));
        }

        @Override
        public void writeCompleted(long token) {
            writes.add(token);
        }

        @Override
        public void failed(String reason) {
            failure = reason;
        }

        @Override
        public void close() {
            channel.close();
            endpoint.close();
        }
    }

    @BeforeEach
    void connect() {
        leftVerbs = new SoftVerbs(temporary.resolve("wire"));
        rightVerbs = new SoftVerbs(temporary.resolve("wire"));
        left = new End(leftVerbs, 1);
        right = new End(rightVerbs, 0);
        left.endpoint.connect(right.endpoint.gid(), right.endpoint.queuePair.number(), 0, 1);
        right.endpoint.connect(left.endpoint.gid(), left.endpoint.queuePair.number(), 0, 1);
    }

    @AfterEach
    void close() {
        left.close();
        right.close();
        leftVerbs.close();
        rightVerbs.close();
    }

    private static byte[] frame(int index) {
        byte[] bytes = new byte[index % (FRAME + 1)];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (index * 31 + i);
        }
        return bytes;
    }

    private void pumpUntil(BooleanSupplier done) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!done.getAsBoolean()) {
            left.pump();
            right.pump();
            assertNull(left.failure, "left failed");
            assertNull(right.failure, "right failed");
            assertTrue(System.nanoTime() < deadline, "not done within 20 s: left " + left.channel + " with "
                + left.frames.size() + " frames, right " + right.channel + " with " + right.frames.size());
            Thread.onSpinWait();
        }
    }

    @Test
    void shouldDeliverManyMoreFramesThanCreditsWholeAndInOrderBothWays() {
        int count = 40 * SLOTS;
        for (int i = 0; i < count; i++) {
            left.channel.send(MemorySegment.ofArray(frame(i)));
            right.channel.send(MemorySegment.ofArray(frame(count - i)));
            if (i % 3 == 0) {
                left.pump();
                right.pump();
            }
        }
        pumpUntil(() -> left.frames.size() == count && right.frames.size() == count);
        for (int i = 0; i < count; i++) {
            assertArrayEquals(frame(i), right.frames.get(i), "frame " + i + " to the right");
            assertArrayEquals(frame(count - i), left.frames.get(i), "frame " + i + " to the left");
        }
        pumpUntil(() -> left.channel.credits() + right.channel.returnable() == SLOTS
            && right.channel.credits() + left.channel.returnable() == SLOTS);
        assertTrue(left.channel.returnable() < (SLOTS + 1) / 2 && right.channel.returnable() < (SLOTS + 1) / 2,
            "credit below half the slots waits for a frame to carry it: " + left.channel + ", " + right.channel);
    }

    @Test
    void shouldHoldFramesBeyondTheCreditUntilThePeerHandsSomeOn() {
        int count = 3 * SLOTS;
        for (int i = 0; i < count; i++) {
            left.channel.send(MemorySegment.ofArray(frame(i)));
            left.pump();
        }
        assertEquals(0, left.channel.credits(), "the right side handed nothing on: no credit came back");
        pumpUntil(() -> right.frames.size() == count);
        for (int i = 0; i < count; i++) {
            assertArrayEquals(frame(i), right.frames.get(i), "frame " + i);
        }
    }

    @Test
    void shouldReturnCreditWithoutDataFramesOfItsOwnInBothDirectionsAtOnce() {
        // each side floods while the other does not poll, then both poll: the credit frames must
        // find posted receives although both sides' data frames took all the credit
        for (int round = 0; round < 20; round++) {
            for (int i = 0; i < 2 * SLOTS; i++) {
                left.channel.send(MemorySegment.ofArray(frame(i)));
                right.channel.send(MemorySegment.ofArray(frame(i + 1)));
            }
            int expected = (round + 1) * 2 * SLOTS;
            pumpUntil(() -> left.frames.size() == expected && right.frames.size() == expected);
        }
    }

    @Test
    void shouldDeliverAWriteBeforeTheFrameSentAfterIt() {
        int length = 48 * 1024;
        left.endpoint.fill(0, length, (byte) 7);
        right.endpoint.fill(0, length, (byte) 0);
        left.channel.write(left.endpoint.address(0), length, left.endpoint.region.lkey(), right.endpoint.address(0),
            right.endpoint.region.rkey(), 42);
        byte[] done = {1, 2, 3};
        left.channel.send(MemorySegment.ofArray(done));
        byte[][] seen = new byte[1][];
        pumpUntil(() -> {
            if (seen[0] == null && !right.frames.isEmpty()) {
                seen[0] = right.endpoint.buffer.asSlice(0, length).toArray(ValueLayout.JAVA_BYTE);
            }
            return seen[0] != null && left.writes.contains(42L);
        });
        assertArrayEquals(left.endpoint.buffer.asSlice(0, length).toArray(ValueLayout.JAVA_BYTE), seen[0],
            "the data were there when the frame sent after them arrived");
        assertArrayEquals(done, right.frames.getFirst());
    }

    @Test
    void shouldFailTheChannelWithTheStatusWhenTheKeyIsRefused() {
        left.channel.write(left.endpoint.address(0), 64, left.endpoint.region.lkey(), right.endpoint.address(0),
            right.endpoint.region.rkey() ^ 0x55, 7);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (left.failure == null && System.nanoTime() < deadline) {
            left.pump();
            right.pump();
        }
        assertTrue(left.failure != null && left.failure.contains("rank 1") && left.failure.contains("RDMA write"),
            String.valueOf(left.failure));
        DeviceException after = assertThrows(DeviceException.class,
            () -> left.channel.send(MemorySegment.ofArray(new byte[1])));
        assertTrue(after.getMessage().contains(left.failure), after.getMessage());
    }

    @Test
    void shouldRefuseAFrameLongerThanASlot() {
        IllegalArgumentException tooLong = assertThrows(IllegalArgumentException.class,
            () -> left.channel.send(MemorySegment.ofArray(new byte[FRAME + 1])));
        assertTrue(tooLong.getMessage().contains(Integer.toString(FRAME)), tooLong.getMessage());
    }
}
