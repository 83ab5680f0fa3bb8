package org.mpjbuf.bench.mpi;

import java.util.List;
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
 * What a 1-byte message costs in instructions alone, without any waiting: one thread sends an
 * eager message (so the send completes at once) and receives it, through {@code Comm.Send}/{@code
 * Recv} (layer {@code MPI}) or through the bare smdev {@code Device.send}/{@code recv} (layer
 * {@code DEVICE}), in the same JVM. With {@link Route#SELF} a rank sends to itself, through its
 * mailbox; with {@link Route#OTHER_RANK} the thread sends as rank 0 of a two-rank world and
 * receives as rank 1, through the fast box a ping-pong between the two ranks uses, so the score
 * is the work of one hop of that ping-pong with no cache line crossing between cores. No other
 * thread is involved, so the difference {@code MPI - DEVICE} is the layer's own cost per send
 * plus receive, free of the scheduler noise that dominates a two-rank ping-pong on a loaded
 * machine. ({@code dev.FastBoxPathBenchmark} measures the device's side of the fast-box path
 * alone, against the mailbox path.)
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SelfMessageBenchmark {

    private static final int TAG = 3;

    /** Where the message goes. */
    public enum Route {
        /** A rank to itself, through its mailbox. */
        SELF,
        /** Rank 0 to rank 1, through their fast box; the one thread plays both ranks. */
        OTHER_RANK
    }

    /** The layer measured. */
    @Param({"DEVICE", "MPI"})
    public MpiPingPongBenchmark.Layer layer;

    /** Where the message goes. */
    @Param({"SELF", "OTHER_RANK"})
    public Route route;

    private final byte[] outgoing = {0x5a};
    private final byte[] incoming = new byte[1];
    private final CountDownLatch closing = new CountDownLatch(1);
    private Device sender;
    private Device receiver;
    private ProcessID destination;
    private ProcessID source;
    private Intracomm sendingWorld;
    private Intracomm receivingWorld;
    private int destinationRank;
    private Thread job;

    /**
     * Starts the one-rank job or device.
     *
     * @throws Exception if the rank cannot start
     */
    @Setup(Level.Trial)
    public void start() throws Exception {
        int size = route == Route.SELF ? 1 : 2;
        destinationRank = size - 1;
        if (layer == MpiPingPongBenchmark.Layer.DEVICE) {
            SmdevWorld world = SmdevWorld.create(size);
            sender = Device.newInstance("smdev");
            ProcessID[] processes = sender.init(DeviceArguments.builder().rank(0).size(size).world(world).build());
            receiver = sender;
            if (size > 1) {
                receiver = Device.newInstance("smdev");
                receiver.init(DeviceArguments.builder().rank(1).size(size).world(world).build());
            }
            destination = processes[destinationRank];
            source = processes[0];
            return;
        }
        List<CompletableFuture<Intracomm>> ranks = List.of(new CompletableFuture<>(), new CompletableFuture<>());
        job = Thread.ofPlatform().name("mpi-bench-self").daemon(true).start(() ->
            Job.of(size).runTasks(comm -> {
                ranks.get(comm.Rank()).complete(comm);
                closing.await();
            }).orThrow());
        sendingWorld = ranks.get(0).get(30, TimeUnit.SECONDS);
        receivingWorld = ranks.get(destinationRank).get(30, TimeUnit.SECONDS);
    }

    /**
     * Stops the rank and checks the last message.
     *
     * @throws Exception if the rank does not stop or the data are wrong
     */
    @TearDown(Level.Trial)
    public void stop() throws Exception {
        if (sender != null) {
            if (receiver != sender) {
                receiver.finish();
            }
            sender.finish();
        } else {
            closing.countDown();
            job.join(10_000);
        }
        if (incoming[0] != outgoing[0]) {
            throw new IllegalStateException("self message corrupted: " + incoming[0]);
        }
    }

    /**
     * One message: send, then receive.
     *
     * @return the receive buffer, so the work is not dead code
     * @throws Exception if a message fails
     */
    @Benchmark
    public byte[] sendAndReceive() throws Exception {
        if (sender != null) {
            sender.send(outgoing, 0, 1, destination, TAG, 0);
            receiver.recv(incoming, 0, 1, source, TAG, 0);
        } else {
            sendingWorld.Send(outgoing, 0, 1, MPI.BYTE, destinationRank, TAG);
            receivingWorld.Recv(incoming, 0, 1, MPI.BYTE, 0, TAG);
        }
        return incoming;
    }
}
