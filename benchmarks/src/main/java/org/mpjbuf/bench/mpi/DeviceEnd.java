package org.mpjbuf.bench.mpi;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceArguments;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.smdev.SmdevWorld;

/**
 * The baseline: two smdev devices of one world exchanging contiguous arrays of the payload's base
 * type with blocking {@code send}/{@code recv}, as the {@code mpi} layer's fast path does.
 */
final class DeviceEnd implements PingPongEnd {

    private static final int CONTEXT = 0;
    private static final int DATA = 0;
    private static final int STOP = 1;

    private final Device device;
    private final ProcessID peer;
    private final Object outgoing;
    private final Object incoming;
    private final int elements;
    private final Thread echo;

    DeviceEnd(Payload payload, int size) throws InterruptedException {
        SmdevWorld world = SmdevWorld.create(2);
        elements = payload.elements(size);
        outgoing = payload.newContiguous(size, 0x5a);
        incoming = payload.newContiguous(size, 0);
        Object echoBuffer = payload.newContiguous(size, 0);
        Device[] echoDevice = new Device[1];
        Thread starter = Thread.ofPlatform().start(() -> {
            echoDevice[0] = Device.newInstance("smdev");
            echoDevice[0].init(DeviceArguments.builder().rank(1).size(2).world(world).build());
        });
        device = Device.newInstance("smdev");
        ProcessID[] ids = device.init(DeviceArguments.builder().rank(0).size(2).world(world).build());
        starter.join();
        peer = ids[1];
        Device other = echoDevice[0];
        echo = Thread.ofPlatform().name("mpi-bench-device-echo").daemon(true).start(() -> {
            ProcessID first = ids[0];
            while (other.recv(echoBuffer, 0, elements, first, Device.ANY_TAG, CONTEXT).tag() == DATA) {
                other.send(echoBuffer, 0, elements, first, DATA, CONTEXT);
            }
            other.finish();
        });
    }

    @Override
    public void roundTrip() {
        device.send(outgoing, 0, elements, peer, DATA, CONTEXT);
        device.recv(incoming, 0, elements, peer, DATA, CONTEXT);
    }

    @Override
    public Object received() {
        return incoming;
    }

    @Override
    public void stop() throws InterruptedException {
        device.send(outgoing, 0, 0, peer, STOP, CONTEXT);
        echo.join(10_000);
        device.finish();
    }
}
