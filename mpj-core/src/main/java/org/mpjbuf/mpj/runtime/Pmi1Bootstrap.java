package org.mpjbuf.mpj.runtime;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import org.mpjbuf.dev.Bootstrap;
import org.mpjbuf.dev.BootstrapException;

/**
 * The {@link Bootstrap} of a rank started by a launcher that speaks the PMI-1 wire protocol over
 * the socket it hands the rank in {@code PMI_FD}: MPICH's Hydra {@code mpiexec}.
 *
 * <h2>Protocol</h2>
 * Text lines of {@code name=value} words on the inherited socket ({@link InheritedDescriptor}):
 * {@code cmd=init pmi_version=1 pmi_subversion=1}, {@code cmd=get_maxes},
 * {@code cmd=get_my_kvsname}, then {@code cmd=put}, {@code cmd=barrier_in} (the fence),
 * {@code cmd=get}, {@code cmd=abort} and {@code cmd=finalize}, each answered by one line with an
 * {@code rc}. PMI-1 keys are global to the job's key-value space, so a rank's key {@code k} is
 * stored as {@code k-rank}. A value longer than the launcher's {@code vallen_max} is split into
 * numbered parts and joined on get.
 *
 * <h2>What the launcher does not give</h2>
 * <ul>
 *   <li><em>The ranks on this host</em>: every rank puts its host name and reads the others' after
 *       a first fence, made when the bootstrap opens.</li>
 *   <li><em>The job's secret</em>: rank 0 draws it and puts it in the same fence. The key-value
 *       space belongs to the job: only its ranks, through the sockets the launcher gave them,
 *       reach it.</li>
 * </ul>
 * The launcher learns that the rank ended normally by {@code cmd=finalize}, sent when the JVM
 * exits; the descriptor closes with the process.
 *
 * <p>Thread-safe as {@link Bootstrap} requires: exchanges on the socket are serialized by a lock;
 * {@link #abort} writes without it, as the rank may be blocked in a fence.
 */
final class Pmi1Bootstrap implements Bootstrap {

    private static final int MAX_LINE = 4096;
    private static final String HOST_KEY = "mpjbuf.host";
    private static final String SECRET_KEY = "mpjbuf.secret";
    private static final String PARTS_PREFIX = "parts:";
    private static final long FINALIZE_WAIT_SECONDS = 2;

    private final InheritedDescriptor socket;
    private final int rank;
    private final int size;
    private final byte[] line = new byte[MAX_LINE];
    private final byte[] chunk = new byte[MAX_LINE];
    private int chunkStart;
    private int chunkEnd;
    private final String kvsName;
    private final int keyLimit;
    private final int valueLimit;
    private final Set<String> putKeys = new HashSet<>();
    private final int[] localRanks;
    private final byte[] secret;
    private volatile boolean finalized;
    /** Serializes the exchanges on the socket. */
    private final ReentrantLock lock = new ReentrantLock();

    private Pmi1Bootstrap(InheritedDescriptor socket, int rank, int size) throws IOException {
        this.socket = socket;
        this.rank = rank;
        this.size = size;
        Map<String, String> init = request("cmd=init pmi_version=1 pmi_subversion=1", "response_to_init");
        if (!"1".equals(init.get("pmi_version"))) {
            throw new IOException("the launcher speaks PMI version " + init.get("pmi_version") + ", not 1");
        }
        Map<String, String> maxes = request("cmd=get_maxes", "maxes");
        this.keyLimit = Integer.parseInt(maxes.getOrDefault("keylen_max", "64"));
        this.valueLimit = Integer.parseInt(maxes.getOrDefault("vallen_max", "1024"));
        this.kvsName = request("cmd=get_my_kvsname", "my_kvsname").get("kvsname");
        put(HOST_KEY, InetAddress.getLocalHost().getHostName());
        if (rank == 0) {
            byte[] drawn = new byte[BootstrapProtocol.SECRET_BYTES];
            new SecureRandom().nextBytes(drawn);
            put(SECRET_KEY, BootstrapProtocol.toHex(drawn));
        }
        fence();
        this.secret = BootstrapProtocol.fromHex(get(0, SECRET_KEY));
        String host = get(rank, HOST_KEY);
        List<Integer> local = new ArrayList<>();
        for (int peer = 0; peer < size; peer++) {
            if (get(peer, HOST_KEY).equals(host)) {
                local.add(peer);
            }
        }
        this.localRanks = local.stream().mapToInt(Integer::intValue).toArray();
        Runtime.getRuntime().addShutdownHook(new Thread(this::finish, "pmi-finalize"));
    }

    /**
     * Joins the job through the PMI-1 socket of the environment.
     *
     * @param environment the process's environment, with {@code PMI_FD}, {@code PMI_RANK} and {@code PMI_SIZE}
     * @return the bootstrap
     * @throws BootstrapException naming what failed when the launcher cannot be spoken to
     */
    static Pmi1Bootstrap connect(Map<String, String> environment) {
        int rank = Integer.parseInt(environment.get("PMI_RANK"));
        int size = Integer.parseInt(environment.get("PMI_SIZE"));
        InheritedDescriptor socket = new InheritedDescriptor(Integer.parseInt(environment.get("PMI_FD")));
        try {
            return new Pmi1Bootstrap(socket, rank, size);
        } catch (IOException | RuntimeException failed) {
            socket.close();
            throw new BootstrapException("rank " + rank + " cannot join the job through PMI-1 on PMI_FD="
                + environment.get("PMI_FD") + ": " + failed.getMessage(), failed);
        }
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public int[] localRanks() {
        return localRanks.clone();
    }

    @Override
    public void put(String key, String value) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        if (key.isEmpty() || !printable(key)) {
            throw new IllegalArgumentException("a bootstrap key must be printable, without spaces or '=': '" + key + "'");
        }
        if (value.length() > MAX_VALUE_LENGTH || !printable(value)) {
            throw new IllegalArgumentException("a bootstrap value must be at most " + MAX_VALUE_LENGTH
                + " printable characters without spaces or '=' (PMI-1 words); got " + value.length());
        }
        lock.lock();
        try {
            if (!putKeys.add(key)) {
                throw new IllegalArgumentException("rank " + rank + " put key '" + key + "' already");
            }
            String name = globalKey(key, rank);
            if (value.length() <= valueLimit) {
                store(name, value);
                return;
            }
            int parts = (value.length() + valueLimit - 1) / valueLimit;
            for (int part = 0; part < parts; part++) {
                store(name + "." + part, value.substring(part * valueLimit, Math.min(value.length(), (part + 1) * valueLimit)));
            }
            store(name, PARTS_PREFIX + parts);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void fence() {
        lock.lock();
        try {
            request("cmd=barrier_in", "barrier_out");
        } catch (IOException broken) {
            throw new BootstrapException("rank " + rank + " lost the launcher in a fence: " + broken.getMessage(), broken);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String get(int peer, String key) {
        Objects.requireNonNull(key, "key");
        if (peer < 0 || peer >= size) {
            throw new IllegalArgumentException("rank " + peer + " is not a rank of this job of " + size);
        }
        lock.lock();
        try {
            String name = globalKey(key, peer);
            String value = load(name, peer, key);
            if (!value.startsWith(PARTS_PREFIX)) {
                return value;
            }
            int parts = Integer.parseInt(value.substring(PARTS_PREFIX.length()));
            StringBuilder joined = new StringBuilder();
            for (int part = 0; part < parts; part++) {
                joined.append(load(name + "." + part, peer, key));
            }
            return joined.toString();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public byte[] jobSecret() {
        return secret.clone();
    }

    @Override
    public void abort(int status, String reason) {
        System.err.println(reason);
        finalized = true;
        try {
            send("cmd=abort exitcode=" + status);
        } catch (IOException launcherGone) {
            // the launcher ends the job by the rank's exit status anyway
        }
    }

    /**
     * Tells the launcher the rank ends normally, once, when the JVM exits, and waits for its
     * acknowledgement (Hydra fails the job when the rank is gone before it answers). A thread
     * still blocked in a fence holds the lock: then the JVM exits without finalizing, after
     * {@link #FINALIZE_WAIT_SECONDS}.
     */
    private void finish() {
        if (finalized) {
            return;
        }
        finalized = true;
        try {
            if (lock.tryLock(FINALIZE_WAIT_SECONDS, TimeUnit.SECONDS)) {
                try {
                    request("cmd=finalize", "finalize_ack");
                } finally {
                    lock.unlock();
                }
            }
        } catch (IOException | RuntimeException launcherGone) {
            // nothing left to tell
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private String globalKey(String key, int owner) {
        String name = key + "-" + owner;
        if (name.length() + 8 > keyLimit) {
            throw new IllegalArgumentException("bootstrap key '" + key + "' is too long for the launcher's PMI keys of "
                + keyLimit + " characters");
        }
        return name;
    }

    private void store(String name, String value) {
        try {
            request("cmd=put kvsname=" + kvsName + " key=" + name + " value=" + value, "put_result");
        } catch (IOException broken) {
            throw new BootstrapException("rank " + rank + " cannot put '" + name + "' through PMI-1: " + broken.getMessage(),
                broken);
        }
    }

    private String load(String name, int peer, String key) {
        Map<String, String> answer;
        try {
            answer = exchange("cmd=get kvsname=" + kvsName + " key=" + name, "get_result");
        } catch (IOException broken) {
            throw new BootstrapException("rank " + rank + " cannot get '" + name + "' through PMI-1: " + broken.getMessage(),
                broken);
        }
        if (!"0".equals(answer.get("rc")) || !answer.containsKey("value")) {
            throw new BootstrapException("rank " + peer + " put no value under '" + key + "' before the last fence");
        }
        return answer.get("value");
    }

    /** Sends a command and returns its answer, which must be {@code cmd=expected} with rc 0 (or none). */
    private Map<String, String> request(String command, String expected) throws IOException {
        Map<String, String> answer = exchange(command, expected);
        String rc = answer.get("rc");
        if (rc != null && !rc.equals("0")) {
            throw new IOException("the launcher answered '" + command.split(" ")[0] + "' with rc=" + rc
                + (answer.containsKey("msg") ? " (" + answer.get("msg") + ")" : ""));
        }
        return answer;
    }

    private Map<String, String> exchange(String command, String expected) throws IOException {
        send(command);
        Map<String, String> answer = words(readLine());
        if (!expected.equals(answer.get("cmd"))) {
            throw new IOException("the launcher answered '" + command.split(" ")[0] + "' with cmd=" + answer.get("cmd")
                + " instead of cmd=" + expected);
        }
        return answer;
    }

    private void send(String command) throws IOException {
        socket.write((command + "\n").getBytes(StandardCharsets.US_ASCII));
    }

    /** Reads one line, at most {@link #MAX_LINE} bytes, through a chunk buffer. */
    private String readLine() throws IOException {
        int length = 0;
        while (true) {
            if (chunkStart == chunkEnd) {
                int read = socket.read(chunk, 0, chunk.length);
                if (read < 0) {
                    throw new IOException("the launcher closed the PMI socket");
                }
                chunkStart = 0;
                chunkEnd = read;
            }
            byte next = chunk[chunkStart++];
            if (next == '\n') {
                return new String(line, 0, length, StandardCharsets.US_ASCII);
            }
            if (length == MAX_LINE) {
                throw new IOException("the launcher sent a PMI line longer than " + MAX_LINE + " bytes");
            }
            line[length++] = next;
        }
    }

    private static Map<String, String> words(String answer) {
        Map<String, String> words = new HashMap<>();
        for (String word : answer.trim().split(" +")) {
            int equals = word.indexOf('=');
            if (equals > 0) {
                words.put(word.substring(0, equals), word.substring(equals + 1));
            }
        }
        return words;
    }

    private static boolean printable(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c <= ' ' || c > '~' || c == '=') {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return "Pmi1Bootstrap[rank " + rank + " of " + size + ", kvs " + kvsName + "]";
    }
}
