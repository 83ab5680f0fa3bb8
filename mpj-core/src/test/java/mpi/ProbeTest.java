package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.mpj.runtime.Job;

/**
 * {@code Probe} parks until an arrival wakes it. Every job here runs with the periodic stop check
 * off, so a probe's park is unbounded: a lost wake-up hangs until the timeout, and a message is
 * sent only once the probing thread is seen parked, so it arrives after the probe started.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ProbeTest {

    private static void run(int size, org.mpjbuf.mpj.runtime.RankTask task) {
        Job.of(size).stopCheckMillis(0).runTasks(task).orThrow();
    }

    /** Waits until a thread has been published and is parked without a bound on something. */
    static Thread awaitParked(Supplier<Thread> published) {
        while (true) {
            Thread thread = published.get();
            if (thread != null && thread.getState() == Thread.State.WAITING
                && LockSupport.getBlocker(thread) != null) {
                return thread;
            }
            Thread.yield();
        }
    }

    @Test
    void shouldReturnForAMessageSentAfterTheProbeStartedWithWildcards() {
        AtomicReference<Thread> prober = new AtomicReference<>();
        run(2, world -> {
            if (world.Rank() == 0) {
                for (int round = 0; round < 5; round++) {
                    awaitParked(prober::get);
                    prober.set(null);
                    world.Send(new long[] {round, -round}, 0, 2, MPI.LONG, 1, 10 + round);
                }
            } else {
                for (int round = 0; round < 5; round++) {
                    prober.set(Thread.currentThread());
                    Status probed = world.Probe(MPI.ANY_SOURCE, MPI.ANY_TAG);
                    assertEquals(0, probed.source);
                    assertEquals(10 + round, probed.tag);
                    assertEquals(2, probed.Get_count(MPI.LONG));
                    long[] received = new long[2];
                    world.Recv(received, 0, 2, MPI.LONG, probed.source, probed.tag);
                    assertArrayEquals(new long[] {round, -round}, received);
                    while (prober.get() != null) {
                        Thread.onSpinWait();
                    }
                }
            }
        });
    }

    @Test
    void shouldNotWakeForAMessageOfAnotherCommunicator() {
        AtomicReference<Thread> prober = new AtomicReference<>();
        run(2, world -> {
            Intracomm other = world.Dup();
            if (world.Rank() == 0) {
                awaitParked(prober::get);
                world.Send(new int[] {1}, 0, 1, MPI.INT, 1, 5);
                Thread.sleep(20);
                awaitParked(prober::get);
                other.Send(new int[] {2, 3}, 0, 2, MPI.INT, 1, 6);
            } else {
                prober.set(Thread.currentThread());
                Status probed = other.Probe(MPI.ANY_SOURCE, MPI.ANY_TAG);
                assertEquals(6, probed.tag, "the message on the world communicator does not match");
                assertEquals(2, probed.Get_count(MPI.INT));
                int[] value = new int[2];
                other.Recv(value, 0, 2, MPI.INT, 0, 6);
                world.Recv(value, 0, 1, MPI.INT, 0, 5);
                assertEquals(1, value[0]);
            }
            other.Free();
        });
    }

    @Test
    void shouldWakeTwoThreadsProbingAtThreadMultiple() {
        AtomicReferenceArray<Thread> probers = new AtomicReferenceArray<>(2);
        run(2, world -> {
            if (world.Rank() == 0) {
                awaitParked(() -> probers.get(0));
                awaitParked(() -> probers.get(1));
                world.Send(new int[] {2}, 0, 1, MPI.INT, 1, 2);
                world.Send(new int[] {1}, 0, 1, MPI.INT, 1, 1);
            } else {
                AtomicReference<Throwable> failure = new AtomicReference<>();
                Thread second = Thread.ofPlatform().start(() -> {
                    try {
                        probers.set(1, Thread.currentThread());
                        assertEquals(2, world.Probe(0, 2).tag);
                    } catch (Throwable failed) {
                        failure.set(failed);
                    }
                });
                probers.set(0, Thread.currentThread());
                assertEquals(1, world.Probe(MPI.ANY_SOURCE, 1).tag);
                second.join();
                assertNull(failure.get());
                int[] value = new int[1];
                world.Recv(value, 0, 1, MPI.INT, 0, 2);
                assertEquals(2, value[0]);
                world.Recv(value, 0, 1, MPI.INT, 0, 1);
                assertEquals(1, value[0]);
            }
        });
    }

    @Test
    void shouldSizeAReceiveFromStatusCountAsMpjExpressProgramsDo() {
        for (int size : new int[] {2, 4, 8}) {
            run(size, world -> {
                int rank = world.Rank();
                int next = (rank + 1) % size;
                int previous = (rank + size - 1) % size;
                Request sent = world.Isend(new int[rank + 3], 0, rank + 3, MPI.INT, next, 4);
                Status probed = world.Probe(previous, 4);
                assertEquals(previous + 3, probed.count);
                assertEquals(probed.Get_count(MPI.INT), probed.count);
                assertEquals(probed.count, probed.numEls);
                assertEquals(4 * probed.count, probed.countInBytes);
                int[] received = new int[probed.count];
                Status status = world.Recv(received, 0, probed.count, MPI.INT, probed.source, probed.tag);
                assertEquals(previous, status.source);
                assertEquals(4, status.tag);
                assertEquals(previous + 3, status.count);
                sent.Wait();
            });
        }
    }
}
