package org.mpjbuf.dev.niodev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Ranks;

/**
 * {@code mpjbuf.niodev.congestionControl}: every connection of a world gets the algorithm it
 * names ({@code cubic} by default), with zero copy on or off; {@code system} leaves the kernel's
 * default; an algorithm the kernel does not have leaves the kernel's default and the job runs;
 * a value that cannot name an algorithm is refused at start, naming the setting.
 */
@Timeout(60)
final class NiodevCongestionControlTest {
    private static final int CONTEXT = 4;

    /** The algorithm of the socket of {@code device}'s connection to {@code peer}, as the kernel reports it. */
    private static String algorithmTo(final Device device, final int peer) throws IOException {
        try (SocketDescriptor socket = SocketDescriptor.of(((NiodevDevice) device).connection(peer).channel)) {
            return socket.congestionControl();
        }
    }

    /** Opens a world of three, checks every connection's algorithm, and passes a message round it. */
    private static void expectEverywhere(final Map<String, String> properties, final String algorithm)
        throws Exception {
        final List<Device> devices = NiodevWorlds.open(3, properties);
        try {
            for (int rank = 0; rank < devices.size(); rank++) {
                for (int peer = 0; peer < devices.size(); peer++) {
                    if (peer != rank) {
                        assertEquals(algorithm, algorithmTo(devices.get(rank), peer),
                            "rank " + rank + " to rank " + peer + " with " + properties);
                    }
                }
            }
            final ProcessID[] ids = {ProcessID.of(0), ProcessID.of(1), ProcessID.of(2)};
            Ranks.run(devices, ids, 30, (device, rank, all) -> {
                final long[] sent = new long[100_000];
                Arrays.setAll(sent, i -> i * 7L + rank);
                final long[] received = new long[sent.length];
                final var receive = device.irecv(received, 0, received.length, all[(rank + 2) % 3], 1, CONTEXT);
                device.send(sent, 0, sent.length, all[(rank + 1) % 3], 1, CONTEXT);
                receive.await();
                final long[] expected = new long[sent.length];
                Arrays.setAll(expected, i -> i * 7L + (rank + 2) % 3);
                assertArrayEquals(expected, received, "rank " + rank + " got its neighbour's run");
            });
        } finally {
            devices.forEach(Device::finish);
        }
    }

    private static String kernelDefault() throws IOException {
        return Files.readString(Path.of("/proc/sys/net/ipv4/tcp_congestion_control")).strip();
    }

    @Test
    void shouldGiveEveryConnectionCubicByDefault() throws Exception {
        expectEverywhere(Map.of(), NiodevConfiguration.CONGESTION_CONTROL_DEFAULT);
    }

    @Test
    void shouldGiveEveryConnectionTheNamedAlgorithmWithZeroCopyOff() throws Exception {
        expectEverywhere(Map.of(NiodevConfiguration.CONGESTION_CONTROL_PROP_NAME, "reno",
            NiodevConfiguration.ZERO_COPY_PROP_NAME, "false"), "reno");
    }

    @Test
    void shouldLeaveTheKernelsDefaultForSystem() throws Exception {
        expectEverywhere(Map.of(NiodevConfiguration.CONGESTION_CONTROL_PROP_NAME, "system"), kernelDefault());
    }

    @Test
    void shouldRunWithTheKernelsDefaultWhenTheKernelLacksTheAlgorithm() throws Exception {
        expectEverywhere(Map.of(NiodevConfiguration.CONGESTION_CONTROL_PROP_NAME, "nosuchalgorithm"),
            kernelDefault());
    }

    @Test
    void shouldRefuseAValueThatCannotNameAnAlgorithm() {
        final Throwable refused = assertThrows(Throwable.class,
            () -> NiodevWorlds.open(2, Map.of(NiodevConfiguration.CONGESTION_CONTROL_PROP_NAME, "cubic; reno")));
        Throwable cause = refused;
        while (!(cause instanceof IllegalArgumentException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        assertTrue(cause instanceof IllegalArgumentException && cause.getMessage().contains(
            NiodevConfiguration.CONGESTION_CONTROL_PROP_NAME + " = 'cubic; reno'"), String.valueOf(cause));
    }
}
