package org.mpjbuf.dev.niodev;

import java.util.List;
import java.util.Map;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceConformanceTest;

/**
 * niodev passes the device conformance suite with a 64-byte protocol switch limit, so that the
 * rendezvous path (request to send, ready message, data) carries most messages.
 */
final class NiodevTinyEagerLimitConformanceTest extends DeviceConformanceTest {
    private static final int EAGER_LIMIT = 64;

    @Override
    protected List<Device> openWorld(final int size) {
        return NiodevWorlds.open(size, Map.of(NiodevConfiguration.EAGER_LIMIT_PROP_NAME, Integer.toString(EAGER_LIMIT)));
    }

    @Override
    protected int eagerLimit() {
        return EAGER_LIMIT;
    }
}
