package org.mpjbuf.dev.niodev;

import java.util.List;
import java.util.Map;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceConformanceTest;

/**
 * niodev passes the device conformance suite with its default configuration: ranks are threads,
 * each with a niodev device of its own, connected over loopback TCP through an in-JVM bootstrap.
 */
final class NiodevConformanceTest extends DeviceConformanceTest {
    @Override
    protected List<Device> openWorld(final int size) {
        return NiodevWorlds.open(size, Map.of());
    }

    @Override
    protected int eagerLimit() {
        return NiodevConfiguration.EAGER_LIMIT;
    }
}
