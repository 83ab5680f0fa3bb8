package org.mpjbuf.mpj.runtime;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * A file descriptor this process inherited from its launcher, such as the socket in
 * {@code PMI_FD} that MPICH's Hydra and Slurm's PMI-2 plugin hand every rank, read and written
 * with the C library's {@code read} and {@code write} through the Foreign Function &amp; Memory
 * API: Java opens no stream over a descriptor number, and {@code /proc/self/fd} cannot reopen a
 * socket. The JVM prints a one-line warning at the first call unless it runs with
 * {@code --enable-native-access=ALL-UNNAMED} ({@code bin/mpjrun} passes it).
 *
 * <p>Reading and writing have buffers of their own: one thread may write (an abort) while another
 * waits in a read. Otherwise not thread-safe: one reader and one writer at a time.
 */
@SuppressWarnings("restricted") // read, write and close of libc: the reason this class exists
final class InheritedDescriptor implements AutoCloseable {

    private static final Linker LINKER = Linker.nativeLinker();
    private static final MemoryLayout CALL_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final int EINTR = 4;
    private static final MethodHandle READ = function("read");
    private static final MethodHandle WRITE = function("write");
    private static final MethodHandle CLOSE = LINKER.downcallHandle(LINKER.defaultLookup().find("close").orElseThrow(),
        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));

    private final int descriptor;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment readState = arena.allocate(CALL_STATE);
    private final MemorySegment writeState = arena.allocate(CALL_STATE);
    private final MemorySegment buffer = arena.allocate(4096);
    private final MemorySegment outgoing = arena.allocate(4096);
    /** The next unread byte of {@link #buffer}, and the end of what was read. */
    private int next;
    private int end;

    /**
     * @param descriptor the inherited descriptor's number
     */
    InheritedDescriptor(int descriptor) {
        this.descriptor = descriptor;
    }

    private static MethodHandle function(String name) {
        return LINKER.downcallHandle(LINKER.defaultLookup().find(name).orElseThrow(),
            FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG),
            Linker.Option.captureCallState("errno"));
    }

    /**
     * Reads the next byte, through a buffer of the descriptor's.
     *
     * @return the byte, {@code 0..255}
     * @throws java.io.EOFException at the end of the stream
     * @throws IOException naming the descriptor and the error number when the read fails
     */
    int readByte() throws IOException {
        if (next == end) {
            long count = call(READ, readState, buffer, buffer.byteSize(), "read");
            if (count == 0) {
                throw new java.io.EOFException("the launcher closed inherited descriptor " + descriptor);
            }
            next = 0;
            end = (int) count;
        }
        return buffer.get(ValueLayout.JAVA_BYTE, next++) & 0xFF;
    }

    /**
     * Writes all of {@code bytes}.
     *
     * @param bytes the bytes
     * @throws IOException naming the descriptor and the error number when a write fails
     */
    void write(byte[] bytes) throws IOException {
        int written = 0;
        while (written < bytes.length) {
            int chunk = Math.min(bytes.length - written, (int) outgoing.byteSize());
            MemorySegment.copy(bytes, written, outgoing, ValueLayout.JAVA_BYTE, 0, chunk);
            int sent = 0;
            while (sent < chunk) {
                sent += (int) call(WRITE, writeState, outgoing.asSlice(sent), chunk - sent, "write");
            }
            written += chunk;
        }
    }

    private long call(MethodHandle function, MemorySegment state, MemorySegment at, long length, String name)
        throws IOException {
        while (true) {
            long result;
            try {
                result = (long) function.invokeExact(state, descriptor, at, length);
            } catch (Throwable unexpected) {
                throw new IOException(name + " on descriptor " + descriptor + " failed: " + unexpected, unexpected);
            }
            if (result >= 0) {
                return result;
            }
            int errno = (int) ERRNO.get(state, 0L);
            if (errno != EINTR) {
                throw new IOException(name + " on inherited descriptor " + descriptor + " failed with errno " + errno);
            }
        }
    }

    /** Closes the descriptor and frees the native buffers. */
    @Override
    public void close() {
        try {
            int ignored = (int) CLOSE.invokeExact(descriptor);
        } catch (Throwable unexpected) {
            // closing on the way out: nothing left to do with the descriptor
        }
        arena.close();
    }
}
