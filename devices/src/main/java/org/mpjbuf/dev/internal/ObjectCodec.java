package org.mpjbuf.dev.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;

import org.mpjbuf.FrameObjectFilter;
import org.mpjbuf.MalformedMessageException;
import org.mpjbuf.ObjectFrameReader;
import org.mpjbuf.dev.DeviceException;

/**
 * Java serialization of a run of an object array: the sender serializes (so that the receiver
 * gets copies, never shared references), the receiver deserializes resolving classes with its own
 * rank's class loader, so each rank sees its own copy of user classes.
 *
 * <p>Deserialization goes through mpjbuf's {@link ObjectFrameReader}, under the same
 * {@link FrameObjectFilter} as the {@code OBJECT} sections of buffers, so an object run is no back
 * door around it.
 *
 * <p>Stateless and thread-safe.
 */
public final class ObjectCodec {
    private ObjectCodec() {
    }

    /**
     * Serializes a run of objects into one stream.
     *
     * @param array the objects
     * @param offset index of the first object
     * @param count number of objects
     * @return the serialized bytes
     * @throws DeviceException if an object cannot be serialized
     */
    public static byte[] serialize(final Object[] array, final int offset, final int count) {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + 16 * count);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            for (int i = 0; i < count; i++) {
                out.writeObject(array[offset + i]);
            }
        } catch (final IOException ex) {
            throw new DeviceException("cannot serialize the " + count
                + " objects to send: " + ex, ex);
        }
        return bytes.toByteArray();
    }

    /**
     * Deserializes {@code count} objects under the object filter.
     *
     * @param bytes the serialized stream
     * @param count number of objects in it
     * @param loader the class loader that resolves classes
     * @return the objects
     * @throws DeviceException if the bytes are corrupt, a class cannot be found, or the filter
     *     refuses a class or a limit (the message names what was refused)
     */
    public static Object[] deserialize(final byte[] bytes, final int count, final ClassLoader loader) {
        final Object[] objects = new Object[count];
        try {
            final ObjectFrameReader reader = ObjectFrameReader.open(bytes, 0, bytes.length, FrameObjectFilter.CONFIGURED, loader);
            for (int i = 0; i < count; i++) {
                objects[i] = reader.readObject();
            }
        } catch (final MalformedMessageException ex) {
            throw new DeviceException("cannot deserialize the " + count + " objects received: " + ex.getMessage(), ex);
        }
        return objects;
    }
}
