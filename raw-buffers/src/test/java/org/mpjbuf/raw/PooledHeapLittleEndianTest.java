package org.mpjbuf.raw;

import java.nio.ByteOrder;
import org.mpjbuf.buddy.Medium;

final class PooledHeapLittleEndianTest extends PooledConformanceTest {
    PooledHeapLittleEndianTest() {
        super(Medium.HEAP);
    }

    @Override
    ByteOrder order() {
        return ByteOrder.LITTLE_ENDIAN;
    }
}
