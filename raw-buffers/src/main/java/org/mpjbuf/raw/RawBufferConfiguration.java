package org.mpjbuf.raw;

import java.util.Locale;

/**
 * Tunables of the raw-buffers module, read once when this class is initialised: the system
 * property first, then the environment variable named by upper-casing the property and turning
 * {@code .} into {@code _}, then the default.
 *
 * <p>This class holds constants only and is safe to use from any thread.
 */
public final class RawBufferConfiguration {
    /**
     * Property that switches the bounds checks of every {@link RawBuffer} access on or off:
     * {@value}. Turning them off saves a compare and a branch per access; a bad index then reaches
     * the memory segment, which still refuses to leave its own bounds, but no longer the buffer's
     * (a pooled buffer may then touch its neighbours in the pool) and a freed buffer is no longer
     * detected.
     */
    public static final String BOUNDS_CHECKS_PROP_NAME = "mpjbuf.raw.boundsChecks";

    /** Bounds checks are on unless turned off: {@value}. */
    public static final boolean BOUNDS_CHECKS_DEFAULT = true;

    /** Whether every public access checks its index, length and count; folded away by the JIT. */
    public static final boolean SHOULD_BOUNDS_CHECK = readBoolean(BOUNDS_CHECKS_PROP_NAME, BOUNDS_CHECKS_DEFAULT);

    private RawBufferConfiguration() {
    }

    private static boolean readBoolean(final String propName, final boolean defaultValue) {
        final String value = read(propName);
        if (value == null) {
            return defaultValue;
        }
        final String trimmed = value.trim().toLowerCase(Locale.ROOT);
        if ("true".equals(trimmed)) {
            return true;
        }
        if ("false".equals(trimmed)) {
            return false;
        }
        throw new IllegalArgumentException(
            propName + " must be true or false, got '" + value + "'");
    }

    private static String read(final String propName) {
        final String property = System.getProperty(propName);
        if (property != null) {
            return property;
        }
        return System.getenv(propName.toUpperCase(Locale.ROOT).replace('.', '_'));
    }
}
