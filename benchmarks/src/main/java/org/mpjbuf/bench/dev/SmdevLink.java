package org.mpjbuf.bench.dev;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceArguments;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Request;
import org.mpjbuf.dev.smdev.SmdevWorld;

/** A {@link Link} over two ranks of one smdev world. */
final class SmdevLink implements Link {
    private static final int CONTEXT = 0;
    private static final int DATA = 1;
    private static final int STOP = 2;

    private final Device device;
    private final ProcessID peer;
    private Request[] window = new Request[0];

    private SmdevLink(final SmdevWorld world, final int rank) {
        device = Device.newInstance("smdev");
        final ProcessID[] ids = device.init(DeviceArguments.builder().rank(rank).size(2).world(world).build());
        peer = ids[1 - rank];
    }

    /** Opens both ends of a new world: index 0 is rank 0. */
    static Link[] open() {
        final SmdevWorld world = SmdevWorld.create(2);
        return new Link[] {new SmdevLink(world, 0), new SmdevLink(world, 1)};
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
