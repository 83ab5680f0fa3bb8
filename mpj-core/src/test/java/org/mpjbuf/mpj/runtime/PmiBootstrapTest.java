package org.mpjbuf.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.dev.BootstrapException;

/**
 * What {@link PmiBootstrap} adds to a PMI launcher's key-value space, whatever the wire: per-rank
 * keys, values split into parts when they exceed the launcher's limit and joined on get, the ranks
 * of one host from their host names, and one secret for the job. A launcher of 8-character values,
 * kept in memory, stands in for the wire (the PMI-1 and PMI-2 wires run for real under
 * {@code mpiexec.hydra} and {@code srun --mpi=pmi2} in the launcher tests).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PmiBootstrapTest {

    /** A launcher whose key-value space is a shared map and whose values hold 8 characters. */
    private static final class SmallValues extends PmiBootstrap {
        private final Map<String, String> space;
        private final CyclicBarrier fence;
        final List<String> stored = new ArrayList<>();

        SmallValues(int rank, int size, Map<String, String> space, CyclicBarrier fence) {
            super(null, rank, size);
            this.space = space;
            this.fence = fence;
        }

        @Override
        void initialize(Map<String, String> environment) {
            // an in-memory launcher has no handshake
        }

        @Override
        int keyLimit() {
            return 64;
        }

        @Override
        int valueLimit() {
            return 8;
        }

        @Override
        void store(String key, String value) {
            assertTrue(value.length() <= 8, "a stored part is longer than the launcher's limit: " + value);
            stored.add(key);
            space.put(key, value);
        }

        @Override
        String load(String key) {
            return space.get(key);
        }

        @Override
        void barrier() throws IOException {
            try {
                fence.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException | BrokenBarrierException | java.util.concurrent.TimeoutException broken) {
                throw new IOException("the fence broke", broken);
            }
        }

        @Override
        void sendAbort(int status, String reason) {
            space.put("aborted", status + " " + reason);
        }

        @Override
        void sendFinalize() {
            // nothing to tell an in-memory launcher
        }
    }

    @Test
    void shouldSplitLongValuesAndShareTheHostsAndTheSecret() throws Exception {
        int size = 3;
        Map<String, String> space = new ConcurrentHashMap<>();
        CyclicBarrier fence = new CyclicBarrier(size);
        List<FutureTask<SmallValues>> ranks = new ArrayList<>();
        for (int rank = 0; rank < size; rank++) {
            int r = rank;
            FutureTask<SmallValues> task = new FutureTask<>(() -> {
                SmallValues bootstrap = new SmallValues(r, size, space, fence);
                bootstrap.open();
                bootstrap.put("endpoint", "10.0.0." + r + ":4000" + r + "/a-rather-long-value-" + r);
                bootstrap.fence();
                return bootstrap;
            });
            ranks.add(task);
            Thread.ofPlatform().daemon().start(task);
        }
        byte[] secret = null;
        for (FutureTask<SmallValues> task : ranks) {
            SmallValues bootstrap = task.get(30, TimeUnit.SECONDS);
            for (int peer = 0; peer < size; peer++) {
                assertEquals("10.0.0." + peer + ":4000" + peer + "/a-rather-long-value-" + peer,
                    bootstrap.get(peer, "endpoint"));
            }
            assertArrayEquals(new int[] {0, 1, 2}, bootstrap.localRanks(), "every rank runs on this host");
            if (secret == null) {
                secret = bootstrap.jobSecret();
            }
            assertArrayEquals(secret, bootstrap.jobSecret(), "one secret for the job");
            assertTrue(bootstrap.stored.contains("endpoint-" + bootstrap.rank() + ".0"), bootstrap.stored.toString());
            assertThrows(IllegalArgumentException.class, () -> bootstrap.put("endpoint", "again"));
            assertThrows(IllegalArgumentException.class, () -> bootstrap.put("with space", "v"));
            assertThrows(IllegalArgumentException.class, () -> bootstrap.put("k", "a;b"));
            assertThrows(BootstrapException.class, () -> bootstrap.get(0, "never-put"));
            assertThrows(IllegalArgumentException.class, () -> bootstrap.get(size, "endpoint"));
        }
        assertEquals(32, secret.length);
        ranks.get(1).get().abort(5, "rank 1 aborted with code 5");
        assertEquals("5 rank 1 aborted with code 5", space.get("aborted"));
    }
}
