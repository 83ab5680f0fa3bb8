package org.mpjbuf.raw;

import java.nio.ByteOrder;
import org.mpjbuf.buddy.Medium;

final class PooledDirectLittleEndianTest extends PooledConformanceTest {
    PooledDirectLittleEndianTest() {
        super(Medium.DIRECT);
    }

    @Override
    ByteOrder order() {
        return ByteOrder.LITTLE_ENDIAN;
    }
}
