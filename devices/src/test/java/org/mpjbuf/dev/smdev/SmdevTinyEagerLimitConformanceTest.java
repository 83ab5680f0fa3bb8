package org.mpjbuf.dev.smdev;

import java.util.ArrayList;
import java.util.List;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceArguments;
import org.mpjbuf.dev.DeviceConformanceTest;

/**
 * smdev passes the device conformance suite with a 64-byte protocol switch limit, so that the
 * rendezvous path carries most messages of the ordering properties.
 */
final class SmdevTinyEagerLimitConformanceTest extends DeviceConformanceTest {
    private static final int EAGER_LIMIT = 64;

    @Override
    protected List<Device> openWorld(final int size) {
        final SmdevWorld world = SmdevWorld.builder().size(size).eagerLimit(EAGER_LIMIT).build();
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
        return EAGER_LIMIT;
    }
}
