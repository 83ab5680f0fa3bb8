package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.mpj.runtime.Job;
import org.mpjbuf.mpj.runtime.JobResult;
import org.mpjbuf.mpj.runtime.RankAbortedError;
import org.mpjbuf.mpj.runtime.RankOutcome;

/**
 * A job stopped by a failing rank wakes every thread parked in a wait, not only each rank's main
 * thread. The jobs run with the periodic stop check off: a thread the stop does not wake stays
 * parked, and its rank ends as "did not end within the grace period" instead of unwinding.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StopTest {

    /** What a waiting thread of rank 0 does; each blocks on a message that never comes. */
    @FunctionalInterface
    private interface Blocking {
        void run(Intracomm world) throws MPIException;
    }

    private static final List<Blocking> WAITS = List.of(
        world -> world.Recv(new int[1], 0, 1, MPI.INT, 1, 1),
        world -> world.Irecv(new int[1], 0, 1, MPI.INT, 1, 2).Wait(),
        world -> world.Probe(1, 3),
        world -> Request.Waitany(new Request[] {world.Irecv(new double[4], 0, 4, MPI.DOUBLE, 1, 4)}),
        // a collective waits the same way: rank 1, the root, never broadcasts
        world -> world.Bcast(new long[1 << 16], 0, 1 << 16, MPI.LONG, 1),
        world -> {
            // a rendezvous message rank 2 never receives keeps the attached buffer in use; rank 2
            // stays until the stop, so the message is not dropped before
            int length = 1 << 20;
            MPI.Buffer_attach(new byte[2 * length]);
            world.Bsend(new byte[length], 0, length, MPI.BYTE, 2, 5);
            MPI.Buffer_detach();
        });

    @Test
    void shouldWakeEveryThreadOfARankWaitingInMpiWhenAnotherRankThrows() {
        AtomicReferenceArray<Thread> waiters = new AtomicReferenceArray<>(WAITS.size());
        Queue<Throwable> unwound = new ConcurrentLinkedQueue<>();
        JobResult result = Job.of(3).stopCheckMillis(0).runTasks(world -> {
            if (world.Rank() == 0) {
                Thread[] threads = new Thread[WAITS.size()];
                for (int i = 0; i < threads.length; i++) {
                    Blocking wait = WAITS.get(i);
                    threads[i] = Thread.ofPlatform().unstarted(() -> {
                        try {
                            wait.run(world);
                        } catch (Throwable failure) {
                            unwound.add(failure);
                        }
                    });
                    waiters.set(i, threads[i]);
                    threads[i].start();
                }
                for (Thread thread : threads) {
                    thread.join();
                }
                throw (RankAbortedError) unwound.peek();
            }
            if (world.Rank() == 2) {
                world.Recv(new int[1], 0, 1, MPI.INT, 0, 99);
            }
            for (int i = 0; i < WAITS.size(); i++) {
                int index = i;
                ProbeTest.awaitParked(() -> waiters.get(index));
            }
            throw new IllegalStateException("rank 1 fails while rank 0 waits in six threads");
        });
        RankOutcome cause = result.firstFailure();
        assertEquals(1, cause.rank());
        assertEquals(RankOutcome.State.FAILED, cause.state());
        assertInstanceOf(IllegalStateException.class, cause.failure());
        for (int rank : new int[] {0, 2}) {
            RankOutcome waiting = result.outcomes().get(rank);
            assertEquals(RankOutcome.State.STOPPED, waiting.state());
            assertInstanceOf(RankAbortedError.class, waiting.failure(),
                "rank " + rank + " unwound on its own instead of being left behind: " + waiting.failure());
        }
        assertEquals(WAITS.size(), unwound.size());
        for (Throwable failure : unwound) {
            assertInstanceOf(RankAbortedError.class, failure);
            assertTrue(failure.getMessage().contains("rank 1"), failure.getMessage());
        }
    }

    @Test
    void shouldWakeRanksParkedInABarrierWhenAnotherRankThrows() {
        AtomicReferenceArray<Thread> waiting = new AtomicReferenceArray<>(3);
        JobResult result = Job.of(3).stopCheckMillis(0).runTasks(world -> {
            int rank = world.Rank();
            if (rank != 1) {
                waiting.set(rank, Thread.currentThread());
                world.Barrier();
                throw new AssertionError("rank " + rank + " passed a barrier that rank 1 never reached");
            }
            ProbeTest.awaitParked(() -> waiting.get(0));
            ProbeTest.awaitParked(() -> waiting.get(2));
            throw new IllegalStateException("rank 1 fails while ranks 0 and 2 wait in a barrier");
        });
        RankOutcome cause = result.firstFailure();
        assertEquals(1, cause.rank());
        assertInstanceOf(IllegalStateException.class, cause.failure());
        for (int rank : new int[] {0, 2}) {
            RankOutcome waiter = result.outcomes().get(rank);
            assertEquals(RankOutcome.State.STOPPED, waiter.state());
            assertInstanceOf(RankAbortedError.class, waiter.failure(), "rank " + rank + ": " + waiter.failure());
            assertTrue(waiter.failure().getMessage().contains("rank 1"), waiter.failure().getMessage());
        }
    }

    @Test
    void shouldRejectANegativeStopCheckInterval() {
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
            () -> Job.of(1).stopCheckMillis(-1));
        assertTrue(bad.getMessage().contains("-1"), bad.getMessage());
    }
}
