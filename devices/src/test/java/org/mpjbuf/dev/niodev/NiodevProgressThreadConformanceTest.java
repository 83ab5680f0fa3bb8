package org.mpjbuf.dev.niodev;

import java.util.List;
import java.util.Map;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceConformanceTest;

/**
 * niodev passes the device conformance suite when waiting threads never spin, so they never poll
 * and the progress thread alone reads, matches and delivers every message (the default lets
 * spinning waiters do it; see {@link ProgressEngine}).
 */
final class NiodevProgressThreadConformanceTest extends DeviceConformanceTest {
    @Override
    protected List<Device> openWorld(final int size) {
        return NiodevWorlds.open(size, Map.of(NiodevConfiguration.IDLE_SPIN_NANOS_PROP_NAME, "0"));
    }

    @Override
    protected int eagerLimit() {
        return NiodevConfiguration.EAGER_LIMIT;
    }
}
