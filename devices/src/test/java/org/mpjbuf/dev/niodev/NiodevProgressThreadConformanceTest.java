package org.mpjbuf.dev.niodev;

import java.util.List;
import java.util.Map;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceConformanceTest;

/**
 * niodev passes the device conformance suite when waiting threads read the sockets themselves
 * while they spin ({@link NiodevConfiguration#WAITER_READS_PROP_NAME}), beside the progress thread.
 */
final class NiodevWaiterReadsConformanceTest extends DeviceConformanceTest {
    @Override
    protected List<Device> openWorld(final int size) {
        return NiodevWorlds.open(size, Map.of(NiodevConfiguration.WAITER_READS_PROP_NAME, "1",
            NiodevConfiguration.IDLE_SPIN_NANOS_PROP_NAME, "50000"));
    }

    @Override
    protected int eagerLimit() {
        return NiodevConfiguration.EAGER_LIMIT;
    }
}
