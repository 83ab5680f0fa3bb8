package org.mpjbuf.dev.ibvdev;

/**
 * The argument checks every {@link Verbs} implementation makes before any call, so that a value
 * out of its documented range fails the same way whatever the provider.
 *
 * <p>Stateless and thread-safe.
 */
final class VerbsArguments {
    private VerbsArguments() {
    }

    /**
     * Checks a port number.
     *
     * @throws IllegalArgumentException if it is not from 1 to 255
     */
    static void checkPort(int portNumber) {
        if (portNumber < 1 || portNumber > 0xFF) {
            throw new IllegalArgumentException("port numbers run from 1 to 255, not " + portNumber);
        }
    }

    /**
     * Checks a value against its range.
     *
     * @throws IllegalArgumentException if it is not from 0 to {@code max}
     */
    static void checkRange(String name, int value, int max) {
        if (value < 0 || value > max) {
            throw new IllegalArgumentException(name + " must be from 0 to " + max + ", not " + value);
        }
    }
}
