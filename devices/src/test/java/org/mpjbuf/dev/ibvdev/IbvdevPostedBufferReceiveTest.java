package org.mpjbuf.dev.ibvdev;

import java.util.List;
import java.util.Map;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.ProcessDeviceWorlds;
import org.mpjbuf.dev.protocol.PostedBufferReceiveTest;

/**
 * ibvdev copies an eager buffer message straight from its receive slot into a buffer receive
 * posted first (and lands a rendezvous one in the receive's own storage when it has no dynamic
 * part).
 */
final class IbvdevPostedBufferReceiveTest extends PostedBufferReceiveTest {
    @Override
    protected List<Device> openTwoRanks(final Map<String, String> properties) {
        return ProcessDeviceWorlds.open(IbvdevProvider.NAME, 2, properties);
    }

    @Override
    protected String eagerLimitSetting() {
        return IbvdevConfiguration.EAGER_LIMIT_PROP_NAME;
    }

    @Override
    protected String eagerCreditSetting() {
        return IbvdevConfiguration.EAGER_CREDIT_BYTES_PROP_NAME;
    }
}
