package org.mpjbuf.bench.mpi;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import mpi.Intracomm;
import mpi.MPI;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceArguments;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.smdev.SmdevWorld;
import org.mpjbuf.mpj.runtime.Job;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the {@code mpi} layer adds per message, without any waiting: one rank sends a 1-byte
 * message to itself (eager, so the send completes at once) and receives it, through
 * {@code Comm.Send}/{@code Recv} (layer {@code MPI}) or through the bare smdev
 * {@code Device.send}/{@code recv} (layer {@code DEVICE}), in the same JVM. No other thread is
 * involved, so the difference {@code MPI - DEVICE} is the layer's own cost per send plus
 * receive, free of the scheduler noise that dominates a two-rank ping-pong on a loaded machine.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SelfMessageBenchmark {

    private static final int TAG = 3;

    /** The layer measured. */
    @Param({"DEVICE", "MPI"})
    public MpiPingPongBenchmark.Layer layer;

    private final byte[] outgoing = {0x5a};
    private final byte[] incoming = new byte[1];
    private final CountDownLatch closing = new CountDownLatch(1);
    private Device device;
    private ProcessID self;
    private Intracomm world;
    private Thread job;

    /**
     * Starts the one-rank job or device.
     *
     * @throws Exception if the rank cannot start
     */
    @Setup(Level.Trial)
    public void start() throws Exception {
        if (layer == MpiPingPongBenchmark.Layer.DEVICE) {
            device = Device.newInstance("smdev");
            self = device.init(DeviceArguments.builder().rank(0).size(1)
                .world(SmdevWorld.create(1)).build())[0];
            return;
        }
        CompletableFuture<Intracomm> rankZero = new CompletableFuture<>();
        job = Thread.ofPlatform().name("mpi-bench-self").daemon(true).start(() ->
            Job.of(1).runTasks(comm -> {
                rankZero.complete(comm);
                closing.await();
            }).orThrow());
        world = rankZero.get(30, TimeUnit.SECONDS);
    }

    /**
     * Stops the rank and checks the last message.
     *
     * @throws Exception if the rank does not stop or the data are wrong
     */
    @TearDown(Level.Trial)
    public void stop() throws Exception {
        if (device != null) {
            device.finish();
        } else {
            closing.countDown();
            job.join(10_000);
        }
        if (incoming[0] != outgoing[0]) {
            throw new IllegalStateException("self message corrupted: " + incoming[0]);
        }
    }

    /**
     * One message to self: send, then receive.
     *
     * @return the receive buffer, so the work is not dead code
     * @throws Exception if a message fails
     */
    @Benchmark
    public byte[] sendAndReceive() throws Exception {
        if (device != null) {
            device.send(outgoing, 0, 1, self, TAG, 0);
            device.recv(incoming, 0, 1, self, TAG, 0);
        } else {
            world.Send(outgoing, 0, 1, MPI.BYTE, 0, TAG);
            world.Recv(incoming, 0, 1, MPI.BYTE, 0, TAG);
        }
        return incoming;
    }
}
