package org.mpjbuf;

import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;

/**
 * An object input stream that resolves classes with a given class loader (a rank's own, when
 * ranks are threads with class loaders of their own) and refuses dynamic proxies; the stream
 * under every {@link ObjectFrameReader}.
 *
 * <p>Not thread-safe, like every {@link ObjectInputStream}.
 */
final class LoaderObjectInputStream extends ObjectInputStream {
    private final ClassLoader loader;

    /**
     * Opens the stream and reads its header.
     *
     * @param input the serialized bytes
     * @param loader the loader to resolve classes with; {@code null} for the default resolution
     * @throws IOException if the stream header cannot be read
     */
    LoaderObjectInputStream(InputStream input, ClassLoader loader) throws IOException {
        super(input);
        this.loader = loader;
    }

    @Override
    protected Class<?> resolveClass(ObjectStreamClass descriptor) throws IOException, ClassNotFoundException {
        if (loader == null) {
            return super.resolveClass(descriptor);
        }
        try {
            return Class.forName(descriptor.getName(), false, loader);
        } catch (ClassNotFoundException e) {
            return super.resolveClass(descriptor);
        }
    }

    @Override
    protected Class<?> resolveProxyClass(String[] interfaces) throws InvalidClassException {
        throw new InvalidClassException("dynamic proxy classes are not accepted, interfaces "
                + String.join(", ", interfaces));
    }
}
