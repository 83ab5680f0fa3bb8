package org.mpjbuf.dev.protocol;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;
import java.nio.ByteOrder;

import org.mpjbuf.Buffer;
import org.mpjbuf.BufferDescriptor;
import org.mpjbuf.Type;
import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.PoolExhaustedException;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.ElementType;
import org.mpjbuf.dev.Status;
import org.mpjbuf.dev.TruncationException;
import org.mpjbuf.dev.TypeMismatchException;
import org.mpjbuf.dev.internal.ObjectCodec;
import org.mpjbuf.dev.internal.Sections;

/**
 * The data movement at both ends of niodev: a send's data copied once into a block of the pool
 * ({@link #stage}), from which the connection writes it, and a received message's bytes copied
 * once out of their block into the receive ({@link #deliver}), converting the byte order when the
 * sender's differs. Object runs travel serialized and are deserialized under the object filter
 * with the receiving rank's class loader; buffer messages travel as their static then dynamic
 * part and are checked by {@link Buffer#commitReceived} or {@link Buffer#wrap}.
 *
 * <p>Stateless and thread-safe.
 */
public final class Delivery {
    private Delivery() {
    }

    /**
     * Copies a send's message into a new block of {@code pool}.
     *
     * @return the block of {@code send.messageLength} bytes, or {@code null} for an empty message
     * @throws DeviceException if the pool refuses the memory
     */
    static MemorySegment stage(final BufferPool pool, final MessageRequest send) {
        final int length = send.messageLength;
        if (length == 0) {
            return null;
        }
        final MemorySegment block;
        try {
            block = pool.allocateSegment(length);
        } catch (final PoolExhaustedException ex) {
            throw new DeviceException("cannot stage the " + length + "-byte message of " + send + ": " + ex.getMessage(),
                ex);
        }
        copy(send, block);
        return block;
    }

    /**
     * Copies a send's message into memory: a buffer's static then dynamic part, a run's elements
     * in this rank's byte order, or the serialized objects.
     *
     * @param send the send
     * @param target at least {@code send.messageLength} bytes
     */
    public static void copy(final MessageRequest send, final MemorySegment target) {
        if (send.buffer != null) {
            copy(send.buffer, target);
        } else if (send.objectBytes != null) {
            MemorySegment.copy(send.objectBytes, 0, target, ValueLayout.JAVA_BYTE, 0, send.messageLength);
        } else if (send.type == ElementType.BOOLEAN) {
            final boolean[] values = (boolean[]) send.array;
            for (int i = 0; i < send.count; i++) {
                target.set(ValueLayout.JAVA_BYTE, i, values[send.offset + i] ? (byte) 1 : (byte) 0);
            }
        } else {
            MemorySegment.copy(send.array, send.offset, target, send.type.layout(), 0, send.count);
        }
    }

    /**
     * Copies a committed buffer's message into memory: its static then its dynamic part.
     *
     * @param message the buffer
     * @param target at least the message's bytes
     */
    public static void copy(final Buffer message, final MemorySegment target) {
        final MemorySegment staticPart = message.staticSegment();
        MemorySegment.copy(staticPart, 0, target, 0, staticPart.byteSize());
        final int dynamicLength = message.dynamicLength();
        if (dynamicLength > 0) {
            MemorySegment.copy(message.dynamicSegment(), 0, target, staticPart.byteSize(), dynamicLength);
        }
    }

    /**
     * Returns the {@code count} elements of a primitive array from element {@code offset} as a
     * segment of the array itself (a heap segment), through which a transport that takes heap
     * memory moves them with no copy of its own ({@code niodev}'s
     * {@link org.mpjbuf.dev.niodev.SocketDescriptor}).
     *
     * @param array the array, of a type with heap runs ({@link ElementType#hasHeapRuns()})
     * @param offset the first element
     * @param count the elements
     * @param type the array's element type
     * @return the segment of {@code count * type.byteSize()} bytes
     * @throws IllegalArgumentException if the array is of another type ({@code boolean[]}, objects)
     */
    public static MemorySegment run(final Object array, final int offset, final int count, final ElementType type) {
        final MemorySegment whole = switch (array) {
            case byte[] a -> MemorySegment.ofArray(a);
            case short[] a -> MemorySegment.ofArray(a);
            case int[] a -> MemorySegment.ofArray(a);
            case long[] a -> MemorySegment.ofArray(a);
            case float[] a -> MemorySegment.ofArray(a);
            case double[] a -> MemorySegment.ofArray(a);
            case char[] a -> MemorySegment.ofArray(a);
            default -> throw new IllegalArgumentException("no heap segment of an array of "
                + array.getClass().getComponentType() + " elements");
        };
        final long size = type.byteSize();
        return whole.asSlice(offset * size, count * size);
    }

    /**
     * Returns the elements of a send of an array run as a heap segment of the array
     * ({@link #run}), for a transport that writes them with no copy of its own.
     *
     * @param send the send
     * @return the segment, or {@code null} if the send is a buffer message, objects, {@code boolean}
     *     elements or empty
     */
    public static MemorySegment heapRun(final MessageRequest send) {
        if (send.buffer != null || send.objectBytes != null || send.count == 0 || !send.type.hasHeapRuns()) {
            return null;
        }
        return run(send.array, send.offset, send.count, send.type);
    }

    /**
     * Returns where a rendezvous message of elements (not a buffer message) may be read straight
     * into its receive's array: a receive of an array run (no buffer, no sink), of the message's
     * element type with heap runs ({@link ElementType#hasHeapRuns()}), room for all its elements,
     * and a payload that is exactly those elements. Any other pair goes through a pooled block
     * and {@link #deliver}, which reports mismatches and truncation.
     *
     * @param message the matched message
     * @param payloadLength the payload bytes its frame announces
     * @param receive the receive
     * @return the segment of the receive's array the payload fills, or {@code null}
     */
    public static MemorySegment landingRun(final Arrival message, final int payloadLength,
                                           final MessageRequest receive) {
        if (message.buffer || receive.buffer != null || receive.sink != null || receive.array == null
            || message.type != receive.type || message.type == null || !message.type.hasHeapRuns()
            || message.count > receive.count || message.count == 0
            || payloadLength != (long) message.count * message.type.byteSize()) {
            return null;
        }
        return run(receive.array, receive.offset, message.count, message.type);
    }

    /**
     * Copies a message into its receive.
     *
     * @param message the message; its block holds {@code messageLength} bytes (or is {@code null}
     *     when the message is empty)
     * @param receive the receive that matched it
     * @param status the status of the message
     * @param loader the receiving rank's class loader
     * @return {@code null} on success, else the failure of the receive
     */
    static DeviceException deliver(final Arrival message, final MessageRequest receive, final Status status,
                                   final ClassLoader loader) {
        try {
            if (message.buffer) {
                return fromBuffer(message, receive, status, loader);
            }
            return fromArray(message, receive, status, loader);
        } catch (final DeviceException ex) {
            return ex;
        } catch (final RuntimeException ex) {
            return new DeviceException("cannot deliver the message from rank " + message.source + " with tag "
                + message.tag + " to " + receive + ": " + ex.getMessage(), ex);
        }
    }

    private static DeviceException fromArray(final Arrival message, final MessageRequest receive, final Status status,
                                             final ClassLoader loader) {
        if (receive.buffer != null) {
            return arrayToBuffer(message, receive, status, loader);
        }
        if (message.type != receive.type) {
            return mismatch(message, receive.type);
        }
        final int count = Math.min(message.count, receive.count);
        if (receive.sink != null) {
            if (count > 0) {
                if (message.type == ElementType.OBJECT) {
                    receive.sink.accept(objects(message, loader), 0, count);
                } else if (message.order == ByteOrder.nativeOrder() && message.type != ElementType.BOOLEAN) {
                    receive.sink.accept(message.block, count);
                } else {
                    final Object run = Array.newInstance(message.type.carrier(), count);
                    copyRun(message, run, 0, count);
                    receive.sink.accept(run, 0, count);
                }
            }
        } else if (message.type == ElementType.OBJECT) {
            final Object[] objects = objects(message, loader);
            try {
                System.arraycopy(objects, 0, receive.array, receive.offset, count);
            } catch (final ArrayStoreException ex) {
                return new DeviceException("received objects do not fit the receive array of type "
                    + receive.array.getClass().getTypeName() + ": " + ex.getMessage(), ex);
            }
        } else if (count > 0) {
            copyRun(message, receive.array, receive.offset, count);
        }
        return truncation(message, receive, status);
    }

    private static DeviceException arrayToBuffer(final Arrival message, final MessageRequest receive,
                                                 final Status status, final ClassLoader loader) {
        final Buffer target = receive.buffer;
        target.clear();
        if (BufferDescriptor.sectionSize(Sections.typeOf(message.type), message.count) > target.capacity()) {
            return new TruncationException(status, -1, target.capacity());
        }
        target.classLoader(loader);
        if (message.type == ElementType.OBJECT) {
            Sections.write(target, objects(message, loader), 0, message.count, message.type);
        } else if (message.type == ElementType.BOOLEAN) {
            // booleans have no packed form to copy from memory: through an array
            final boolean[] run = new boolean[message.count];
            copyRun(message, run, 0, message.count);
            Sections.write(target, run, 0, message.count, message.type);
        } else {
            // the payload goes from its block into the buffer in one copy, converted to the buffer's order
            final Type section = Sections.typeOf(message.type);
            target.putSectionHeader(section);
            if (message.count > 0) {
                target.write(section, message.block, message.order, message.count);
            }
        }
        target.commit();
        return null;
    }

    private static DeviceException fromBuffer(final Arrival message, final MessageRequest receive, final Status status,
                                              final ClassLoader loader) {
        final int staticLength = message.messageLength - message.dynamicLength;
        final MemorySegment staticPart = message.block.asSlice(0, staticLength);
        final byte[] dynamic = message.dynamicLength == 0 ? null
            : message.block.asSlice(staticLength, message.dynamicLength).toArray(ValueLayout.JAVA_BYTE);
        if (receive.buffer != null) {
            final Buffer target = receive.buffer;
            final MemorySegment storage = target.storageSegment();
            if (staticLength > storage.byteSize()) {
                target.clear();
                return new TruncationException(status, -1, storage.byteSize());
            }
            MemorySegment.copy(staticPart, 0, storage, 0, staticLength);
            target.classLoader(loader);
            target.commitReceived(dynamic, message.dynamicLength);
            return null;
        }
        final Buffer view = Buffer.wrap(staticPart, dynamic, message.dynamicLength);
        view.classLoader(loader);
        if (message.type == null) {
            return null;
        }
        if (message.type != receive.type) {
            return mismatch(message, receive.type);
        }
        final int count = Math.min(message.count, receive.count);
        view.getSectionHeader();
        if (receive.sink != null) {
            if (count > 0) {
                final Object run = Array.newInstance(message.type.carrier(), count);
                Sections.read(view, run, 0, count, message.type);
                receive.sink.accept(run, 0, count);
            }
        } else {
            Sections.read(view, receive.array, receive.offset, count, message.type);
        }
        return truncation(message, receive, status);
    }

    /** Copies {@code count} primitive elements out of the message's block, converting the byte order. */
    private static void copyRun(final Arrival message, final Object array, final int offset, final int count) {
        if (message.type == ElementType.BOOLEAN) {
            final boolean[] values = (boolean[]) array;
            for (int i = 0; i < count; i++) {
                values[offset + i] = message.block.get(ValueLayout.JAVA_BYTE, i) != 0;
            }
        } else {
            MemorySegment.copy(message.block, message.type.layout(message.order), 0, array, offset, count);
        }
    }

    private static Object[] objects(final Arrival message, final ClassLoader loader) {
        final byte[] bytes = message.block == null ? new byte[0] : message.block.toArray(ValueLayout.JAVA_BYTE);
        return ObjectCodec.deserialize(bytes, message.count, loader);
    }

    private static DeviceException truncation(final Arrival message, final MessageRequest receive, final Status status) {
        return message.count > receive.count
            ? new TruncationException(status, receive.count, (long) receive.count * receive.type.byteSize())
            : null;
    }

    private static DeviceException mismatch(final Arrival message, final ElementType expected) {
        return new TypeMismatchException(message.source, message.count, message.type, message.tag, expected);
    }
}
