package org.mpjbuf.dev.niodev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpjbuf.dev.Bootstrap;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceArguments;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.DeviceProvider;
import org.mpjbuf.dev.InJvmBootstrap;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Ranks;
import org.mpjbuf.dev.Request;
import org.mpjbuf.dev.WorldKind;

/**
 * niodev worlds as a whole: more ranks than cores exchanging eager and rendezvous messages, a rank
 * whose secret differs cannot join, finishing fails what waits for the finished rank, and the
 * provider says its ranks are processes.
 */
final class NiodevWorldTest {
    private static final int CONTEXT = 4;

    @ParameterizedTest
    @ValueSource(ints = {5, 8})
    @Timeout(120)
    void shouldExchangeEagerAndRendezvousMessagesWithMoreRanksThanCores(final int size) throws InterruptedException {
        final List<Device> devices = NiodevWorlds.open(size, Map.of());
        final ProcessID[] ids = new ProcessID[size];
        for (int rank = 0; rank < size; rank++) {
            ids[rank] = ProcessID.of(rank);
        }
        final int large = NiodevConfiguration.EAGER_LIMIT / Integer.BYTES + 100;
        try {
            Ranks.run(devices, ids, 100, (device, rank, all) -> {
                final List<Request> requests = new ArrayList<>();
                final int[][] in = new int[size][];
                for (int peer = 0; peer < size; peer++) {
                    in[peer] = new int[(peer + rank) % 2 == 0 ? 7 : large];
                    requests.add(device.irecv(in[peer], 0, in[peer].length, all[peer], 1, CONTEXT));
                }
                for (int step = 0; step < size; step++) {
                    final int peer = (rank + step) % size;
                    final int length = (peer + rank) % 2 == 0 ? 7 : large;
                    requests.add(device.isend(values(length, rank), 0, length, all[peer], 1, CONTEXT));
                }
                for (final Request request : requests) {
                    request.await();
                }
                for (int peer = 0; peer < size; peer++) {
                    assertArrayEquals(values(in[peer].length, peer), in[peer], "from rank " + peer);
                }
                if (rank == 0) {
                    final int[] one = new int[1];
                    int sum = 0;
                    for (int i = 1; i < size; i++) {
                        device.recv(one, 0, 1, Device.ANY_SOURCE, 2, CONTEXT);
                        sum += one[0];
                    }
                    assertEquals(size * (size - 1) / 2, sum);
                } else {
                    device.ssend(new int[] {rank}, 0, 1, all[0], 2, CONTEXT);
                }
            });
        } finally {
            devices.forEach(Device::finish);
        }
    }

    private static int[] values(final int length, final int seed) {
        final int[] values = new int[length];
        for (int i = 0; i < length; i++) {
            values[i] = seed * 1_000_003 + i;
        }
        return values;
    }

    @Test
    @Timeout(60)
    void shouldRefuseARankWhoseSecretDiffers() throws InterruptedException {
        final InJvmBootstrap.Job job = InJvmBootstrap.newJob(2);
        final InJvmBootstrap.Job impostor = InJvmBootstrap.newJob(2,
            "another job's secret, not ours".getBytes(StandardCharsets.US_ASCII), 10_000);
        final List<CompletableFuture<Device>> ranks = new ArrayList<>();
        for (int rank = 0; rank < 2; rank++) {
            final int r = rank;
            final Bootstrap bootstrap = r == 0 ? job.bootstrap(0) : new SecretSwapping(job.bootstrap(1),
                impostor.bootstrap(1).jobSecret());
            ranks.add(CompletableFuture.supplyAsync(() -> {
                final Device device = Device.newInstance("niodev");
                device.init(DeviceArguments.builder().rank(r).size(2).bootstrap(bootstrap)
                    .property(NiodevConfiguration.CONNECT_TIMEOUT_MILLIS_PROP_NAME, "2000").build());
                return device;
            }, task -> Thread.ofPlatform().daemon().start(task)));
        }
        for (int rank = 0; rank < 2; rank++) {
            final int r = rank;
            final ExecutionException failed = assertThrows(ExecutionException.class,
                () -> ranks.get(r).get(30, TimeUnit.SECONDS));
            assertTrue(failed.getCause() instanceof DeviceException, failed.toString());
            assertTrue(failed.getCause().getMessage().contains(r == 1 ? "job secret" : "rank(s) 1"),
                failed.getCause().getMessage());
        }
    }

    /** A bootstrap that hands its rank the wrong secret. */
    private record SecretSwapping(Bootstrap delegate, byte[] secret) implements Bootstrap {
        @Override
        public int rank() {
            return delegate.rank();
        }

        @Override
        public int size() {
            return delegate.size();
        }

        @Override
        public int[] localRanks() {
            return delegate.localRanks();
        }

        @Override
        public void put(final String key, final String value) {
            delegate.put(key, value);
        }

        @Override
        public void fence() {
            delegate.fence();
        }

        @Override
        public String get(final int rank, final String key) {
            return delegate.get(rank, key);
        }

        @Override
        public byte[] jobSecret() {
            return secret.clone();
        }

        @Override
        public void abort(final int status, final String reason) {
            delegate.abort(status, reason);
        }
    }

    @Test
    @Timeout(60)
    void shouldFailWhatWaitsForARankThatFinishes() {
        final List<Device> devices = NiodevWorlds.open(2, Map.of());
        try {
            final Device survivor = devices.get(1);
            final Request rendezvous = survivor.isend(new byte[1 << 20], 0, 1 << 20, ProcessID.of(0), 1, CONTEXT);
            final Request receive = survivor.irecv(new int[1], 0, 1, ProcessID.of(0), 2, CONTEXT);
            final Request any = survivor.irecv(new int[1], 0, 1, Device.ANY_SOURCE, 3, CONTEXT);
            devices.get(0).finish();
            for (final Request request : List.of(rendezvous, receive)) {
                final DeviceException failed = assertThrows(DeviceException.class, request::await);
                assertTrue(failed.getMessage().contains("rank 0 has finished"), failed.getMessage());
            }
            assertTrue(!any.isComplete(), "an ANY_SOURCE receive may still be matched by a send to itself");
            survivor.send(new int[] {6}, 0, 1, ProcessID.of(1), 3, CONTEXT);
            assertEquals(1, any.await().source().rank());
        } finally {
            devices.get(1).finish();
        }
    }

    @Test
    @Timeout(60)
    void shouldNotLeaveARequestToSendOfAFinishedRankToBeReceived() throws InterruptedException {
        final List<Device> devices = NiodevWorlds.open(2, Map.of());
        try {
            final Request orphan = devices.get(0).isend(new byte[1 << 20], 0, 1 << 20, ProcessID.of(1), 1, CONTEXT);
            while (devices.get(1).iprobe(ProcessID.of(0), 1, CONTEXT) == null) {
                Thread.sleep(1);
            }
            devices.get(0).finish();
            assertThrows(DeviceException.class, orphan::await);
            final DeviceException failed = assertThrows(DeviceException.class,
                () -> devices.get(1).recv(new byte[1 << 20], 0, 1 << 20, ProcessID.of(0), 1, CONTEXT));
            assertTrue(failed.getMessage().contains("rank 0 has finished"), failed.getMessage());
        } finally {
            devices.get(1).finish();
        }
    }

    @Test
    @Timeout(30)
    void shouldSayItsRanksAreProcessesAndNeedABootstrap() {
        assertEquals(WorldKind.PROCESSES, DeviceProvider.forName("niodev").worldKind());
        assertEquals(WorldKind.THREADS, DeviceProvider.forName("smdev").worldKind());
        final IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
            () -> DeviceProvider.forName("nosuchdev"));
        assertTrue(unknown.getMessage().contains("niodev") && unknown.getMessage().contains("smdev"),
            unknown.getMessage());
        final IllegalArgumentException noBootstrap = assertThrows(IllegalArgumentException.class,
            () -> Device.newInstance("niodev").init(DeviceArguments.builder().rank(0).size(2).build()));
        assertTrue(noBootstrap.getMessage().contains("Bootstrap"), noBootstrap.getMessage());
    }
}
