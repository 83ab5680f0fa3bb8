package org.mpjbuf.dev.niodev;

import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

import org.mpjbuf.dev.Bootstrap;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.ProcessDeviceWorlds;

/**
 * Opens worlds of niodev devices in this JVM ({@link ProcessDeviceWorlds}): ranks connected over
 * real loopback TCP.
 */
final class NiodevWorlds {
    private NiodevWorlds() {
    }

    /** Opens a world of {@code size} ranks with the given device properties. */
    static List<Device> open(final int size, final Map<String, String> properties) {
        return ProcessDeviceWorlds.open(NiodevProvider.NAME, size, properties);
    }

    /** Opens a world whose ranks use the given bootstraps. */
    static List<Device> open(final int size, final Map<String, String> properties,
                             final IntFunction<Bootstrap> bootstraps) {
        return ProcessDeviceWorlds.open(NiodevProvider.NAME, size, properties, bootstraps);
    }
}
