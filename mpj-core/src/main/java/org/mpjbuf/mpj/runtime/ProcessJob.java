package org.mpjbuf.mpj.runtime;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Runs the ranks of a job as processes of this host, one JVM each, for a device whose ranks are
 * processes (niodev): {@code bin/mpjrun -dev niodev} is a thin command line over it.
 *
 * <h2>Design note</h2>
 * <ol>
 *   <li>The launcher makes a random secret for the job and starts a {@link BootstrapService} on
 *       loopback.</li>
 *   <li>It starts every rank as {@code java [this JVM's options] -cp [this class path]:[the
 *       program's] ProcessRank Main args}, with the rank, the size, the device and the bootstrap
 *       address in the environment and the secret on standard input.</li>
 *   <li>It forwards every rank's output line by line (with a {@code [rank]} prefix when asked).</li>
 *   <li>The first rank that aborts, fails, dies or leaves the bootstrap is the job's cause: the
 *       launcher fails the bootstrap's fences, gives the other ranks
 *       {@link RuntimeConfiguration#STOP_GRACE_MILLIS} to end by themselves (a process device
 *       fails their waits on the dead rank with an error naming it), then kills those left.</li>
 *   <li>The launcher's exit status is the cause's: the abort code, 1 for a failure, the status of
 *       a rank that exited otherwise; 0 when every rank ended normally. A signal that ends the
 *       launcher (SIGINT, SIGTERM) kills every rank first.</li>
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
    /** The first thing that went wrong, as the report's line; guarded by {@link #lock}. */
    private String cause;
    private int causeStatus;
    private long stopDeadline;
    private volatile BootstrapService bootstrap;

    ProcessJob(int size, String device, boolean rankPrefix, boolean mpjExpressArgs, PrintStream err) {
        this.size = size;
        this.device = device;
        this.rankPrefix = rankPrefix;
        this.mpjExpressArgs = mpjExpressArgs;
        this.err = err;
        this.processes = new Process[size];
        this.ended = new CountDownLatch(size);
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
        try (BootstrapService service = new BootstrapService(size, secret, new Events())) {
            bootstrap = service;
            List<String> command = command(mainClass, classPath, args);
            for (int rank = 0; rank < size; rank++) {
                processes[rank] = start(rank, command, service, secret);
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
        synchronized (lock) {
            if (cause != null) {
                err.println("mpjrun: " + cause);
                return causeStatus;
            }
        }
        return 0;
    }

    /** {@return the command that starts a rank: this JVM's java, options and class path, then ProcessRank} */
    private static List<String> command(String mainClass, List<Path> classPath, String[] args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            // Ranks read the launcher's class-data archive; only the launcher writes one, so that
            // the ranks' JVMs never dump the same file at once.
            if (!option.equals("-XX:+AutoCreateSharedArchive")) {
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

    private Process start(int rank, List<String> command, BootstrapService bootstrap, byte[] secret) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put(ProcessRank.RANK_VARIABLE, Integer.toString(rank));
        builder.environment().put(ProcessRank.SIZE_VARIABLE, Integer.toString(size));
        builder.environment().put(ProcessRank.DEVICE_VARIABLE, device);
        builder.environment().put(ProcessRank.BOOTSTRAP_VARIABLE,
            bootstrap.address().getAddress().getHostAddress() + ":" + bootstrap.address().getPort());
        builder.environment().put(ProcessRank.MPJ_EXPRESS_ARGS_VARIABLE, Boolean.toString(mpjExpressArgs));
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
        if (status != 0) {
            stop(status > 128 ? "rank " + rank + " was killed by signal " + (status - 128)
                : "rank " + rank + " exited with status " + status, status);
        }
        ended.countDown();
    }

    /** Records the job's cause, if it is the first, and starts the grace period of the other ranks. */
    private void stop(String why, int status) {
        synchronized (lock) {
            if (cause == null) {
                cause = why;
                causeStatus = status;
                stopDeadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RuntimeConfiguration.STOP_GRACE_MILLIS);
            }
        }
        BootstrapService service = bootstrap;
        if (service != null) {
            service.fail(why);
        }
    }

    private void killAll() {
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
            stop(reason, status);
        }

        @Override
        public void refused(String from, String why) {
            err.println("mpjrun: refused a bootstrap connection from " + from + ": " + why);
        }
    }
}
