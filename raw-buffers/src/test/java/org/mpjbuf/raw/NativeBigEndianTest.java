package org.mpjbuf.raw;

import java.lang.foreign.Arena;
import java.nio.ByteOrder;

final class NativeBigEndianTest extends RawBufferConformanceTest {
    @Override
    RawBuffer create(final int capacity) {
        return RawBuffers.wrap(Arena.ofAuto().allocate(capacity));
    }

    @Override
    ByteOrder order() {
        return ByteOrder.BIG_ENDIAN;
    }
}
