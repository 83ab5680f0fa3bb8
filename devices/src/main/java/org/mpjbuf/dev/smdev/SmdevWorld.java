package org.mpjbuf.dev.smdev;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.dev.DeviceArguments;
import org.mpjbuf.dev.HostProcessors;
import org.mpjbuf.dev.MeetingPoint;
import org.mpjbuf.dev.ProcessID;

/**
 * One job of smdev: the shared state of {@code size} ranks that are threads of this JVM.
 *
 * <p><b>How a launcher uses it.</b> Create one world per job, start one thread per rank, and in
 * each rank thread create a device and join the world:
 * <pre>{@code
 * SmdevWorld world = SmdevWorld.create(n);                 // once, in the launcher
 * // in rank thread r (may run in its own class loader):
 * Device device = Device.newInstance("smdev");
 * ProcessID[] all = device.init(DeviceArguments.builder()
 *         .rank(r).size(n).world(world)
 *         .classLoader(rankLoader)                          // resolves received objects
 *         .build());
 * ...
 * device.finish();
 * }</pre>
 * The devices module (with this class) must be loaded once and shared by all ranks, while the
 * ranks' own classes (the mpi layer, user code) may load once per rank: the world is then passed
 * to rank code as a plain {@code Object} through the launcher's own hand-over and given to
 * {@link DeviceArguments.Builder#world(Object)}. Messages sent to a rank before its device joined
 * wait in its queues. A world is independent of every other: several worlds may run in one JVM at
 * once, and smdev has no static mutable state. Eager messages are staged in a buddy pool of the
 * world's own, configured by the buddy allocator's settings ({@code mpjbuf.buddy.*}); when every
 * rank has finished, the world releases the pool, is done, and cannot be joined again.
 *
 * <p>Thread-safe.
 */
public final class SmdevWorld {
    private final int size;
    private final int eagerLimit;
    private final boolean fastBoxes;
    private final IdlePolicy idlePolicy;
    private final Mailbox[] mailboxes;
    private final ProcessID[] ids;
    private final AtomicReferenceArray<SmdevDevice> devices;
    private final AtomicInteger finished = new AtomicInteger();
    private final Transfers transfers;
    /** The meeting points of the world's communicators, by collective context and members. */
    private final ConcurrentHashMap<MeetingName, MeetingPoint> meetingPoints = new ConcurrentHashMap<>();

    private SmdevWorld(final Builder builder) {
        this.size = builder.size;
        this.eagerLimit = builder.eagerLimit;
        this.fastBoxes = builder.fastBoxes;
        this.transfers = new Transfers(BufferPool.builder().build());
        this.idlePolicy = new IdlePolicy(builder.idleStrategy, builder.idleSpinNanos, builder.idleYields,
            builder.idleMaxParkNanos, size > HostProcessors.count());
        this.mailboxes = new Mailbox[size];
        this.ids = new ProcessID[size];
        for (int rank = 0; rank < size; rank++) {
            mailboxes[rank] = new Mailbox(rank, transfers);
            ids[rank] = ProcessID.of(rank);
        }
        this.devices = new AtomicReferenceArray<>(size);
    }

    /**
     * Creates a world of {@code size} ranks configured by {@link SmdevConfiguration}.
     *
     * @param size the number of ranks, {@code >= 1}
     * @return the world
     * @throws IllegalArgumentException if {@code size < 1}
     */
    public static SmdevWorld create(final int size) {
        return builder().size(size).build();
    }

    /**
     * Starts building a world whose settings default to {@link SmdevConfiguration}.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns the meeting point of a communicator of this world (see
     * {@link org.mpjbuf.dev.Device#meetingPoint}). Meeting points stay until the world ends (a
     * seat of a few cache lines per member): a freed communicator's context returns with the same
     * members often (a duplicate made and freed in a loop), and a meeting point cannot tell when
     * its last member is done with it.
     *
     * @param context the communicator's collective context
     * @param members the ranks of its members, in the order of their ranks in it
     * @return the meeting point every member gets
     */
    MeetingPoint meetingPoint(final int context, final int[] members) {
        return meetingPoints.computeIfAbsent(new MeetingName(context, members.clone()),
            name -> new SmdevMeetingPoint(members.length));
    }

    /** A communicator's name for its meeting point: its collective context and its members. */
    private record MeetingName(int context, int[] members) {
        @Override
        public boolean equals(final Object other) {
            return other instanceof MeetingName name && name.context == context
                && java.util.Arrays.equals(name.members, members);
        }

        @Override
        public int hashCode() {
            return 31 * context + java.util.Arrays.hashCode(members);
        }

        @Override
        public String toString() {
            return "context " + context + ", members " + java.util.Arrays.toString(members);
        }
    }

    /**
     * Returns the number of ranks.
     *
     * @return the size
     */
    public int size() {
        return size;
    }

    /**
     * Returns the protocol switch limit: messages of up to this many bytes are sent eagerly.
     *
     * @return the eager limit in bytes
     */
    public int eagerLimit() {
        return eagerLimit;
    }

    /**
     * Tells whether small eager messages between two ranks go through a fast box of that pair
     * (see {@link SmdevConfiguration#FAST_BOXES_PROP_NAME}).
     *
     * @return whether fast boxes are used
     */
    public boolean fastBoxes() {
        return fastBoxes;
    }

    /**
     * Returns the name of the idle strategy waiting ranks use.
     *
     * @return the idle strategy name
     */
    public String idleStrategy() {
        return idlePolicy.name();
    }

    /**
     * Tells how many ranks have finished.
     *
     * @return the number of ranks whose device has finished
     */
    public int finishedCount() {
        return finished.get();
    }

    @Override
    public String toString() {
        return "SmdevWorld[size=" + size + ", eagerLimit=" + eagerLimit + ", fastBoxes=" + fastBoxes
            + ", idle=" + idlePolicy
            + ", finished=" + finished.get() + "]";
    }

    IdlePolicy idlePolicy() {
        return idlePolicy;
    }

    Transfers transfers() {
        return transfers;
    }

    Mailbox mailbox(final int rank) {
        return mailboxes[rank];
    }

    ProcessID id(final int rank) {
        return ids[rank];
    }

    ProcessID[] ids() {
        return ids.clone();
    }

    void attach(final int rank, final SmdevDevice device) {
        if (!devices.compareAndSet(rank, null, device)) {
            throw new IllegalArgumentException("rank " + rank + " of " + this
                + " has already been joined by another device");
        }
    }

    void detach(final int rank) {
        mailboxes[rank].close();
        if (finished.incrementAndGet() == size) {
            transfers.close();
        }
    }

    /** Builds a {@link SmdevWorld}; not thread-safe. */
    public static final class Builder {
        private int size = 1;
        private int eagerLimit = SmdevConfiguration.EAGER_LIMIT;
        private boolean fastBoxes = SmdevConfiguration.FAST_BOXES;
        private String idleStrategy = SmdevConfiguration.IDLE_STRATEGY;
        private long idleSpinNanos = SmdevConfiguration.IDLE_SPIN_NANOS;
        private int idleYields = SmdevConfiguration.IDLE_YIELDS;
        private long idleMaxParkNanos = SmdevConfiguration.IDLE_MAX_PARK_NANOS;

        private Builder() {
        }

        /**
         * Sets the number of ranks (default 1).
         *
         * @param size the number of ranks
         * @return this builder
         */
        public Builder size(final int size) {
            this.size = size;
            return this;
        }

        /**
         * Sets the protocol switch limit in bytes.
         *
         * @param eagerLimit the largest message sent eagerly, {@code >= 0}
         * @return this builder
         */
        public Builder eagerLimit(final int eagerLimit) {
            this.eagerLimit = eagerLimit;
            return this;
        }

        /**
         * Sets whether small eager messages go through a fast box per pair of ranks.
         *
         * @param fastBoxes whether to use fast boxes
         * @return this builder
         */
        public Builder fastBoxes(final boolean fastBoxes) {
            this.fastBoxes = fastBoxes;
            return this;
        }

        /**
         * Sets the idle strategy: {@code backoff}, {@code spin}, {@code yield} or {@code park}.
         *
         * @param idleStrategy the strategy name
         * @return this builder
         */
        public Builder idleStrategy(final String idleStrategy) {
            this.idleStrategy = idleStrategy;
            return this;
        }

        /**
         * Sets how long a waiting rank spins before yielding; a world with more ranks than
         * processors spins at most 1 us whatever is set here.
         *
         * @param idleSpinNanos the spin time in nanoseconds, {@code >= 0}
         * @return this builder
         */
        public Builder idleSpinNanos(final long idleSpinNanos) {
            this.idleSpinNanos = idleSpinNanos;
            return this;
        }

        /**
         * Sets how many times a waiting rank yields before parking.
         *
         * @param idleYields the yield count, {@code >= 0}
         * @return this builder
         */
        public Builder idleYields(final int idleYields) {
            this.idleYields = idleYields;
            return this;
        }

        /**
         * Sets the longest park of a waiting rank.
         *
         * @param idleMaxParkNanos the longest park in nanoseconds, {@code >= 1000}
         * @return this builder
         */
        public Builder idleMaxParkNanos(final long idleMaxParkNanos) {
            this.idleMaxParkNanos = idleMaxParkNanos;
            return this;
        }

        /**
         * Builds the world.
         *
         * @return the world
         * @throws IllegalArgumentException if the size is below 1, the eager limit negative, or
         *     an idle setting invalid
         * @throws NullPointerException if the idle strategy name is {@code null}
         */
        public SmdevWorld build() {
            if (size < 1) {
                throw new IllegalArgumentException("world size must be >= 1 but was " + size);
            }
            if (eagerLimit < 0) {
                throw new IllegalArgumentException("eager limit must be >= 0 but was " + eagerLimit);
            }
            return new SmdevWorld(this);
        }
    }
}
