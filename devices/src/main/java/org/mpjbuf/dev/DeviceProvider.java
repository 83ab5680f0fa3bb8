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
     * Creates an uninitialized device for one rank.
     *
     * @return a new device; call {@link Device#init(DeviceArguments)} before anything else
     */
    Device newDevice();
}
