package org.mpjbuf.dev.niodev;

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

import org.mpjbuf.dev.Bootstrap;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceArguments;
import org.mpjbuf.dev.InJvmBootstrap;

/**
 * Opens worlds of niodev devices in this JVM: one device per rank, each initialized on a thread of
 * its own (init is collective), connected over real loopback TCP through an
 * {@link InJvmBootstrap}.
 */
final class NiodevWorlds {
    private NiodevWorlds() {
    }

    /** Opens a world of {@code size} ranks with the given device properties. */
    static List<Device> open(final int size, final Map<String, String> properties) {
        final InJvmBootstrap.Job job = InJvmBootstrap.newJob(size);
        return open(size, properties, job::bootstrap);
    }

    /** Opens a world whose ranks use the given bootstraps. */
    static List<Device> open(final int size, final Map<String, String> properties,
                             final IntFunction<Bootstrap> bootstraps) {
        final ExecutorService starter = Executors.newFixedThreadPool(size, runnable -> {
            final Thread thread = new Thread(runnable, "niodev-init");
            thread.setDaemon(true);
            return thread;
        });
        try {
            final List<Future<Device>> starting = new ArrayList<>(size);
            for (int rank = 0; rank < size; rank++) {
                final int r = rank;
                starting.add(starter.submit(() -> {
                    final Device device = Device.newInstance("niodev");
                    final DeviceArguments.Builder arguments = DeviceArguments.builder().rank(r).size(size)
                        .bootstrap(bootstraps.apply(r));
                    properties.forEach(arguments::property);
                    device.init(arguments.build());
                    return device;
                }));
            }
            final List<Device> devices = new ArrayList<>(size);
            for (final Future<Device> device : starting) {
                devices.add(device.get(60, TimeUnit.SECONDS));
            }
            return devices;
        } catch (final InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while opening a niodev world", ex);
        } catch (final ExecutionException | TimeoutException ex) {
            throw new AssertionError("cannot open a niodev world of " + size + ": " + ex, ex);
        } finally {
            starter.shutdownNow();
        }
    }
}
