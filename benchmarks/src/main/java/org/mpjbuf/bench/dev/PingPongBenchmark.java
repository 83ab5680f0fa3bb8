package org.mpjbuf.bench.dev;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Ping-pong between two ranks: one operation is a full round trip of a {@code size}-byte message,
 * so the half round trip (the latency IMB reports) is the score divided by two and the bandwidth
 * is {@code size / (score / 2)}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class PingPongBenchmark extends PeerBenchmarkState {
    @Override
    void peerLoop(final Link link, final byte[] buffer) {
        while (link.receiveOrStop(buffer, size)) {
            link.send(buffer, size);
        }
    }

    @Override
    void checkReceived() {
        for (final byte b : incoming) {
            if (b != (byte) 0x5a) {
                throw new IllegalStateException("ping-pong data corrupted");
            }
        }
    }

    /**
     * One round trip.
     *
     * @return the received buffer, so the work is not dead code
     */
    @Benchmark
    public byte[] roundTrip() {
        local.send(outgoing, size);
        local.receive(incoming, size);
        return incoming;
    }
}
