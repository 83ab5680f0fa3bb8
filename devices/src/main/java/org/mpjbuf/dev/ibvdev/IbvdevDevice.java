package org.mpjbuf.dev.ibvdev;

import java.security.SecureRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.Medium;
import org.mpjbuf.dev.Bootstrap;
import org.mpjbuf.dev.DeviceArguments;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.SpinBudget;
import org.mpjbuf.dev.protocol.FrameDescriptor;
import org.mpjbuf.dev.protocol.MessageDevice;

/**
 * One rank of ibvdev: InfiniBand or RoCE through the verbs of rdma-core ({@link FfmVerbs}), or the
 * software device ({@link SoftVerbs}) where there is no adapter; see {@link MessageDevice} for the
 * requests and matching, {@link IbvdevLink} for the frames and RDMA writes, {@link CompletionDriver}
 * for the threads.
 *
 * <p><b>Start-up.</b> {@code init} opens the verbs ({@link IbvdevConfiguration#VERBS_PROP_NAME}):
 * the first active port of the first RDMA device, or a clear {@link DeviceException} that names
 * what was looked for and found. It allocates a protection domain, one completion queue, the
 * registered pool (every region registered as it is created, so a staged message or a landing
 * block is registered already) and the pin-down cache, and one reliable-connected queue pair and
 * {@link VerbsChannel} per peer. Through the bootstrap every rank puts its port's LID and GID and,
 * per peer, the number and first packet sequence number of the queue pair it keeps for that peer;
 * after a fence each queue pair goes to RTR and RTS towards its peer's, and a second fence makes
 * sure no rank sends before every queue pair of the job can receive.
 *
 * <p><b>Failures.</b> A work request that completes with an error (the peer's queue pair is gone,
 * a key is refused, a queue overflowed), a malformed frame, or a failed completion queue ends the
 * link concerned: every request that involved the peer (and every {@code ANY_SOURCE} receive and
 * probe) fails with a {@link DeviceException} naming it.
 *
 * <p>Thread-safe except {@link #init} and {@link #finish}, which the rank calls once each.
 */
final class IbvdevDevice extends MessageDevice implements CompletionDriver.Owner {
    /** The bootstrap key of a rank's port: its LID and GID. */
    static final String PORT_KEY = "mpjbuf.ibvdev.port";
    /** The bootstrap key prefix of the queue pair a rank keeps for a peer, followed by the peer's rank. */
    static final String QUEUE_PAIR_KEY = "mpjbuf.ibvdev.qp.";

    private static final System.Logger LOG = System.getLogger(IbvdevDevice.class.getName());
    private static final int ACCESS = VerbsConstants.ACCESS_LOCAL_WRITE | VerbsConstants.ACCESS_REMOTE_WRITE;
    /** RDMA writes one link may have outstanding; the send queue holds them beside the frames. */
    private static final int MAX_WRITES = 32;
    /** The local ACK timeout of the queue pairs: 4.096 us * 2^14, about 67 ms. */
    private static final int ACK_TIMEOUT = 14;
    private static final int RETRY_COUNT = 7;
    /** Receiver-not-ready NAKs are retried forever: the channel's credit keeps them from happening. */
    private static final int RNR_RETRY = 7;
    private static final int MIN_RNR_TIMER = 12;

    private final ConcurrentLinkedQueue<Failure> failures = new ConcurrentLinkedQueue<>();
    private Verbs verbs;
    private SoftVerbs soft;
    private ActivePort port;
    private Verbs.ProtectionDomain domain;
    private Verbs.CompletionQueue queue;
    private RegisteredPool registered;
    private PinDownCache pins;
    private Verbs.QueuePair[] queuePairs;
    private IbvdevLink[] links;
    private CompletionDriver driver;
    private long finishTimeoutMillis;

    IbvdevDevice() {
        super("ibvdev");
    }

    @Override
    public ProcessID[] init(final DeviceArguments arguments) {
        final Bootstrap bootstrap = beginInit(arguments);
        final int rank = arguments.rank();
        final int size = arguments.size();
        final int maxMessageLength = (int) IbvdevConfiguration.longValue(arguments,
            IbvdevConfiguration.MAX_MESSAGE_LENGTH_PROP_NAME, IbvdevConfiguration.MAX_MESSAGE_LENGTH_DEFAULT, 0,
            Integer.MAX_VALUE);
        final int eagerLimit = (int) IbvdevConfiguration.longValue(arguments,
            IbvdevConfiguration.EAGER_LIMIT_PROP_NAME, IbvdevConfiguration.EAGER_LIMIT_DEFAULT, 0, 1 << 24);
        final int sendSlots = (int) IbvdevConfiguration.longValue(arguments, IbvdevConfiguration.SEND_SLOTS_PROP_NAME,
            IbvdevConfiguration.SEND_SLOTS_DEFAULT, 2, 4096);
        final int eagerCredit = (int) IbvdevConfiguration.longValue(arguments,
            IbvdevConfiguration.EAGER_CREDIT_BYTES_PROP_NAME, IbvdevConfiguration.EAGER_CREDIT_BYTES_DEFAULT, 0,
            Integer.MAX_VALUE);
        checkEagerSettings(eagerLimit, IbvdevConfiguration.EAGER_LIMIT_PROP_NAME, maxMessageLength, eagerCredit,
            IbvdevConfiguration.EAGER_CREDIT_BYTES_PROP_NAME);
        finishTimeoutMillis = IbvdevConfiguration.longValue(arguments,
            IbvdevConfiguration.FINISH_TIMEOUT_MILLIS_PROP_NAME, IbvdevConfiguration.FINISH_TIMEOUT_MILLIS_DEFAULT, 0,
            Long.MAX_VALUE);
        final long spin = IbvdevConfiguration.longValue(arguments, IbvdevConfiguration.IDLE_SPIN_NANOS_PROP_NAME,
            IbvdevConfiguration.IDLE_SPIN_NANOS_DEFAULT, 0, Long.MAX_VALUE);
        final String verbsName = IbvdevConfiguration.verbs(arguments);
        final int localRanks = bootstrap == null ? 1 : bootstrap.localRanks().length;
        try {
            openVerbs(verbsName, rank);
            registered = new RegisteredPool(verbs, domain, ACCESS, BufferPool.builder().medium(Medium.DIRECT));
            pins = new PinDownCache(verbs, domain, ACCESS);
            setUp(rank, size, arguments.classLoader(), eagerLimit, maxMessageLength,
                IbvdevConfiguration.MAX_MESSAGE_LENGTH_PROP_NAME, SpinBudget.forProcessDevice(spin, localRanks),
                spin, registered.pool());
            links = new IbvdevLink[size];
            queuePairs = new Verbs.QueuePair[size];
            queue = verbs.createCompletionQueue(port.context(),
                Math.max(16, (size - 1) * (2 * sendSlots + 2 + MAX_WRITES)));
            driver = new CompletionDriver(this, verbs, queue, links);
            if (size > 1) {
                connectAll(bootstrap, sendSlots, eagerLimit, maxMessageLength, eagerCredit);
            }
            driver.start();
        } catch (final DeviceException | IllegalArgumentException ex) {
            release();
            if (ex instanceof VerbsException) {
                throw new DeviceException("ibvdev rank " + rank + " could not join its job of " + size + ": "
                    + ex.getMessage(), ex);
            }
            throw ex;
        }
        return activate();
    }

    private void openVerbs(final String verbsName, final int rank) {
        if (verbsName.equals("soft")) {
            soft = SoftVerbs.open();
            verbs = soft;
            port = ActivePorts.find(soft, "the software verbs device (" + IbvdevConfiguration.VERBS_PROP_NAME
                + " = soft)");
        } else {
            try {
                port = Verbs.openActivePort();
            } catch (final VerbsException | UnsatisfiedLinkError | IllegalStateException ex) {
                throw new DeviceException("ibvdev rank " + rank + " found no RDMA device to run on: "
                    + ex.getMessage() + ". To run ibvdev without an adapter, over its software device, set "
                    + IbvdevConfiguration.VERBS_PROP_NAME + "=soft; or choose another device (-dev niodev)", ex);
            }
            verbs = port.verbs();
        }
        domain = verbs.allocateProtectionDomain(port.context());
    }

    /** Creates, publishes and connects one queue pair per peer. */
    private void connectAll(final Bootstrap bootstrap, final int sendSlots, final int eagerLimit,
                            final int maxMessageLength, final int eagerCredit) {
        final int rank = rank();
        final SecureRandom random = new SecureRandom();
        final int[] psns = new int[size()];
        final QueuePairCapabilities capabilities = new QueuePairCapabilities(sendSlots + MAX_WRITES,
            sendSlots + 2, 1, 1, 0);
        final Gid gid = verbs.queryGid(port.context(), port.port().portNumber(), 0);
        bootstrap.put(PORT_KEY, port.port().lid() + "," + Long.toHexString(gid.subnetPrefix()) + ","
            + Long.toHexString(gid.interfaceId()));
        for (int peer = 0; peer < size(); peer++) {
            if (peer == rank) {
                continue;
            }
            final Verbs.QueuePair queuePair = verbs.createQueuePair(domain, queue, queue, capabilities);
            queuePairs[peer] = queuePair;
            verbs.modifyToInit(queuePair, port.port().portNumber(), 0, VerbsConstants.ACCESS_REMOTE_WRITE);
            final IbvdevLink link = new IbvdevLink(this, protocol(), peer, verbs, domain, queuePair, registered, pins,
                sendSlots, MAX_WRITES, eagerLimit, maxMessageLength, eagerCredit);
            links[peer] = link;
            links()[peer] = link;
            psns[peer] = random.nextInt(1 << 24);
            bootstrap.put(QUEUE_PAIR_KEY + peer, queuePair.number() + "," + psns[peer]);
        }
        bootstrap.fence();
        final boolean globalRoute = port.port().linkLayer() == VerbsConstants.LINK_LAYER_ETHERNET;
        for (int peer = 0; peer < size(); peer++) {
            if (peer == rank) {
                continue;
            }
            final String[] peerPort = field(bootstrap, peer, PORT_KEY, 3);
            final String[] peerQueuePair = field(bootstrap, peer, QUEUE_PAIR_KEY + rank, 2);
            final Gid peerGid;
            final int peerLid;
            final int peerNumber;
            final int peerPsn;
            try {
                peerLid = Integer.parseInt(peerPort[0]);
                peerGid = new Gid(Long.parseUnsignedLong(peerPort[1], 16), Long.parseUnsignedLong(peerPort[2], 16));
                peerNumber = Integer.parseInt(peerQueuePair[0]);
                peerPsn = Integer.parseInt(peerQueuePair[1]);
            } catch (final NumberFormatException ex) {
                throw new DeviceException("rank " + peer + " published an ibvdev endpoint that is not numbers: " + ex,
                    ex);
            }
            verbs.modifyToReadyToReceive(queuePairs[peer], new ReadyToReceiveAttributes(port.port().portNumber(),
                port.port().activeMtu(), peerNumber, peerPsn, peerLid, globalRoute ? peerGid : null, 0, 64, 0, 1,
                MIN_RNR_TIMER));
            verbs.modifyToReadyToSend(queuePairs[peer], new ReadyToSendAttributes(psns[peer], ACK_TIMEOUT,
                RETRY_COUNT, RNR_RETRY, 1));
        }
        bootstrap.fence();
    }

    private static String[] field(final Bootstrap bootstrap, final int peer, final String key, final int parts) {
        final String value = bootstrap.get(peer, key);
        final String[] split = value.split(",", -1);
        if (split.length != parts) {
            throw new DeviceException("rank " + peer + " published '" + value + "' under " + key + ", expected "
                + parts + " comma-separated fields");
        }
        return split;
    }

    // ------------------------------------------------------------------------------ progress

    @Override
    public void poll() {
        final CompletionDriver running = driver;
        if (isActive() && running != null) {
            running.poll();
        }
    }

    @Override
    public void pollingStops() {
        final CompletionDriver running = driver;
        if (running != null) {
            running.pollingStops();
        }
    }

    // ------------------------------------------------------------------------------ finishing

    @Override
    protected void leave(final String reason) {
        for (final IbvdevLink link : links) {
            if (link != null && link.isOpen() && !link.byeReceived) {
                try {
                    link.sendControl(FrameDescriptor.BYE);
                } catch (final DeviceException closed) {
                    // a peer that went away needs no goodbye
                }
            }
        }
        pollingStops();
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(finishTimeoutMillis);
        for (final IbvdevLink link : links) {
            while (link != null && link.isOpen() && !link.byeReceived && !link.byeAcknowledged
                && System.nanoTime() - deadline < 0) {
                LockSupport.parkNanos(this, TimeUnit.MICROSECONDS.toNanos(200));
            }
        }
        release();
    }

    /** Stops the progress and gives everything back to the verbs, children before parents. */
    private void release() {
        if (driver != null) {
            driver.stop();
        }
        if (links != null) {
            for (final IbvdevLink link : links) {
                if (link != null) {
                    link.markClosed("rank " + rank() + " finished");
                }
            }
        }
        quietly(() -> {
            if (queuePairs != null) {
                for (final Verbs.QueuePair queuePair : queuePairs) {
                    if (queuePair != null) {
                        verbs.destroy(queuePair);
                    }
                }
            }
        });
        quietly(() -> {
            if (links != null) {
                for (final IbvdevLink link : links) {
                    if (link != null) {
                        link.close();
                    }
                }
            }
        });
        quietly(() -> {
            if (queue != null) {
                verbs.destroy(queue);
            }
        });
        quietly(() -> {
            if (pins != null) {
                pins.close();
            }
        });
        quietly(() -> {
            if (registered != null) {
                registered.close();
            }
        });
        quietly(() -> {
            if (domain != null) {
                verbs.deallocate(domain);
            }
        });
        quietly(() -> {
            if (port != null) {
                port.close();
            }
        });
        quietly(() -> {
            if (soft != null) {
                soft.close();
            }
        });
    }

    private void quietly(final Runnable step) {
        try {
            step.run();
        } catch (final RuntimeException ex) {
            LOG.log(System.Logger.Level.DEBUG, "ibvdev rank " + rank() + " could not release: " + ex);
        }
    }

    // ------------------------------------------------------------------------------ called by the links

    /** The peer said goodbye: fail what waits for it, and acknowledge. */
    void peerFinished(final IbvdevLink link) {
        link.byeReceived = true;
        peerGone(link.peer(), "rank " + link.peer() + " has finished", false);
        if (isActive()) {
            try {
                link.sendControl(FrameDescriptor.BYE_ACK);
            } catch (final DeviceException closed) {
                // the peer is gone already; nothing waits for the acknowledgement
            }
        }
    }

    /**
     * A link failed on the driving thread, outside the channel's locks: after the peer's goodbye
     * that is its end, before it a failure of every request that involves the peer.
     */
    void linkFailed(final IbvdevLink link, final String reason) {
        if (!link.markClosed(reason) || !isActive() || link.byeReceived) {
            return;
        }
        LOG.log(System.Logger.Level.WARNING, "ibvdev rank " + rank() + ": " + reason);
        peerGone(link.peer(), reason, true);
    }

    /** A channel failed, possibly under its own lock: the driving thread handles it after this poll. */
    void linkFailedLater(final IbvdevLink link, final String reason) {
        failures.add(new Failure(link, reason));
    }

    /** Handles the failures channels reported; by the driving thread. */
    @Override
    public void handleLinkFailures() {
        for (Failure failure = failures.poll(); failure != null; failure = failures.poll()) {
            linkFailed(failure.link, failure.reason);
        }
    }

    /** The completion queue failed: nothing progresses any more, so every link fails. */
    @Override
    public void completionQueueFailed(final String reason) {
        for (final IbvdevLink link : links) {
            if (link != null) {
                linkFailed(link, reason);
            }
        }
    }

    private record Failure(IbvdevLink link, String reason) {
    }
}
