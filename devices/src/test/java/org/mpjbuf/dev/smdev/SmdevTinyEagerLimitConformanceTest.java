package org.mpjbuf.dev.smdev;

import java.util.List;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceConformanceTest;

/**
 * smdev passes the device conformance suite with a 64-byte protocol switch limit, so that the
 * rendezvous path carries most messages of the ordering properties.
 */
final class SmdevTinyEagerLimitConformanceTest extends DeviceConformanceTest {
    private static final int EAGER_LIMIT = 64;

    @Override
    protected List<Device> openWorld(final int size) {
        return SmdevRanks.join(SmdevWorld.builder().size(size).eagerLimit(EAGER_LIMIT).build());
    }

    @Override
    protected int eagerLimit() {
        return EAGER_LIMIT;
    }
}
