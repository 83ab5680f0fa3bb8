package org.mpjbuf.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.dev.BootstrapException;

/**
 * The launcher's bootstrap service against real sockets: ranks that prove the job's secret
 * exchange values through fences; a wrong secret, garbage, an endless line and a second
 * connection for one rank are refused while the job goes on; an abort fails the fences that wait.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BootstrapServiceTest {

    /** Every rank on a thread of its own: fences block until all ranks arrive. */
    private static final java.util.concurrent.Executor OWN_THREAD = task -> Thread.ofPlatform().daemon().start(task);

    private static final java.net.InetAddress LOOPBACK = java.net.InetAddress.getLoopbackAddress();
    /** Every rank on this host (the bootstrap only reports what the launcher says). */
    private static final int[] ALL = {0, 1, 2};

    private static final byte[] SECRET = "a job secret of thirty-two bytes".getBytes(StandardCharsets.US_ASCII);

    /** What the service reported. */
    private static final class Recorded implements BootstrapService.Events {
        final List<String> aborts = new CopyOnWriteArrayList<>();
        final List<String> refusals = new CopyOnWriteArrayList<>();

        @Override
        public void aborted(int rank, int status, String reason) {
            aborts.add(rank + " " + status + " " + reason);
        }

        @Override
        public void refused(String from, String why) {
            refusals.add(why);
        }
    }

    @Test
    void shouldExchangeValuesThroughFencesBetweenAuthenticatedRanks() throws Exception {
        Recorded events = new Recorded();
        try (BootstrapService service = new BootstrapService(3, SECRET, LOOPBACK, events)) {
            List<CompletableFuture<String>> ranks = new java.util.ArrayList<>();
            for (int rank = 0; rank < 3; rank++) {
                int r = rank;
                ranks.add(CompletableFuture.supplyAsync(() -> {
                    try (LauncherBootstrap bootstrap = LauncherBootstrap.connect(service.address(), r, 3, ALL, SECRET)) {
                        bootstrap.put("endpoint", "host-" + r + ":" + (1000 + r));
                        bootstrap.fence();
                        bootstrap.put("second", "value with spaces " + r);
                        bootstrap.fence();
                        return bootstrap.get((r + 1) % 3, "endpoint") + " | " + bootstrap.get((r + 2) % 3, "second");
                    }
                }, OWN_THREAD));
            }
            for (int rank = 0; rank < 3; rank++) {
                assertEquals("host-" + (rank + 1) % 3 + ":" + (1000 + (rank + 1) % 3) + " | value with spaces "
                    + (rank + 2) % 3, ranks.get(rank).get(30, TimeUnit.SECONDS));
            }
        }
        assertEquals(List.of(), events.refusals);
    }

    @Test
    void shouldRefuseAWrongSecretGarbageAndEndlessLinesWhileTheJobGoesOn() throws Exception {
        Recorded events = new Recorded();
        try (BootstrapService service = new BootstrapService(1, SECRET, LOOPBACK, events)) {
            byte[] wrong = SECRET.clone();
            wrong[0] ^= 1;
            BootstrapException refused = assertThrows(BootstrapException.class,
                () -> LauncherBootstrap.connect(service.address(), 0, 1, ALL, wrong));
            // the rank gives up on a launcher that cannot prove the secret; the launcher counts that as a refusal too
            assertTrue(refused.getMessage().contains("launcher could not prove"), refused.getMessage());
            assertEquals("", exchange(service, "HELLO 0 nothex\n"));
            assertEquals("", exchange(service, "GET /index.html HTTP/1.1\n"));
            assertEquals("", exchange(service, "HELLO 7 " + "00".repeat(32) + "\n"));
            assertEquals("", exchange(service, "x".repeat(3 * BootstrapProtocol.MAX_LINE)));
            awaitRefusals(events, 5);
            try (LauncherBootstrap bootstrap = LauncherBootstrap.connect(service.address(), 0, 1, ALL, SECRET)) {
                bootstrap.put("k", "v");
                bootstrap.fence();
                assertEquals("v", bootstrap.get(0, "k"));
                assertArrayEquals(SECRET, bootstrap.jobSecret());
                assertThrows(BootstrapException.class, () -> LauncherBootstrap.connect(service.address(), 0, 1, ALL, SECRET));
            }
        }
        assertTrue(events.refusals.stream().anyMatch(why -> why.contains("line longer than")), events.refusals.toString());
        assertTrue(events.refusals.stream().anyMatch(why -> why.contains("connected already")), events.refusals.toString());
    }

    @Test
    void shouldFailTheFencesThatWaitWhenARankAborts() throws Exception {
        Recorded events = new Recorded();
        try (BootstrapService service = new BootstrapService(2, SECRET, LOOPBACK, events)) {
            CompletableFuture<Void> waiting = CompletableFuture.runAsync(() -> {
                try (LauncherBootstrap bootstrap = LauncherBootstrap.connect(service.address(), 0, 2, ALL, SECRET)) {
                    bootstrap.fence();
                }
            }, OWN_THREAD);
            try (LauncherBootstrap aborting = LauncherBootstrap.connect(service.address(), 1, 2, ALL, SECRET)) {
                Thread.sleep(200);
                aborting.abort(4, "rank 1 aborted with code 4");
                java.util.concurrent.ExecutionException failed = assertThrows(java.util.concurrent.ExecutionException.class,
                    () -> waiting.get(30, TimeUnit.SECONDS));
                assertTrue(failed.getCause().getMessage().contains("rank 1 aborted with code 4"), failed.getCause().getMessage());
            }
            assertEquals(List.of("1 4 rank 1 aborted with code 4"), events.aborts);
        }
    }

    /** Sends raw bytes to the service and returns what it answers before closing. */
    private static String exchange(BootstrapService service, String bytes) throws IOException {
        try (Socket socket = new Socket(service.address().getAddress(), service.address().getPort())) {
            OutputStream out = socket.getOutputStream();
            try {
                out.write(bytes.getBytes(StandardCharsets.US_ASCII));
                out.flush();
            } catch (IOException closedEarly) {
                return "";
            }
            InputStream in = socket.getInputStream();
            try {
                return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
            } catch (IOException reset) {
                return "";
            }
        }
    }

    private static void awaitRefusals(Recorded events, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (events.refusals.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(count, events.refusals.size(), events.refusals.toString());
    }
}
