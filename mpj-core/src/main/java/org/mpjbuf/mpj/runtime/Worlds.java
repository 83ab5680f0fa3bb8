package org.mpjbuf.mpj.runtime;

import org.mpjbuf.dev.Bootstrap;
import org.mpjbuf.dev.DeviceProvider;
import org.mpjbuf.dev.InJvmBootstrap;
import org.mpjbuf.dev.WorldKind;

/**
 * What the ranks of one job running as threads of this JVM share: the world object of a device
 * whose ranks are threads (smdev), or, for a device whose ranks are processes (niodev), the
 * in-JVM bootstrap through which each rank's own device finds the others (over loopback, as
 * processes would). The runtime names no device: the device's provider says which.
 *
 * <p>Thread-safe: immutable.
 *
 * @param world      the shared world object, or {@code null} for a process device
 * @param bootstraps the ranks' bootstraps, or {@code null} for a thread device
 */
record Worlds(Object world, InJvmBootstrap.Job bootstraps) {

    /**
     * Returns what kind of world a device makes.
     *
     * @param device the device name
     * @return its world kind
     * @throws IllegalArgumentException if no device has that name; the message lists those there are
     */
    static WorldKind kind(String device) {
        return DeviceProvider.forName(device).worldKind();
    }

    /**
     * Creates what the ranks of one job of a device share when they are threads of this JVM.
     *
     * @param device the device name
     * @param size   the number of ranks
     * @return the world or the bootstraps of the job
     * @throws IllegalArgumentException if no device has that name
     */
    static Worlds create(String device, int size) {
        DeviceProvider provider = DeviceProvider.forName(device);
        return provider.worldKind() == WorldKind.THREADS
            ? new Worlds(provider.newWorld(size), null)
            : new Worlds(null, InJvmBootstrap.newJob(size));
    }

    /**
     * Returns one rank's bootstrap.
     *
     * @param rank the rank
     * @return the bootstrap, or {@code null} for a thread device
     */
    Bootstrap bootstrap(int rank) {
        return bootstraps == null ? null : bootstraps.bootstrap(rank);
    }
}
