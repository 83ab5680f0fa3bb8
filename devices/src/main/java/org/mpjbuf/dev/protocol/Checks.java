package org.mpjbuf.dev.protocol;

import java.lang.reflect.Array;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.ElementType;
import org.mpjbuf.dev.ProcessID;

/**
 * The argument checks of the device's public methods, with the messages a caller can act on.
 *
 * <p>Stateless and thread-safe.
 */
final class Checks {
    private Checks() {
    }

    /** Returns the element type of an array run, or throws if the run is not inside the array. */
    static ElementType run(final Object array, final int offset, final int count, final String operation) {
        if (array == null) {
            throw new NullPointerException(operation + " array is null");
        }
        final ElementType type = ElementType.ofArray(array);
        final int length = Array.getLength(array);
        if (offset < 0 || count < 0 || offset > length - count) {
            throw new IllegalArgumentException(operation + " run [offset " + offset + ", count " + count
                + "] is outside the " + array.getClass().getTypeName() + " of length " + length);
        }
        return type;
    }

    /** Returns the rank of a send's destination, or throws if it is not of this world. */
    static int destination(final ProcessID destination, final int size) {
        if (destination == null) {
            throw new NullPointerException("destination is null");
        }
        final int r = destination.rank();
        if (r < 0 || r >= size) {
            throw new IllegalArgumentException("destination " + destination + " is not a rank of this world of "
                + size + " ranks");
        }
        return r;
    }

    /** Returns the rank of a receive's source (or ANY_RANK), or throws if it is not of this world. */
    static int source(final ProcessID source, final int size) {
        if (source == null) {
            throw new NullPointerException("source is null");
        }
        final int r = source.rank();
        if (r != ProcessID.ANY_RANK && r >= size) {
            throw new IllegalArgumentException("source " + source + " is not a rank of this world of " + size
                + " ranks");
        }
        return r;
    }

    /** Throws if a send's tag is the wildcard. */
    static void sendTag(final int tag) {
        if (tag == Device.ANY_TAG) {
            throw new IllegalArgumentException("a send needs a tag other than ANY_TAG (" + Device.ANY_TAG + ")");
        }
    }
}
