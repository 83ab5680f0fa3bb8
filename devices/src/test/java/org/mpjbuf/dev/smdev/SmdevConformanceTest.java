package org.mpjbuf.dev.smdev;

import java.util.ArrayList;
import java.util.List;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceArguments;
import org.mpjbuf.dev.DeviceConformanceTest;

/** smdev passes the device conformance suite, with its default configuration. */
final class SmdevConformanceTest extends DeviceConformanceTest {
    private final SmdevWorld.Builder settings = SmdevWorld.builder();

    @Override
    protected List<Device> openWorld(final int size) {
        final SmdevWorld world = settings.size(size).build();
        final List<Device> devices = new ArrayList<>(size);
        for (int rank = 0; rank < size; rank++) {
            final Device device = Device.newInstance("smdev");
            device.init(DeviceArguments.builder().rank(rank).size(size).world(world).build());
            devices.add(device);
        }
        return devices;
    }

    @Override
    protected int eagerLimit() {
        return SmdevConfiguration.EAGER_LIMIT;
    }
}
