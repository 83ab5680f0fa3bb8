package org.mpjbuf.dev.smdev;

import java.lang.reflect.Array;

import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.ElementType;
import org.mpjbuf.dev.Status;
import org.mpjbuf.dev.TruncationException;

/**
 * The data movement of one smdev world: staging eager sends and copying a matched message into
 * its receive buffer. Primitive runs move with {@link System#arraycopy}, one bulk copy per hop;
 * object runs travel serialized.
 *
 * <p>Thread-safe; a send's staging buffer is touched only by the thread that owns the send at
 * that moment (the sender while staging, the matching thread while copying out).
 */
final class Transfers {
    /** Copies an eager send's data into a staging buffer so the sender may reuse its array. */
    void stage(final SmdevRequest send) {
        final Object copy = Array.newInstance(send.array.getClass().getComponentType(), send.count);
        System.arraycopy(send.array, send.offset, copy, 0, send.count);
        send.staged = copy;
    }

    /** Releases a send's staging buffer, if any. */
    void release(final SmdevRequest send) {
        send.staged = null;
    }

    /**
     * Copies a matched message into its receive buffer, completes the receive, and releases the
     * staging buffer. The send is not completed here.
     */
    void deliver(final SmdevRequest send, final SmdevRequest receive, final Status status) {
        DeviceException failure = null;
        try {
            if (send.type != receive.type) {
                failure = new DeviceException("type mismatch: rank " + send.sourceRank + " sent "
                    + send.count + " " + send.type + " elements with tag " + send.tag
                    + " but the matching receive expects " + receive.type);
            } else {
                final int copied = Math.min(send.count, receive.count);
                if (send.type == ElementType.OBJECT) {
                    final Object[] objects = ObjectCodec.deserialize(
                        (byte[]) send.staged, send.count, receive.owner.classLoader());
                    System.arraycopy(objects, 0, receive.array, receive.offset, copied);
                } else if (send.staged != null) {
                    System.arraycopy(send.staged, 0, receive.array, receive.offset, copied);
                } else {
                    System.arraycopy(send.array, send.offset, receive.array, receive.offset, copied);
                }
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
}
