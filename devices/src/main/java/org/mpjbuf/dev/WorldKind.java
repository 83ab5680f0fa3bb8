package org.mpjbuf.dev;

/**
 * What kind of world a device makes of the ranks of a job, as its {@link DeviceProvider} says: the
 * runtime starts ranks accordingly and names no device.
 */
public enum WorldKind {
    /**
     * Every rank is a thread of one JVM, and the ranks share one world object handed to
     * {@link DeviceArguments.Builder#world(Object)} (smdev).
     */
    THREADS,
    /**
     * Every rank is a process of its own (possibly on other hosts), and the device finds its peers
     * through the {@link Bootstrap} handed to {@link DeviceArguments.Builder#bootstrap(Bootstrap)}
     * (niodev).
     */
    PROCESSES
}
