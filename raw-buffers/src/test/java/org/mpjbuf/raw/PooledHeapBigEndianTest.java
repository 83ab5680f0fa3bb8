package org.mpjbuf.raw;

import java.nio.ByteOrder;
import org.mpjbuf.buddy.Medium;

final class PooledHeapBigEndianTest extends PooledConformanceTest {
    PooledHeapBigEndianTest() {
        super(Medium.HEAP);
    }

    @Override
    ByteOrder order() {
        return ByteOrder.BIG_ENDIAN;
    }
}
