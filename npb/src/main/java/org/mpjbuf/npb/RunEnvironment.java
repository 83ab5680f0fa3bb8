package org.mpjbuf.npb;

import org.mpjbuf.mpj.runtime.RankEnvironment;

/**
 * What the report says about where a run happened: the device and the JDK.
 *
 * <p>Stateless and thread-safe.
 */
final class RunEnvironment {
    private RunEnvironment() {
    }

    /**
     * {@return the name of the device the ranks communicate through, as the runtime that
     * started this rank says (smdev, niodev, ...)}
     *
     * @throws IllegalStateException if called before {@code MPI.Init}
     */
    static String deviceName() {
        RankEnvironment environment = RankEnvironment.current();
        if (environment == null) {
            throw new IllegalStateException("the device is known only after MPI.Init");
        }
        return environment.deviceName();
    }

    /** {@return the Java runtime's version and vendor} */
    static String jdkVersion() {
        return Runtime.version() + " " + System.getProperty("java.vm.vendor", "");
    }
}
