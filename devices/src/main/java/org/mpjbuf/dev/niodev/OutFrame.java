package org.mpjbuf.dev.niodev;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.GatheringByteChannel;

import org.mpjbuf.Buffer;
import org.mpjbuf.dev.protocol.Delivery;
import org.mpjbuf.dev.protocol.FrameDescriptor;
import org.mpjbuf.dev.protocol.MessageRequest;

/**
 * One frame waiting to be written: its header in a direct buffer of its own and up to two payload
 * parts, written together with one gathering write. A part is either a block of the device's
 * pool (freed once written) or, for a buffer message, the buffer's own static and dynamic parts
 * (no copy; an eager send stages what the socket did not take at once). A small eager message is
 * copied in behind the header instead ({@link #inline}). A rendezvous message of an array run
 * has its payload in the sender's array itself ({@link #run}), written with its header through the
 * connection's {@link SocketDescriptor}, with no copy in Java. Frames are recycled by their
 * connection, so sending allocates no header.
 *
 * <p>Not thread-safe: owned by the thread holding its connection's write lock.
 */
final class OutFrame {
    /** The largest eager message copied in behind the header, so that the frame is one buffer. */
    static final int INLINE_BYTES = 1024;

    /** The encoded header, followed by room for an inline message. */
    final ByteBuffer header = ByteBuffer.allocateDirect(FrameDescriptor.HEADER_LENGTH + INLINE_BYTES)
        .order(ByteOrder.nativeOrder());
    /** The room behind the header, as a segment made once. */
    private final MemorySegment inlinePayload =
        MemorySegment.ofBuffer(header).asSlice(FrameDescriptor.HEADER_LENGTH);
    final ByteBuffer[] gather = new ByteBuffer[3];
    int count;
    /** The pooled block holding the payload, freed once written; {@code null} if none. */
    MemorySegment block;
    /** A rendezvous send whose own memory is the payload: it completes once the frame is written. */
    MessageRequest completeWhenWritten;
    /** The payload in a sender's array, written after the header's buffers; {@code null} if none. */
    private MemorySegment run;
    /** The bytes of {@link #run} written so far. */
    private long runWritten;

    /** Prepares the gathering write of the encoded header and {@code length} bytes of {@code payload}. */
    void payload(final MemorySegment payload, final int length) {
        block = payload;
        gather[0] = header;
        count = 1;
        if (payload != null && length > 0) {
            gather[count++] = payload.asSlice(0, length).asByteBuffer();
        }
    }

    /**
     * Tells whether an eager send is copied in behind its header: one of at most
     * {@link #INLINE_BYTES}, whose frame then needs no pooled block, no buffer view and one
     * buffer to write.
     */
    static boolean inlines(final int messageLength) {
        return messageLength <= INLINE_BYTES;
    }

    /** Copies an eager send's array run in behind the encoded header: the frame is that one buffer. */
    void inline(final MessageRequest send) {
        Delivery.copy(send, inlinePayload);
        inlined(send.messageLength);
    }

    /** Copies a buffer message of {@code length} bytes in behind the encoded header: the frame is that one buffer. */
    void inline(final Buffer message, final int length) {
        Delivery.copy(message, inlinePayload);
        inlined(length);
    }

    private void inlined(final int length) {
        block = null;
        header.limit(FrameDescriptor.HEADER_LENGTH + length);
        gather[0] = header;
        count = 1;
    }

    /** Prepares the gathering write of the encoded header and two parts in place (either may be empty). */
    void parts(final ByteBuffer first, final ByteBuffer second) {
        block = null;
        gather[0] = header;
        count = 1;
        if (first != null && first.hasRemaining()) {
            gather[count++] = first;
        }
        if (second != null && second.hasRemaining()) {
            gather[count++] = second;
        }
    }

    /** Prepares the write of the encoded header, then of {@code payload}, a run of the sender's array. */
    void run(final MemorySegment payload) {
        block = null;
        gather[0] = header;
        count = 1;
        run = payload;
        runWritten = 0;
    }

    /** Returns how many payload bytes are still to be written. */
    long remainingPayload() {
        long remaining = 0;
        for (int i = 1; i < count; i++) {
            remaining += gather[i].remaining();
        }
        return run == null ? remaining : remaining + run.byteSize() - runWritten;
    }

    /**
     * Copies the payload bytes still to be written into {@code staging} and writes from there
     * instead, so the memory they came from may be reused.
     */
    void stageRemainder(final MemorySegment staging) {
        final ByteBuffer into = staging.asByteBuffer();
        for (int i = 1; i < count; i++) {
            into.put(gather[i]);
            gather[i] = null;
        }
        into.flip();
        block = staging;
        gather[1] = into;
        count = into.hasRemaining() ? 2 : 1;
    }

    /**
     * Writes as much of the frame as the channel takes, in calls of at most {@code callLimit}
     * bytes each: a call that the channel takes whole is followed by the next, one that it takes
     * in part ends the attempt. A part of one buffer goes with a plain write (the JDK's gathering
     * write sets up an I/O vector per call), else with one gathering write. A frame with a
     * {@link #run} goes through {@code descriptor}: its header held back for the payload's first
     * bytes, so the two leave in one segment (a 512 KiB ping-pong over loopback took 52 instead of
     * 56 us, the medians of 6 and 10 runs), then the run.
     *
     * <p>Why a limit: Linux's loopback TCP moved a message of 1-4 MiB 25-40 % faster in writes of
     * 512 KiB than in one write of the whole, and one of 16 MiB 13-16 % faster (benchmarks README,
     * "Writes of at most 512 KiB").
     *
     * @param channel the connection's channel
     * @param descriptor the connection's descriptor of the same socket, not {@code null} for a frame
     *     with a run
     * @param callLimit the most bytes asked of one call, at least 1
     */
    void writeTo(final GatheringByteChannel channel, final SocketDescriptor descriptor, final int callLimit)
        throws IOException {
        if (run == null ? !writeBuffers(channel, callLimit) : !writeHeaderAhead(descriptor)) {
            return;
        }
        while (run != null && runWritten < run.byteSize()) {
            final long asked = Math.min(callLimit, run.byteSize() - runWritten);
            final long written = descriptor.send(run.asSlice(runWritten, asked));
            runWritten += written;
            if (written < asked) {
                return;
            }
        }
    }

    /**
     * Writes a run frame's header through {@code descriptor}, held back for the payload that
     * follows at once ({@code MSG_MORE}), so that the header leaves with the payload's first bytes
     * in one segment instead of one of its own; returns whether it is written.
     */
    private boolean writeHeaderAhead(final SocketDescriptor descriptor) throws IOException {
        while (header.hasRemaining()) {
            final long written = descriptor.send(MemorySegment.ofBuffer(header), true);
            if (written == 0) {
                return false;
            }
            header.position(header.position() + (int) written);
        }
        return true;
    }

    /** Writes the header and the payload buffers as {@link #writeTo} says; returns whether all are written. */
    private boolean writeBuffers(final GatheringByteChannel channel, final int callLimit) throws IOException {
        int first = 0;
        while (true) {
            while (first < count && !gather[first].hasRemaining()) {
                first++;
            }
            if (first == count) {
                return true;
            }
            long asked = 0;
            int end = first;
            ByteBuffer cut = null;
            int cutLimit = 0;
            while (end < count && asked < callLimit) {
                final ByteBuffer part = gather[end++];
                if (part.remaining() > callLimit - asked) {
                    cut = part;
                    cutLimit = part.limit();
                    part.limit(part.position() + (int) (callLimit - asked));
                    asked = callLimit;
                } else {
                    asked += part.remaining();
                }
            }
            final long written;
            try {
                written = end - first == 1 ? channel.write(gather[first]) : channel.write(gather, first, end - first);
            } finally {
                if (cut != null) {
                    cut.limit(cutLimit);
                }
            }
            if (written < asked) {
                return false;
            }
        }
    }

    /** Tells whether everything has been written. */
    boolean written() {
        for (int i = 0; i < count; i++) {
            if (gather[i].hasRemaining()) {
                return false;
            }
        }
        return run == null || runWritten == run.byteSize();
    }

    /** Forgets the payload once written or dropped. */
    void clear() {
        block = null;
        completeWhenWritten = null;
        run = null;
        gather[1] = null;
        gather[2] = null;
    }
}
