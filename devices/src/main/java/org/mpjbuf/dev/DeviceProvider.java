package org.mpjbuf.dev;

/**
 * The service through which {@link Device#newInstance(String)} finds devices: each device
 * implementation provides one, declared with {@code provides} in its module and in
 * {@code META-INF/services/org.mpjbuf.dev.DeviceProvider} for the class path.
 *
 * <p>Implementations are stateless and thread-safe.
 */
public interface DeviceProvider {
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
