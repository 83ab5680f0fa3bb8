package mpi;

import org.mpjbuf.BufferFactory;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.HostProcessors;
import org.mpjbuf.dev.DeviceArguments;
import org.mpjbuf.dev.DeviceProvider;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.WorldKind;
import org.mpjbuf.mpj.runtime.RankEnvironment;

/**
 * Everything MPI keeps per rank: the rank's environment and device, the process ids of the job,
 * the pool of message buffers on a process device, the allocator of communicator contexts, the
 * attached buffer of buffered sends, the error handler, and the predefined communicators.
 *
 * <p>A launched program finds its state through {@link MPI}'s statics (one copy of the class per
 * rank); a rank of {@code Job.runTasks}, which shares the classes with the other ranks, finds it
 * through a thread-local bound to the rank's thread and inherited by the threads it starts.
 *
 * <p>Thread-safe: the device, the buffer factory and the allocators are thread-safe; the error
 * handler is volatile.
 */
final class RankState {

    private static final InheritableThreadLocal<RankState> TASK = new InheritableThreadLocal<>();
    /**
     * Message buffers kept for reuse per storage size: a rank that sends and receives messages of
     * a few sizes allocates no buffer per message.
     */
    private static final int RECYCLED_PER_SIZE = 4;
    /**
     * The largest message buffer storage kept for reuse: every eager message up to niodev's default
     * protocol switch (256 KiB of data and its headers, in storage of 512 KiB). At most about eight
     * times this stays held.
     */
    private static final int LARGEST_RECYCLED = 1 << 19;

    private final RankEnvironment environment;
    private final Device device;
    private final ProcessID[] processes;
    /** The factory of the buffers messages travel in; null when the ranks are threads. */
    private final BufferFactory messageBuffers;
    private final Thread mainThread;
    private final ContextIds contexts = new ContextIds();
    private final AttachedBuffer attached = new AttachedBuffer();
    private final Intracomm world;
    private final Intracomm self;
    /** Whether the job's ranks on this host are at most its processors; see {@link #ranksHaveProcessors()}. */
    private final boolean ranksHaveProcessors;
    private volatile Errhandler errhandler = MPI.ERRORS_RETURN;

    private RankState(RankEnvironment environment) throws MPIException {
        this.environment = environment;
        this.ranksHaveProcessors = environment.ranksOnThisHost() <= HostProcessors.count();
        this.mainThread = Thread.currentThread();
        try {
            this.device = Device.newInstance(environment.deviceName());
            this.processes = device.init(DeviceArguments.builder()
                .rank(environment.rank())
                .size(environment.size())
                .world(environment.world())
                .bootstrap(environment.bootstrap())
                .classLoader(environment.classLoader())
                .build());
        } catch (RuntimeException failed) {
            throw new MPIException(MPIException.ERR_OTHER, "device " + environment.deviceName()
                + " could not start rank " + environment.rank() + " of " + environment.size()
                + ": " + failed.getMessage(), failed);
        }
        this.messageBuffers = DeviceProvider.forName(environment.deviceName()).worldKind() == WorldKind.PROCESSES
            ? BufferFactory.builder().dynamicCapacity(0).recycle(RECYCLED_PER_SIZE, LARGEST_RECYCLED).build()
            : null;
        int[] all = new int[environment.size()];
        for (int process = 0; process < all.length; process++) {
            all[process] = process;
        }
        int me = environment.rank();
        this.world = new Intracomm(this, new Group(all, me), ContextIds.WORLD_PAIR);
        this.self = new Intracomm(this, new Group(new int[] {me}, me), ContextIds.SELF_PAIR);
    }

    /**
     * Starts a rank: creates and initializes its device.
     *
     * @param environment what the launcher says about the rank
     * @return the rank's state
     * @throws MPIException (MPI_ERR_OTHER) when the device cannot start
     */
    static RankState start(RankEnvironment environment) throws MPIException {
        return new RankState(environment);
    }

    /**
     * Starts MPI for a rank of {@code Job.runTasks}: binds a new state to the calling thread
     * (and threads it starts) instead of {@link MPI}'s statics, which the ranks share.
     *
     * @return the rank's world communicator
     * @throws MPIException (MPI_ERR_OTHER) when the thread is not a rank of a job, or MPI is
     *                      initialized on it already
     */
    static Intracomm startTask() throws MPIException {
        RankEnvironment environment = RankEnvironment.current();
        if (environment == null || TASK.get() != null) {
            throw new MPIException(MPIException.ERR_OTHER, environment == null
                ? "no rank environment: the thread is not a rank of a job"
                : "MPI is initialized on this thread already");
        }
        RankState state = start(environment);
        TASK.set(state);
        return state.world;
    }

    /**
     * Finishes MPI for a rank of {@code Job.runTasks}.
     *
     * @throws MPIException (MPI_ERR_OTHER) when MPI is not initialized on the calling thread
     */
    static void finishTask() throws MPIException {
        RankState state = TASK.get();
        if (state == null) {
            throw new MPIException(MPIException.ERR_OTHER, "MPI is not initialized on this thread");
        }
        TASK.remove();
        state.finish();
    }

    /** Returns the state of the calling thread's rank, or null when MPI is not initialized. */
    static RankState lookup() {
        RankState task = TASK.get();
        return task != null ? task : MPI.initializedRank();
    }

    /** Returns the state bound to the calling thread by {@code Job.runTasks}, or null. */
    static RankState task() {
        return TASK.get();
    }

    /**
     * Leaves the job: waits for buffered sends, then finishes the device and closes the pool of
     * message buffers.
     */
    void finish() throws MPIException {
        attached.drain(environment);
        device.finish();
        if (messageBuffers != null) {
            messageBuffers.close();
        }
    }

    RankEnvironment environment() {
        return environment;
    }

    Device device() {
        return device;
    }

    /**
     * Tells whether every rank of the job on this host has a processor of its own (the host's
     * cpuset, see {@link HostProcessors}): waits spin only briefly when not, and the collectives
     * choose their algorithms by it.
     */
    boolean ranksHaveProcessors() {
        return ranksHaveProcessors;
    }

    /**
     * Returns the factory of the pooled buffers every message travels in when the ranks are
     * processes ({@link WorldKind#PROCESSES}: the static part in pooled memory of the configured
     * medium, direct by default, no dynamic part unless the message has objects); null when the
     * ranks are threads of one JVM ({@link WorldKind#THREADS}), whose messages go as arrays.
     */
    BufferFactory messageBuffers() {
        return messageBuffers;
    }

    /** Returns the process id of a world process number. */
    ProcessID process(int worldRank) {
        return processes[worldRank];
    }

    /** Returns the number of processes of the job. */
    int worldSize() {
        return processes.length;
    }

    Thread mainThread() {
        return mainThread;
    }

    ContextIds contexts() {
        return contexts;
    }

    AttachedBuffer attached() {
        return attached;
    }

    Intracomm world() {
        return world;
    }

    Intracomm self() {
        return self;
    }

    Errhandler errhandler() {
        return errhandler;
    }

    void errhandler(Errhandler handler) {
        this.errhandler = handler;
    }

    @Override
    public String toString() {
        return "rank " + environment.rank() + " of " + environment.size();
    }
}
