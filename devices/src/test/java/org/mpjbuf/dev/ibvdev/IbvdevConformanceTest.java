package org.mpjbuf.dev.ibvdev;

import java.util.List;
import java.util.Map;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceConformanceTest;
import org.mpjbuf.dev.ProcessDeviceWorlds;

/**
 * ibvdev passes the device conformance suite over the verbs the build names ({@code -Dibvdev.verbs},
 * its software device by default): ranks are threads, each with an ibvdev device and an adapter
 * of its own, connected by reliable-connected queue
 * pairs through an in-JVM bootstrap. Eager messages travel as frames in receive slots, rendezvous
 * data by RDMA write.
 */
final class IbvdevConformanceTest extends DeviceConformanceTest {
    @Override
    protected List<Device> openWorld(final int size) {
        return ProcessDeviceWorlds.open(IbvdevProvider.NAME, size, Map.of());
    }

    @Override
    protected int eagerLimit() {
        return IbvdevConfiguration.EAGER_LIMIT_DEFAULT;
    }
}
