package org.mpjbuf.bench.dev;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceArguments;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.smdev.SmdevWorld;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Many senders to one receiver on smdev: {@value #SENDERS} sender ranks each send a window of
 * {@value #WINDOW} messages when rank 0 (the JMH thread) says go, and rank 0 receives them all
 * with {@code ANY_SOURCE}. The score is rank 0's time per message; it measures how the receiving
 * rank's queues behave when several ranks append to them at once.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class FanInBenchmark {
    /** Sender ranks. */
    public static final int SENDERS = 3;
    /** Messages per sender per round. */
    public static final int WINDOW = 16;

    private static final int CONTEXT = 0;
    private static final int DATA = 1;
    private static final int GO = 2;
    private static final int STOP = 3;

    /** Message size in bytes (eager). */
    @Param({"8", "4096"})
    public int size;

    private Device receiver;
    private ProcessID[] ids;
    private byte[] incoming;
    private final byte[] signal = new byte[0];
    private Thread[] senders;
    private volatile Throwable senderFailure;

    /** Opens the world and starts the sender threads. */
    @Setup(Level.Trial)
    public void start() {
        final SmdevWorld world = SmdevWorld.create(SENDERS + 1);
        receiver = Device.newInstance("smdev");
        ids = receiver.init(DeviceArguments.builder().rank(0).size(SENDERS + 1).world(world).build());
        incoming = new byte[size];
        senders = new Thread[SENDERS];
        for (int i = 0; i < SENDERS; i++) {
            final int rank = i + 1;
            final Device device = Device.newInstance("smdev");
            device.init(DeviceArguments.builder().rank(rank).size(SENDERS + 1).world(world).build());
            senders[i] = new Thread(() -> {
                try {
                    senderLoop(device);
                } catch (final Throwable ex) {
                    senderFailure = ex;
                }
            }, "fan-in-sender-" + rank);
            senders[i].setDaemon(true);
            senders[i].start();
        }
    }

    private void senderLoop(final Device device) {
        final byte[] data = new byte[size];
        Arrays.fill(data, (byte) 0x5a);
        final byte[] control = new byte[0];
        while (device.recv(control, 0, 0, ids[0], Device.ANY_TAG, CONTEXT).tag() == GO) {
            for (int i = 0; i < WINDOW; i++) {
                device.send(data, 0, size, ids[0], DATA, CONTEXT);
            }
        }
        device.finish();
    }

    /** Stops the senders and checks the last message received. */
    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
        for (int i = 1; i <= SENDERS; i++) {
            receiver.send(signal, 0, 0, ids[i], STOP, CONTEXT);
        }
        for (final Thread sender : senders) {
            sender.join(10_000);
        }
        receiver.finish();
        if (senderFailure != null) {
            throw new IllegalStateException("a sender failed", senderFailure);
        }
        for (final byte b : incoming) {
            if (b != (byte) 0x5a) {
                throw new IllegalStateException("fan-in data corrupted");
            }
        }
    }

    /**
     * One round: every sender sends its window, rank 0 receives all of them.
     *
     * @return the receive buffer, so the work is not dead code
     */
    @Benchmark
    @OperationsPerInvocation(SENDERS * WINDOW)
    public byte[] round() {
        for (int i = 1; i <= SENDERS; i++) {
            receiver.send(signal, 0, 0, ids[i], GO, CONTEXT);
        }
        for (int i = 0; i < SENDERS * WINDOW; i++) {
            receiver.recv(incoming, 0, size, Device.ANY_SOURCE, DATA, CONTEXT);
        }
        return incoming;
    }
}
