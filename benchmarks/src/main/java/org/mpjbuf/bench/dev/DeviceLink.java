package org.mpjbuf.bench.dev;

import java.util.concurrent.CompletableFuture;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceArguments;
import org.mpjbuf.dev.InJvmBootstrap;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Request;
import org.mpjbuf.dev.smdev.SmdevWorld;

/**
 * A {@link Link} over two ranks of one device world: an smdev world, or a niodev job whose two
 * ranks are threads of this JVM connected over loopback TCP.
 */
final class DeviceLink implements Link {
    private static final int CONTEXT = 0;
    private static final int DATA = 1;
    private static final int STOP = 2;

    private final Device device;
    private final ProcessID peer;
    private Request[] window = new Request[0];

    private DeviceLink(final String name, final DeviceArguments arguments) {
        device = Device.newInstance(name);
        final ProcessID[] ids = device.init(arguments);
        peer = ids[1 - arguments.rank()];
    }

    /** Opens both ends of a new smdev world: index 0 is rank 0. */
    static Link[] openSmdev() {
        final SmdevWorld world = SmdevWorld.create(2);
        return new Link[] {
            new DeviceLink("smdev", DeviceArguments.builder().rank(0).size(2).world(world).build()),
            new DeviceLink("smdev", DeviceArguments.builder().rank(1).size(2).world(world).build())};
    }

    /** Opens both ends of a new niodev job (init is collective, so rank 1 joins on a thread of its own). */
    static Link[] openNiodev() {
        final InJvmBootstrap.Job job = InJvmBootstrap.newJob(2);
        final CompletableFuture<Link> rank1 = CompletableFuture.supplyAsync(
            () -> new DeviceLink("niodev", DeviceArguments.builder().rank(1).size(2).bootstrap(job.bootstrap(1)).build()),
            task -> Thread.ofPlatform().daemon().start(task));
        final Link rank0 = new DeviceLink("niodev",
            DeviceArguments.builder().rank(0).size(2).bootstrap(job.bootstrap(0)).build());
        return new Link[] {rank0, rank1.join()};
    }

    @Override
    public void send(final byte[] data, final int length) {
        device.send(data, 0, length, peer, DATA, CONTEXT);
    }

    @Override
    public void receive(final byte[] data, final int length) {
        device.recv(data, 0, length, peer, DATA, CONTEXT);
    }

    @Override
    public void sendWindow(final byte[] data, final int length, final int count) {
        final Request[] requests = requests(count);
        for (int i = 0; i < count; i++) {
            requests[i] = device.isend(data, 0, length, peer, DATA, CONTEXT);
        }
        for (int i = 0; i < count; i++) {
            requests[i].await();
        }
    }

    @Override
    public void receiveWindow(final byte[] data, final int length, final int count) {
        final Request[] requests = requests(count);
        for (int i = 0; i < count; i++) {
            requests[i] = device.irecv(data, 0, length, peer, DATA, CONTEXT);
        }
        for (int i = 0; i < count; i++) {
            requests[i].await();
        }
    }

    private Request[] requests(final int count) {
        if (window.length < count) {
            window = new Request[count];
        }
        return window;
    }

    @Override
    public void sendStop() {
        device.send(new byte[0], 0, 0, peer, STOP, CONTEXT);
    }

    @Override
    public boolean receiveOrStop(final byte[] data, final int length) {
        return device.recv(data, 0, length, peer, Device.ANY_TAG, CONTEXT).tag() == DATA;
    }

    @Override
    public void close() {
        device.finish();
    }
}
