package org.mpjbuf.dev.smdev;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceProvider;
import org.mpjbuf.dev.WorldKind;

/**
 * Makes smdev available as {@code Device.newInstance("smdev")}.
 *
 * <p>Stateless and thread-safe.
 */
public final class SmdevProvider implements DeviceProvider {
    /** The name smdev is selected by. */
    public static final String NAME = "smdev";

    /** Creates the provider; called by {@link java.util.ServiceLoader}. */
    public SmdevProvider() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public WorldKind worldKind() {
        return WorldKind.THREADS;
    }

    @Override
    public Object newWorld(final int size) {
        return SmdevWorld.create(size);
    }

    @Override
    public Device newDevice() {
        return new SmdevDevice();
    }
}
