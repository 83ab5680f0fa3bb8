package org.mpjbuf.raw;

import java.nio.ByteOrder;
import org.mpjbuf.buddy.Medium;

final class PooledDirectBigEndianTest extends PooledConformanceTest {
    PooledDirectBigEndianTest() {
        super(Medium.DIRECT);
    }

    @Override
    ByteOrder order() {
        return ByteOrder.BIG_ENDIAN;
    }
}
