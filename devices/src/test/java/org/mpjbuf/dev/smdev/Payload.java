package org.mpjbuf.dev.smdev;

import java.io.Serial;
import java.io.Serializable;

/** A user class sent as an object; tests load it a second time in a rank's own class loader. */
public final class Payload implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    /** The carried value. */
    public final int value;

    /**
     * Creates a payload.
     *
     * @param value the carried value
     */
    public Payload(final int value) {
        this.value = value;
    }
}
