package org.mpjbuf.mpj.runtime;

import org.mpjbuf.dev.smdev.SmdevWorld;

/**
 * Creates the shared world object of a device whose ranks run as threads of one JVM.
 *
 * <p>Thread-safe: stateless.
 */
final class Worlds {

    /** The devices that run ranks as threads of this JVM. */
    static final String SMDEV = "smdev";

    private Worlds() {
    }

    /**
     * Checks that a device can run a job's ranks in this JVM.
     *
     * @param device the device name
     * @throws IllegalArgumentException naming the device and the devices that can
     */
    static void check(String device) {
        if (!SMDEV.equals(device)) {
            throw new IllegalArgumentException("device '" + device
                + "' cannot run ranks as threads of one JVM (expected: " + SMDEV + ")");
        }
    }

    /**
     * Creates the world shared by the ranks of one job.
     *
     * @param device the device name, accepted by {@link #check}
     * @param size   the number of ranks
     * @return the world to hand to every rank's device
     */
    static Object create(String device, int size) {
        check(device);
        return SmdevWorld.create(size);
    }
}
