package org.mpjbuf.dev.ibvdev;

import java.util.List;
import java.util.Map;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceConformanceTest;
import org.mpjbuf.dev.ProcessDeviceWorlds;

/**
 * ibvdev passes the device conformance suite with a 64-byte protocol switch limit and two send
 * slots per peer: most messages go by rendezvous (their data by
 * RDMA write into the receive's memory), and frames outrun the peer's receive slots, so they wait
 * for credit in the channel's backlog.
 */
final class IbvdevTinyEagerLimitConformanceTest extends DeviceConformanceTest {
    private static final int EAGER_LIMIT = 64;

    @Override
    protected List<Device> openWorld(final int size) {
        return ProcessDeviceWorlds.open(IbvdevProvider.NAME, size, Map.of(IbvdevConfiguration.EAGER_LIMIT_PROP_NAME, Integer.toString(EAGER_LIMIT),
            IbvdevConfiguration.SEND_SLOTS_PROP_NAME, "2"));
    }

    @Override
    protected int eagerLimit() {
        return EAGER_LIMIT;
    }
}
