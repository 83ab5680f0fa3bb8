package org.mpjbuf.dev.ibvdev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Verbs#openActivePort()} says what it looked for and did not find: on this machine (the
 * library, no device) for real, and for devices without an active port through a recorded set of
 * devices.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class OpenActivePortTest {

    @Test
    void shouldSayNoRdmaDeviceWasFoundWhereTheKernelHasNone() {
        assumeTrue(Files.exists(Path.of("/usr/lib/x86_64-linux-gnu/libibverbs.so.1"))
            || Files.exists(Path.of("/usr/lib/aarch64-linux-gnu/libibverbs.so.1")),
            "libibverbs is not installed (Debian: libibverbs1)");
        assumeFalse(Files.isDirectory(ActivePorts.SYSFS_DEVICES), "this machine has RDMA devices");
        VerbsException none = assertThrows(VerbsException.class, Verbs::openActivePort);
        String message = none.getMessage();
        assertTrue(message.startsWith("libibverbs.so.1 loaded from /"), message);
        assertTrue(message.contains("ibv_get_device_list listed no device: no RDMA device was found"), message);
        assertTrue(message.contains("/sys/class/infiniband does not exist"), message);
        assertEquals("ibv_get_device_list", none.call());
    }

    @Test
    void shouldNameEveryPortAndItsStateWhenNoneIsActive() {
        DevicesWithoutActivePort devices = new DevicesWithoutActivePort();
        VerbsException inactive = assertThrows(VerbsException.class, () -> ActivePorts.find(devices, "a library"));
        assertEquals("a library; RDMA devices were found but no port is ACTIVE: mlx5_0: port 1: DOWN, Ethernet,"
            + " LID 0, active MTU 3; port 2: INIT, InfiniBand, LID 7, active MTU 5 | mlx5_1: ibv_open_device failed:"
            + " errno 13 (Permission denied): mlx5_1", inactive.getMessage());
        assertEquals(List.of("mlx5_0"), devices.closed, "every device opened is closed again");
    }

    @Test
    void shouldOpenTheFirstActivePort() {
        DevicesWithoutActivePort devices = new DevicesWithoutActivePort();
        devices.states.put(2, VerbsConstants.PORT_ACTIVE);
        try (ActivePort port = ActivePorts.find(devices, "a library")) {
            assertEquals("mlx5_0", port.context().deviceName());
            assertEquals(2, port.port().portNumber());
            assertEquals(List.of(), devices.closed);
        }
        assertEquals(List.of("mlx5_0"), devices.closed, "closing the port closes its device");
    }

    /** Two devices: mlx5_0 with two ports, whose states the test sets, and mlx5_1, which refuses to open. */
    private static final class DevicesWithoutActivePort implements Verbs {
        final Map<Integer, Integer> states = new java.util.HashMap<>(Map.of(1, VerbsConstants.PORT_DOWN,
            2, VerbsConstants.PORT_INIT));
        final List<String> closed = new ArrayList<>();

        @Override
        public List<String> deviceNames() {
            return List.of("mlx5_0", "mlx5_1");
        }

        @Override
        public Context open(String deviceName) {
            if (deviceName.equals("mlx5_1")) {
                throw new VerbsException("ibv_open_device", 13, "Permission denied", deviceName);
            }
            return () -> deviceName;
        }

        @Override
        public DeviceAttributes queryDevice(Context context) {
            return new DeviceAttributes(2, 1024, 4, 4096, 16, 16);
        }

        @Override
        public PortAttributes queryPort(Context context, int portNumber) {
            return portNumber == 1
                ? new PortAttributes(1, states.get(1), VerbsConstants.MTU_4096, VerbsConstants.MTU_1024, 0,
                    VerbsConstants.LINK_LAYER_ETHERNET, 128)
                : new PortAttributes(2, states.get(2), VerbsConstants.MTU_4096, VerbsConstants.MTU_4096, 7,
                    VerbsConstants.LINK_LAYER_INFINIBAND, 1);
        }

        @Override
        public void close(Context context) {
            closed.add(context.deviceName());
        }

        @Override
        public Gid queryGid(Context context, int portNumber, int index) {
            throw new UnsupportedOperationException("not used by the search");
        }

        @Override
        public ProtectionDomain allocateProtectionDomain(Context context) {
            throw new UnsupportedOperationException("not used by the search");
        }

        @Override
        public MemoryRegion register(ProtectionDomain domain, MemorySegment segment, int accessFlags) {
            throw new UnsupportedOperationException("not used by the search");
        }

        @Override
        public CompletionQueue createCompletionQueue(Context context, int capacity) {
            throw new UnsupportedOperationException("not used by the search");
        }

        @Override
        public QueuePair createQueuePair(ProtectionDomain domain, CompletionQueue sendQueue,
                                         CompletionQueue receiveQueue, QueuePairCapabilities capabilities) {
            throw new UnsupportedOperationException("not used by the search");
        }

        @Override
        public void modifyToInit(QueuePair queuePair, int portNumber, int pkeyIndex, int accessFlags) {
            throw new UnsupportedOperationException("not used by the search");
        }

        @Override
        public void modifyToReadyToReceive(QueuePair queuePair, ReadyToReceiveAttributes attributes) {
            throw new UnsupportedOperationException("not used by the search");
        }

        @Override
        public void modifyToReadyToSend(QueuePair queuePair, ReadyToSendAttributes attributes) {
            throw new UnsupportedOperationException("not used by the search");
        }

        @Override
        public void postSend(QueuePair queuePair, SendWorkRequest request) {
            throw new UnsupportedOperationException("not used by the search");
        }

        @Override
        public void postReceive(QueuePair queuePair, ReceiveWorkRequest request) {
            throw new UnsupportedOperationException("not used by the search");
        }

        @Override
        public int poll(CompletionQueue queue, Completions completions) {
            throw new UnsupportedOperationException("not used by the search");
        }

        @Override
        public String statusText(int status) {
            throw new UnsupportedOperationException("not used by the search");
        }

        @Override
        public void deregister(MemoryRegion region) {
            throw new UnsupportedOperationException("not used by the search");
        }

        @Override
        public void destroy(QueuePair queuePair) {
            throw new UnsupportedOperationException("not used by the search");
        }

        @Override
        public void destroy(CompletionQueue queue) {
            throw new UnsupportedOperationException("not used by the search");
        }

        @Override
        public void deallocate(ProtectionDomain domain) {
            throw new UnsupportedOperationException("not used by the search");
        }
    }
}
