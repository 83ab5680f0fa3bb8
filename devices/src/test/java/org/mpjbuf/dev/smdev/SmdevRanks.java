package org.mpjbuf.dev.smdev;

import java.util.ArrayList;
import java.util.List;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceArguments;

/** Joins every rank of an smdev world from the calling thread, for tests that run them. */
final class SmdevRanks {
    private SmdevRanks() {
    }

    /**
     * Creates and initializes one device per rank of {@code world}.
     *
     * @param world the world
     * @return the devices, indexed by rank
     */
    static List<Device> join(final SmdevWorld world) {
        final List<Device> devices = new ArrayList<>(world.size());
        for (int rank = 0; rank < world.size(); rank++) {
            final Device device = Device.newInstance("smdev");
            device.init(DeviceArguments.builder().rank(rank).size(world.size()).world(world).build());
            devices.add(device);
        }
        return devices;
    }
}
