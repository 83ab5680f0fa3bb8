package org.mpjbuf.bench.mpi;

import java.lang.reflect.Array;
import java.util.concurrent.TimeUnit;

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
 * Ping-pong through {@code mpi} ({@code Comm.Send}/{@code Recv} between two ranks of an smdev job)
 * against the same exchange on the bare smdev device, in the same JVM: one operation is a full
 * round trip, so the half round trip is the score divided by two and the bandwidth is
 * {@code size / (score / 2)}. The {@code mpi} layer's cost is the difference between
 * {@link Layer#MPI} and {@link Layer#DEVICE} at the same payload and size. For a non-contiguous
 * payload two more baselines: {@link Layer#FLOOR} adds the one strided copy per message that no
 * implementation can avoid, so {@code MPI / FLOOR} is how far the layer is from the physical
 * floor; {@link Layer#PACKED} packs and unpacks each message by hand around the device, the one
 * pack and one unpack a derived datatype may cost, so {@code MPI / PACKED} is what the layer adds
 * to that work. After each trial the data rank 0 received are checked.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class MpiPingPongBenchmark {

    /** Which layer carries the messages. */
    public enum Layer {
        /** {@code org.mpjbuf.dev.Device} send/recv of contiguous arrays. */
        DEVICE,
        /**
         * {@link #DEVICE}, plus one plain-loop copy of the received elements into the user's
         * array per message, to their places in the payload's layout (every other double for
         * {@link Payload#VECTOR}): the floor of moving a non-contiguous message.
         */
        FLOOR,
        /**
         * {@link #FLOOR}, plus one plain-loop copy per message of the user's elements, from their
         * places in the payload's layout, into the contiguous array the device sends: a message
         * packed and unpacked by hand around the device.
         */
        PACKED,
        /** {@code mpi.Comm} Send/Recv with the payload's datatype. */
        MPI
    }

    /** Message size in bytes (doubles: size / 8 elements, at least one). */
    @Param({"1", "1024", "65536", "1048576", "4194304"})
    public int size;

    /** What the message is made of. */
    @Param({"BYTES", "DOUBLES", "VECTOR"})
    public Payload payload;

    /** The layer measured. */
    @Param({"DEVICE", "FLOOR", "PACKED", "MPI"})
    public Layer layer;

    private PingPongEnd end;

    /**
     * Starts both ranks.
     *
     * @throws Exception if the ranks cannot start
     */
    @Setup(Level.Trial)
    public void start() throws Exception {
        end = layer == Layer.MPI ? new MpiEnd(payload, size)
            : new DeviceEnd(payload, size, layer != Layer.DEVICE, layer == Layer.PACKED);
    }

    /**
     * Stops both ranks and checks the last echo.
     *
     * @throws Exception if the ranks do not stop or the data are wrong
     */
    @TearDown(Level.Trial)
    public void stop() throws Exception {
        end.stop();
        Object received = end.received();
        int length = Array.getLength(received);
        int step = payload == Payload.VECTOR && layer != Layer.DEVICE ? 2 : 1;
        for (int index = 0; index < length; index += step) {
            if (((Number) Array.get(received, index)).intValue() != 0x5a) {
                throw new IllegalStateException("ping-pong data corrupted at " + index);
            }
        }
    }

    /**
     * One round trip.
     *
     * @return the receive buffer, so the work is not dead code
     * @throws Exception if a message fails
     */
    @Benchmark
    public Object roundTrip() throws Exception {
        end.roundTrip();
        return end.received();
    }
}
