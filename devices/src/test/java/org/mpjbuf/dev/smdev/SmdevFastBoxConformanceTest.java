package org.mpjbuf.dev.smdev;

import java.util.ArrayList;
import java.util.List;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceArguments;
import org.mpjbuf.dev.DeviceConformanceTest;

/**
 * smdev passes the device conformance suite with fast boxes, so that every small message of the
 * suite goes through a box and its matching, ordering, probes and errors are the queues'.
 */
final class SmdevFastBoxConformanceTest extends DeviceConformanceTest {

    @Override
    protected List<Device> openWorld(final int size) {
        final SmdevWorld world = SmdevWorld.builder().size(size).fastBoxes(true).build();
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
