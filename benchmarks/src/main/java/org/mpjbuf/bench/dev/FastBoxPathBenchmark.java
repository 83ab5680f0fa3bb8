package org.mpjbuf.bench.dev;

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
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The software path of a small message from one smdev rank to another, without a second core:
 * one thread plays both ranks, sending 8 bytes from rank 0 and receiving them as rank 1, through
 * the pair's fast box ({@code fastBoxes=true}) or through rank 1's mailbox queues
 * ({@code fastBoxes=false}). Nothing waits and no cache line crosses cores, so the figure is
 * what both sides' code costs per message, apart from the lines a two-core ping-pong moves.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class FastBoxPathBenchmark {
    private static final int TAG = 3;

    /** Whether the world has fast boxes. */
    @Param({"true", "false"})
    public boolean fastBoxes;

    private final long[] outgoing = {0x5a5a5a5aL};
    private final long[] incoming = new long[1];
    private Device sender;
    private Device receiver;
    private ProcessID[] ids;

    /** Joins both ranks of a two-rank world on this thread. */
    @Setup(Level.Trial)
    public void start() {
        final SmdevWorld world = SmdevWorld.builder().size(2).fastBoxes(fastBoxes).build();
        sender = Device.newInstance("smdev");
        receiver = Device.newInstance("smdev");
        ids = sender.init(DeviceArguments.builder().rank(0).size(2).world(world).build());
        receiver.init(DeviceArguments.builder().rank(1).size(2).world(world).build());
    }

    /** Finishes both ranks and checks the last message. */
    @TearDown(Level.Trial)
    public void stop() {
        sender.finish();
        receiver.finish();
        if (incoming[0] != outgoing[0]) {
            throw new IllegalStateException("message corrupted: " + incoming[0]);
        }
    }

    /**
     * One message: rank 0 sends, then rank 1 receives.
     *
     * @return the receive array, so the work is not dead code
     */
    @Benchmark
    public long[] sendAndReceive() {
        sender.send(outgoing, 0, 1, ids[1], TAG, 0);
        receiver.recv(incoming, 0, 1, ids[0], TAG, 0);
        return incoming;
    }
}
