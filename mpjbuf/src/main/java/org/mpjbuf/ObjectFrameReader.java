package org.mpjbuf;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;

/**
 * The one way the library turns serialized bytes back into objects: a stream over one frame of
 * bytes that resolves classes with a given class loader, refuses dynamic proxies, and runs under
 * a {@link FrameObjectFilter} built from the filter patterns and the frame's length. Buffers read
 * their {@code OBJECT} sections with it, devices read the object runs they move without a buffer
 * with it, and the MPJ layer's {@code Comm.Unpack} reads {@code MPI.OBJECT} items with it, so no
 * path deserializes around the filter.
 *
 * <p>Every failure is a {@link MalformedMessageException} that says what was wrong: the class or
 * limit the filter refused, the class the loader could not find, or corrupt or truncated bytes.
 *
 * <p>Not thread-safe: one reader serves one frame on one thread.
 */
public final class ObjectFrameReader {
    private final ObjectInputStream input;
    private final FrameObjectFilter filter;
    private final int frameLength;
    private final ClassLoader loader;

    private ObjectFrameReader(ObjectInputStream input, FrameObjectFilter filter, int frameLength, ClassLoader loader) {
        this.input = input;
        this.filter = filter;
        this.frameLength = frameLength;
        this.loader = loader;
    }

    /**
     * Opens a frame and reads its stream header.
     *
     * @param bytes the array holding the frame
     * @param index the frame's first byte
     * @param length the frame's length in bytes
     * @param patterns the object filter patterns, such as {@link FrameObjectFilter#CONFIGURED}
     * @param loader the class loader resolving classes; {@code null} for the default resolution
     * @return the reader, positioned at the first object
     * @throws MalformedMessageException if the frame does not start with a serialization header
     * @throws IndexOutOfBoundsException if the frame lies outside {@code bytes}
     */
    public static ObjectFrameReader open(byte[] bytes, int index, int length, ObjectInputFilter patterns,
                                         ClassLoader loader) {
        java.util.Objects.checkFromIndexSize(index, length, bytes.length);
        FrameObjectFilter filter = new FrameObjectFilter(patterns, length);
        try {
            ObjectInputStream input = new LoaderObjectInputStream(new ByteArrayInputStream(bytes, index, length), loader);
            input.setObjectInputFilter(filter);
            return new ObjectFrameReader(input, filter, length, loader);
        } catch (IOException | RuntimeException e) {
            throw new MalformedMessageException("object frame of " + length
                    + " bytes does not start with a serialization header: " + e, e);
        }
    }

    /**
     * Reads the next object of the frame.
     *
     * @return the object, possibly {@code null}
     * @throws MalformedMessageException if the filter refuses a class or a limit, the loader
     *     cannot find a class, or the bytes are corrupt or end early
     */
    public Object readObject() {
        try {
            return input.readObject();
        } catch (InvalidClassException e) {
            throw new MalformedMessageException("object frame holds an invalid or refused class (the object filter, "
                    + MpjbufConfiguration.SERIAL_FILTER_PROP_NAME + ", refused " + filter.refused() + "): "
                    + e.getMessage(), e);
        } catch (ClassNotFoundException e) {
            throw new MalformedMessageException("object frame names class " + e.getMessage()
                    + ", which the class loader " + loader + " cannot find", e);
        } catch (IOException | RuntimeException e) {
            throw new MalformedMessageException("object frame of " + frameLength
                    + " bytes is corrupt or truncated: " + e, e);
        }
    }
}
