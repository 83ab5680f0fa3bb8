package org.mpjbuf.dev.smdev;

import java.util.List;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceConformanceTest;

/**
 * smdev passes the device conformance suite without fast boxes, so that every small message of
 * the suite goes through the receiving rank's queues, as with {@code mpjbuf.smdev.fastBoxes=false};
 * {@link SmdevConformanceTest} runs it with the default, the boxes.
 */
final class SmdevQueuesConformanceTest extends DeviceConformanceTest {

    @Override
    protected List<Device> openWorld(final int size) {
        return SmdevRanks.join(SmdevWorld.builder().size(size).fastBoxes(false).build());
    }

    @Override
    protected int eagerLimit() {
        return SmdevConfiguration.EAGER_LIMIT;
    }
}
