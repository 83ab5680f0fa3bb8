package org.mpjbuf.bench.dev;

import java.util.Arrays;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Shared set-up of the device benchmarks: the JMH thread is rank 0; rank 1 is a peer thread that
 * runs {@link #peerLoop} until told to stop. Subclasses say what the peer does with each message.
 * After each trial the data rank 0 received are checked (IMB: data checked after the timed loop).
 */
@State(Scope.Benchmark)
public abstract class PeerBenchmarkState {
    /** Message sizes in bytes, 1 B to 16 MiB; 64 KiB is smdev's last eager size. */
    @Param({"1", "64", "1024", "16384", "65536", "262144", "1048576", "4194304", "16777216"})
    public int size;

    /** The transport measured. */
    @Param({"SMDEV", "HANDOFF", "NIODEV"})
    public Transport transport;

    Link local;
    byte[] outgoing;
    byte[] incoming;
    private Link remote;
    private Thread peer;
    private volatile Throwable peerFailure;

    /** Opens the link and starts the peer thread. */
    @Setup(Level.Trial)
    public void start() {
        final Link[] ends = transport.open();
        local = ends[0];
        remote = ends[1];
        outgoing = new byte[size];
        Arrays.fill(outgoing, (byte) 0x5a);
        incoming = new byte[size];
        final byte[] peerBuffer = new byte[size];
        peer = new Thread(() -> {
            try {
                peerLoop(remote, peerBuffer);
            } catch (final Throwable ex) {
                peerFailure = ex;
            }
        }, "benchmark-peer");
        peer.setDaemon(true);
        peer.start();
    }

    /** Stops the peer, closes the link, and checks the last data received. */
    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
        local.sendStop();
        peer.join(10_000);
        local.close();
        remote.close();
        if (peerFailure != null) {
            throw new IllegalStateException("peer failed", peerFailure);
        }
        if (peer.isAlive()) {
            throw new IllegalStateException("peer did not stop");
        }
        checkReceived();
    }

    /** Runs on the peer thread until the stop message arrives. */
    abstract void peerLoop(Link link, byte[] buffer);

    /** Checks what rank 0 received during the trial. */
    abstract void checkReceived();
}
