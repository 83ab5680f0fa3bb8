package org.mpjbuf.raw;

import org.mpjbuf.config.Settings;

/**
 * Tunables of the raw-buffers module, read once when this class is initialised by
 * {@link Settings#system()}: the system property first, then the environment variable named by
 * upper-casing the property and turning {@code .} into {@code _}, then the default.
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
    public static final boolean SHOULD_BOUNDS_CHECK =
        Settings.system().booleanValue(BOUNDS_CHECKS_PROP_NAME, BOUNDS_CHECKS_DEFAULT);

    private RawBufferConfiguration() {
    }
}
