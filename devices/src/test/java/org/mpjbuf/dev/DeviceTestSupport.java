package org.mpjbuf.dev;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;

/**
 * What the device suites share: how a device implementation opens a world, running one body per
 * rank, and sample data.
 */
public abstract class DeviceTestSupport {
    /** Creates the suite; subclasses say how to open a world. */
    protected DeviceTestSupport() {
    }

    /** Seconds a multi-rank body may run before it counts as hung; below every {@code @Timeout}. */
    protected static final long RANK_SECONDS = 50;
    /** The context most tests communicate in. */
    protected static final int CONTEXT = 7;

    private final List<Device> opened = new ArrayList<>();

    /**
     * Opens a world of {@code size} ranks and returns its initialized devices, indexed by rank.
     *
     * @param size the number of ranks
     * @return the devices
     */
    protected abstract List<Device> openWorld(int size);

    /**
     * Returns the protocol switch limit of the worlds {@link #openWorld} opens.
     *
     * @return the largest eager message in bytes
     */
    protected abstract int eagerLimit();

    @AfterEach
    final void finishDevices() {
        finishAll(opened);
        opened.clear();
    }

    /** Opens a world whose devices are finished after the test. */
    protected final List<Device> openTracked(final int size) {
        final List<Device> devices = openWorld(size);
        opened.addAll(devices);
        return devices;
    }

    /**
     * Opens a world, runs {@code body} on one thread per rank, checks that no rank failed or hung,
     * and finishes the devices.
     */
    protected final void inWorld(final int size, final Ranks.Body body) throws InterruptedException {
        final List<Device> devices = openWorld(size);
        try {
            final ProcessID[] ids = new ProcessID[size];
            for (int rank = 0; rank < size; rank++) {
                ids[rank] = devices.get(rank).id();
            }
            Ranks.run(devices, ids, RANK_SECONDS, body);
        } finally {
            finishAll(devices);
        }
    }

    private static void finishAll(final List<Device> devices) {
        for (final Device device : devices) {
            try {
                device.finish();
            } catch (final IllegalStateException alreadyFinished) {
                assert alreadyFinished.getMessage().contains("finish") : alreadyFinished;
            }
        }
    }

    static int[] ints(final int count, final int seed) {
        final int[] values = new int[count];
        for (int i = 0; i < count; i++) {
            values[i] = seed * 31 + i;
        }
        return values;
    }

    static byte[] bytes(final int count, final int seed) {
        final byte[] values = new byte[count];
        for (int i = 0; i < count; i++) {
            values[i] = (byte) (seed * 7 + i);
        }
        return values;
    }
}
