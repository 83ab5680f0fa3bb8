package org.mpjbuf.dev.ibvdev;

import org.mpjbuf.dev.DeviceException;

/**
 * A {@link PinDownCache} cannot register more memory: its bound on registrations or on registered
 * bytes is reached and every registration it holds is in use, so none can be evicted (or the
 * memory asked for is larger than the byte bound itself). The message gives the request, the
 * bounds, what is in use, and the properties that raise the bounds. A caller can fall back to
 * copying through pre-registered memory, or retry after releasing registrations.
 */
public final class PinDownCacheFullException extends DeviceException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what was asked and what the cache holds
     */
    public PinDownCacheFullException(final String message) {
        super(message);
    }
}
