package org.mpjbuf.bench.dev;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Streaming bandwidth: rank 0 sends a window of {@value #WINDOW} messages without waiting between
 * them, rank 1 receives them all and answers with an empty acknowledgement. The score is the time
 * per message, so the bandwidth is {@code size / score}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class StreamingBenchmark extends PeerBenchmarkState {
    /** Messages per window. */
    public static final int WINDOW = 16;

    private final byte[] acknowledgement = new byte[0];
    private volatile boolean peerChecked;

    @Override
    void peerLoop(final Link link, final byte[] buffer) {
        final byte[] ack = new byte[0];
        while (link.receiveOrStop(buffer, size)) {
            link.receiveWindow(buffer, size, WINDOW - 1);
            link.send(ack, 0);
        }
        for (final byte b : buffer) {
            if (b != (byte) 0x5a) {
                throw new IllegalStateException("streamed data corrupted");
            }
        }
        peerChecked = true;
    }

    @Override
    void checkReceived() {
        if (!peerChecked) {
            throw new IllegalStateException("the peer did not check the streamed data");
        }
    }

    /**
     * One window of messages and its acknowledgement.
     *
     * @return the acknowledgement buffer, so the work is not dead code
     */
    @Benchmark
    @OperationsPerInvocation(WINDOW)
    public byte[] window() {
        local.sendWindow(outgoing, size, WINDOW);
        local.receive(acknowledgement, 0);
        return acknowledgement;
    }
}
