package org.mpjbuf.dev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * MPI's non-overtaking rule under random interleavings: random message sizes on both sides of the
 * protocol switch limit, random tags, standard and synchronous sends, blocking and batched
 * non-blocking receives with and without wildcards, and random pauses on both sides. Each try is
 * bounded by {@link Ranks}' deadline, so a hang fails the try instead of blocking the build; jqwik
 * prints the seed of a failing try.
 */
public abstract class DeviceOrderingProperties extends DeviceSinkReceives {
    /** Creates the suite; subclasses say how to open a world. */
    protected DeviceOrderingProperties() {
    }

    private static final int TAGS = 3;

    private record Message(int sequence, int tag, int length, boolean synchronous) {
    }

    private Message[] plan(final Random random, final int count) {
        final int limitInts = eagerLimit() / Integer.BYTES;
        final int[] lengths = {0, 1, 7, limitInts, limitInts + 1};
        final Message[] messages = new Message[count];
        for (int i = 0; i < count; i++) {
            messages[i] = new Message(i, random.nextInt(TAGS), lengths[random.nextInt(lengths.length)],
                random.nextInt(4) == 0);
        }
        return messages;
    }

    /**
     * Picks, for each receive in turn, a tag pattern that some unreceived message satisfies, and
     * works out which message MPI's ordering rule delivers to it: the oldest one it accepts.
     */
    private static int[][] receives(final Random random, final Message[] messages) {
        final List<Message> remaining = new ArrayList<>(Arrays.asList(messages));
        final int[][] receives = new int[messages.length][];
        for (int i = 0; i < messages.length; i++) {
            final int tag = random.nextInt(3) == 0
                ? Device.ANY_TAG : remaining.get(random.nextInt(remaining.size())).tag();
            Message delivered = null;
            for (final Message candidate : remaining) {
                if (tag == Device.ANY_TAG || candidate.tag() == tag) {
                    delivered = candidate;
                    break;
                }
            }
            remaining.remove(delivered);
            receives[i] = new int[] {tag, delivered.sequence()};
        }
        return receives;
    }

    private static void pause(final Random random) {
        switch (random.nextInt(8)) {
            case 0 -> Thread.yield();
            case 1 -> {
                for (int i = random.nextInt(2000); i > 0; i--) {
                    Thread.onSpinWait();
                }
            }
            default -> {
            }
        }
    }

    @Property(tries = 40)
    void messagesBetweenAPairNeverOvertake(@ForAll final long seed,
                                           @ForAll @IntRange(min = 1, max = 30) final int count)
        throws InterruptedException {
        final Message[] messages = plan(new Random(seed), count);
        final int[][] receives = receives(new Random(seed + 1), messages);
        final int capacity = eagerLimit() / Integer.BYTES + 1;
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                final Random random = new Random(seed + 2);
                final List<Request> sends = new ArrayList<>();
                for (final Message message : messages) {
                    final int[] data = ints(message.length(), message.sequence());
                    sends.add(message.synchronous()
                        ? device.issend(data, 0, data.length, ids[1], message.tag(), CONTEXT)
                        : device.isend(data, 0, data.length, ids[1], message.tag(), CONTEXT));
                    pause(random);
                }
                for (final Request send : sends) {
                    send.await();
                }
                return;
            }
            final Random random = new Random(seed + 3);
            int next = 0;
            while (next < receives.length) {
                final int batch = Math.min(1 + random.nextInt(4), receives.length - next);
                final Request[] requests = new Request[batch];
                final int[][] buffers = new int[batch][capacity];
                for (int b = 0; b < batch; b++) {
                    requests[b] = device.irecv(buffers[b], 0, capacity, ids[0], receives[next + b][0], CONTEXT);
                    pause(random);
                }
                final List<Integer> order = new ArrayList<>();
                for (int b = 0; b < batch; b++) {
                    order.add(b);
                }
                Collections.shuffle(order, random);
                for (final int b : order) {
                    final Message expected = messages[receives[next + b][1]];
                    final Status status = requests[b].await();
                    final String where = "receive " + (next + b) + " with tag " + receives[next + b][0]
                        + " (seed " + seed + ")";
                    assertEquals(expected.tag(), status.tag(), where);
                    assertEquals(expected.length(), status.elementCount(), where);
                    assertArrayEquals(ints(expected.length(), expected.sequence()),
                        Arrays.copyOf(buffers[b], expected.length()), where);
                }
                next += batch;
            }
        });
    }

    @Property(tries = 15)
    void messagesFromEachSourceStayInOrderUnderAnySource(@ForAll final long seed,
                                                         @ForAll @IntRange(min = 1, max = 20) final int count)
        throws InterruptedException {
        final int capacity = eagerLimit() / Integer.BYTES + 1;
        inWorld(3, (device, rank, ids) -> {
            final Random random = new Random(seed + rank);
            if (rank > 0) {
                final Message[] messages = plan(random, count);
                final List<Request> sends = new ArrayList<>();
                for (final Message message : messages) {
                    final int[] data = ints(message.length(), message.sequence());
                    sends.add(device.isend(data, 0, data.length, ids[0], message.tag(), CONTEXT));
                    pause(random);
                }
                for (final Request send : sends) {
                    send.await();
                }
                return;
            }
            final int[] nextSequence = new int[3];
            final int[] buffer = new int[capacity];
            for (int i = 0; i < 2 * count; i++) {
                final Status status = device.recv(buffer, 0, capacity, Device.ANY_SOURCE, Device.ANY_TAG, CONTEXT);
                final int source = status.source().rank();
                final int sequence = nextSequence[source]++;
                assertArrayEquals(ints(status.elementCount(), sequence), Arrays.copyOf(buffer, status.elementCount()),
                    "message " + sequence + " from rank " + source + " (seed " + seed + ")");
                pause(random);
            }
            assertEquals(count, nextSequence[1]);
            assertEquals(count, nextSequence[2]);
        });
    }
}
