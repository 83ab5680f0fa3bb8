package org.mpjbuf.dev.smdev;

import java.lang.foreign.MemorySegment;
import java.lang.reflect.Array;

import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.PoolExhaustedException;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.ElementType;
import org.mpjbuf.dev.Status;
import org.mpjbuf.dev.TruncationException;

/**
 * The data movement of one smdev world: staging eager sends in blocks of the world's buddy pool,
 * and copying a matched message into its receive buffer, one bulk copy per hop
 * ({@link MemorySegment#copy} with the element's layout, or {@link System#arraycopy} array to
 * array). Object runs travel serialized.
 *
 * <p>Thread-safe; a send's staging block is touched only by the thread that owns the send at
 * that moment (the sender while staging, the matching thread while copying out and freeing it),
 * and the mailbox lock orders the two.
 */
final class Transfers {
    private final BufferPool pool;

    Transfers(final BufferPool pool) {
        this.pool = pool;
    }

    /**
     * Copies an eager send's data into a pooled block so the sender may reuse its array. Zero
     * elements need no block; {@code boolean} runs (which {@link MemorySegment} cannot copy from an
     * array) and a pool that refuses memory fall back to a heap copy.
     */
    void stage(final SmdevRequest send) {
        if (send.count == 0) {
            return;
        }
        if (send.type != ElementType.BOOLEAN) {
            try {
                final MemorySegment block = pool.allocateSegment(send.byteCount);
                MemorySegment.copy(send.array, send.offset, block, send.type.layout(), 0, send.count);
                send.staged = block;
                return;
            } catch (final PoolExhaustedException exhausted) {
                send.staged = heapCopy(send);
                return;
            }
        }
        send.staged = heapCopy(send);
    }

    private static Object heapCopy(final SmdevRequest send) {
        final Object copy = Array.newInstance(send.array.getClass().getComponentType(), send.count);
        System.arraycopy(send.array, send.offset, copy, 0, send.count);
        return copy;
    }

    /** Releases a send's staging block, if any. */
    void release(final SmdevRequest send) {
        final Object staged = send.staged;
        send.staged = null;
        if (staged instanceof MemorySegment block) {
            pool.free(block);
        }
    }

    /**
     * Copies a matched message into its receive buffer, completes the receive, and releases the
     * staging block. The send is not completed here.
     */
    void deliver(final SmdevRequest send, final SmdevRequest receive, final Status status) {
        DeviceException failure = null;
        try {
            if (send.type != receive.type) {
                failure = new DeviceException("type mismatch: rank " + send.sourceRank + " sent "
                    + send.count + " " + send.type + " elements with tag " + send.tag
                    + " but the matching receive expects " + receive.type);
            } else {
                copy(send, receive, Math.min(send.count, receive.count));
                if (send.count > receive.count) {
                    failure = new TruncationException(status, receive.count);
                }
            }
        } catch (final DeviceException ex) {
            failure = ex;
        } catch (final ArrayStoreException ex) {
            failure = new DeviceException("received objects do not fit the receive array of type "
                + receive.array.getClass().getTypeName() + ": " + ex.getMessage(), ex);
        } finally {
            release(send);
        }
        receive.complete(failure == null ? status : null, failure);
    }

    private static void copy(final SmdevRequest send, final SmdevRequest receive, final int count) {
        final Object staged = send.staged;
        if (send.type == ElementType.OBJECT) {
            final Object[] objects = ObjectCodec.deserialize((byte[]) staged, send.count, receive.owner.classLoader());
            System.arraycopy(objects, 0, receive.array, receive.offset, count);
        } else if (staged instanceof MemorySegment block) {
            MemorySegment.copy(block, send.type.layout(), 0, receive.array, receive.offset, count);
        } else if (staged != null) {
            System.arraycopy(staged, 0, receive.array, receive.offset, count);
        } else {
            System.arraycopy(send.array, send.offset, receive.array, receive.offset, count);
        }
    }

    /** Returns the pool's memory once every rank has finished. */
    void close() {
        pool.close();
    }
}
