package org.mpjbuf.dev;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The service through which {@link Device#newInstance(String)} finds devices: each device
 * implementation provides one, declared with {@code provides} in its module and in
 * {@code META-INF/services/org.mpjbuf.dev.DeviceProvider} for the class path.
 *
 * <p>Implementations are stateless and thread-safe.
 */
public interface DeviceProvider {
    /**
     * Finds the provider of a device by name through {@link ServiceLoader}, so that a runtime can
     * ask its {@link #worldKind()} before it starts any rank.
     *
     * @param name the device name, such as {@code "smdev"}
     * @return the provider
     * @throws NullPointerException if {@code name} is {@code null}
     * @throws IllegalArgumentException if no device of that name is available; the message lists
     *     the names that are
     */
    static DeviceProvider forName(final String name) {
        if (name == null) {
            throw new NullPointerException("device name is null");
        }
        final List<String> available = new ArrayList<>();
        final ServiceLoader<DeviceProvider> loader =
            ServiceLoader.load(DeviceProvider.class, DeviceProvider.class.getClassLoader());
        for (final DeviceProvider provider : loader) {
            if (provider.name().equals(name)) {
                return provider;
            }
            available.add(provider.name());
        }
        throw new IllegalArgumentException("unknown device '" + name + "'; available devices: " + available);
    }

    /**
     * Returns the device name users select it by, such as {@code "smdev"}.
     *
     * @return the name
     */
    String name();

    /**
     * Tells what kind of world the device makes, so that a runtime starts its ranks as threads
     * of one JVM (and hands them one shared world object) or as processes (and hands each a
     * {@link Bootstrap}) without knowing the device by name.
     *
     * @return the world kind
     */
    WorldKind worldKind();

    /**
     * Creates the world object the ranks of one job share, for a device whose ranks are threads
     * of one JVM ({@link WorldKind#THREADS}); the runtime hands it to every rank's device in
     * {@link DeviceArguments.Builder#world(Object)}.
     *
     * @param size the number of ranks, {@code >= 1}
     * @return the world
     * @throws UnsupportedOperationException for a device whose ranks are processes
     * @throws IllegalArgumentException if {@code size < 1}
     */
    default Object newWorld(int size) {
        throw new UnsupportedOperationException("device " + name() + " runs one rank per process and shares no world");
    }

    /**
     * Creates an uninitialized device for one rank.
     *
     * @return a new device; call {@link Device#init(DeviceArguments)} before anything else
     */
    Device newDevice();
}
