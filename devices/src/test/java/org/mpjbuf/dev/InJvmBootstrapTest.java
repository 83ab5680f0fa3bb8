package org.mpjbuf.dev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The in-JVM bootstrap: put, fence, get, one secret per job, timeouts and aborts. */
final class InJvmBootstrapTest {
    /** A thread per task: the common pool may have a single thread, and fences need every rank at once. */
    private static final Executor THREADS = task -> Thread.ofPlatform().daemon().start(task);

    @Test
    @Timeout(30)
    void shouldShowEveryRanksValuesAfterTheFence() throws Exception {
        final InJvmBootstrap.Job job = InJvmBootstrap.newJob(3);
        final List<CompletableFuture<String>> ranks = List.of(0, 1, 2).stream()
            .map(rank -> CompletableFuture.supplyAsync(() -> {
                final Bootstrap bootstrap = job.bootstrap(rank);
                bootstrap.put("endpoint", "host-" + rank);
                bootstrap.fence();
                return bootstrap.get(0, "endpoint") + bootstrap.get(1, "endpoint") + bootstrap.get(2, "endpoint");
            }, THREADS)).toList();
        for (final CompletableFuture<String> rank : ranks) {
            assertEquals("host-0host-1host-2", rank.get(20, TimeUnit.SECONDS));
        }
        final Bootstrap zero = job.bootstrap(0);
        assertArrayEquals(new int[] {0, 1, 2}, zero.localRanks());
        assertArrayEquals(zero.jobSecret(), job.bootstrap(2).jobSecret(), "one secret per job");
        assertNotSame(zero.jobSecret(), zero.jobSecret());
        assertTrue(zero.jobSecret().length >= 16);
    }

    @Test
    @Timeout(30)
    void shouldRejectBadPutsAndUnknownKeys() {
        final Bootstrap bootstrap = InJvmBootstrap.newJob(1).bootstrap(0);
        bootstrap.put("key", "value");
        assertThrows(IllegalArgumentException.class, () -> bootstrap.put("key", "again"));
        assertThrows(IllegalArgumentException.class, () -> bootstrap.put("", "value"));
        assertThrows(IllegalArgumentException.class, () -> bootstrap.put("long", "x".repeat(Bootstrap.MAX_VALUE_LENGTH + 1)));
        final BootstrapException unfenced = assertThrows(BootstrapException.class, () -> bootstrap.get(0, "key"));
        assertTrue(unfenced.getMessage().contains("key"), unfenced.getMessage());
        bootstrap.fence();
        assertEquals("value", bootstrap.get(0, "key"));
        assertThrows(IllegalArgumentException.class, () -> bootstrap.get(1, "key"));
    }

    @Test
    @Timeout(30)
    void shouldTimeOutAFenceAndFailItOnAbort() throws Exception {
        final InJvmBootstrap.Job job = InJvmBootstrap.newJob(2, new byte[16], 200);
        final BootstrapException timedOut = assertThrows(BootstrapException.class, () -> job.bootstrap(0).fence());
        assertTrue(timedOut.getMessage().contains("timed out"), timedOut.getMessage());
        final InJvmBootstrap.Job other = InJvmBootstrap.newJob(2, new byte[16], 20_000);
        final CompletableFuture<Throwable> waiting = CompletableFuture.supplyAsync(() -> {
            try {
                other.bootstrap(0).fence();
                return null;
            } catch (final BootstrapException ex) {
                return ex;
            }
        }, THREADS);
        Thread.sleep(50);
        other.bootstrap(1).abort(3, "rank 1 gave up");
        final Throwable failure = waiting.get(10, TimeUnit.SECONDS);
        assertTrue(failure.getMessage().contains("rank 1 gave up"), failure.getMessage());
        assertTrue(other.abortReason().contains("status 3"), other.abortReason());
    }
}
