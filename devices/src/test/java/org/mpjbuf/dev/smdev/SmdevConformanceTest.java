package org.mpjbuf.dev.smdev;

import java.util.List;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceConformanceTest;

/** smdev passes the device conformance suite, with its default configuration (fast boxes on). */
final class SmdevConformanceTest extends DeviceConformanceTest {
    private final SmdevWorld.Builder settings = SmdevWorld.builder();

    @Override
    protected List<Device> openWorld(final int size) {
        return SmdevRanks.join(settings.size(size).build());
    }

    @Override
    protected int eagerLimit() {
        return SmdevConfiguration.EAGER_LIMIT;
    }
}
