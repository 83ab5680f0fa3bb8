package org.mpjbuf.mpj.runtime;

import org.mpjbuf.dev.Bootstrap;

/**
 * What the launcher tells one rank: its rank, the job's size, the device and its shared world (for
 * ranks that are threads of one JVM) or its {@link Bootstrap} (for ranks that are processes), and
 * the job's stop switch. It is the bridge between the launcher (loaded once) and the rank's own
 * copy of the {@code mpi} package (loaded per rank): {@code MPI.Init} finds it with
 * {@link #current()}. Applications do not need it; they use {@code MPI.Init} and
 * {@code MPI.COMM_WORLD}, or the embedding API {@link Job}.
 *
 * <p>Thread-safe: immutable apart from the job's stop switch and its registry of parked threads,
 * which are thread-safe.
 */
public final class RankEnvironment {

    private static final InheritableThreadLocal<RankEnvironment> CURRENT = new InheritableThreadLocal<>();

    private final int rank;
    private final int size;
    private final String deviceName;
    private final Object world;
    private final Bootstrap bootstrap;
    private final int ranksOnThisHost;
    private final JobControl control;
    private final LauncherArguments launcherArguments;
    /** Where the rank's threads write; null: to the standard streams as they are. */
    private final JobOutput output;
    private ClassLoader classLoader;

    RankEnvironment(int rank, int size, String deviceName, Object world, Bootstrap bootstrap,
                    JobControl control, boolean mpjExpressArgs, JobOutput output) {
        this.rank = rank;
        this.size = size;
        this.deviceName = deviceName;
        this.world = world;
        this.bootstrap = bootstrap;
        this.ranksOnThisHost = bootstrap == null ? size : bootstrap.localRanks().length;
        this.control = control;
        this.launcherArguments = mpjExpressArgs ? LauncherArguments.mpjExpress(rank, size, deviceName)
            : LauncherArguments.none();
        this.output = output;
    }


    /**
     * Returns the environment of a program whose {@code main} called {@code MPI.Init} without
     * {@code bin/mpjrun}: a rank of the job of the cluster launcher that started the process
     * (MPICH's {@code mpiexec}, see {@link ClusterLaunchers}), on the configured launched device
     * ({@link RuntimeConfiguration#LAUNCHED_DEVICE}); otherwise a job of one rank on the configured
     * device. Bound to the calling thread.
     *
     * @return the environment of this rank
     * @throws org.mpjbuf.dev.BootstrapException when a launcher is recognized but cannot be spoken to
     */
    public static RankEnvironment standalone() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        Bootstrap launched = ClusterLaunchers.join(System.getenv());
        RankEnvironment environment;
        if (launched != null) {
            environment = ofProcess(launched, RuntimeConfiguration.LAUNCHED_DEVICE, RuntimeConfiguration.MPJ_EXPRESS_ARGS);
        } else {
            String device = RuntimeConfiguration.DEVICE;
            Worlds shared = Worlds.create(device, 1);
            environment = new RankEnvironment(0, 1, device, shared.world(), shared.bootstrap(0),
                new JobControl(1, RuntimeConfiguration.STOP_CHECK_MILLIS), false, null);
        }
        environment.bind(loader != null ? loader : RankEnvironment.class.getClassLoader());
        return environment;
    }

    /**
     * Returns the environment of a rank that is a process of its own, started by a launcher that
     * hands it a bootstrap.
     *
     * @param bootstrap      the rank's bootstrap: rank, size, the job's key-value exchange
     * @param deviceName     the device, one whose ranks are processes
     * @param mpjExpressArgs whether {@code main} receives MPJ Express's leading arguments
     * @return the environment, not yet bound to a thread
     */
    static RankEnvironment ofProcess(Bootstrap bootstrap, String deviceName, boolean mpjExpressArgs) {
        return new RankEnvironment(bootstrap.rank(), bootstrap.size(), deviceName, null, bootstrap,
            new JobControl(1, RuntimeConfiguration.STOP_CHECK_MILLIS), mpjExpressArgs, null);
    }

    /**
     * Binds the calling thread, which has just started the rank's device in {@code MPI.Init} of a
     * program that requires no more than {@code MPI.THREAD_SINGLE}, to a core of its own, when
     * this rank is a process that {@code bin/mpjrun} started and the host's ranks do not
     * outnumber the cores the process may use ({@code mpjbuf.mpj.bindRanks}, see
     * {@link CoreBinding}); the device's own threads, started already, stay free. Other ranks do
     * nothing here.
     *
     * @throws IllegalArgumentException when {@code mpjbuf.mpj.bindRanks} is neither {@code auto}
     *                                  nor {@code none}
     */
    public void bindInitThread() {
        if (!(bootstrap instanceof LauncherBootstrap)) {
            return;
        }
        int[] local = bootstrap.localRanks();
        int place = 0;
        while (place < local.length && local[place] != rank) {
            place++;
        }
        CoreBinding.bindProcessRank(place, local.length, RuntimeConfiguration.BIND_RANKS);
    }

    /**
     * Returns the environment of the rank the calling thread belongs to (inherited by threads a
     * rank starts).
     *
     * @return the environment, or {@code null} when the thread is not part of a launched job
     */
    public static RankEnvironment current() {
        return CURRENT.get();
    }

    /** Binds the calling thread (and threads it starts) to a rank whose classes come from a loader. */
    void bind(ClassLoader rankLoader) {
        this.classLoader = rankLoader;
        CURRENT.set(this);
    }

    /** Releases the calling thread's binding. */
    static void unbind() {
        CURRENT.remove();
    }

    /**
     * Returns this rank.
     *
     * @return the rank in the job's world, {@code 0 <= rank < size}
     */
    public int rank() {
        return rank;
    }

    /**
     * Returns the number of ranks of the job.
     *
     * @return the size
     */
    public int size() {
        return size;
    }

    /**
     * Returns the name of the device the job runs on.
     *
     * @return a name accepted by {@code Device.newInstance}, such as {@code "smdev"}
     */
    public String deviceName() {
        return deviceName;
    }

    /**
     * Returns the world object shared by the ranks of an in-JVM device.
     *
     * @return the world, or {@code null} for a device that needs none
     */
    public Object world() {
        return world;
    }

    /**
     * Returns the bootstrap of a rank of a process device.
     *
     * @return the bootstrap, or {@code null} for a device whose ranks are threads of one JVM
     */
    public Bootstrap bootstrap() {
        return bootstrap;
    }

    /**
     * Returns how many ranks of the job share this host's processors: what spin budgets count.
     *
     * @return the ranks on this host, this one included
     */
    public int ranksOnThisHost() {
        return ranksOnThisHost;
    }

    /**
     * Returns the arguments meant for the program out of those its {@code main} received: without
     * the launcher's leading {@code rank, size, device} when the job follows MPJ Express's argument
     * convention ({@code bin/mpjrun -mpjexpress-args}) and {@code mainArguments} starts with them,
     * all of them otherwise. {@code MPI.Init} returns this.
     *
     * @param mainArguments what {@code main} received (or any array the program passes), or
     *                      {@code null}
     * @return a new array, empty for {@code null}
     */
    public String[] programArguments(String[] mainArguments) {
        return launcherArguments.stripFrom(mainArguments);
    }

    /** {@return what this rank's {@code main} receives: the launcher's leading arguments, if any, then these} */
    String[] mainArguments(String[] programArguments) {
        return launcherArguments.prependTo(programArguments);
    }

    /** {@return where the rank's threads write, or {@code null} when the job does not redirect them} */
    JobOutput output() {
        return output;
    }

    /**
     * Returns the class loader of the rank's classes, with which received objects are resolved.
     *
     * @return the class loader
     */
    public ClassLoader classLoader() {
        return classLoader;
    }

    /**
     * Ends the whole job: records this rank's abort, wakes every other rank so that it unwinds at
     * its next wait (ranks that are processes: asks the launcher, through the bootstrap, to end
     * every rank), and unwinds the calling thread.
     *
     * @param errorCode the code the job ends with
     * @param reason    why, for the report
     * @return never returns normally
     * @throws RankAbortedError always
     */
    public RankAbortedError abort(int errorCode, String reason) {
        control.stop(rank, errorCode, reason);
        if (bootstrap != null) {
            bootstrap.abort(errorCode, "rank " + rank + " aborted with code " + errorCode
                + (reason == null ? "" : ": " + reason));
        }
        throw new RankAbortedError("rank " + rank + " aborted the job with code " + errorCode
            + (reason == null ? "" : ": " + reason), errorCode, true);
    }

    /**
     * Tells whether the job has been stopped by a failing or aborting rank.
     *
     * @return true once the job is stopping
     */
    public boolean stopping() {
        return control.stopped() != null;
    }

    /**
     * Parks the calling thread, one of this rank's threads waiting for something whose completion
     * unparks it, until it is unparked, the job's stop-check interval has passed, or the job is
     * stopped: a stop by another rank wakes every thread parked here at once. The caller re-checks
     * its condition after the return (a return may also be spurious), having made itself known to
     * whoever completes it before the call.
     *
     * @param blocker what the thread waits for, shown by thread dumps
     * @throws RankAbortedError when the job is stopping, before the park or while parked
     */
    public void park(Object blocker) {
        park(blocker, control.stopCheckNanos());
    }

    /**
     * As {@link #park(Object)}, with the longest park before the thread re-checks the stop switch
     * on its own given (tests pass {@link Long#MAX_VALUE}, so that only a stop's wake-up counts).
     *
     * @param blocker        what the thread waits for, shown by thread dumps
     * @param stopCheckNanos the longest park in nanoseconds, {@code > 0}
     * @throws IllegalArgumentException if {@code stopCheckNanos <= 0}
     * @throws RankAbortedError when the job is stopping, before the park or while parked
     */
    public void park(Object blocker, long stopCheckNanos) {
        if (stopCheckNanos <= 0) {
            throw new IllegalArgumentException("stopCheckNanos = " + stopCheckNanos + " (expected > 0)");
        }
        JobControl.Stop stop = control.park(blocker, stopCheckNanos);
        if (stop != null) {
            throw stopped(stop);
        }
    }

    /**
     * Returns how long a parked wait sleeps at most before it re-checks the stop switch on its own.
     *
     * @return the interval in nanoseconds; {@link Long#MAX_VALUE} when the re-check is off
     */
    public long stopCheckNanos() {
        return control.stopCheckNanos();
    }

    private static RankAbortedError stopped(JobControl.Stop stop) {
        return new RankAbortedError("job stopped because rank " + stop.rank() + " "
            + stop.reason(), stop.errorCode(), false);
    }
}
