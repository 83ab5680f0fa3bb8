package org.mpjbuf.dev.smdev;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;
import java.util.Arrays;

import org.mpjbuf.Buffer;
import org.mpjbuf.BufferDescriptor;
import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.PoolExhaustedException;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.ElementSink;
import org.mpjbuf.dev.ElementType;
import org.mpjbuf.dev.Status;
import org.mpjbuf.dev.TruncationException;
import org.mpjbuf.dev.TypeMismatchException;
import org.mpjbuf.dev.internal.ObjectCodec;
import org.mpjbuf.dev.internal.Sections;

/**
 * The data movement of one smdev world: staging eager sends in blocks of the world's buddy pool,
 * and copying a matched message into its receive, one bulk copy per hop ({@link MemorySegment#copy}
 * or {@link System#arraycopy}); a large copy straight between two arrays is shared with the
 * thread waiting for it ({@link SharedCopy}).
 *
 * <p>Four pairs of forms meet here. Array to array and buffer to buffer are the fast paths: one
 * copy from the sender's memory (rendezvous, or the receive posted first) or from the staging
 * block. Array to buffer writes one section into the receive buffer; buffer to array reads the
 * message's first section. Object runs travel serialized and are deserialized with the receiving
 * rank's class loader.
 *
 * <p>Thread-safe; a send's staging block is touched only by the thread that owns the send at
 * that moment (the sender while staging, the matching thread while copying out and freeing it),
 * and the mailbox lock orders the two. Any failure while delivering fails the receive, never the
 * thread that happens to copy.
 */
final class Transfers {
    private final BufferPool pool;

    Transfers(final BufferPool pool) {
        this.pool = pool;
    }

    /**
     * The largest run of an array, in bytes, that is staged in a heap array rather than a pool
     * block: a young-generation allocation costs the sender less than a block that the receiving
     * thread frees into another thread's cache, and the copy is short enough to make under the
     * mailbox lock.
     */
    static final long SMALL_RUN_BYTES = 256;

    /** Tells whether a send is a run of an array of at most {@link #SMALL_RUN_BYTES}. */
    static boolean isSmall(final SmdevRequest send) {
        return send.buffer == null && send.byteCount <= SMALL_RUN_BYTES;
    }

    /**
     * Copies an eager send's data so the sender may reuse its array or buffer: into a pooled
     * block, or a heap array for a small run. Zero elements need no copy; {@code boolean} runs
     * (which {@link MemorySegment} cannot copy from an array) and a pool that refuses memory fall
     * back to a heap copy.
     */
    void stage(final SmdevRequest send) {
        if (send.buffer != null) {
            send.staged = stageBytes(send.staticPart);
            if (send.dynamicLength > 0) {
                send.stagedDynamic = Arrays.copyOf(send.dynamicPart, send.dynamicLength);
            }
        } else if (send.count > 0) {
            send.staged = send.type == ElementType.BOOLEAN || isSmall(send) ? heapCopy(send) : stageRun(send);
        }
    }

    private Object stageRun(final SmdevRequest send) {
        final MemorySegment block = allocate(send.byteCount);
        if (block == null) {
            return heapCopy(send);
        }
        MemorySegment.copy(send.array, send.offset, block, send.type.layout(), 0, send.count);
        return block;
    }

    private Object stageBytes(final MemorySegment bytes) {
        final MemorySegment block = allocate(bytes.byteSize());
        if (block == null) {
            return bytes.toArray(ValueLayout.JAVA_BYTE);
        }
        MemorySegment.copy(bytes, 0, block, 0, bytes.byteSize());
        return block;
    }

    private MemorySegment allocate(final long byteSize) {
        try {
            return pool.allocateSegment(byteSize);
        } catch (final PoolExhaustedException exhausted) {
            return null;
        }
    }

    private static Object heapCopy(final SmdevRequest send) {
        final int from = send.offset;
        final int to = from + send.count;
        return switch (send.array) {
            case byte[] a -> Arrays.copyOfRange(a, from, to);
            case double[] a -> Arrays.copyOfRange(a, from, to);
            case int[] a -> Arrays.copyOfRange(a, from, to);
            case long[] a -> Arrays.copyOfRange(a, from, to);
            case float[] a -> Arrays.copyOfRange(a, from, to);
            case char[] a -> Arrays.copyOfRange(a, from, to);
            case short[] a -> Arrays.copyOfRange(a, from, to);
            case boolean[] a -> Arrays.copyOfRange(a, from, to);
            default -> throw new IllegalStateException("not a primitive array: " + send.array.getClass());
        };
    }

    /** Releases a send's staging block, if any. */
    void release(final SmdevRequest send) {
        final Object staged = send.staged;
        send.staged = null;
        send.stagedDynamic = null;
        if (staged instanceof MemorySegment block) {
            pool.free(block);
        }
    }

    /**
     * Copies a matched message into its receive, completes the receive, and releases the staging
     * block. The send is not completed here.
     */
    void deliver(final SmdevRequest send, final SmdevRequest receive) {
        DeviceException failure;
        try {
            if (receive.sink != null) {
                failure = toSink(send, receive);
            } else if (receive.buffer != null) {
                failure = send.buffer != null ? bufferToBuffer(send, receive) : arrayToBuffer(send, receive);
            } else {
                failure = send.buffer != null ? bufferToArray(send, receive) : arrayToArray(send, receive);
            }
        } catch (final DeviceException ex) {
            failure = ex;
        } catch (final RuntimeException ex) {
            failure = new DeviceException("cannot deliver the message from rank " + send.sourceRank + " with tag "
                + send.tag + " to the receive of rank " + receive.owner.rank() + ": " + ex.getMessage(), ex);
        } finally {
            release(send);
        }
        if (failure == null) {
            receive.completeWith(send);
        } else {
            receive.complete(null, failure);
        }
    }

    /** The status of a send's message, for an error that reports it. */
    private static Status statusOf(final SmdevRequest send) {
        return send.messageStatus(send.owner.processId());
    }

    private static DeviceException arrayToArray(final SmdevRequest send, final SmdevRequest receive) {
        if (send.type != receive.type) {
            return mismatch(send, receive.type);
        }
        final int count = Math.min(send.count, receive.count);
        final Object staged = send.staged;
        if (send.type == ElementType.OBJECT) {
            final Object[] objects = ObjectCodec.deserialize((byte[]) staged, send.count, receive.owner.classLoader());
            try {
                System.arraycopy(objects, 0, receive.array, receive.offset, count);
            } catch (final ArrayStoreException ex) {
                return new DeviceException("received objects do not fit the receive array of type "
                    + receive.array.getClass().getTypeName() + ": " + ex.getMessage(), ex);
            }
        } else if (staged instanceof MemorySegment block) {
            MemorySegment.copy(block, send.type.layout(), 0, receive.array, receive.offset, count);
        } else if (staged != null) {
            System.arraycopy(staged, 0, receive.array, receive.offset, count);
        } else if ((long) count * send.type.byteSize() >= SharedCopy.THRESHOLD_BYTES) {
            final SharedCopy copy = new SharedCopy(send.array, send.offset, receive.array, receive.offset, count,
                send.type.byteSize());
            send.share(copy);
            receive.share(copy);
            copy.help();
            copy.awaitCopied();
        } else {
            System.arraycopy(send.array, send.offset, receive.array, receive.offset, count);
        }
        return truncation(send, receive);
    }

    /**
     * Hands a message to a sink receive where its elements are: the sender's array (rendezvous,
     * or a receive posted first), the eager staging block or heap copy, the deserialized objects;
     * only a buffer message's first section is read into a fresh array first.
     */
    private static DeviceException toSink(final SmdevRequest send, final SmdevRequest receive) {
        if (send.type == null) {
            return null;
        }
        if (send.type != receive.type) {
            return mismatch(send, receive.type);
        }
        final int count = Math.min(send.count, receive.count);
        final ElementSink sink = receive.sink;
        final Object staged = send.staged;
        if (count == 0) {
            return truncation(send, receive);
        }
        if (send.buffer != null) {
            final Object run = Array.newInstance(send.type.carrier(), count);
            readFirstSection(send, receive, run, 0, count);
            sink.accept(run, 0, count);
        } else if (send.type == ElementType.OBJECT) {
            sink.accept(ObjectCodec.deserialize((byte[]) staged, send.count, receive.owner.classLoader()), 0, count);
        } else if (staged instanceof MemorySegment block) {
            sink.accept(block, count);
        } else if (staged != null) {
            sink.accept(staged, 0, count);
        } else {
            sink.accept(send.array, send.offset, count);
        }
        return truncation(send, receive);
    }

    private static DeviceException truncation(final SmdevRequest send, final SmdevRequest receive) {
        return send.count > receive.count
            ? new TruncationException(statusOf(send), receive.count, (long) receive.count * receive.type.byteSize())
            : null;
    }

    private static DeviceException bufferToBuffer(final SmdevRequest send, final SmdevRequest receive) {
        final Buffer target = receive.buffer;
        final MemorySegment bytes = staticSource(send);
        final MemorySegment storage = target.storageSegment();
        if (bytes.byteSize() > storage.byteSize()) {
            target.clear();
            return new TruncationException(statusOf(send), -1, storage.byteSize());
        }
        MemorySegment.copy(bytes, 0, storage, 0, bytes.byteSize());
        final byte[] dynamic = send.stagedDynamic != null ? send.stagedDynamic
            : send.dynamicLength > 0 ? Arrays.copyOf(send.dynamicPart, send.dynamicLength) : null;
        target.classLoader(receive.owner.classLoader());
        target.commitReceived(dynamic, send.dynamicLength);
        return null;
    }

    private static DeviceException bufferToArray(final SmdevRequest send, final SmdevRequest receive) {
        if (send.type == null) {
            return null;
        }
        if (send.type != receive.type) {
            return mismatch(send, receive.type);
        }
        readFirstSection(send, receive, receive.array, receive.offset, Math.min(send.count, receive.count));
        return truncation(send, receive);
    }

    /** Reads the first {@code count} elements of a buffer message's first section into an array. */
    private static void readFirstSection(final SmdevRequest send, final SmdevRequest receive, final Object array,
                                         final int offset, final int count) {
        final byte[] dynamic = send.stagedDynamic != null ? send.stagedDynamic : send.dynamicPart;
        final Buffer view = Buffer.wrap(staticSource(send), dynamic, send.dynamicLength);
        view.classLoader(receive.owner.classLoader());
        view.getSectionHeader();
        Sections.read(view, array, offset, count, send.type);
    }

    private static DeviceException arrayToBuffer(final SmdevRequest send, final SmdevRequest receive) {
        final Buffer target = receive.buffer;
        final int needed = BufferDescriptor.sectionSize(Sections.typeOf(send.type), send.count);
        if (needed > target.capacity()) {
            target.clear();
            return new TruncationException(statusOf(send), -1, target.capacity());
        }
        target.clear();
        target.classLoader(receive.owner.classLoader());
        final Object staged = send.staged;
        if (send.type == ElementType.OBJECT) {
            final Object[] objects = ObjectCodec.deserialize((byte[]) staged, send.count, receive.owner.classLoader());
            Sections.write(target, objects, 0, send.count, send.type);
        } else if (staged instanceof MemorySegment block) {
            final Object run = Array.newInstance(send.type.carrier(), send.count);
            MemorySegment.copy(block, send.type.layout(), 0, run, 0, send.count);
            Sections.write(target, run, 0, send.count, send.type);
        } else if (staged != null) {
            Sections.write(target, staged, 0, send.count, send.type);
        } else {
            Sections.write(target, send.array, send.offset, send.count, send.type);
        }
        target.commit();
        return null;
    }

    private static MemorySegment staticSource(final SmdevRequest send) {
        final Object staged = send.staged;
        if (staged instanceof MemorySegment block) {
            return block;
        }
        return staged instanceof byte[] bytes ? MemorySegment.ofArray(bytes) : send.staticPart;
    }

    private static DeviceException mismatch(final SmdevRequest send, final ElementType expected) {
        return new TypeMismatchException(send.sourceRank, send.count, send.type, send.tag, expected);
    }

    /** Returns the pool's memory once every rank has finished. */
    void close() {
        pool.close();
    }
}
