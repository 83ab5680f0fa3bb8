package org.mpjbuf.raw;

import java.nio.ByteOrder;
import org.mpjbuf.buddy.Medium;

final class PooledNativeLittleEndianTest extends PooledConformanceTest {
    PooledNativeLittleEndianTest() {
        super(Medium.NATIVE);
    }

    @Override
    ByteOrder order() {
        return ByteOrder.LITTLE_ENDIAN;
    }
}
