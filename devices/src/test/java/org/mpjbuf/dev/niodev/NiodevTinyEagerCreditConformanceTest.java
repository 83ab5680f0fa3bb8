package org.mpjbuf.dev.niodev;

import java.util.List;
import java.util.Map;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceConformanceTest;

/**
 * niodev passes the device conformance suite when each peer's eager credit holds a single
 * message of a 4 KiB eager limit, so that most small standard sends that are not received at
 * once fall back to rendezvous and credit returns all the time.
 */
final class NiodevTinyEagerCreditConformanceTest extends DeviceConformanceTest {
    private static final int EAGER_LIMIT = 4096;

    @Override
    protected List<Device> openWorld(final int size) {
        return NiodevWorlds.open(size, Map.of(
            NiodevConfiguration.EAGER_LIMIT_PROP_NAME, Integer.toString(EAGER_LIMIT),
            NiodevConfiguration.EAGER_CREDIT_BYTES_PROP_NAME, Integer.toString(EAGER_LIMIT)));
    }

    @Override
    protected int eagerLimit() {
        return EAGER_LIMIT;
    }
}
