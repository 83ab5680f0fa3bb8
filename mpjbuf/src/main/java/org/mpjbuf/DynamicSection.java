package org.mpjbuf;

import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * The dynamic part of a buffer: a growable byte array holding the frames of its dynamic sections,
 * and the object streams that write and read the frames of {@link Type#OBJECT} sections.
 *
 * <p>Objects are written with one {@link ObjectOutputStream} per section, so references shared
 * between the objects of one section stay shared when read back, and every section can be read on
 * its own. They are read with the caller's class loader and under a {@link FrameObjectFilter},
 * through the library's one {@link ObjectFrameReader}.
 *
 * <p>Not thread-safe: owned by one {@link Buffer}.
 */
final class DynamicSection {
    private byte[] ownBytes;
    private byte[] bytes;
    private int length;
    private ObjectOutputStream objectOutput;
    private ObjectFrameReader objectInput;

    /**
     * Creates an empty dynamic part.
     *
     * @param initialCapacity the initial capacity of the byte array
     */
    DynamicSection(int initialCapacity) {
        ownBytes = new byte[initialCapacity];
        bytes = ownBytes;
    }

    /**
     * Returns the array holding the frames; valid until the next write or clear.
     *
     * @return the backing array, of at least {@link #length()} bytes
     */
    byte[] array() {
        return bytes;
    }

    /**
     * Returns the number of bytes written, or received.
     *
     * @return the dynamic length
     */
    int length() {
        return length;
    }

    /** Empties the dynamic part and lets go of any adopted array. */
    void clear() {
        bytes = ownBytes;
        length = 0;
        objectOutput = null;
        objectInput = null;
    }

    /**
     * Makes the dynamic part hold received bytes, without copying them.
     *
     * @param received the received array; the caller must not change it while it is used here
     * @param receivedLength the number of valid bytes at its start
     */
    void adopt(byte[] received, int receivedLength) {
        bytes = received;
        length = receivedLength;
        objectOutput = null;
        objectInput = null;
    }

    /**
     * Makes room for {@code count} more bytes at the end and returns where they start; the bytes
     * count as written once {@link #advance(int)} says so.
     *
     * @param count the number of bytes about to be appended
     * @return the index of the first of them
     * @throws IllegalStateException if the dynamic part would exceed the largest array
     */
    int ensure(long count) {
        long needed = length + count;
        if (needed > bytes.length) {
            grow(needed);
        }
        return length;
    }

    /**
     * Counts bytes made room for by {@link #ensure(long)} as written.
     *
     * @param count the number of bytes appended
     */
    void advance(int count) {
        length += count;
    }

    private void grow(long needed) {
        int most = Integer.MAX_VALUE - BufferDescriptor.ALIGNMENT_UNIT;
        if (needed > most) {
            throw new IllegalStateException("dynamic section full: " + needed + " bytes needed, at most "
                    + most + " possible");
        }
        long doubled = Math.max(2L * bytes.length, BufferDescriptor.ALIGNMENT_UNIT);
        int capacity = (int) Math.min(Math.max(doubled, needed), most);
        bytes = Arrays.copyOf(bytes, capacity);
        ownBytes = bytes;
    }

    /**
     * Writes one object to the open object frame, opening one when none is.
     *
     * @param object the object, {@code null} allowed
     * @throws IllegalArgumentException if the object, or an object it refers to, is not serializable
     */
    void writeObject(Object object) {
        try {
            if (objectOutput == null) {
                objectOutput = new ObjectOutputStream(new Appender());
            }
            objectOutput.writeObject(object);
        } catch (java.io.NotSerializableException e) {
            throw new IllegalArgumentException("cannot serialize " + describe(object)
                    + ": class " + e.getMessage() + " is not serializable", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot serialize " + describe(object) + ": " + e, e);
        }
    }

    private static String describe(Object object) {
        return object == null ? "null" : "an object of class " + object.getClass().getName();
    }

    /** Ends the open object frame, if any, so its bytes are all in the array. */
    void closeObjectFrame() {
        if (objectOutput != null) {
            try {
                objectOutput.flush();
            } catch (IOException e) {
                throw new UncheckedIOException("flushing into a byte array failed", e);
            }
            objectOutput = null;
        }
    }

    /**
     * Reads the next object of an object frame, opening the frame on its first object.
     *
     * @param frameIndex the index of the frame in the array
     * @param frameLength the length of the frame
     * @param patterns the object filter patterns
     * @param loader the class loader resolving classes, {@code null} for the stream's default
     * @return the object read
     * @throws MalformedMessageException if the frame is corrupt, truncated, names a class the
     *     filter rejects or the loader cannot find
     */
    Object readObject(int frameIndex, int frameLength, ObjectInputFilter patterns, ClassLoader loader) {
        if (objectInput == null) {
            objectInput = ObjectFrameReader.open(bytes, frameIndex, frameLength, patterns, loader);
        }
        return objectInput.readObject();
    }

    /** Forgets the object frame being read, so the next object section opens its own. */
    void closeObjectInput() {
        objectInput = null;
    }

    /** Appends to the array, growing it as needed. */
    private final class Appender extends OutputStream {
        @Override
        public void write(int value) {
            int index = ensure(1);
            bytes[index] = (byte) value;
            advance(1);
        }

        @Override
        public void write(byte[] source, int offset, int count) {
            int index = ensure(count);
            System.arraycopy(source, offset, bytes, index, count);
            advance(count);
        }
    }
}
