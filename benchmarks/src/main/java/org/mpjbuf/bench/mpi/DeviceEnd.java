package org.mpjbuf.bench.mpi;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceArguments;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.smdev.SmdevWorld;
import org.mpjbuf.mpj.runtime.RuntimeConfiguration;

/**
 * The baselines: two smdev devices of one world exchanging contiguous arrays of the payload's
 * base type with blocking {@code send}/{@code recv}, as the {@code mpi} layer's fast path does.
 *
 * <p>The device's blocking calls wait with the world's idle policy, while the {@code mpi} layer
 * waits with its own ({@code mpi.Waiter}); so the world here spins and yields as long as the
 * {@code mpi} layer does ({@link RuntimeConfiguration#WAIT_SPIN_NANOS},
 * {@link RuntimeConfiguration#WAIT_YIELDS}), and the two layers differ only by the layer's work.
 * With smdev's own defaults (10 yields, then park) a wait for the peer's 64 KiB copy outlasts the
 * yields and ends in a park and a wake-up: that made the device-level 64 KiB round trip about
 * twice the {@code mpi} one (see the benchmarks README).
 *
 * <p>With {@code copyOut}, each receiving side also copies every received element into a user
 * array with a plain Java loop, to the payload's place in it (every other double for
 * {@link Payload#VECTOR}): the physical floor of a non-contiguous message, one device copy plus
 * one strided copy per message. With {@code packIn} as well, each sending side first gathers the
 * elements from their places in its user array into the contiguous array it sends: a message
 * packed and unpacked by hand, two strided copies per message.
 */
final class DeviceEnd implements PingPongEnd {

    private static final int CONTEXT = 0;
    private static final int DATA = 0;
    private static final int STOP = 1;

    private final Device device;
    private final ProcessID peer;
    private final Object outgoing;
    private final Object incoming;
    private final Object user;
    private final boolean packIn;
    private final Object source;
    private final int elements;
    private final int stride;
    private final Thread echo;

    DeviceEnd(Payload payload, int size, boolean copyOut, boolean packIn) throws InterruptedException {
        SmdevWorld world = SmdevWorld.builder().size(2)
            .idleSpinNanos(RuntimeConfiguration.WAIT_SPIN_NANOS)
            .idleYields(RuntimeConfiguration.WAIT_YIELDS)
            .build();
        elements = payload.elements(size);
        stride = payload == Payload.VECTOR ? 2 : 1;
        outgoing = payload.newContiguous(size, 0x5a);
        incoming = payload.newContiguous(size, 0);
        user = copyOut ? payload.newBuffer(size, 0) : null;
        this.packIn = packIn;
        source = packIn ? payload.newBuffer(size, 0x5a) : null;
        Object echoBuffer = payload.newContiguous(size, 0);
        Object echoUser = copyOut ? payload.newBuffer(size, 0) : null;
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
                if (echoUser != null) {
                    copy(echoBuffer, 1, echoUser, stride, elements);
                }
                if (packIn) {
                    copy(echoUser, stride, echoBuffer, 1, elements);
                }
                other.send(echoBuffer, 0, elements, first, DATA, CONTEXT);
            }
            other.finish();
        });
    }

    /**
     * Copies {@code count} elements from every {@code fromStride}-th place of {@code from} to
     * every {@code toStride}-th place of {@code to} (strides 1 or 2, at most one of them 2), one
     * by one; each stride pair has its own loop with constant strides, so the compiler sees the
     * best plain loop it can make of it.
     */
    private static void copy(Object from, int fromStride, Object to, int toStride, int count) {
        if (from instanceof double[] source) {
            double[] target = (double[]) to;
            if (toStride == 2) {
                for (int i = 0; i < count; i++) {
                    target[2 * i] = source[i];
                }
            } else if (fromStride == 2) {
                for (int i = 0; i < count; i++) {
                    target[i] = source[2 * i];
                }
            } else {
                for (int i = 0; i < count; i++) {
                    target[i] = source[i];
                }
            }
        } else {
            byte[] source = (byte[]) from;
            byte[] target = (byte[]) to;
            for (int i = 0; i < count; i++) {
                target[i] = source[i];
            }
        }
    }

    @Override
    public void roundTrip() {
        if (packIn) {
            copy(source, stride, outgoing, 1, elements);
        }
        device.send(outgoing, 0, elements, peer, DATA, CONTEXT);
        device.recv(incoming, 0, elements, peer, DATA, CONTEXT);
        if (user != null) {
            copy(incoming, 1, user, stride, elements);
        }
    }

    @Override
    public Object received() {
        return user != null ? user : incoming;
    }

    @Override
    public void stop() throws InterruptedException {
        device.send(outgoing, 0, 0, peer, STOP, CONTEXT);
        echo.join(10_000);
        device.finish();
    }
}
