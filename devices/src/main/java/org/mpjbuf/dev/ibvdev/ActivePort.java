package org.mpjbuf.dev.ibvdev;

/**
 * An opened device and one of its active ports, as {@link Verbs#openActivePort()} found them.
 *
 * @param verbs the binding that opened the device
 * @param context the opened device, owned by this object
 * @param port the active port's attributes
 */
public record ActivePort(Verbs verbs, Verbs.Context context, PortAttributes port) implements AutoCloseable {

    /**
     * Closes the device; everything allocated in it must have been destroyed.
     *
     * @throws VerbsException if the device refuses
     */
    @Override
    public void close() {
        verbs.close(context);
    }
}
