package org.mpjbuf.mpj.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A one-node Slurm cluster for tests, on this machine, as root: the munge daemon (started only
 * when none runs), {@code slurmctld} and {@code slurmd} in the foreground with a
 * {@code slurm.conf} written into a temporary folder, and {@link #srun} pointed at it through
 * {@code SLURM_CONF}. {@link #close()} stops what it started.
 *
 * <p>Public, and published in mpj-core's test-jar, so that other modules' tests run their programs
 * under {@code srun} too. Not thread-safe; one test class owns one cluster.
 */
public final class SlurmCluster implements AutoCloseable {

    private static final Path MUNGE_KEY = Path.of("/etc/munge/munge.key");
    private static final Path MUNGE_SOCKET = Path.of("/run/munge/munge.socket.2");

    private final Path folder;
    private final Path configuration;
    private final List<Process> daemons = new ArrayList<>();

    private SlurmCluster(Path folder) {
        this.folder = folder;
        this.configuration = folder.resolve("slurm.conf");
    }

    /**
     * Tells why no cluster can be started here, if that is so.
     *
     * @return the missing commands and privileges, or {@code null} when all are there
     */
    public static String whyNot() {
        List<String> missing = new ArrayList<>();
        for (String command : List.of("slurmctld", "slurmd", "srun", "sinfo", "munged")) {
            if (!onPath(command)) {
                missing.add(command);
            }
        }
        if (!missing.isEmpty()) {
            return "Slurm or munge is not installed (missing " + missing + "; Debian: slurm-wlm munge)";
        }
        if (!"root".equals(System.getProperty("user.name"))) {
            return "a one-node Slurm cluster needs root, and the tests run as " + System.getProperty("user.name");
        }
        return null;
    }

    /**
     * Starts the cluster and waits until its node is idle.
     *
     * @param folder an empty folder for the configuration, state, logs and pid files
     * @return the running cluster
     * @throws IOException if a daemon cannot start or the node does not come up within 60 s
     * @throws InterruptedException if interrupted while waiting for the node
     */
    public static SlurmCluster start(Path folder) throws IOException, InterruptedException {
        SlurmCluster cluster = new SlurmCluster(folder);
        try {
            cluster.startMunge();
            cluster.writeConfiguration();
            cluster.daemons.add(cluster.daemon("slurmctld", "-D", "-f", cluster.configuration.toString()));
            cluster.daemons.add(cluster.daemon("slurmd", "-D", "-f", cluster.configuration.toString()));
            cluster.awaitIdleNode();
            return cluster;
        } catch (IOException | InterruptedException | RuntimeException failed) {
            cluster.close();
            throw failed;
        }
    }

    /**
     * Builds an {@code srun} command on this cluster.
     *
     * @param arguments what follows {@code srun}
     * @return a process builder with {@code SLURM_CONF} set
     */
    public ProcessBuilder srun(List<String> arguments) {
        List<String> command = new ArrayList<>(List.of("srun"));
        command.addAll(arguments);
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("SLURM_CONF", configuration.toString());
        return builder;
    }

    /** Stops the daemons this cluster started. */
    @Override
    public void close() {
        for (Process daemon : daemons.reversed()) {
            daemon.destroy();
            try {
                if (!daemon.waitFor(10, TimeUnit.SECONDS)) {
                    daemon.destroyForcibly();
                }
            } catch (InterruptedException interrupted) {
                daemon.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    private void startMunge() throws IOException, InterruptedException {
        if (Files.exists(MUNGE_SOCKET) && run(List.of("munge", "-n"), Map.of()) == 0) {
            return;
        }
        if (!Files.exists(MUNGE_KEY)) {
            Files.createDirectories(MUNGE_KEY.getParent());
            byte[] key = new byte[1024];
            new SecureRandom().nextBytes(key);
            Files.write(MUNGE_KEY, key);
        }
        for (String path : List.of("/etc/munge", "/run/munge", "/var/lib/munge", "/var/log/munge")) {
            Files.createDirectories(Path.of(path));
            run(List.of("chown", "munge:munge", path), Map.of());
        }
        run(List.of("chown", "munge:munge", MUNGE_KEY.toString()), Map.of());
        run(List.of("chmod", "400", MUNGE_KEY.toString()), Map.of());
        daemons.add(daemon("munged", "--foreground", "--force"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (run(List.of("munge", "-n"), Map.of()) != 0) {
            if (System.nanoTime() > deadline) {
                throw new IOException("munged did not answer within 20 s");
            }
            Thread.sleep(100);
        }
    }

    private void writeConfiguration() throws IOException {
        String host = InetAddress.getLocalHost().getHostName();
        long memoryMiB = totalMemoryMiB() / 2;
        int cpus = Runtime.getRuntime().availableProcessors();
        for (String sub : List.of("state", "spool")) {
            Files.createDirectories(folder.resolve(sub));
        }
        String text = String.join("\n",
            "ClusterName=mpjbuf",
            "SlurmctldHost=" + host,
            "SlurmUser=root",
            "SlurmdUser=root",
            "AuthType=auth/munge",
            "ProctrackType=proctrack/linuxproc",
            "TaskPlugin=task/none",
            "SelectType=select/cons_tres",
            "SelectTypeParameters=CR_Core",
            "MpiDefault=none",
            "ReturnToService=2",
            "StateSaveLocation=" + folder.resolve("state"),
            "SlurmdSpoolDir=" + folder.resolve("spool"),
            "SlurmctldPidFile=" + folder.resolve("slurmctld.pid"),
            "SlurmdPidFile=" + folder.resolve("slurmd.pid"),
            "SlurmctldLogFile=" + folder.resolve("slurmctld.log"),
            "SlurmdLogFile=" + folder.resolve("slurmd.log"),
            "NodeName=" + host + " CPUs=" + cpus + " Sockets=1 CoresPerSocket=" + cpus + " ThreadsPerCore=1 RealMemory="
                + memoryMiB,
            "PartitionName=debug Nodes=" + host + " Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:8",
            "");
        Files.writeString(configuration, text, StandardCharsets.US_ASCII);
    }

    private void awaitIdleNode() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        String state = "";
        while (System.nanoTime() < deadline) {
            for (Process daemon : daemons) {
                if (!daemon.isAlive()) {
                    throw new IOException("a Slurm daemon ended at start-up: " + daemon.info().command().orElse("?")
                        + "; see the logs in " + folder);
                }
            }
            ProcessBuilder query = new ProcessBuilder("sinfo", "-h", "-o", "%T").redirectErrorStream(true);
            query.environment().put("SLURM_CONF", configuration.toString());
            Process sinfo = query.start();
            state = new String(sinfo.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            sinfo.waitFor();
            if (state.equals("idle")) {
                return;
            }
            Thread.sleep(250);
        }
        throw new IOException("the Slurm node did not become idle within 60 s (sinfo: " + state + "); see " + folder);
    }

    private Process daemon(String... command) throws IOException {
        command[0] = locate(command[0]);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
            .redirectOutput(folder.resolve(Path.of(command[0]).getFileName() + ".out").toFile());
        builder.environment().put("SLURM_CONF", configuration.toString());
        return builder.start();
    }

    private int run(List<String> command, Map<String, String> environment) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().putAll(environment);
        builder.environment().put("SLURM_CONF", configuration.toString());
        Process process = builder.start();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return -1;
        }
        return process.exitValue();
    }

    private static long totalMemoryMiB() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
            if (line.startsWith("MemTotal:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
            }
        }
        return 2048;
    }

    private static boolean onPath(String command) {
        return !locate(command).equals(command);
    }

    /** {@return the command's path on PATH or in /usr/sbin, or the command itself when not found} */
    private static String locate(String command) {
        List<String> directories = new ArrayList<>(List.of(
            System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)));
        directories.add("/usr/sbin");
        for (String directory : directories) {
            if (!directory.isEmpty() && Files.isExecutable(Path.of(directory, command))) {
                return Path.of(directory, command).toString();
            }
        }
        return command;
    }
}
