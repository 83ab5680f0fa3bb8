package org.mpjbuf.dev.ibvdev;

import java.io.Serial;

import org.mpjbuf.dev.DeviceException;

/**
 * A verbs call failed, or verbs cannot be used on this machine. The message names the call and, for
 * a call that failed, the error number with its text ({@code strerror}); {@link #call()} and
 * {@link #errno()} give them to a program.
 */
public final class VerbsException extends DeviceException {
    @Serial
    private static final long serialVersionUID = 1L;

    /** {@link #errno()} of a failure that has no error number (a missing library, no device). */
    public static final int NO_ERRNO = 0;

    private final String call;
    private final int errno;

    /**
     * Creates an exception for a call that failed with an error number.
     *
     * @param call the libibverbs function, e.g. {@code ibv_create_qp}
     * @param errno the error number it returned or left in {@code errno}
     * @param errnoText the text of the error number
     * @param detail what was asked of the call, for the message
     */
    public VerbsException(final String call, final int errno, final String errnoText, final String detail) {
        super(call + " failed: errno " + errno + " (" + errnoText + ")" + (detail.isEmpty() ? "" : ": " + detail));
        this.call = call;
        this.errno = errno;
    }

    /**
     * Creates an exception for verbs that cannot be used at all.
     *
     * @param call what was attempted, e.g. {@code dlopen libibverbs.so.1}
     * @param message what was looked for and not found
     */
    public VerbsException(final String call, final String message) {
        super(message);
        this.call = call;
        this.errno = NO_ERRNO;
    }

    /**
     * The call that failed.
     *
     * @return a libibverbs function name, or what was attempted
     */
    public String call() {
        return call;
    }

    /**
     * The error number the call gave.
     *
     * @return an {@code errno} value, or {@link #NO_ERRNO}
     */
    public int errno() {
        return errno;
    }
}
