package org.mpjbuf.dev.niodev;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.security.SecureRandom;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.mpjbuf.dev.Bootstrap;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceArguments;
import org.mpjbuf.dev.InJvmBootstrap;
import org.mpjbuf.dev.protocol.FrameDescriptor;
import org.mpjbuf.dev.protocol.FrameHeader;

/**
 * Rank 1 of a two-rank job whose rank 0 is a real niodev device: the test plays rank 1 by hand
 * over a blocking socket, authenticated with the job's secret, and can then send any bytes.
 */
final class FakePeer implements AutoCloseable {
    final Device device;
    final SocketChannel channel;

    private FakePeer(final Device device, final SocketChannel channel) {
        this.device = device;
        this.channel = channel;
    }

    /** Starts rank 0 as a niodev device and connects to it as an authenticated rank 1. */
    static FakePeer connect(final Map<String, String> properties) throws Exception {
        final InJvmBootstrap.Job job = InJvmBootstrap.newJob(2);
        final CompletableFuture<Device> rank0 = CompletableFuture.supplyAsync(() -> {
            final Device device = Device.newInstance("niodev");
            final DeviceArguments.Builder arguments = DeviceArguments.builder().rank(0).size(2)
                .bootstrap(job.bootstrap(0));
            properties.forEach(arguments::property);
            device.init(arguments.build());
            return device;
        }, task -> Thread.ofPlatform().daemon().start(task));
        final Bootstrap self = job.bootstrap(1);
        self.put(NiodevDevice.ENDPOINT_KEY, "127.0.0.1:1");
        self.fence();
        final String endpoint = self.get(0, NiodevDevice.ENDPOINT_KEY);
        final int colon = endpoint.lastIndexOf(':');
        final SocketChannel channel = SocketChannel.open(new InetSocketAddress(endpoint.substring(0, colon),
            Integer.parseInt(endpoint.substring(colon + 1))));
        final Handshake handshake = Handshake.client(1, 0, 2, Handshake.key(self.jobSecret()), new SecureRandom());
        while (!handshake.advance(channel)) {
            Thread.onSpinWait();
        }
        return new FakePeer(rank0.get(30, TimeUnit.SECONDS), channel);
    }

    /** Encodes a frame header in the given byte order, returning no credit. */
    static ByteBuffer header(final ByteOrder order, final byte type, final byte flags, final int tag,
                             final int context, final int count, final int typeCode, final int payloadLength,
                             final int messageLength, final long sendId, final long receiveId) {
        return header(order, type, flags, tag, context, count, typeCode, payloadLength, messageLength, 0, sendId,
            receiveId);
    }

    /** Encodes a frame header in the given byte order that returns {@code credit} bytes of eager credit. */
    static ByteBuffer header(final ByteOrder order, final byte type, final byte flags, final int tag,
                             final int context, final int count, final int typeCode, final int payloadLength,
                             final int messageLength, final int credit, final long sendId, final long receiveId) {
        final ByteBuffer header = ByteBuffer.allocate(FrameDescriptor.HEADER_LENGTH).order(order);
        FrameDescriptor.encode(header, type, flags, tag, context, count, typeCode, payloadLength, messageLength,
            0, credit, sendId, receiveId);
        return header;
    }

    void write(final ByteBuffer bytes) throws IOException {
        bytes.rewind();
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
    }

    /** Reads one frame header sent by rank 0. */
    FrameHeader readHeader() throws IOException {
        final ByteBuffer bytes = ByteBuffer.allocate(FrameDescriptor.HEADER_LENGTH);
        while (bytes.hasRemaining()) {
            if (channel.read(bytes) < 0) {
                throw new IOException("rank 0 closed the connection");
            }
        }
        final FrameHeader header = new FrameHeader(Integer.MAX_VALUE, Integer.MAX_VALUE);
        header.decode(bytes);
        return header;
    }

    /** Tells whether rank 0 closed the connection (reads until end of stream or the deadline). */
    boolean closedByRank0(final long millis) throws IOException, InterruptedException {
        channel.configureBlocking(false);
        final ByteBuffer sink = ByteBuffer.allocate(4096);
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (System.nanoTime() - deadline < 0) {
            sink.clear();
            try {
                if (channel.read(sink) < 0) {
                    return true;
                }
            } catch (final IOException reset) {
                return true;
            }
            Thread.sleep(5);
        }
        return false;
    }

    @Override
    public void close() throws IOException {
        channel.close();
        try {
            device.finish();
        } catch (final IllegalStateException finished) {
            assert finished.getMessage().contains("finish");
        }
    }
}
