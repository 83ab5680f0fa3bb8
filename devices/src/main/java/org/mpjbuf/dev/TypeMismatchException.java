package org.mpjbuf.dev;

import java.io.Serial;

/**
 * A message's elements are of another type than the receive that matched it expects
 * ({@code MPI_ERR_TYPE}).
 *
 * <p>The message has been consumed (a later receive does not see it), the receive's memory is
 * left as it was, and the device remains fully usable.
 */
public final class TypeMismatchException extends DeviceException {
    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception, naming both types.
     *
     * @param sourceRank the rank that sent the message
     * @param count the message's elements
     * @param sent their type
     * @param tag the message's tag
     * @param expected the element type of the receive that matched it
     */
    public TypeMismatchException(final int sourceRank, final int count, final ElementType sent, final int tag,
                                 final ElementType expected) {
        super("type mismatch: rank " + sourceRank + " sent " + count + " " + sent + " elements with tag " + tag
            + " but the matching receive expects " + expected);
    }
}
