package org.mpjbuf.dev.smdev;

import java.util.List;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceConformanceTest;

/**
 * smdev passes the device conformance suite with fast boxes, so that every small message of the
 * suite goes through a box and its matching, ordering, probes and errors are the queues'.
 */
final class SmdevFastBoxConformanceTest extends DeviceConformanceTest {

    @Override
    protected List<Device> openWorld(final int size) {
        return SmdevRanks.join(SmdevWorld.builder().size(size).fastBoxes(true).build());
    }

    @Override
    protected int eagerLimit() {
        return SmdevConfiguration.EAGER_LIMIT;
    }
}
