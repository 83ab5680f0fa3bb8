package org.mpjbuf.npb;

/**
 * What the report says about where a run happened: the device and the JDK.
 *
 * <p>Stateless and thread-safe.
 */
final class RunEnvironment {
    private RunEnvironment() {
    }

    /** The mpj-core property that selects the device, and its default. */
    private static final String DEVICE_PROP_NAME = "mpjbuf.mpj.device";
    private static final String DEVICE_DEFAULT = "smdev";

    /**
     * {@return the name of the device the ranks communicate through, as the
     * runtime's configuration gives it (system property, then environment)}
     */
    static String deviceName() {
        String value = System.getProperty(DEVICE_PROP_NAME);
        if (value == null) {
            value = System.getenv(DEVICE_PROP_NAME.toUpperCase(java.util.Locale.ROOT).replace('.', '_'));
        }
        return value == null || value.isBlank() ? DEVICE_DEFAULT : value;
    }

    /** {@return the Java runtime's version and vendor} */
    static String jdkVersion() {
        return Runtime.version() + " " + System.getProperty("java.vm.vendor", "");
    }
}
