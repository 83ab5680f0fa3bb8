package org.mpjbuf.dev.niodev;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceProvider;
import org.mpjbuf.dev.WorldKind;

/**
 * Makes niodev available as {@code Device.newInstance("niodev")}: one rank per process, found
 * through the {@link org.mpjbuf.dev.Bootstrap} given to {@code init}.
 *
 * <p>Stateless and thread-safe.
 */
public final class NiodevProvider implements DeviceProvider {
    /** The name niodev is selected by. */
    public static final String NAME = "niodev";

    /** Creates the provider; called by {@link java.util.ServiceLoader}. */
    public NiodevProvider() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public WorldKind worldKind() {
        return WorldKind.PROCESSES;
    }

    @Override
    public Device newDevice() {
        return new NiodevDevice();
    }
}
