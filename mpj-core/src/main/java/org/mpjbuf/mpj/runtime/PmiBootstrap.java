package org.mpjbuf.mpj.runtime;

import java.io.IOException;
import java.net.InetAddress;
import java.security.SecureRandom;
import java.util.ArrayList;
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
 * What the {@link Bootstrap}s of the PMI wire protocols share, whatever their framing
 * ({@link Pmi1Bootstrap}, {@link Pmi2Bootstrap}): a rank talks to the launcher over the socket it
 * inherited in {@code PMI_FD} ({@link InheritedDescriptor}); a subclass says how one request and
 * its answer are written.
 *
 * <h2>What a PMI launcher does not give</h2>
 * <ul>
 *   <li><em>Per-rank keys</em>: PMI keys are global to the job, so a rank's key {@code k} is stored
 *       as {@code k-rank}; a value longer than the launcher's limit is split into numbered parts
 *       and joined on get.</li>
 *   <li><em>The ranks on this host</em>: every rank puts its host name and reads the others'
 *       after a first fence, made when the bootstrap opens.</li>
 *   <li><em>The job's secret</em>: rank 0 draws it and puts it in the same fence. The key-value
 *       space belongs to the job: only its ranks, through the sockets the launcher gave them,
 *       reach it.</li>
 * </ul>
 * The launcher learns that the rank ended normally by a finalize exchange when the JVM exits
 * (launchers fail a job whose rank is gone before they answer it).
 *
 * <p>Thread-safe as {@link Bootstrap} requires: exchanges on the socket are serialized by a lock;
 * {@link #abort} writes without it, as the rank may be blocked in a fence.
 */
abstract class PmiBootstrap implements Bootstrap {

    private static final String HOST_KEY = "mpjbuf.host";
    private static final String SECRET_KEY = "mpjbuf.secret";
    private static final String PARTS_PREFIX = "parts:";
    private static final long FINALIZE_WAIT_SECONDS = 2;

    /** The socket inherited from the launcher. */
    final InheritedDescriptor socket;
    private final int rank;
    private final int size;
    private final Set<String> putKeys = new HashSet<>();
    private final ReentrantLock lock = new ReentrantLock();
    private int[] localRanks;
    private byte[] secret;
    private volatile boolean finalized;

    /**
     * @param socket the inherited socket
     * @param rank   this rank, as the launcher's environment says
     * @param size   the number of ranks
     */
    PmiBootstrap(InheritedDescriptor socket, int rank, int size) {
        this.socket = socket;
        this.rank = rank;
        this.size = size;
    }

    /** Makes the bootstrap of one wire protocol over the inherited socket. */
    @FunctionalInterface
    interface Wire {
        /**
         * @param socket the inherited socket
         * @param rank   this rank
         * @param size   the number of ranks
         * @return the bootstrap, not yet initialized
         */
        PmiBootstrap over(InheritedDescriptor socket, int rank, int size);
    }

    /**
     * Joins the job through the socket in {@code PMI_FD}: makes the wire's bootstrap, runs its
     * handshake ({@link #initialize}), then the first fence ({@link #open}).
     *
     * @param environment the process's environment, with {@code PMI_FD}, {@code PMI_RANK} and {@code PMI_SIZE}
     * @param protocol    the protocol's name, for the error message
     * @param wire        makes the wire's bootstrap
     * @return the bootstrap
     * @throws BootstrapException naming what failed when the launcher cannot be spoken to
     */
    static PmiBootstrap join(Map<String, String> environment, String protocol, Wire wire) {
        int rank = Integer.parseInt(environment.get("PMI_RANK"));
        InheritedDescriptor socket = new InheritedDescriptor(Integer.parseInt(environment.get("PMI_FD")));
        try {
            PmiBootstrap bootstrap = wire.over(socket, rank, Integer.parseInt(environment.get("PMI_SIZE")));
            bootstrap.initialize(environment);
            bootstrap.open();
            return bootstrap;
        } catch (IOException | RuntimeException failed) {
            socket.close();
            throw new BootstrapException("rank " + rank + " cannot join the job through " + protocol + " on PMI_FD="
                + environment.get("PMI_FD") + ": " + failed.getMessage(), failed);
        }
    }

    /**
     * Runs the wire's handshake with the launcher, before the first fence.
     *
     * @param environment the process's environment
     * @throws IOException if the launcher cannot be spoken to
     */
    abstract void initialize(Map<String, String> environment) throws IOException;

    /**
     * Exchanges the host names and the job's secret through a first fence, once the wire's
     * handshake is done.
     *
     * @throws IOException if the host name cannot be read
     */
    final void open() throws IOException {
        put(HOST_KEY, InetAddress.getLocalHost().getHostName());
        if (rank == 0) {
            byte[] drawn = new byte[BootstrapProtocol.SECRET_BYTES];
            new SecureRandom().nextBytes(drawn);
            put(SECRET_KEY, BootstrapProtocol.toHex(drawn));
        }
        fence();
        secret = BootstrapProtocol.fromHex(get(0, SECRET_KEY));
        String host = get(rank, HOST_KEY);
        List<Integer> local = new ArrayList<>();
        for (int peer = 0; peer < size; peer++) {
            if (get(peer, HOST_KEY).equals(host)) {
                local.add(peer);
            }
        }
        localRanks = local.stream().mapToInt(Integer::intValue).toArray();
        Runtime.getRuntime().addShutdownHook(new Thread(this::finish, "pmi-finalize"));
    }

    /** {@return the longest key the launcher stores} */
    abstract int keyLimit();

    /** {@return the longest value the launcher stores} */
    abstract int valueLimit();

    /** Stores a value under a global key; called with the lock held. */
    abstract void store(String key, String value) throws IOException;

    /** {@return the value under a global key, or {@code null} if none}; called with the lock held. */
    abstract String load(String key) throws IOException;

    /** Waits until every rank fenced; called with the lock held. */
    abstract void barrier() throws IOException;

    /** Asks the launcher to end the job; called without the lock. */
    abstract void sendAbort(int status, String reason) throws IOException;

    /** Tells the launcher the rank ends and waits for its answer; called with the lock held. */
    abstract void sendFinalize() throws IOException;

    @Override
    public final int rank() {
        return rank;
    }

    @Override
    public final int size() {
        return size;
    }

    @Override
    public final int[] localRanks() {
        return localRanks.clone();
    }

    @Override
    public final void put(String key, String value) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        if (key.isEmpty() || !word(key)) {
            throw new IllegalArgumentException("a bootstrap key must be printable, without spaces, '=' or ';': '"
                + key + "'");
        }
        if (value.length() > MAX_VALUE_LENGTH || !word(value)) {
            throw new IllegalArgumentException("a bootstrap value must be at most " + MAX_VALUE_LENGTH
                + " printable characters without spaces, '=' or ';' (PMI words); got " + value.length());
        }
        lock.lock();
        try {
            if (!putKeys.add(key)) {
                throw new IllegalArgumentException("rank " + rank + " put key '" + key + "' already");
            }
            String name = globalKey(key, rank);
            int limit = valueLimit();
            if (value.length() <= limit) {
                store(name, value);
                return;
            }
            int parts = (value.length() + limit - 1) / limit;
            for (int part = 0; part < parts; part++) {
                store(name + "." + part, value.substring(part * limit, Math.min(value.length(), (part + 1) * limit)));
            }
            store(name, PARTS_PREFIX + parts);
        } catch (IOException broken) {
            throw new BootstrapException("rank " + rank + " cannot put '" + key + "' through PMI: " + broken.getMessage(),
                broken);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public final void fence() {
        lock.lock();
        try {
            barrier();
        } catch (IOException broken) {
            throw new BootstrapException("rank " + rank + " lost the launcher in a fence: " + broken.getMessage(), broken);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public final String get(int peer, String key) {
        Objects.requireNonNull(key, "key");
        if (peer < 0 || peer >= size) {
            throw new IllegalArgumentException("rank " + peer + " is not a rank of this job of " + size);
        }
        lock.lock();
        try {
            String name = globalKey(key, peer);
            String value = required(name, peer, key);
            if (!value.startsWith(PARTS_PREFIX)) {
                return value;
            }
            int parts = Integer.parseInt(value.substring(PARTS_PREFIX.length()));
            StringBuilder joined = new StringBuilder();
            for (int part = 0; part < parts; part++) {
                joined.append(required(name + "." + part, peer, key));
            }
            return joined.toString();
        } catch (IOException broken) {
            throw new BootstrapException("rank " + rank + " cannot get '" + key + "' through PMI: " + broken.getMessage(),
                broken);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public final byte[] jobSecret() {
        return secret.clone();
    }

    @Override
    public final void abort(int status, String reason) {
        ClusterLaunchers.reportAbort(reason);
        finalized = true;
        try {
            sendAbort(status, reason == null ? "" : reason);
        } catch (IOException launcherGone) {
            // the launcher ends the job by the rank's exit status anyway
        }
    }

    /**
     * Finalizes once, when the JVM exits (not after an abort). A thread still blocked in a fence
     * holds the lock: then the JVM exits without finalizing, after {@link #FINALIZE_WAIT_SECONDS}.
     */
    private void finish() {
        if (finalized) {
            return;
        }
        finalized = true;
        try {
            if (lock.tryLock(FINALIZE_WAIT_SECONDS, TimeUnit.SECONDS)) {
                try {
                    sendFinalize();
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

    private String required(String name, int peer, String key) throws IOException {
        String value = load(name);
        if (value == null) {
            throw new BootstrapException("rank " + peer + " put no value under '" + key + "' before the last fence");
        }
        return value;
    }

    private String globalKey(String key, int owner) {
        String name = key + "-" + owner;
        if (name.length() + 8 > keyLimit()) {
            throw new IllegalArgumentException("bootstrap key '" + key + "' is too long for the launcher's PMI keys of "
                + keyLimit() + " characters");
        }
        return name;
    }

    /** {@return whether text is one PMI word: printable ASCII without spaces, '=' or ';'} */
    private static boolean word(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c <= ' ' || c > '~' || c == '=' || c == ';') {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[rank " + rank + " of " + size + "]";
    }
}
