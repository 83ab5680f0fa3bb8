package org.mpjbuf.dev.niodev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.dev.Bootstrap;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.InJvmBootstrap;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.protocol.FrameDescriptor;

/**
 * Connections that cannot prove they belong to the job are refused while the job goes on: while
 * rank 0 waits for its peers, intruders connect to it (one with a wrong secret, one sending
 * garbage, one silent), each is closed, and then the real rank 1 connects and the two ranks
 * exchange messages.
 */
final class NiodevAuthenticationTest {
    private static final int CONTEXT = 1;

    /** Rank 1's bootstrap, which lets the intruders in before rank 1 connects. */
    private static final class Intruding implements Bootstrap {
        private final Bootstrap delegate;
        final StringBuilder outcomes = new StringBuilder();

        Intruding(final Bootstrap delegate) {
            this.delegate = delegate;
        }

        @Override
        public void fence() {
            delegate.fence();
            final String endpoint = delegate.get(0, NiodevDevice.ENDPOINT_KEY);
            final int colon = endpoint.lastIndexOf(':');
            final InetSocketAddress rank0 = new InetSocketAddress(endpoint.substring(0, colon),
                Integer.parseInt(endpoint.substring(colon + 1)));
            try {
                outcomes.append("wrong secret closed: ").append(wrongSecret(rank0)).append('\n');
                outcomes.append("garbage closed: ").append(garbage(rank0)).append('\n');
                outcomes.append("silence closed: ").append(silence(rank0)).append('\n');
            } catch (final IOException | java.security.GeneralSecurityException ex) {
                outcomes.append("intruder failed: ").append(ex);
            }
        }

        @Override
        public int rank() {
            return delegate.rank();
        }

        @Override
        public int size() {
            return delegate.size();
        }

        @Override
        public int[] localRanks() {
            return delegate.localRanks();
        }

        @Override
        public void put(final String key, final String value) {
            delegate.put(key, value);
        }

        @Override
        public String get(final int rank, final String key) {
            return delegate.get(rank, key);
        }

        @Override
        public byte[] jobSecret() {
            return delegate.jobSecret();
        }

        @Override
        public void abort(final int status, final String reason) {
            delegate.abort(status, reason);
        }
    }

    /** A well-formed HELLO from "rank 1", then a response made with a secret of its own. */
    private static boolean wrongSecret(final InetSocketAddress rank0)
        throws IOException, java.security.GeneralSecurityException {
        try (SocketChannel channel = SocketChannel.open(rank0)) {
            final ByteBuffer hello = ByteBuffer.allocate(NiodevHandshakeDescriptor.HELLO_LENGTH);
            hello.putInt(NiodevHandshakeDescriptor.MAGIC_OFFSET, NiodevHandshakeDescriptor.MAGIC);
            hello.put(NiodevHandshakeDescriptor.VERSION_OFFSET, NiodevHandshakeDescriptor.VERSION);
            hello.putInt(NiodevHandshakeDescriptor.CLIENT_RANK_OFFSET, 1);
            hello.putInt(NiodevHandshakeDescriptor.SERVER_RANK_OFFSET, 0);
            hello.putInt(NiodevHandshakeDescriptor.SIZE_OFFSET, 2);
            write(channel, hello);
            final ByteBuffer challenge = ByteBuffer.allocate(NiodevHandshakeDescriptor.CHALLENGE_LENGTH);
            while (challenge.hasRemaining()) {
                if (channel.read(challenge) < 0) {
                    return true;
                }
            }
            final Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec("not the job secret, sorry".getBytes(StandardCharsets.US_ASCII), "HmacSHA256"));
            mac.update(NiodevHandshakeDescriptor.CLIENT_LABEL.getBytes(StandardCharsets.US_ASCII));
            mac.update(hello.array());
            mac.update(challenge.array());
            write(channel, ByteBuffer.wrap(mac.doFinal()));
            write(channel, ByteBuffer.allocate(FrameDescriptor.HEADER_LENGTH));
            return closedByPeer(channel);
        }
    }

    private static boolean garbage(final InetSocketAddress rank0) throws IOException {
        try (SocketChannel channel = SocketChannel.open(rank0)) {
            final byte[] junk = new byte[4096];
            new Random(17).nextBytes(junk);
            write(channel, ByteBuffer.wrap(junk));
            return closedByPeer(channel);
        }
    }

    private static boolean silence(final InetSocketAddress rank0) throws IOException {
        try (SocketChannel channel = SocketChannel.open(rank0)) {
            return closedByPeer(channel);
        }
    }

    private static void write(final SocketChannel channel, final ByteBuffer bytes) throws IOException {
        bytes.rewind();
        try {
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
        } catch (final IOException reset) {
            // the server may close before it has read everything: closedByPeer sees it
        }
    }

    private static boolean closedByPeer(final SocketChannel channel) throws IOException {
        channel.socket().setSoTimeout(10_000);
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        try {
            final java.io.InputStream in = channel.socket().getInputStream();
            while (System.nanoTime() - deadline < 0) {
                if (in.read(new byte[256]) < 0) {
                    return true;
                }
            }
        } catch (final IOException reset) {
            return true;
        }
        return false;
    }

    @Test
    @Timeout(60)
    void shouldRefuseIntrudersAndLetTheJobGoOn() throws InterruptedException {
        final InJvmBootstrap.Job job = InJvmBootstrap.newJob(2);
        final Intruding rank1 = new Intruding(job.bootstrap(1));
        final List<Device> devices = NiodevWorlds.open(2,
            Map.of(NiodevConfiguration.HANDSHAKE_TIMEOUT_MILLIS_PROP_NAME, "500"),
            rank -> rank == 0 ? job.bootstrap(0) : rank1);
        try {
            assertEquals("wrong secret closed: true\ngarbage closed: true\nsilence closed: true\n",
                rank1.outcomes.toString());
            assertEquals(3, ((NiodevDevice) devices.get(0)).rejectedConnections());
            final Thread sender = new Thread(() -> devices.get(1).send(new int[] {4, 5}, 0, 2, ProcessID.of(0), 9,
                CONTEXT));
            sender.start();
            final int[] received = new int[2];
            devices.get(0).recv(received, 0, 2, ProcessID.of(1), 9, CONTEXT);
            sender.join(10_000);
            assertArrayEquals(new int[] {4, 5}, received);
        } finally {
            devices.forEach(Device::finish);
        }
    }

    @Test
    @Timeout(30)
    void shouldNeverPutTheSecretInTheArgumentsOrTheDevice() {
        final InJvmBootstrap.Job job = InJvmBootstrap.newJob(2, "a secret of sixteen bytes at least".getBytes(
            StandardCharsets.US_ASCII), 10_000);
        final List<Device> devices = NiodevWorlds.open(2, Map.of(), job::bootstrap);
        try {
            assertTrue(!devices.get(0).toString().contains("secret") && !job.toString().contains("secret"));
        } finally {
            devices.forEach(Device::finish);
        }
    }
}
