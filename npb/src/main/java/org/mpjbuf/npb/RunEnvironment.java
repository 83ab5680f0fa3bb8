package org.mpjbuf.npb;

/**
 * What the report says about where a run happened: the device and the JDK.
 *
 * <p>Stateless and thread-safe.
 */
final class RunEnvironment {
    private RunEnvironment() {
    }

    /** {@return the name of the device the ranks communicate through} */
    static String deviceName() {
        return System.getProperty("mpjbuf.device", "smdev");
    }

    /** {@return the Java runtime's version and vendor} */
    static String jdkVersion() {
        return Runtime.version() + " " + System.getProperty("java.vm.vendor", "");
    }
}
