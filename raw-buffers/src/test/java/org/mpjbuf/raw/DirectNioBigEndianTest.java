package org.mpjbuf.raw;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

final class DirectNioBigEndianTest extends RawBufferConformanceTest {
    @Override
    RawBuffer create(final int capacity) {
        return RawBuffers.wrap(ByteBuffer.allocateDirect(capacity));
    }

    @Override
    ByteOrder order() {
        return ByteOrder.BIG_ENDIAN;
    }
}
