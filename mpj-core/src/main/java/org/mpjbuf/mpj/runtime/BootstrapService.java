package org.mpjbuf.mpj.runtime;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;

/**
 * The launcher's side of the bootstrap of ranks that are processes: listens on one address, admits
 * one authenticated connection per rank ({@link BootstrapProtocol}), keeps the values the ranks
 * put, answers fences once every rank has fenced as often, and tells the launcher when a rank
 * aborts. A rank whose connection ends before it said goodbye fails every fence (its process's
 * exit tells the launcher the rest).
 *
 * <p>A connection that fails the handshake (a wrong proof, garbage, a rank out of range or
 * already connected, a line too long) is closed and reported through
 * {@link Events#refused}; the job goes on. Fences that wait when a rank aborts or leaves, and
 * every later one, are answered with {@code ERROR} and the reason, so no rank waits for one that
 * is gone.
 *
 * <p>Thread-safe: one thread accepts, one thread per connection serves it; the shared state is
 * guarded by this object's monitor.
 */
final class BootstrapService implements AutoCloseable {

    /** What the launcher learns from the ranks. Called from the service's threads. */
    interface Events {
        /**
         * A rank asked to end the job.
         *
         * @param rank   the rank
         * @param status the exit status it asks for
         * @param reason why
         */
        void aborted(int rank, int status, String reason);

        /**
         * A connection was refused, and closed.
         *
         * @param from the peer's address
         * @param why  what was wrong
         */
        void refused(String from, String why);
    }

    /** How long a new connection has to complete the handshake, in milliseconds. */
    private static final int HANDSHAKE_MILLIS = 10_000;
    /** How long {@link #close()} waits for the connections to end, in nanoseconds. */
    private static final long CLOSE_WAIT_NANOS = 2_000_000_000L;

    private final int size;
    private final byte[] secret;
    private final Events events;
    private final ServerSocket server;
    private final SecureRandom random = new SecureRandom();
    private final boolean[] connected;
    private final int[] fences;
    private final List<String> table = new ArrayList<>();
    private final List<Thread> serving = new ArrayList<>();
    private String failure;
    private volatile boolean closed;

    /**
     * Starts listening on an ephemeral port.
     *
     * @param size    the number of ranks
     * @param secret  the job's secret
     * @param address the address to listen on: loopback when every rank is on this host
     * @param events  where to report aborts and refused connections
     * @throws IOException if no port can be bound
     */
    BootstrapService(int size, byte[] secret, InetAddress address, Events events) throws IOException {
        this.size = size;
        this.secret = secret.clone();
        this.events = events;
        this.connected = new boolean[size];
        this.fences = new int[size];
        this.server = new ServerSocket(0, size + 16, address);
        Thread acceptor = new Thread(this::accept, "mpjrun-bootstrap");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** {@return the address the ranks connect to} */
    InetSocketAddress address() {
        return (InetSocketAddress) server.getLocalSocketAddress();
    }

    /**
     * Stops listening, wakes every waiting fence with an error, and waits a little for the
     * connections of ranks that have ended, so that what they said last is reported.
     */
    @Override
    public void close() {
        closed = true;
        fail("the launcher is ending the job");
        try {
            server.close();
        } catch (IOException ignored) {
            // closing a listening socket that is going away
        }
        long deadline = System.nanoTime() + CLOSE_WAIT_NANOS;
        for (Thread thread : servingThreads()) {
            long left = deadline - System.nanoTime();
            if (left > 0) {
                try {
                    thread.join(Math.max(1, left / 1_000_000));
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private synchronized List<Thread> servingThreads() {
        return List.copyOf(serving);
    }

    /**
     * Ends every fence that waits, and every later one, with an error.
     *
     * @param why what the ranks are told
     */
    synchronized void fail(String why) {
        if (failure == null) {
            failure = why;
        }
        notifyAll();
    }

    private void accept() {
        while (!closed) {
            try {
                Socket socket = server.accept();
                Thread thread = new Thread(() -> serve(socket), "mpjrun-bootstrap-" + socket.getPort());
                thread.setDaemon(true);
                synchronized (this) {
                    serving.add(thread);
                }
                thread.start();
            } catch (IOException stopped) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        String from = socket.getRemoteSocketAddress().toString();
        int rank = -1;
        boolean goodbye = false;
        try (socket) {
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(HANDSHAKE_MILLIS);
            InputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream out = new BufferedOutputStream(socket.getOutputStream());
            byte[] line = new byte[BootstrapProtocol.MAX_LINE];
            rank = admit(in, out, line, from);
            if (rank < 0) {
                return;
            }
            socket.setSoTimeout(0);
            goodbye = serveRequests(rank, in, out, line);
        } catch (IOException | RuntimeException broken) {
            if (rank < 0) {
                events.refused(from, broken.getMessage());
            } else {
                fail("rank " + rank + " left the job: " + broken.getMessage());
            }
            return;
        }
        if (rank >= 0 && !goodbye) {
            fail("rank " + rank + " left the job without saying goodbye");
        }
    }

    /** Runs the handshake; returns the rank admitted, or -1 after reporting a refusal. */
    private int admit(InputStream in, OutputStream out, byte[] line, String from) throws IOException {
        String[] hello = BootstrapProtocol.readLine(in, line).split(" ");
        int rank;
        byte[] rankNonce;
        try {
            if (hello.length != 3 || !hello[0].equals(BootstrapProtocol.HELLO)) {
                throw new IllegalArgumentException("the first line is not HELLO <rank> <nonce>");
            }
            rank = Integer.parseInt(hello[1]);
            rankNonce = BootstrapProtocol.fromHex(hello[2]);
        } catch (IllegalArgumentException garbage) {
            events.refused(from, garbage.getMessage());
            return -1;
        }
        if (rank < 0 || rank >= size || rankNonce.length != BootstrapProtocol.NONCE_BYTES) {
            events.refused(from, "rank " + rank + " is not a rank of this job of " + size + ", or the nonce is malformed");
            return -1;
        }
        byte[] nonce = new byte[BootstrapProtocol.NONCE_BYTES];
        random.nextBytes(nonce);
        BootstrapProtocol.writeLine(out, BootstrapProtocol.toHex(nonce) + " "
            + BootstrapProtocol.proof(secret, "launcher", rank, rankNonce));
        String answer = BootstrapProtocol.readLine(in, line);
        if (!BootstrapProtocol.sameProof(answer, BootstrapProtocol.proof(secret, "rank", rank, nonce))) {
            events.refused(from, "it could not prove it holds the job's secret (claimed rank " + rank + ")");
            return -1;
        }
        synchronized (this) {
            if (connected[rank]) {
                events.refused(from, "rank " + rank + " is connected already");
                return -1;
            }
            connected[rank] = true;
        }
        BootstrapProtocol.writeLine(out, BootstrapProtocol.OK);
        return rank;
    }

    /** Serves one admitted rank; returns whether it said goodbye. */
    private boolean serveRequests(int rank, InputStream in, OutputStream out, byte[] line) throws IOException {
        while (true) {
            String request = BootstrapProtocol.readLine(in, line);
            int space = request.indexOf(' ');
            String verb = space < 0 ? request : request.substring(0, space);
            String rest = space < 0 ? "" : request.substring(space + 1);
            switch (verb) {
                case BootstrapProtocol.PUT -> put(rank, rest);
                case BootstrapProtocol.FENCE -> fence(rank, out);
                case BootstrapProtocol.ABORT -> abort(rank, rest);
                case BootstrapProtocol.BYE -> {
                    return true;
                }
                default -> throw new IOException("rank " + rank + " sent an unknown request '" + verb + "'");
            }
        }
    }

    private void put(int rank, String keyAndValue) throws IOException {
        int space = keyAndValue.indexOf(' ');
        if (space <= 0) {
            throw new IOException("rank " + rank + " sent PUT without a key and a value");
        }
        synchronized (this) {
            table.add(rank + " " + keyAndValue);
        }
    }

    private void fence(int rank, OutputStream out) throws IOException {
        List<String> snapshot;
        String error;
        synchronized (this) {
            int generation = ++fences[rank];
            while (failure == null && !allFenced(generation)) {
                try {
                    wait();
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while rank " + rank + " waits in a fence");
                }
            }
            notifyAll();
            error = failure;
            snapshot = error == null ? List.copyOf(table) : List.of();
        }
        if (error != null) {
            BootstrapProtocol.writeLine(out, BootstrapProtocol.ERROR + " " + error);
            return;
        }
        BootstrapProtocol.writeLine(out, BootstrapProtocol.TABLE + " " + snapshot.size());
        for (String entry : snapshot) {
            BootstrapProtocol.writeLine(out, entry);
        }
    }

    private boolean allFenced(int generation) {
        for (int count : fences) {
            if (count < generation) {
                return false;
            }
        }
        return true;
    }

    private void abort(int rank, String statusAndReason) {
        int space = statusAndReason.indexOf(' ');
        int status;
        try {
            status = Integer.parseInt(space < 0 ? statusAndReason : statusAndReason.substring(0, space));
        } catch (NumberFormatException notANumber) {
            status = 1;
        }
        String reason = space < 0 ? "rank " + rank + " aborted the job" : statusAndReason.substring(space + 1);
        events.aborted(rank, status == 0 ? 1 : status, reason);
        fail(reason);
    }
}
