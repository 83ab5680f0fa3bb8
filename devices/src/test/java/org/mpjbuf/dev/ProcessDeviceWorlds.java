package org.mpjbuf.dev;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntFunction;

/**
 * Opens worlds of a process device (niodev, ibvdev) in this JVM: one device per rank, each
 * initialized on a thread of its own (init is collective), connected through an
 * {@link InJvmBootstrap} over the device's real transport.
 */
public final class ProcessDeviceWorlds {
    private ProcessDeviceWorlds() {
    }

    /**
     * Opens a world of {@code size} ranks of a device with the given device properties.
     *
     * @param device the device's name
     * @param size the ranks
     * @param properties the device arguments of every rank
     * @return the initialized devices, by rank
     */
    public static List<Device> open(final String device, final int size, final Map<String, String> properties) {
        final InJvmBootstrap.Job job = InJvmBootstrap.newJob(size);
        return open(device, size, properties, job::bootstrap);
    }

    /**
     * Opens a world whose ranks use the given bootstraps.
     *
     * @param device the device's name
     * @param size the ranks
     * @param properties the device arguments of every rank
     * @param bootstraps the bootstrap of each rank
     * @return the initialized devices, by rank
     */
    public static List<Device> open(final String device, final int size, final Map<String, String> properties,
                                    final IntFunction<Bootstrap> bootstraps) {
        final ExecutorService starter = Executors.newFixedThreadPool(size, runnable -> {
            final Thread thread = new Thread(runnable, device + "-init");
            thread.setDaemon(true);
            return thread;
        });
        try {
            final List<Future<Device>> starting = new ArrayList<>(size);
            for (int rank = 0; rank < size; rank++) {
                final int r = rank;
                starting.add(starter.submit(() -> {
                    final Device rankDevice = Device.newInstance(device);
                    final DeviceArguments.Builder arguments = DeviceArguments.builder().rank(r).size(size)
                        .bootstrap(bootstraps.apply(r));
                    properties.forEach(arguments::property);
                    rankDevice.init(arguments.build());
                    return rankDevice;
                }));
            }
            final List<Device> devices = new ArrayList<>(size);
            for (final Future<Device> started : starting) {
                devices.add(started.get(60, TimeUnit.SECONDS));
            }
            return devices;
        } catch (final InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while opening a " + device + " world", ex);
        } catch (final ExecutionException | TimeoutException ex) {
            throw new AssertionError("cannot open a " + device + " world of " + size + ": " + ex, ex);
        } finally {
            starter.shutdownNow();
        }
    }
}
