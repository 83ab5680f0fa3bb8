package org.mpjbuf.mpj.runtime;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.mpjbuf.dev.HostAddresses;

/**
 * Runs the ranks of a job as processes, one JVM each, on this host or on the hosts of a hostfile
 * ({@link RankPlacement}), for a device whose ranks are processes (niodev):
 * {@code bin/mpjrun -dev niodev} is a thin command line over it.
 *
 * <h2>Design note</h2>
 * <ol>
 *   <li>The launcher makes a random secret for the job and starts a {@link BootstrapService} on
 *       loopback, or, for ranks on other hosts, on the address
 *       {@link RuntimeConfiguration#LAUNCHER_ADDRESS} chooses ({@link HostAddresses}).</li>
 *   <li>It starts every rank as {@code java [this JVM's options] -cp [this class path]:[the
 *       program's] ProcessRank Main args}, with the rank, the size, the ranks on its host, the
 *       device and the bootstrap address in the environment (and, through a launch agent such as
 *       {@code ssh}, on its command line with the launcher's {@code MPJBUF_*} settings), and the
 *       secret on standard input.</li>
 *   <li>It forwards every rank's output line by line (with a {@code [rank]} prefix when asked).</li>
 *   <li>When a rank aborts, fails or dies, the launcher fails the bootstrap's fences, gives the
 *       other ranks {@link RuntimeConfiguration#STOP_GRACE_MILLIS} to end by themselves (a process
 *       device fails their waits on the dead rank with an error naming it), then kills those
 *       left.</li>
 *   <li>The job's cause is the first rank that died (ended by a signal, or with a non-zero status,
 *       without telling the bootstrap why), else the first that aborted or failed: a rank killed
 *       at once makes its peers fail too, and they may say so before the launcher sees the death,
 *       but the death is the cause. The launcher's exit status is the cause's: the abort code, 1
 *       for a failure, the status of a rank that died; 0 when every rank ended normally. A signal
 *       that ends the launcher (SIGINT, SIGTERM) kills every rank first.</li>
 * </ol>
 *
 * <p>Not thread-safe; one instance runs one job.
 */
final class ProcessJob {

    private final int size;
    private final String device;
    private final boolean rankPrefix;
    private final boolean mpjExpressArgs;
    private final PrintStream err;
    private final Process[] processes;
    private final CountDownLatch ended;
    private final Object lock = new Object();
    /** Per rank, why it asked the bootstrap to end the job, or null; guarded by {@link #lock}. */
    private final String[] abortReasons;
    private final int[] abortStatus;
    /** Per rank, its exit status once it ended, or null; guarded by {@link #lock}. */
    private final Integer[] exitStatus;
    /** Per rank, when it aborted or ended (an event count), for the earliest; guarded by {@link #lock}. */
    private final long[] abortOrder;
    private final long[] exitOrder;
    private long events;
    /** When the launcher started killing ranks (an event count), 0 before; guarded by {@link #lock}. */
    private long killOrder;
    private long stopDeadline;
    private volatile BootstrapService bootstrap;

    private final RankPlacement placement;

    /** The JVM options of a dynamic class-data archive, as bin/mpjrun passes them. */
    private static final String AUTO_ARCHIVE = "-XX:+AutoCreateSharedArchive";
    private static final String ARCHIVE_FILE = "-XX:SharedArchiveFile=";

    /**
     * @param size           the number of ranks
     * @param device         the device, one whose ranks are processes
     * @param rankPrefix     whether output lines are prefixed with the rank
     * @param mpjExpressArgs whether {@code main} gets MPJ Express's leading arguments
     * @param placement      the host of each rank
     * @param err            where the job's cause is reported
     */
    ProcessJob(int size, String device, boolean rankPrefix, boolean mpjExpressArgs, RankPlacement placement,
               PrintStream err) {
        this.size = size;
        this.placement = placement;
        this.device = device;
        this.rankPrefix = rankPrefix;
        this.mpjExpressArgs = mpjExpressArgs;
        this.err = err;
        this.processes = new Process[size];
        this.ended = new CountDownLatch(size);
        this.abortReasons = new String[size];
        this.abortStatus = new int[size];
        this.exitStatus = new Integer[size];
        this.abortOrder = new long[size];
        this.exitOrder = new long[size];
    }

    /**
     * Runs the job and returns its exit status; reports its cause on the error stream.
     *
     * @param mainClass the program's main class, checked to be runnable
     * @param classPath the program's class path
     * @param args      the program's arguments
     * @return 0 when every rank ended normally, the cause's status otherwise
     * @throws IOException if the bootstrap cannot listen or a rank cannot be started
     */
    int run(String mainClass, List<Path> classPath, String[] args) throws IOException, InterruptedException {
        byte[] secret = new byte[BootstrapProtocol.SECRET_BYTES];
        new SecureRandom().nextBytes(secret);
        List<Thread> forwarders = new ArrayList<>();
        Thread killer = new Thread(this::killAll, "mpjrun-kill-ranks");
        Runtime.getRuntime().addShutdownHook(killer);
        InetAddress listen = HostAddresses.choose(RuntimeConfiguration.LAUNCHER_ADDRESS, placement.allHere(),
            RuntimeConfiguration.LAUNCHER_ADDRESS_PROP_NAME);
        try (BootstrapService service = new BootstrapService(size, secret, listen, new Events())) {
            bootstrap = service;
            for (int rank = 0; rank < size; rank++) {
                processes[rank] = start(rank, command(mainClass, classPath, args, rank == 0 && onlyJars(classPath)),
                    service, secret);
                forwarders.add(forward(rank, processes[rank].getInputStream(), System.out));
                forwarders.add(forward(rank, processes[rank].getErrorStream(), System.err));
                int r = rank;
                processes[rank].onExit().thenAccept(process -> exited(r, process.exitValue()));
            }
            awaitRanks();
        } finally {
            killAll();
            Runtime.getRuntime().removeShutdownHook(killer);
        }
        for (Thread forwarder : forwarders) {
            forwarder.join(TimeUnit.SECONDS.toMillis(5));
        }
        return report();
    }

    /** Reports the job's cause, if any, and returns the job's exit status. */
    private int report() {
        synchronized (lock) {
            int died = -1;
            int aborted = -1;
            for (int rank = 0; rank < size; rank++) {
                boolean dead = exitStatus[rank] != null && exitStatus[rank] != 0 && abortReasons[rank] == null
                    && (killOrder == 0 || exitOrder[rank] < killOrder);
                if (dead && (died < 0 || exitOrder[rank] < exitOrder[died])) {
                    died = rank;
                }
                if (abortReasons[rank] != null && (aborted < 0 || abortOrder[rank] < abortOrder[aborted])) {
                    aborted = rank;
                }
            }
            if (died >= 0) {
                int status = exitStatus[died];
                err.println("mpjrun: " + (status > 128 ? "rank " + died + " was killed by signal " + (status - 128)
                    : "rank " + died + " exited with status " + status));
                return status;
            }
            if (aborted >= 0) {
                err.println("mpjrun: " + abortReasons[aborted]);
                return abortStatus[aborted];
            }
            return 0;
        }
    }

    /**
     * {@return the command that starts a rank: this JVM's java, options and class path, then
     * ProcessRank} The ranks share a class-data archive of their own beside the launcher's
     * ({@code mpjrun-ranks.jsa} beside {@code mpjrun.jsa}): rank 0 creates it when it is missing
     * or stale and the program's class path holds only jars, the others only read it, so that no
     * two JVMs write one file at once.
     *
     * @param writesArchive whether this rank may create the ranks' archive
     */
    private static List<String> command(String mainClass, List<Path> classPath, String[] args, boolean writesArchive) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> options = ManagementFactory.getRuntimeMXBean().getInputArguments();
        for (String option : options) {
            if (option.equals(AUTO_ARCHIVE)) {
                if (writesArchive) {
                    command.add(option);
                }
            } else if (option.startsWith(ARCHIVE_FILE) && option.endsWith(".jsa")) {
                command.add(option.substring(0, option.length() - ".jsa".length()) + "-ranks.jsa");
            } else {
                command.add(option);
            }
        }
        StringBuilder path = new StringBuilder(System.getProperty("java.class.path"));
        for (Path entry : classPath) {
            path.append(File.pathSeparatorChar).append(entry.toAbsolutePath());
        }
        command.add("-cp");
        command.add(path.toString());
        command.add(ProcessRank.class.getName());
        command.add(mainClass);
        command.addAll(List.of(args));
        return command;
    }

    /**
     * {@return whether every entry of a class path is a file} The JVM cannot dump a class-data
     * archive for a class path with a directory in it, and then exits with status 1.
     */
    private static boolean onlyJars(List<Path> classPath) {
        for (Path entry : classPath) {
            if (!Files.isRegularFile(entry)) {
                return false;
            }
        }
        return true;
    }

    private Process start(int rank, List<String> command, BootstrapService bootstrap, byte[] secret) throws IOException {
        List<String> environment = new ArrayList<>(List.of(
            ProcessRank.RANK_VARIABLE + "=" + rank,
            ProcessRank.SIZE_VARIABLE + "=" + size,
            ProcessRank.LOCAL_RANKS_VARIABLE + "=" + placement.ranksWith(rank),
            ProcessRank.DEVICE_VARIABLE + "=" + device,
            ProcessRank.BOOTSTRAP_VARIABLE + "=" + bootstrap.address().getAddress().getHostAddress() + ":"
                + bootstrap.address().getPort(),
            ProcessRank.MPJ_EXPRESS_ARGS_VARIABLE + "=" + mpjExpressArgs));
        if (placement.hostOf(rank) != null) {
            // a launch agent carries no environment: the rank gets the launcher's settings on its command line
            System.getenv().forEach((name, value) -> {
                if (name.startsWith("MPJBUF_")) {
                    environment.add(name + "=" + value);
                }
            });
        }
        ProcessBuilder builder = new ProcessBuilder(placement.commandFor(rank, environment, command));
        for (String variable : environment) {
            int equals = variable.indexOf('=');
            builder.environment().put(variable.substring(0, equals), variable.substring(equals + 1));
        }
        Process process = builder.start();
        try (OutputStream in = process.getOutputStream()) {
            in.write((BootstrapProtocol.toHex(secret) + "\n").getBytes(StandardCharsets.US_ASCII));
        }
        return process;
    }

    /** Copies one stream of a rank to ours, line by line, so that lines of different ranks never mix. */
    private Thread forward(int rank, InputStream from, PrintStream to) {
        String prefix = rankPrefix ? "[" + rank + "] " : "";
        Thread thread = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(from, StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    synchronized (to) {
                        to.println(prefix + line);
                    }
                }
            } catch (IOException closed) {
                // the rank is gone
            }
        }, "mpjrun-output-" + rank);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** Waits until every rank has ended, killing those left once the stop's grace period has passed. */
    private void awaitRanks() throws InterruptedException {
        while (!ended.await(100, TimeUnit.MILLISECONDS)) {
            long deadline;
            synchronized (lock) {
                deadline = stopDeadline;
            }
            if (deadline != 0 && System.nanoTime() - deadline > 0) {
                killAll();
            }
        }
    }

    private void exited(int rank, int status) {
        synchronized (lock) {
            exitStatus[rank] = status;
            exitOrder[rank] = ++events;
        }
        if (status != 0) {
            stop("rank " + rank + " ended with status " + status);
        }
        ended.countDown();
    }

    private void aborted(int rank, int status, String reason) {
        synchronized (lock) {
            if (abortReasons[rank] == null) {
                abortReasons[rank] = reason;
                abortStatus[rank] = status;
                abortOrder[rank] = ++events;
            }
        }
        stop(reason);
    }

    /** Starts the grace period of the other ranks, if not started, and fails the bootstrap's fences. */
    private void stop(String why) {
        synchronized (lock) {
            if (stopDeadline == 0) {
                stopDeadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RuntimeConfiguration.STOP_GRACE_MILLIS);
            }
        }
        BootstrapService service = bootstrap;
        if (service != null) {
            service.fail(why);
        }
    }

    private void killAll() {
        synchronized (lock) {
            if (killOrder == 0) {
                killOrder = ++events;
            }
        }
        for (Process process : processes) {
            if (process != null && process.isAlive()) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        }
    }

    /** What the bootstrap learns from the ranks. */
    private final class Events implements BootstrapService.Events {
        @Override
        public void aborted(int rank, int status, String reason) {
            ProcessJob.this.aborted(rank, status, reason);
        }

        @Override
        public void refused(String from, String why) {
            err.println("mpjrun: refused a bootstrap connection from " + from + ": " + why);
        }
    }
}
