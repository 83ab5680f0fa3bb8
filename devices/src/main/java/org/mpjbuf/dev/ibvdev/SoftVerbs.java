package org.mpjbuf.dev.ibvdev;

import static org.mpjbuf.dev.ibvdev.VerbsArguments.checkPort;
import static org.mpjbuf.dev.ibvdev.VerbsArguments.checkRange;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.mpjbuf.config.Settings;

/**
 * A software verbs device: {@link Verbs} without an adapter, enforcing what an adapter enforces, so
 * that ibvdev's protocol runs and is tested on machines without RDMA hardware. Every instance is one
 * device ({@value #DEVICE_NAME}) with one port, ACTIVE, link layer Ethernet (RoCE): peers are
 * addressed by GID, so RTR needs the peer's GID (a global route), and the LID is 0. The GID is
 * {@code fe80::} followed by a random 64-bit interface id, one per instance.
 *
 * <h2>The wire</h2>
 * Instances reach each other, in one JVM or in several processes of one host, over Unix domain
 * sockets in a private directory ({@value #SOCKET_DIRECTORY_PROP_NAME}, by default
 * {@code mpjbuf-softverbs-<user>} under {@code java.io.tmpdir}), created readable by its owner
 * only. Each instance listens on {@code <gid as 32 hex digits>.sock}, so a peer that learnt the GID
 * out of band (as ibvdev exchanges LID, GID, QPN and PSN through its bootstrap) can reach it. A
 * queue pair entering RTR connects to its peer's socket and names both queue pairs in a hello; the
 * connection then carries that queue pair's packets and their ACKs ({@link SoftPacketDescriptor}).
 * RTR towards a GID no instance listens for fails with {@code ENETUNREACH}.
 * One daemon thread per instance, its HCA ({@link SoftHca}), executes them.
 *
 * <h2>What is enforced</h2>
 * <ul>
 * <li>Memory: random, distinct lkeys and rkeys; deregistration revokes them at once; every local
 *     scatter/gather entry is checked for its lkey, bounds, protection domain and (for receives)
 *     {@code LOCAL_WRITE} ({@code IBV_WC_LOC_PROT_ERR}); every RDMA write for its rkey, bounds,
 *     protection domain and {@code REMOTE_WRITE} ({@code IBV_WC_REM_ACCESS_ERR}) and the target
 *     queue pair's {@code REMOTE_WRITE} access ({@code IBV_WC_REM_INV_REQ_ERR}); a send longer than
 *     the receive that takes it fails that receive with {@code IBV_WC_LOC_LEN_ERR} and the send
 *     with {@code IBV_WC_REM_INV_REQ_ERR}. These are the statuses rdma-core's rxe gives.</li>
 * <li>Queue pairs: RESET, INIT, RTR, RTS in that order (otherwise {@code EINVAL}); receives need
 *     INIT or later, sends RTS ({@code EINVAL}); queue depths ({@code ENOMEM}); scatter/gather
 *     sizes ({@link IllegalArgumentException}, as {@link Verbs} states). A queue pair in the error
 *     state accepts posts and flushes them.</li>
 * <li>Transport: execution in posting order at the peer; send completions when the peer
 *     acknowledged, in posting order; RNR retries after the peer's RNR timer ({@code rnrRetry}
 *     times, 7 forever, then {@code IBV_WC_RNR_RETRY_EXC_ERR}); a peer queue pair not in RTR/RTS is
 *     retried {@code retryCount} times after the ACK timeout, then {@code IBV_WC_RETRY_EXC_ERR};
 *     a lost peer (its socket closed) fails every queue pair connected to it
 *     ({@code IBV_WC_RETRY_EXC_ERR} for the oldest outstanding send, {@code IBV_WC_WR_FLUSH_ERR}
 *     for the rest).</li>
 * <li>Completion queues: a completion that finds its queue full marks it overflowed, and every
 *     later poll throws (see {@link SoftCompletionQueue}).</li>
 * </ul>
 * Not modelled: RDMA reads and atomics, inline data, unsignaled-everything queue pairs
 * ({@code sq_sig_all}; the API has no such flag), partitions beyond pkey index 0, path MTU
 * segmentation (a message travels as one frame).
 *
 * <h2>Threads and allocation</h2>
 * As {@link Verbs} states: set-up from any thread; one thread posts sends on a queue pair, one posts
 * receives, one polls a completion queue. Posts and polls allocate nothing (a send slot's frame
 * buffer grows only when a longer message than any before is posted on it); the HCA thread
 * allocates nothing per packet. Copies: a send gathers into its frame when posted, and the peer's
 * HCA copies the payload from the socket into registered memory.
 *
 * <p>Close the instance ({@link #close()}) to stop its thread and remove its socket; its peers see
 * their connections end.
 */
public final class SoftVerbs implements Verbs, AutoCloseable {
    /** The name of every soft device. */
    public static final String DEVICE_NAME = "soft0";
    /** System property: the directory of the instances' sockets. */
    public static final String SOCKET_DIRECTORY_PROP_NAME = "mpjbuf.softverbs.dir";
    /** Default of {@link #SOCKET_DIRECTORY_PROP_NAME}. */
    public static final String SOCKET_DIRECTORY_DEFAULT = Path.of(System.getProperty("java.io.tmpdir"),
        "mpjbuf-softverbs-" + System.getProperty("user.name")).toString();

    static final int EINVAL = 22;
    static final int ENOMEM = 12;
    static final int EBUSY = 16;
    static final int ENETUNREACH = 101;

    private static final long GID_SUBNET_PREFIX = 0xFE80_0000_0000_0000L;
    private static final int MAX_WORK_REQUESTS = 16384;
    private static final int MAX_SCATTER_GATHER = 32;
    private static final int MAX_COMPLETION_QUEUE_ENTRIES = 1 << 20;
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

    private final Path directory;
    private final Gid gid;
    private final Path socket;
    private final SoftMemoryRegions regions = new SoftMemoryRegions();
    private final SoftHca hca;
    private final AtomicInteger nextQueuePairNumber;
    private final AtomicLong malformedPackets = new AtomicLong();

    /**
     * Opens a soft device in the configured directory ({@value #SOCKET_DIRECTORY_PROP_NAME}).
     *
     * @return the device, listening and running
     * @throws VerbsException if the directory or the socket cannot be made
     */
    public static SoftVerbs open() {
        return new SoftVerbs(Path.of(Settings.system().string(SOCKET_DIRECTORY_PROP_NAME, SOCKET_DIRECTORY_DEFAULT)));
    }

    /**
     * Opens a soft device whose socket lives in {@code directory}.
     *
     * @param directory created, readable by its owner only, if missing; refused if others may use it
     * @throws VerbsException if the directory or the socket cannot be made
     */
    public SoftVerbs(Path directory) {
        this.directory = privateDirectory(directory);
        SecureRandom random = new SecureRandom();
        long interfaceId;
        do {
            interfaceId = random.nextLong();
        } while (interfaceId == 0);
        gid = new Gid(GID_SUBNET_PREFIX, interfaceId);
        socket = socketOf(this.directory, gid);
        nextQueuePairNumber = new AtomicInteger(1 + random.nextInt(0x7F_FFFF));
        try {
            ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            server.bind(UnixDomainSocketAddress.of(socket));
            hca = new SoftHca(this, server);
        } catch (IOException failed) {
            throw new VerbsException("bind " + socket, "the soft device cannot listen at " + socket + ": " + failed);
        }
        hca.start();
    }

    /**
     * The socket an instance with {@code gid} listens on.
     *
     * @param directory the instances' directory
     * @param gid the instance's GID
     * @return its path
     */
    static Path socketOf(Path directory, Gid gid) {
        return directory.resolve(String.format("%016x%016x.sock", gid.subnetPrefix(), gid.interfaceId()));
    }

    private static Path privateDirectory(Path directory) {
        try {
            Files.createDirectory(directory, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        } catch (FileAlreadyExistsException exists) {
            try {
                Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(directory, LinkOption.NOFOLLOW_LINKS);
                if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS) || !OWNER_ONLY.containsAll(permissions)
                    || !Files.getOwner(directory, LinkOption.NOFOLLOW_LINKS).getName()
                        .equals(System.getProperty("user.name"))) {
                    throw new VerbsException("mkdir " + directory, directory + " is not a directory private to "
                        + System.getProperty("user.name") + " (permissions " + PosixFilePermissions.toString(permissions)
                        + "); the soft devices' sockets need one");
                }
            } catch (IOException unreadable) {
                throw new VerbsException("stat " + directory, "cannot check " + directory + ": " + unreadable);
            }
        } catch (IOException failed) {
            throw new VerbsException("mkdir " + directory, "cannot create " + directory + ": " + failed);
        }
        return directory;
    }

    /**
     * This device's GID, the address peers connect to (index 0 of port 1's table).
     *
     * @return the GID
     */
    public Gid gid() {
        return gid;
    }

    /**
     * The device's name.
     *
     * @return {@value #DEVICE_NAME}
     */
    public String deviceName() {
        return DEVICE_NAME;
    }

    /**
     * Packets received that broke the protocol; their connections were closed.
     *
     * @return the count since the device was opened
     */
    public long malformedPackets() {
        return malformedPackets.get();
    }

    SoftMemoryRegions regions() {
        return regions;
    }

    SoftHca hca() {
        return hca;
    }

    void countMalformed() {
        malformedPackets.incrementAndGet();
    }

    /**
     * Stops the HCA thread, closes every connection (failing the queue pairs on both ends) and
     * removes the socket.
     */
    @Override
    public void close() {
        hca.stop();
        try {
            Files.deleteIfExists(socket);
        } catch (IOException ignored) {
            // a stale socket file is harmless: no one listens on it
        }
    }

    // ---------------------------------------------------------------- devices

    @Override
    public List<String> deviceNames() {
        return List.of(DEVICE_NAME);
    }

    @Override
    public Context open(String deviceName) {
        if (!DEVICE_NAME.equals(deviceName)) {
            throw new VerbsException("ibv_open_device", "no RDMA device is named " + deviceName + "; there are ["
                + DEVICE_NAME + "]");
        }
        return new SoftObjects.SoftContext(this);
    }

    @Override
    public DeviceAttributes queryDevice(Context context) {
        live(context, SoftObjects.SoftContext.class);
        return new DeviceAttributes(1, MAX_WORK_REQUESTS, MAX_SCATTER_GATHER, MAX_COMPLETION_QUEUE_ENTRIES, 0, 0);
    }

    @Override
    public PortAttributes queryPort(Context context, int portNumber) {
        live(context, SoftObjects.SoftContext.class);
        checkPort(portNumber);
        if (portNumber != 1) {
            throw failure("ibv_query_port", EINVAL, DEVICE_NAME + " has port 1 only, not " + portNumber);
        }
        return new PortAttributes(1, VerbsConstants.PORT_ACTIVE, VerbsConstants.MTU_4096, VerbsConstants.MTU_4096, 0,
            VerbsConstants.LINK_LAYER_ETHERNET, 1);
    }

    @Override
    public Gid queryGid(Context context, int portNumber, int index) {
        live(context, SoftObjects.SoftContext.class);
        checkPort(portNumber);
        if (portNumber != 1 || index != 0) {
            throw failure("ibv_query_gid", EINVAL, DEVICE_NAME + " has one GID, index 0 of port 1, not index " + index
                + " of port " + portNumber);
        }
        return gid;
    }

    // ---------------------------------------------------------------- protection domains and memory

    @Override
    public ProtectionDomain allocateProtectionDomain(Context context) {
        SoftObjects.SoftContext device = live(context, SoftObjects.SoftContext.class);
        device.users.incrementAndGet();
        return new SoftObjects.SoftProtectionDomain(device);
    }

    @Override
    @SuppressWarnings("restricted") // an adapter reaches registered memory from any thread: so does the soft device
    public MemoryRegion register(ProtectionDomain domain, MemorySegment segment, int accessFlags) {
        SoftObjects.SoftProtectionDomain pd = live(domain, SoftObjects.SoftProtectionDomain.class);
        if (!segment.isNative() || segment.byteSize() == 0) {
            throw new IllegalArgumentException("only non-empty native memory can be registered, not " + segment);
        }
        int known = VerbsConstants.ACCESS_LOCAL_WRITE | VerbsConstants.ACCESS_REMOTE_WRITE
            | VerbsConstants.ACCESS_REMOTE_READ | VerbsConstants.ACCESS_REMOTE_ATOMIC;
        boolean remoteWriteWithoutLocal = (accessFlags & (VerbsConstants.ACCESS_REMOTE_WRITE
            | VerbsConstants.ACCESS_REMOTE_ATOMIC)) != 0 && (accessFlags & VerbsConstants.ACCESS_LOCAL_WRITE) == 0;
        if ((accessFlags & ~known) != 0 || remoteWriteWithoutLocal) {
            throw failure("ibv_reg_mr", EINVAL, "access 0x" + Integer.toHexString(accessFlags)
                + (remoteWriteWithoutLocal ? ": remote write and atomic access need LOCAL_WRITE" : ": unknown flags"));
        }
        MemorySegment global = MemorySegment.ofAddress(segment.address()).reinterpret(segment.byteSize());
        pd.users.incrementAndGet();
        return regions.register(pd, global, accessFlags);
    }

    @Override
    public void deregister(MemoryRegion region) {
        if (!(region instanceof SoftMemoryRegions.Region mr) || mr.domain.owner != this) {
            throw notOurs(region);
        }
        if (!mr.isRegistered()) {
            throw new IllegalStateException(region + " was already deregistered");
        }
        regions.deregister(mr);
        mr.domain.users.decrementAndGet();
    }

    @Override
    public void deallocate(ProtectionDomain domain) {
        SoftObjects.SoftProtectionDomain pd = live(domain, SoftObjects.SoftProtectionDomain.class);
        requireUnused(pd, "ibv_dealloc_pd", "queue pairs or memory regions");
        pd.live = false;
        pd.context.users.decrementAndGet();
    }

    @Override
    public void close(Context context) {
        SoftObjects.SoftContext device = live(context, SoftObjects.SoftContext.class);
        requireUnused(device, "ibv_close_device", "protection domains or completion queues");
        device.live = false;
    }

    // ---------------------------------------------------------------- queues

    @Override
    public CompletionQueue createCompletionQueue(Context context, int capacity) {
        SoftObjects.SoftContext device = live(context, SoftObjects.SoftContext.class);
        if (capacity < 1) {
            throw new IllegalArgumentException("a completion queue holds at least one completion, not " + capacity);
        }
        if (capacity > MAX_COMPLETION_QUEUE_ENTRIES) {
            throw failure("ibv_create_cq", EINVAL, capacity + " entries; " + DEVICE_NAME + " allows "
                + MAX_COMPLETION_QUEUE_ENTRIES);
        }
        device.users.incrementAndGet();
        return new SoftCompletionQueue(device, capacity);
    }

    @Override
    public QueuePair createQueuePair(ProtectionDomain domain, CompletionQueue sendQueue, CompletionQueue receiveQueue,
                                     QueuePairCapabilities capabilities) {
        SoftObjects.SoftProtectionDomain pd = live(domain, SoftObjects.SoftProtectionDomain.class);
        SoftCompletionQueue sendCq = live(sendQueue, SoftCompletionQueue.class);
        SoftCompletionQueue receiveCq = live(receiveQueue, SoftCompletionQueue.class);
        if (capabilities.maxSendWorkRequests() > MAX_WORK_REQUESTS
            || capabilities.maxReceiveWorkRequests() > MAX_WORK_REQUESTS
            || capabilities.maxSendScatterGather() > MAX_SCATTER_GATHER
            || capabilities.maxReceiveScatterGather() > MAX_SCATTER_GATHER || capabilities.maxInlineData() > 0) {
            throw failure("ibv_create_qp", EINVAL, capabilities + " exceeds " + DEVICE_NAME + "'s limits: "
                + MAX_WORK_REQUESTS + " work requests, " + MAX_SCATTER_GATHER + " scatter/gather entries, no inline data");
        }
        SoftQueuePair queuePair = new SoftQueuePair(this, pd, sendCq, receiveCq,
            nextQueuePairNumber.getAndIncrement() & SoftPacketDescriptor.PSN_MASK, capabilities);
        pd.users.incrementAndGet();
        sendCq.users.incrementAndGet();
        receiveCq.users.incrementAndGet();
        hca.add(queuePair);
        return queuePair;
    }

    @Override
    public void modifyToInit(QueuePair queuePair, int portNumber, int pkeyIndex, int accessFlags) {
        SoftQueuePair qp = liveQueuePair(queuePair);
        checkPort(portNumber);
        if (portNumber != 1 || pkeyIndex != 0) {
            throw failure("ibv_modify_qp", EINVAL, "queue pair " + qp.number() + " RESET to INIT: " + DEVICE_NAME
                + " has port 1 with pkey index 0 only, not port " + portNumber + " pkey index " + pkeyIndex);
        }
        qp.toInit(accessFlags);
    }

    @Override
    public void modifyToReadyToReceive(QueuePair queuePair, ReadyToReceiveAttributes peer) {
        SoftQueuePair qp = liveQueuePair(queuePair);
        checkPort(peer.portNumber());
        checkRange("pathMtu", peer.pathMtu(), VerbsConstants.MTU_4096);
        checkRange("remoteQueuePairNumber", peer.remoteQueuePairNumber(), SoftPacketDescriptor.PSN_MASK);
        checkRange("receivePsn", peer.receivePsn(), SoftPacketDescriptor.PSN_MASK);
        checkRange("remoteLid", peer.remoteLid(), 0xFFFF);
        checkRange("minRnrTimer", peer.minRnrTimer(), 31);
        if (peer.remoteGid() == null) {
            throw failure("ibv_modify_qp", EINVAL, "queue pair " + qp.number() + " INIT to RTR: the link layer is"
                + " Ethernet, so the peer must be given by GID (a global route)");
        }
        if (qp.state() != VerbsConstants.QPS_INIT) {
            throw failure("ibv_modify_qp", EINVAL, "queue pair " + qp.number() + " INIT to RTR refused: it is in "
                + SoftQueuePair.stateName(qp.state()));
        }
        Path peerSocket = socketOf(directory, peer.remoteGid());
        SocketChannel channel;
        try {
            channel = SocketChannel.open(StandardProtocolFamily.UNIX);
            try {
                channel.connect(UnixDomainSocketAddress.of(peerSocket));
                ByteBuffer hello = ByteBuffer.allocate(SoftPacketDescriptor.HELLO_FRAME_LENGTH);
                hello.put(SoftPacketDescriptor.TYPE_OFFSET, SoftPacketDescriptor.TYPE_HELLO)
                    .putInt(SoftPacketDescriptor.PAYLOAD_LENGTH_OFFSET, SoftPacketDescriptor.HELLO_PAYLOAD_LENGTH)
                    .putLong(SoftPacketDescriptor.HELLO_GID_SUBNET_PREFIX_OFFSET, gid.subnetPrefix())
                    .putLong(SoftPacketDescriptor.HELLO_GID_INTERFACE_ID_OFFSET, gid.interfaceId())
                    .putInt(SoftPacketDescriptor.HELLO_SOURCE_QPN_OFFSET, qp.number())
                    .putInt(SoftPacketDescriptor.HELLO_DESTINATION_QPN_OFFSET, peer.remoteQueuePairNumber());
                while (hello.hasRemaining()) {
                    channel.write(hello);
                }
            } catch (IOException failed) {
                channel.close();
                throw failed;
            }
        } catch (IOException unreachable) {
            throw failure("ibv_modify_qp", ENETUNREACH, "queue pair " + qp.number() + " INIT to RTR: no soft device"
                + " with GID " + peer.remoteGid() + " listens at " + peerSocket + " (" + unreachable + ")");
        }
        try {
            qp.toReadyToReceive(peer);
        } catch (VerbsException raced) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // the transition failed; that is what the caller learns
            }
            throw raced;
        }
        hca.attachRequester(qp, channel);
    }

    @Override
    public void modifyToReadyToSend(QueuePair queuePair, ReadyToSendAttributes send) {
        SoftQueuePair qp = liveQueuePair(queuePair);
        checkRange("sendPsn", send.sendPsn(), SoftPacketDescriptor.PSN_MASK);
        checkRange("timeout", send.timeout(), 31);
        checkRange("retryCount", send.retryCount(), 7);
        checkRange("rnrRetry", send.rnrRetry(), 7);
        checkRange("maxReadAtomicAsInitiator", send.maxReadAtomicAsInitiator(), 0xFF);
        qp.toReadyToSend(send);
    }

    @Override
    public void destroy(QueuePair queuePair) {
        SoftQueuePair qp = liveQueuePair(queuePair);
        qp.live = false;
        hca.remove(qp);
        qp.domain.users.decrementAndGet();
        qp.sendQueue.users.decrementAndGet();
        qp.receiveQueue.users.decrementAndGet();
    }

    @Override
    public void destroy(CompletionQueue queue) {
        SoftCompletionQueue cq = live(queue, SoftCompletionQueue.class);
        requireUnused(cq, "ibv_destroy_cq", "queue pairs");
        cq.live = false;
        cq.context.users.decrementAndGet();
    }

    // ---------------------------------------------------------------- the data path

    @Override
    public void postSend(QueuePair queuePair, SendWorkRequest request) {
        liveQueuePair(queuePair).postSend(request);
    }

    @Override
    public void postReceive(QueuePair queuePair, ReceiveWorkRequest request) {
        liveQueuePair(queuePair).postReceive(request);
    }

    @Override
    public int poll(CompletionQueue queue, Completions completions) {
        return live(queue, SoftCompletionQueue.class).poll(completions);
    }

    @Override
    public String statusText(int status) {
        return switch (status) {
            case 0 -> "success";
            case 1 -> "local length error";
            case 2 -> "local QP operation error";
            case 3 -> "local EE context operation error";
            case 4 -> "local protection error";
            case 5 -> "Work Request Flushed Error";
            case 6 -> "memory management operation error";
            case 7 -> "bad response error";
            case 8 -> "local access error";
            case 9 -> "remote invalid request error";
            case 10 -> "remote access error";
            case 11 -> "remote operation error";
            case 12 -> "transport retry counter exceeded";
            case 13 -> "RNR retry counter exceeded";
            case 14 -> "local RDD violation error";
            case 15 -> "remote invalid RD request";
            case 16 -> "aborted error";
            case 17 -> "invalid EE context number";
            case 18 -> "invalid EE context state";
            case 19 -> "fatal error";
            case 20 -> "response timeout error";
            case 21 -> "general error";
            case 22 -> "TM error";
            case 23 -> "TM software rendezvous";
            default -> "unknown";
        };
    }

    // ---------------------------------------------------------------- helpers

    VerbsException failure(String call, int errno, String detail) {
        String text = switch (errno) {
            case EINVAL -> "Invalid argument";
            case ENOMEM -> "Cannot allocate memory";
            case EBUSY -> "Device or resource busy";
            case ENETUNREACH -> "Network is unreachable";
            default -> "errno " + errno;
        };
        return new VerbsException(call, errno, text, detail);
    }

    private void requireUnused(SoftObjects.SoftObject object, String call, String what) {
        if (object.users.get() != 0) {
            throw failure(call, EBUSY, object + " still has " + object.users.get() + " " + what);
        }
    }

    private SoftQueuePair liveQueuePair(QueuePair queuePair) {
        if (!(queuePair instanceof SoftQueuePair qp) || qp.verbs != this) {
            throw notOurs(queuePair);
        }
        if (!qp.live) {
            throw new IllegalStateException(queuePair + " was already destroyed");
        }
        return qp;
    }

    private <T extends SoftObjects.SoftObject> T live(Object object, Class<T> type) {
        if (!type.isInstance(object) || type.cast(object).owner != this) {
            throw notOurs(object);
        }
        T soft = type.cast(object);
        if (!soft.live) {
            throw new IllegalStateException(object + " was already destroyed");
        }
        return soft;
    }

    private static IllegalArgumentException notOurs(Object object) {
        return new IllegalArgumentException("not an object of this soft device: " + object);
    }

    @Override
    public String toString() {
        return "soft verbs device " + DEVICE_NAME + " (GID " + gid + ", socket " + socket + ")";
    }
}
