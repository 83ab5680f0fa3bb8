package org.mpjbuf.dev.niodev;

import java.util.List;
import java.util.Map;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.protocol.PostedBufferReceiveTest;

/** niodev reads an eager buffer message straight from the socket into a buffer receive posted first. */
final class NiodevPostedBufferReceiveTest extends PostedBufferReceiveTest {
    @Override
    protected List<Device> openTwoRanks(final Map<String, String> properties) {
        return NiodevWorlds.open(2, properties);
    }

    @Override
    protected String eagerLimitSetting() {
        return NiodevConfiguration.EAGER_LIMIT_PROP_NAME;
    }

    @Override
    protected String eagerCreditSetting() {
        return NiodevConfiguration.EAGER_CREDIT_BYTES_PROP_NAME;
    }
}
