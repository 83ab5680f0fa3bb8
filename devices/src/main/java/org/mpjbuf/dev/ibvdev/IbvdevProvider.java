package org.mpjbuf.dev.ibvdev;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceProvider;
import org.mpjbuf.dev.WorldKind;

/**
 * Makes ibvdev available as {@code Device.newInstance("ibvdev")}: one rank per process, found
 * through the {@link org.mpjbuf.dev.Bootstrap} given to {@code init}, over an RDMA adapter (or the
 * software device, {@link IbvdevConfiguration#VERBS_PROP_NAME}).
 *
 * <p>Stateless and thread-safe.
 */
public final class IbvdevProvider implements DeviceProvider {
    /** The name ibvdev is selected by. */
    public static final String NAME = "ibvdev";

    /** Creates the provider; called by {@link java.util.ServiceLoader}. */
    public IbvdevProvider() {
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
        return new IbvdevDevice();
    }
}
