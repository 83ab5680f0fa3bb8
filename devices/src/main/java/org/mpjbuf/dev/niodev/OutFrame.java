package org.mpjbuf.dev.niodev;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One frame waiting to be written: its header in a direct buffer of its own and, if any, its
 * payload in a block of the device's pool, written together with one gathering write. Frames are
 * recycled by their connection, so sending allocates no header.
 *
 * <p>Not thread-safe: owned by the thread holding its connection's write lock.
 */
final class OutFrame {
    final ByteBuffer header = ByteBuffer.allocateDirect(NiodevFrameDescriptor.HEADER_LENGTH)
        .order(ByteOrder.nativeOrder());
    final ByteBuffer[] gather = new ByteBuffer[2];
    /** The payload's block, freed once written; {@code null} without payload. */
    MemorySegment block;
    int count;

    /** Prepares the gathering write of the encoded header and {@code length} bytes of {@code payload}. */
    void payload(final MemorySegment payload, final int length) {
        block = payload;
        gather[0] = header;
        if (payload == null || length == 0) {
            gather[1] = null;
            count = 1;
        } else {
            gather[1] = payload.asSlice(0, length).asByteBuffer();
            count = 2;
        }
    }

    /** Tells whether everything has been written. */
    boolean written() {
        return !header.hasRemaining() && (count == 1 || !gather[1].hasRemaining());
    }

    /** Forgets the payload once written or dropped. */
    void clear() {
        block = null;
        gather[1] = null;
    }
}
