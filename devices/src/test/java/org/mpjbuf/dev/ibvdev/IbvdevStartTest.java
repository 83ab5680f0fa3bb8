package org.mpjbuf.dev.ibvdev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceArguments;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.InJvmBootstrap;
import org.mpjbuf.dev.ProcessDeviceWorlds;

/**
 * How ibvdev starts: over the adapter when there is one, with an error that says what was looked
 * for and what to do when there is none, and over the verbs the build names.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
final class IbvdevStartTest {

    @Test
    void shouldStartOnTheAdapterOrSayWhatItLookedForAndWhatToDo() {
        final Device device = Device.newInstance(IbvdevProvider.NAME);
        final DeviceArguments arguments = DeviceArguments.builder().rank(0).size(1)
            .bootstrap(InJvmBootstrap.newJob(1).bootstrap(0))
            .property(IbvdevConfiguration.VERBS_PROP_NAME, IbvdevConfiguration.VERBS_DEFAULT).build();
        if (Files.isDirectory(ActivePorts.SYSFS_DEVICES)) {
            // a machine with an RDMA device: the default verbs are the adapter's
            device.init(arguments);
            device.finish();
            return;
        }
        final DeviceException failed = assertThrows(DeviceException.class, () -> device.init(arguments));
        final String message = failed.getMessage();
        assertTrue(message.contains("ibvdev rank 0 found no RDMA device"), message);
        assertTrue(message.contains("libibverbs") || message.contains("ibv_get_device_list"), message);
        assertTrue(message.contains(ActivePorts.SYSFS_DEVICES.toString()) || message.contains("libibverbs.so.1"),
            message);
        assertTrue(message.contains(IbvdevConfiguration.VERBS_PROP_NAME + "=soft"), message);
        assertThrows(IllegalStateException.class, device::id, "the device did not start");
    }

    @Test
    void shouldRefuseVerbsItDoesNotKnow() {
        final Device device = Device.newInstance(IbvdevProvider.NAME);
        final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> device.init(
            DeviceArguments.builder().rank(0).size(1).bootstrap(InJvmBootstrap.newJob(1).bootstrap(0))
                .property(IbvdevConfiguration.VERBS_PROP_NAME, "mlx9").build()));
        assertTrue(refused.getMessage().contains("'mlx9' names no verbs"), refused.getMessage());
    }

    @Test
    void shouldSendBothWaysAndFinish() {
        final List<Device> world = ProcessDeviceWorlds.open(IbvdevProvider.NAME, 2, Map.of());
        final int[] large = new int[100_000];
        for (int i = 0; i < large.length; i++) {
            large[i] = i * 7;
        }
        final int[] received = new int[large.length];
        final var rendezvous = world.get(1).irecv(received, 0, received.length, world.get(0).id(), 1, 3);
        world.get(0).send(large, 0, large.length, world.get(1).id(), 1, 3);
        assertEquals(large.length, rendezvous.await().elementCount());
        assertEquals(large[99_999], received[99_999]);
        world.get(1).send(new byte[] {42}, 0, 1, world.get(0).id(), 2, 3);
        final byte[] small = new byte[1];
        world.get(0).recv(small, 0, 1, world.get(1).id(), 2, 3);
        assertEquals(42, small[0]);
        world.forEach(Device::finish);
    }
}
