package org.mpjbuf.mpj.runtime;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

import org.mpjbuf.dev.Bootstrap;
import org.mpjbuf.dev.BootstrapException;

/**
 * The {@link Bootstrap} of a rank that {@code bin/mpjrun} started as a process: an authenticated
 * connection to the launcher's {@link BootstrapService} ({@link BootstrapProtocol}). The launcher
 * says which ranks share this rank's host.
 *
 * <p>A fence waits for the launcher without a time limit of its own: the launcher watches the
 * ranks, answers a waiting fence with an error when one of them aborts or dies, and ends the job.
 *
 * <p>Thread-safe as {@link Bootstrap} requires: {@link #abort} may come from any thread.
 */
final class LauncherBootstrap implements Bootstrap, AutoCloseable {

    private final int rank;
    private final int size;
    private final int[] localRanks;
    private final byte[] secret;
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final byte[] line = new byte[BootstrapProtocol.MAX_LINE];
    private final Map<String, String> values = new HashMap<>();
    private final java.util.Set<String> putKeys = new java.util.HashSet<>();

    private LauncherBootstrap(int rank, int size, int[] localRanks, byte[] secret, Socket socket) throws IOException {
        this.rank = rank;
        this.size = size;
        this.localRanks = localRanks.clone();
        this.secret = secret;
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream());
        this.out = new BufferedOutputStream(socket.getOutputStream());
    }

    /**
     * Connects to the launcher and proves, both ways, that launcher and rank hold the job's secret.
     *
     * @param launcher the launcher's bootstrap address
     * @param rank     this rank
     * @param size     the number of ranks
     * @param localRanks the ranks on this host, this one included
     * @param secret   the job's secret
     * @return the connected bootstrap
     * @throws BootstrapException if the launcher cannot be reached or cannot prove the secret
     */
    static LauncherBootstrap connect(InetSocketAddress launcher, int rank, int size, int[] localRanks, byte[] secret) {
        Socket socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(launcher, 10_000);
            LauncherBootstrap bootstrap = new LauncherBootstrap(rank, size, localRanks, secret.clone(), socket);
            bootstrap.handshake();
            return bootstrap;
        } catch (IOException | RuntimeException failed) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // the connection failed anyway
            }
            throw new BootstrapException("rank " + rank + " cannot join the job through the launcher at "
                + launcher + ": " + failed.getMessage(), failed);
        }
    }

    private void handshake() throws IOException {
        byte[] nonce = new byte[BootstrapProtocol.NONCE_BYTES];
        new SecureRandom().nextBytes(nonce);
        BootstrapProtocol.writeLine(out, BootstrapProtocol.HELLO + " " + rank + " " + BootstrapProtocol.toHex(nonce));
        String[] challenge = BootstrapProtocol.readLine(in, line).split(" ");
        if (challenge.length != 2
            || !BootstrapProtocol.sameProof(challenge[1], BootstrapProtocol.proof(secret, "launcher", rank, nonce))) {
            throw new IOException("the launcher could not prove it holds the job's secret");
        }
        byte[] launcherNonce = BootstrapProtocol.fromHex(challenge[0]);
        BootstrapProtocol.writeLine(out, BootstrapProtocol.proof(secret, "rank", rank, launcherNonce));
        String answer = BootstrapProtocol.readLine(in, line);
        if (!answer.equals(BootstrapProtocol.OK)) {
            throw new IOException("the launcher refused the connection: " + answer);
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
        if (key.isEmpty() || key.indexOf(' ') >= 0) {
            throw new IllegalArgumentException("a bootstrap key must be non-empty and without spaces: '" + key + "'");
        }
        if (value.length() > MAX_VALUE_LENGTH || value.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("a bootstrap value must be one line of at most " + MAX_VALUE_LENGTH
                + " characters; got " + value.length());
        }
        if (!putKeys.add(key)) {
            throw new IllegalArgumentException("rank " + rank + " put key '" + key + "' already");
        }
        send(BootstrapProtocol.PUT + " " + key + " " + value);
    }

    @Override
    public void fence() {
        send(BootstrapProtocol.FENCE);
        try {
            String answer = BootstrapProtocol.readLine(in, line);
            if (answer.startsWith(BootstrapProtocol.ERROR)) {
                throw new BootstrapException("the job ended while rank " + rank + " waited in a fence: "
                    + answer.substring(BootstrapProtocol.ERROR.length()).trim());
            }
            int entries = Integer.parseInt(answer.substring(BootstrapProtocol.TABLE.length()).trim());
            values.clear();
            for (int i = 0; i < entries; i++) {
                String[] entry = BootstrapProtocol.readLine(in, line).split(" ", 3);
                values.put(entry[0] + " " + entry[1], entry[2]);
            }
        } catch (IOException | RuntimeException broken) {
            if (broken instanceof BootstrapException known) {
                throw known;
            }
            throw new BootstrapException("rank " + rank + " lost the launcher during a fence: " + broken.getMessage(),
                broken);
        }
    }

    @Override
    public String get(int peer, String key) {
        Objects.requireNonNull(key, "key");
        if (peer < 0 || peer >= size) {
            throw new IllegalArgumentException("rank " + peer + " is not a rank of this job of " + size);
        }
        String value = values.get(peer + " " + key);
        if (value == null) {
            throw new BootstrapException("rank " + peer + " put no value under '" + key + "' before the last fence");
        }
        return value;
    }

    @Override
    public byte[] jobSecret() {
        return secret.clone();
    }

    @Override
    public void abort(int status, String reason) {
        String oneLine = reason == null ? "" : reason.replace('\n', ' ').replace('\r', ' ');
        if (oneLine.length() > 2048) {
            oneLine = oneLine.substring(0, 2048);
        }
        try {
            send(BootstrapProtocol.ABORT + " " + status + " " + oneLine);
        } catch (BootstrapException launcherGone) {
            // the launcher is gone: it ends the job by itself
        }
    }

    /** Tells the launcher this rank ends normally, and closes the connection. */
    @Override
    public void close() {
        try {
            send(BootstrapProtocol.BYE);
        } catch (BootstrapException launcherGone) {
            // nothing left to say goodbye to
        }
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    private void send(String request) {
        synchronized (out) {
            try {
                BootstrapProtocol.writeLine(out, request);
            } catch (IOException broken) {
                throw new BootstrapException("rank " + rank + " lost the launcher: " + broken.getMessage(), broken);
            }
        }
    }

    @Override
    public String toString() {
        return "LauncherBootstrap[rank " + rank + " of " + size + ", launcher " + socket.getRemoteSocketAddress() + "]";
    }
}
