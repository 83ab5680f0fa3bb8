package org.mpjbuf.raw;

import java.nio.ByteOrder;
import org.mpjbuf.buddy.Medium;

final class PooledNativeBigEndianTest extends PooledConformanceTest {
    PooledNativeBigEndianTest() {
        super(Medium.NATIVE);
    }

    @Override
    ByteOrder order() {
        return ByteOrder.BIG_ENDIAN;
    }
}
