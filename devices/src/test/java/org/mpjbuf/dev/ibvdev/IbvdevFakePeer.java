package org.mpjbuf.dev.ibvdev;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.SecureRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.mpjbuf.dev.Bootstrap;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceArguments;
import org.mpjbuf.dev.InJvmBootstrap;
import org.mpjbuf.dev.protocol.FrameDescriptor;
import org.mpjbuf.dev.protocol.FrameHeader;

/**
 * A job of two ranks: rank 0 a real ibvdev device over soft verbs, rank 1 this test's hand, which
 * sets its queue pair up through the same bootstrap exchange and then sends whatever frames a test
 * writes, hostile ones included, through a {@link VerbsChannel} of its own, and shows the frames
 * rank 0 sends. {@link #kill()} makes rank 1 vanish as a crashed process would.
 */
final class IbvdevFakePeer implements AutoCloseable {
    /** The longest eager message of both sides. */
    static final int EAGER_LIMIT = 1024;
    private static final int SEND_SLOTS = 8;

    /** The real device, rank 0. */
    final Device device;
    private final SoftVerbs verbs;
    private final ActivePort port;
    private final Verbs.ProtectionDomain domain;
    private final Verbs.CompletionQueue queue;
    private final Verbs.QueuePair queuePair;
    private final VerbsChannel channel;
    private final LinkedBlockingQueue<byte[]> received = new LinkedBlockingQueue<>();
    private final Thread poller;
    private volatile boolean polling = true;
    private volatile boolean killed;

    private IbvdevFakePeer() throws Exception {
        InJvmBootstrap.Job job = InJvmBootstrap.newJob(2);
        ExecutorService starter = Executors.newSingleThreadExecutor();
        try {
            Future<Device> starting = starter.submit(() -> {
                Device rank0 = Device.newInstance(IbvdevProvider.NAME);
                rank0.init(DeviceArguments.builder().rank(0).size(2).bootstrap(job.bootstrap(0))
                    .property(IbvdevConfiguration.VERBS_PROP_NAME, "soft")
                    .property(IbvdevConfiguration.EAGER_LIMIT_PROP_NAME, Integer.toString(EAGER_LIMIT))
                    .property(IbvdevConfiguration.SEND_SLOTS_PROP_NAME, Integer.toString(SEND_SLOTS)).build());
                return rank0;
            });
            Bootstrap bootstrap = job.bootstrap(1);
            verbs = SoftVerbs.open();
            port = ActivePorts.find(verbs, "soft verbs");
            domain = verbs.allocateProtectionDomain(port.context());
            queue = verbs.createCompletionQueue(port.context(), 256);
            queuePair = verbs.createQueuePair(domain, queue, queue,
                new QueuePairCapabilities(SEND_SLOTS + 32, SEND_SLOTS + 2, 1, 1, 0));
            int portNumber = port.port().portNumber();
            verbs.modifyToInit(queuePair, portNumber, 0, VerbsConstants.ACCESS_REMOTE_WRITE);
            channel = new VerbsChannel(verbs, domain, queuePair, 0, SEND_SLOTS, FrameDescriptor.HEADER_LENGTH
                + EAGER_LIMIT, new VerbsChannel.Listener() {
                    @Override
                    public void frameArrived(MemorySegment frame) {
                        received.add(frame.toArray(ValueLayout.JAVA_BYTE));
                    }

                    @Override
                    public void writeCompleted(long token) {
                    }

                    @Override
                    public void failed(String reason) {
                    }
                });
            Gid gid = verbs.queryGid(port.context(), portNumber, 0);
            int psn = new SecureRandom().nextInt(1 << 24);
            bootstrap.put(IbvdevDevice.PORT_KEY, port.port().lid() + "," + Long.toHexString(gid.subnetPrefix()) + ","
                + Long.toHexString(gid.interfaceId()));
            bootstrap.put(IbvdevDevice.QUEUE_PAIR_KEY + 0, queuePair.number() + "," + psn);
            bootstrap.fence();
            String[] peerPort = bootstrap.get(0, IbvdevDevice.PORT_KEY).split(",");
            String[] peerQueuePair = bootstrap.get(0, IbvdevDevice.QUEUE_PAIR_KEY + 1).split(",");
            verbs.modifyToReadyToReceive(queuePair, new ReadyToReceiveAttributes(portNumber, port.port().activeMtu(),
                Integer.parseInt(peerQueuePair[0]), Integer.parseInt(peerQueuePair[1]), 0,
                new Gid(Long.parseUnsignedLong(peerPort[1], 16), Long.parseUnsignedLong(peerPort[2], 16)), 0, 64, 0, 1,
                12));
            verbs.modifyToReadyToSend(queuePair, new ReadyToSendAttributes(psn, 14, 7, 7, 1));
            bootstrap.fence();
            device = starting.get(60, TimeUnit.SECONDS);
        } finally {
            starter.shutdownNow();
        }
        poller = new Thread(this::poll, "fake-peer-poller");
        poller.setDaemon(true);
        poller.start();
    }

    /**
     * Starts the job.
     *
     * @return rank 1's hand, rank 0 initialized
     * @throws Exception if the job cannot start
     */
    static IbvdevFakePeer start() throws Exception {
        return new IbvdevFakePeer();
    }

    private void poll() {
        Completions completions = new Completions(16);
        while (polling) {
            int count;
            try {
                count = verbs.poll(queue, completions);
            } catch (RuntimeException stopped) {
                return;
            }
            for (int i = 0; i < count; i++) {
                channel.completed(completions, i);
            }
            if (count == 0) {
                Thread.onSpinWait();
            }
        }
    }

    /**
     * Returns a header encoded in the native byte order, ready to be changed and sent.
     *
     * @param type the frame type
     * @param flags the flags
     * @param payloadLength the payload bytes that will follow
     * @param sendId the send id
     * @param receiveId the receive id
     * @return the header's bytes
     */
    static ByteBuffer header(byte type, byte flags, int payloadLength, long sendId, long receiveId) {
        ByteBuffer header = ByteBuffer.allocate(FrameDescriptor.HEADER_LENGTH).order(ByteOrder.nativeOrder());
        FrameDescriptor.encode(header, type, flags, 1, 3, 0, 0, payloadLength, 0, 0, 0, sendId, receiveId);
        return header;
    }

    /**
     * Sends bytes to rank 0 as one frame.
     *
     * @param frame the frame, header included
     */
    void send(byte[] frame) {
        channel.send(MemorySegment.ofArray(frame));
    }

    /**
     * Waits for rank 0's next frame and decodes its header.
     *
     * @return the header, or {@code null} if none came within 10 s
     * @throws InterruptedException if interrupted
     */
    FrameHeader nextFrame() throws InterruptedException {
        byte[] frame = received.poll(10, TimeUnit.SECONDS);
        if (frame == null) {
            return null;
        }
        FrameHeader header = new FrameHeader(EAGER_LIMIT, Integer.MAX_VALUE, true);
        header.decode(ByteBuffer.wrap(frame));
        return header;
    }

    /**
     * Registers memory for remote writes and deregisters it again, as a rank does when it frees a
     * buffer it had offered: the key is revoked.
     *
     * @return the memory's address and its revoked rkey
     */
    long[] revokedMemory() {
        try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
            MemorySegment memory = arena.allocate(64 * 1024, 64);
            Verbs.MemoryRegion region = verbs.register(domain, memory,
                VerbsConstants.ACCESS_LOCAL_WRITE | VerbsConstants.ACCESS_REMOTE_WRITE);
            long[] revoked = {memory.address(), region.rkey()};
            verbs.deregister(region);
            return revoked;
        }
    }

    /** Rank 1 vanishes: its soft adapter closes without a goodbye, as when its process is killed. */
    void kill() {
        polling = false;
        killed = true;
        verbs.close();
    }

    @Override
    public void close() {
        polling = false;
        try {
            poller.join(5_000);
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
        try {
            device.finish();
        } catch (IllegalStateException finished) {
            // a test finished it already
        }
        if (killed) {
            return;
        }
        verbs.destroy(queuePair);
        channel.close();
        verbs.destroy(queue);
        verbs.deallocate(domain);
        port.close();
        verbs.close();
    }
}
