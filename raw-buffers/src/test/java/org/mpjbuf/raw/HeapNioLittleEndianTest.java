package org.mpjbuf.raw;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

final class HeapNioLittleEndianTest extends RawBufferConformanceTest {
    @Override
    RawBuffer create(final int capacity) {
        return RawBuffers.wrap(ByteBuffer.allocate(capacity));
    }

    @Override
    ByteOrder order() {
        return ByteOrder.LITTLE_ENDIAN;
    }
}
