package org.mpjbuf.mpj.runtime;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;

import mpi.Intracomm;

/**
 * The embedding API: runs the ranks of a job as threads of the current JVM and returns how each
 * rank ended. {@code bin/mpjrun} is a thin command line over it.
 *
 * <pre>{@code
 * JobResult result = Job.of(4).runMain(HelloWorld.class, "some", "args");   // per-rank class loaders
 * Job.of(2).runTasks(world -> world.Send(...)).orThrow();                  // shared classes, lambdas
 * }</pre>
 *
 * <p>{@link #runMain} gives every rank a class loader of its own for the {@code mpi} package, the
 * mpj-core internals and the user's classes, so statics ({@code MPI.COMM_WORLD}, a program's own
 * fields) are per rank; the layers below and the device's world are shared. {@link #runTasks}
 * skips the isolation and hands each rank its world communicator directly.
 *
 * <p>When a rank throws or aborts, the job is stopped: every other rank unwinds at its next wait
 * with a {@link RankAbortedError}; a rank that does not end within the configured grace period is
 * left behind (its thread is a daemon) and reported as {@link RankOutcome.State#STOPPED}.
 *
 * <p>Thread-safe: a {@code Job} is an immutable description; several jobs may run at once, also
 * with {@linkplain #rankPrefix prefixed output}: while such jobs run, {@code System.out} and
 * {@code System.err} send what each thread writes to its own job's output (threads outside them
 * write unchanged), and the original streams are back once the last of them has ended.
 */
public final class Job {

    private final int size;
    private final String deviceName;
    private final boolean rankPrefix;
    private final long stopCheckMillis;
    private final boolean mpjExpressArgs;

    private Job(int size, String deviceName, boolean rankPrefix, long stopCheckMillis, boolean mpjExpressArgs) {
        this.size = size;
        this.deviceName = deviceName;
        this.rankPrefix = rankPrefix;
        this.stopCheckMillis = stopCheckMillis;
        this.mpjExpressArgs = mpjExpressArgs;
    }

    /**
     * Describes a job of {@code ranks} ranks on the configured default device.
     *
     * @param ranks the number of ranks
     * @return the job
     * @throws IllegalArgumentException if {@code ranks < 1}
     */
    public static Job of(int ranks) {
        if (ranks < 1) {
            throw new IllegalArgumentException("ranks = " + ranks + " (expected at least 1)");
        }
        return new Job(ranks, RuntimeConfiguration.DEVICE, RuntimeConfiguration.RANK_PREFIX,
            RuntimeConfiguration.STOP_CHECK_MILLIS, RuntimeConfiguration.MPJ_EXPRESS_ARGS);
    }

    /**
     * Returns this job on another device. A device whose ranks are normally processes (niodev)
     * runs here with every rank a thread of this JVM and a device of its own, the devices finding
     * each other through an in-JVM bootstrap and talking as processes would (over loopback TCP for
     * niodev); {@code bin/mpjrun -dev niodev} starts real processes.
     *
     * @param name the device name, such as {@code "smdev"} or {@code "niodev"}
     * @return the job
     * @throws IllegalArgumentException if no device has that name
     */
    public Job device(String name) {
        Objects.requireNonNull(name, "name");
        Worlds.kind(name);
        return new Job(size, name, rankPrefix, stopCheckMillis, mpjExpressArgs);
    }

    /**
     * Returns this job with every output line of a rank prefixed by {@code [rank] }: lines its
     * ranks' threads write to {@code System.out} and {@code System.err} go, prefixed, to the
     * standard streams the JVM had when the first of the running jobs that prefix started.
     *
     * @param prefix whether to prefix lines
     * @return the job
     */
    public Job rankPrefix(boolean prefix) {
        return new Job(size, deviceName, prefix, stopCheckMillis, mpjExpressArgs);
    }

    /**
     * Returns this job with another interval at which a parked wait re-checks on its own whether
     * the job was stopped ({@link RuntimeConfiguration#STOP_CHECK_MILLIS} by default). A stop
     * wakes every parked wait itself; the re-check is a safety net, and 0 switches it off.
     *
     * @param millis the interval in ms, or 0 for none
     * @return the job
     * @throws IllegalArgumentException if {@code millis < 0}
     */
    public Job stopCheckMillis(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("stopCheckMillis = " + millis + " (expected >= 0, 0 for none)");
        }
        return new Job(size, deviceName, rankPrefix, millis, mpjExpressArgs);
    }

    /**
     * Returns this job with MPJ Express's argument convention on or off
     * ({@link RuntimeConfiguration#MPJ_EXPRESS_ARGS} by default). When it is on, the {@code main}
     * of a {@link #runMain} rank receives {@code rank, size, device} before the program's
     * arguments, as MPJ Express's launcher passes them to programs that read their own arguments
     * from {@code args[3]} on; {@code MPI.Init} returns the program's arguments either way.
     *
     * @param on whether {@code main} receives the three leading arguments
     * @return the job
     */
    public Job mpjExpressArgs(boolean on) {
        return new Job(size, deviceName, rankPrefix, stopCheckMillis, on);
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
     * Runs the {@code main} method of a class in every rank, each rank loading the class (and
     * everything beside it on its class path location) in its own class loader. The method is
     * found as the {@code java} launcher finds it: {@code main(String[])}, else {@code main()},
     * static or instance, not private, in a class that need not be public.
     *
     * @param mainClass the program's main class; its code source is the rank's class path
     * @param args      the program's arguments
     * @return the outcome of every rank
     * @throws IllegalArgumentException if the class has no code source or no main method; no rank
     *                                  starts then
     */
    public JobResult runMain(Class<?> mainClass, String... args) {
        Objects.requireNonNull(mainClass, "mainClass");
        return runIsolated(mainClass.getName(), List.of(locationOf(mainClass)), args);
    }

    /**
     * Runs the {@code main} method of a named class in every rank, each rank with its own class
     * loader over the given class path; the method is found as {@link #runMain(Class, String...)}
     * says. The class is looked up once before any rank starts.
     *
     * @param mainClass the binary name of the main class
     * @param classPath the program's class path (directories and jars)
     * @param args      the program's arguments
     * @return the outcome of every rank
     * @throws IllegalArgumentException if a class path entry is not a valid location, or the class
     *                                  is not found on the class path, cannot be loaded, or has no
     *                                  main method (the message names the class and the class
     *                                  path); no rank starts then
     */
    public JobResult runMain(String mainClass, List<Path> classPath, String... args) {
        Objects.requireNonNull(mainClass, "mainClass");
        Objects.requireNonNull(classPath, "classPath");
        List<URL> urls = new ArrayList<>();
        for (Path entry : classPath) {
            urls.add(toUrl(entry));
        }
        return runIsolated(mainClass, urls, args);
    }

    private JobResult runIsolated(String mainClass, List<URL> classPath, String[] args) {
        String[] arguments = args.clone();
        List<URL> urls = new ArrayList<>();
        urls.add(locationOf(Job.class));
        urls.addAll(classPath);
        URL[] rankPath = urls.toArray(URL[]::new);
        ClassLoader parent = Job.class.getClassLoader();
        checkMainClass(mainClass, rankPath, parent, classPath);
        return run((rank, environment) -> {
            try (RankClassLoader loader = new RankClassLoader("rank-" + rank, rankPath, parent)) {
                Thread.currentThread().setContextClassLoader(loader);
                MainMethod main = MainMethod.of(Class.forName(mainClass, true, loader));
                environment.bind(loader);
                main.invoke(environment.mainArguments(arguments));
            }
        });
    }

    /**
     * {@return the name of the thread that runs a rank's {@code main}, as a thread of this job or
     * in a process of its own ({@link ProcessRank})}
     *
     * @param rank the rank
     */
    static String rankThreadName(int rank) {
        return "mpj-rank-" + rank;
    }

    /**
     * Checks, before any rank starts, that a main class can run from a class path, as
     * {@link #runMain(String, List, String...)} does; for launchers that start ranks as processes.
     *
     * @param mainClass the program's main class
     * @param classPath the program's class path
     * @throws IllegalArgumentException naming the class and the class path when it cannot run
     */
    static void checkMainClass(String mainClass, List<Path> classPath) {
        List<URL> urls = new ArrayList<>();
        for (Path entry : classPath) {
            urls.add(toUrl(entry));
        }
        List<URL> rankPath = new ArrayList<>();
        rankPath.add(locationOf(Job.class));
        rankPath.addAll(urls);
        checkMainClass(mainClass, rankPath.toArray(URL[]::new), Job.class.getClassLoader(), urls);
    }

    /**
     * Loads the main class (without initializing it) and finds its main method once, in a class
     * loader of its own, before any rank starts, so that a class that cannot run is reported once
     * rather than by every rank.
     *
     * @throws IllegalArgumentException naming the class and the class path when the class is not
     *                                  found or cannot be loaded, or naming what main method the
     *                                  class lacks
     */
    private static void checkMainClass(String mainClass, URL[] rankPath, ClassLoader parent,
                                       List<URL> classPath) {
        try (RankClassLoader probe = new RankClassLoader("main-class-check", rankPath, parent)) {
            MainMethod.of(Class.forName(mainClass, false, probe));
        } catch (ClassNotFoundException notFound) {
            throw new IllegalArgumentException("main class " + mainClass + " not found on the class path "
                + describe(classPath), notFound);
        } catch (LinkageError unloadable) {
            throw new IllegalArgumentException("main class " + mainClass + " cannot be loaded from the class path "
                + describe(classPath) + ": " + unloadable, unloadable);
        } catch (NoSuchMethodException noMain) {
            throw new IllegalArgumentException(noMain.getMessage(), noMain);
        } catch (IOException unclosable) {
            throw new UncheckedIOException("could not close the class loader that checked " + mainClass,
                unclosable);
        }
    }

    /** {@return the class path as the platform writes one, with file locations as paths} */
    private static String describe(List<URL> classPath) {
        StringJoiner text = new StringJoiner(File.pathSeparator);
        for (URL location : classPath) {
            try {
                text.add("file".equals(location.getProtocol()) ? Path.of(location.toURI()).toString()
                    : location.toString());
            } catch (URISyntaxException | IllegalArgumentException notAPath) {
                text.add(location.toString());
            }
        }
        return text.toString();
    }

    /**
     * Runs a task in every rank without class-loader isolation; MPI is initialized for each rank
     * before the task runs and finalized after it returns.
     *
     * @param task the rank body
     * @return the outcome of every rank
     */
    public JobResult runTasks(RankTask task) {
        Objects.requireNonNull(task, "task");
        ClassLoader loader = Job.class.getClassLoader();
        return run((rank, environment) -> {
            environment.bind(loader);
            Intracomm world = TaskRanks.start();
            try {
                task.run(world);
            } finally {
                TaskRanks.finish();
            }
        });
    }

    /** One rank's body, run on the rank's thread. */
    @FunctionalInterface
    private interface RankBody {
        void run(int rank, RankEnvironment environment) throws Exception;
    }

    private JobResult run(RankBody body) {
        JobControl control = new JobControl(size, stopCheckMillis);
        Worlds shared = Worlds.create(deviceName, size);
        RankOutcome[] outcomes = new RankOutcome[size];
        Thread[] threads = new Thread[size];
        JobOutput output = rankPrefix ? JobOutput.prefixed(StandardStreams.acquire()) : null;
        // ranks whose device has threads of its own (a process device run in one JVM) stay unbound
        CoreBinding cores = shared.world() != null ? CoreBinding.reserve(size, RuntimeConfiguration.BIND_RANKS)
            : CoreBinding.NONE;
        try {
            for (int rank = 0; rank < size; rank++) {
                RankEnvironment environment =
                    new RankEnvironment(rank, size, deviceName, shared.world(), shared.bootstrap(rank), control,
                        mpjExpressArgs, output);
                int r = rank;
                threads[rank] = Thread.ofPlatform().name(rankThreadName(rank)).daemon(true).unstarted(
                    () -> {
                        cores.bind(r);
                        outcomes[r] = runRank(r, environment, body, control);
                        if (output != null) {
                            output.endLines(r);
                        }
                    });
                control.register(rank, threads[rank]);
            }
            for (Thread thread : threads) {
                thread.start();
            }
            awaitRanks(threads, control);
        } finally {
            cores.release();
            if (output != null) {
                StandardStreams.release();
            }
        }
        List<RankOutcome> result = new ArrayList<>(size);
        for (int rank = 0; rank < size; rank++) {
            RankOutcome outcome = outcomes[rank];
            result.add(outcome != null ? outcome : new RankOutcome(rank, RankOutcome.State.STOPPED,
                new IllegalStateException("rank " + rank + " did not end within "
                    + RuntimeConfiguration.STOP_GRACE_MILLIS + " ms after the job was stopped"), 0));
        }
        return new JobResult(result);
    }

    private static RankOutcome runRank(int rank, RankEnvironment environment, RankBody body,
                                       JobControl control) {
        try {
            body.run(rank, environment);
            return new RankOutcome(rank, RankOutcome.State.COMPLETED, null, 0);
        } catch (Throwable thrown) {
            Throwable failure = thrown instanceof InvocationTargetException invocation
                && invocation.getCause() != null ? invocation.getCause() : thrown;
            return failed(rank, failure, control);
        } finally {
            RankEnvironment.unbind();
        }
    }

    private static RankOutcome failed(int rank, Throwable failure, JobControl control) {
        if (failure instanceof RankAbortedError aborted) {
            return aborted.initiator()
                ? new RankOutcome(rank, RankOutcome.State.ABORTED, aborted, aborted.errorCode())
                : new RankOutcome(rank, RankOutcome.State.STOPPED, aborted, 0);
        }
        control.stop(rank, 1, "failed: " + failure);
        return new RankOutcome(rank, RankOutcome.State.FAILED, failure, 0);
    }

    private static void awaitRanks(Thread[] threads, JobControl control) {
        long deadline = 0;
        for (Thread thread : threads) {
            while (thread.isAlive()) {
                if (control.stopped() != null && deadline == 0) {
                    deadline = System.nanoTime()
                        + TimeUnit.MILLISECONDS.toNanos(RuntimeConfiguration.STOP_GRACE_MILLIS);
                }
                if (deadline != 0 && System.nanoTime() - deadline > 0) {
                    return;
                }
                try {
                    thread.join(20);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private static URL locationOf(Class<?> type) {
        var source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            throw new IllegalArgumentException(type.getName()
                + " has no code source (expected a class loaded from a directory or jar)");
        }
        return source.getLocation();
    }

    private static URL toUrl(Path entry) {
        try {
            return entry.toAbsolutePath().normalize().toUri().toURL();
        } catch (MalformedURLException | IllegalArgumentException bad) {
            throw new IllegalArgumentException("class path entry " + entry + " is not a valid location", bad);
        }
    }

    /** Splits a class path string at the platform's separator. */
    static List<Path> parseClassPath(String classPath) {
        List<Path> entries = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                entries.add(Path.of(entry));
            }
        }
        return entries;
    }
}
