package org.mpjbuf.bench.pack;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.util.Random;
import org.mpjbuf.Buffer;
import org.mpjbuf.BufferDescriptor;
import org.mpjbuf.ReceivedChecksum;
import org.mpjbuf.Type;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The cost of the message checksum: a committed buffer stores it when its bytes are first taken
 * out, {@link Buffer#wrap} checks it. One {@code int} section of {@code bytes} payload bytes;
 * every figure is read against {@code MemorySegment.copy} of the same payload in the same run.
 * {@code write} is the packing alone (clear, section header, write); {@code writeCommit} adds
 * {@code commit()}, the path of a buffer read where it was written; {@code writeCommitSeal} also
 * takes the message's length as a device does before sending, which stores the checksum;
 * {@code wrap} builds a readable buffer over the sealed bytes (header checks, checksum, section
 * walk); {@code checksum} is the CRC-32C alone.
 *
 * <p>Two more follow a message read into a receive buffer from a socket in pieces of
 * {@value #PIECE_BYTES} bytes (a loopback TCP read's usual size here; the copy stands in for the
 * read): {@code arriveThenCheck} checks it once the last piece is in, reading it all again;
 * {@code arriveChecksummed} adds each piece to a {@link ReceivedChecksum} as it lands, as niodev
 * does, and the check compares. Their difference is what the second way saves a receive in
 * processor time; in the device it also overlaps with the pieces still on the wire.
 */
public class IntegrityBenchmark extends PackingBenchmarkSettings {
    /** Payload bytes of the message. */
    @Param({"64", "4096", "65536", "1048576", "4194304"})
    public int bytes;

    /** Bytes of one piece of an arriving message. */
    static final int PIECE_BYTES = 65536;

    private int count;
    private int[] source;
    private Buffer writable;
    private MemorySegment storage;
    private MemorySegment received;
    private Buffer receiver;
    private ByteBuffer receiveView;
    private final ReceivedChecksum arriving = new ReceivedChecksum();

    /** Fills the array and commits one message to wrap. */
    @Setup
    public void setUp() {
        count = bytes / Integer.BYTES;
        source = new Random(5).ints(count).toArray();
        writable = newBuffer(Type.INT, count);
        storage = writable.storageSegment();
        Buffer sent = newBuffer(Type.INT, count);
        sent.putSectionHeader(Type.INT);
        sent.write(source, 0, count);
        sent.commit();
        received = sent.staticSegment();
        receiver = newBuffer(Type.INT, count);
        receiveView = receiver.storageSegment().asByteBuffer();
    }

    /**
     * Baseline: {@code MemorySegment.copy} of the payload into the buffer's storage.
     *
     * @return the storage
     */
    @Benchmark
    public MemorySegment segmentCopy() {
        MemorySegment.copy(source, 0, storage, ValueLayout.JAVA_INT_UNALIGNED, PAYLOAD_INDEX, count);
        return storage;
    }

    /**
     * Packing without commit.
     *
     * @return the buffer
     */
    @Benchmark
    public Buffer write() {
        writable.clear();
        writable.putSectionHeader(Type.INT);
        writable.write(source, 0, count);
        return writable;
    }

    /**
     * Packing and commit, for a buffer read where it was written: no checksum.
     *
     * @return the buffer
     */
    @Benchmark
    public Buffer writeCommit() {
        writable.clear();
        writable.putSectionHeader(Type.INT);
        writable.write(source, 0, count);
        writable.commit();
        return writable;
    }

    /**
     * Packing, commit and the static length a device asks for before sending, which stores the
     * checksum.
     *
     * @return the static length
     */
    @Benchmark
    public int writeCommitSeal() {
        writable.clear();
        writable.putSectionHeader(Type.INT);
        writable.write(source, 0, count);
        writable.commit();
        return writable.staticLength();
    }

    /**
     * A readable buffer over received bytes: validation and checksum.
     *
     * @return the buffer
     */
    @Benchmark
    public Buffer wrap() {
        return Buffer.wrap(received, null, 0);
    }

    /**
     * A message arrives in pieces, then is checked: the checksum reads it all again.
     *
     * @return the readable receive buffer
     */
    @Benchmark
    public Buffer arriveThenCheck() {
        arrive(null);
        receiver.commitReceived(null, 0);
        return receiver;
    }

    /**
     * A message arrives in pieces, each added to the checksum as it lands, then is checked.
     *
     * @return the readable receive buffer
     */
    @Benchmark
    public Buffer arriveChecksummed() {
        arriving.reset();
        arrive(arriving);
        receiver.commitReceived(null, 0, arriving);
        return receiver;
    }

    private void arrive(ReceivedChecksum checksum) {
        long length = received.byteSize();
        for (long at = 0; at < length; at += PIECE_BYTES) {
            long piece = Math.min(PIECE_BYTES, length - at);
            MemorySegment.copy(received, at, receiver.storageSegment(), at, piece);
            if (checksum != null) {
                checksum.addStatic(receiveView, (int) (at + piece));
            }
        }
    }

    /**
     * The CRC-32C of the message alone.
     *
     * @return the checksum
     */
    @Benchmark
    public int checksum() {
        return BufferDescriptor.checksum(received, null, 0);
    }
}
