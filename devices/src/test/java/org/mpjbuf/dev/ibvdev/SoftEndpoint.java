package org.mpjbuf.dev.ibvdev;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;

/**
 * One end of a test connection over a {@link Verbs}: a device context, a protection domain, one
 * completion queue for both queues, a queue pair and a registered buffer. Used by the soft
 * provider's tests and by {@link SoftVerbsPeer} in a child process.
 */
final class SoftEndpoint implements AutoCloseable {
    static final int BUFFER_LENGTH = 64 * 1024;
    static final int ALL_ACCESS = VerbsConstants.ACCESS_LOCAL_WRITE | VerbsConstants.ACCESS_REMOTE_WRITE;

    final Verbs verbs;
    final Verbs.Context context;
    final Verbs.ProtectionDomain domain;
    final Verbs.CompletionQueue queue;
    final Verbs.QueuePair queuePair;
    final Arena arena = Arena.ofShared();
    final MemorySegment buffer;
    final Verbs.MemoryRegion region;
    final SendWorkRequest send;
    final ReceiveWorkRequest receive;
    final Completions completions = new Completions(16);

    SoftEndpoint(Verbs verbs, QueuePairCapabilities capabilities, int completionQueueCapacity) {
        this.verbs = verbs;
        context = verbs.open(verbs.deviceNames().getFirst());
        domain = verbs.allocateProtectionDomain(context);
        queue = verbs.createCompletionQueue(context, completionQueueCapacity);
        queuePair = verbs.createQueuePair(domain, queue, queue, capabilities);
        buffer = arena.allocate(BUFFER_LENGTH, 64);
        region = verbs.register(domain, buffer, ALL_ACCESS);
        send = verbs.newSendWorkRequest(capabilities.maxSendScatterGather());
        receive = verbs.newReceiveWorkRequest(capabilities.maxReceiveScatterGather());
    }

    SoftEndpoint(Verbs verbs) {
        this(verbs, new QueuePairCapabilities(16, 16, 4, 4, 0), 64);
    }

    Gid gid() {
        return verbs.queryGid(context, 1, 0);
    }

    long address(long offset) {
        return buffer.address() + offset;
    }

    /** Moves the queue pair to INIT with remote write access. */
    void init() {
        verbs.modifyToInit(queuePair, 1, 0, VerbsConstants.ACCESS_REMOTE_WRITE);
    }

    /** Moves the queue pair from INIT to RTR and RTS towards the peer. */
    void connect(Gid peerGid, int peerNumber, int rnrRetry, int minRnrTimer) {
        verbs.modifyToReadyToReceive(queuePair, new ReadyToReceiveAttributes(1, VerbsConstants.MTU_4096, peerNumber,
            0x1234, 0, peerGid, 0, 64, 0, 1, minRnrTimer));
        verbs.modifyToReadyToSend(queuePair, new ReadyToSendAttributes(0x1234, 8, 3, rnrRetry, 1));
    }

    /** Connects two endpoints, both INIT first, then RTR and RTS. */
    static void connect(SoftEndpoint a, SoftEndpoint b, int rnrRetry, int minRnrTimer) {
        a.init();
        b.init();
        a.connect(b.gid(), b.queuePair.number(), rnrRetry, minRnrTimer);
        b.connect(a.gid(), a.queuePair.number(), rnrRetry, minRnrTimer);
    }

    static void connect(SoftEndpoint a, SoftEndpoint b) {
        connect(a, b, 7, 1);
    }

    void postReceive(long wrId, long offset, int length) {
        verbs.postReceive(queuePair, receive.receive(wrId).scatter(address(offset), length, region.lkey()));
    }

    void postSend(long wrId, long offset, int length) {
        verbs.postSend(queuePair, send.send(wrId).gather(address(offset), length, region.lkey()).signaled(true));
    }

    void postWrite(long wrId, long offset, int length, long remoteAddress, int rkey) {
        verbs.postSend(queuePair, send.rdmaWrite(wrId, remoteAddress, rkey).gather(address(offset), length,
            region.lkey()).signaled(true));
    }

    /**
     * Polls until one completion arrives and returns it in index 0 of {@link #completions}.
     *
     * @param timeout how long to wait
     * @return the completions, holding one
     */
    Completions next(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Completions one = new Completions(1);
        while (verbs.poll(queue, one) == 0) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no completion within " + timeout + " on " + queuePair);
            }
            Thread.onSpinWait();
        }
        return one;
    }

    Completions next() {
        return next(Duration.ofSeconds(20));
    }

    /** Polls one completion and checks its wr_id and status. */
    Completions expect(long wrId, int status) {
        Completions one = next();
        assertEquals(verbs.statusText(status), verbs.statusText(one.status(0)), "status of wr_id " + one.wrId(0));
        assertEquals(wrId, one.wrId(0), "wr_id");
        return one;
    }

    void fill(long offset, int length, byte seed) {
        for (int i = 0; i < length; i++) {
            buffer.set(java.lang.foreign.ValueLayout.JAVA_BYTE, offset + i, (byte) (seed + i));
        }
    }

    @Override
    public void close() {
        verbs.destroy(queuePair);
        verbs.deregister(region);
        verbs.destroy(queue);
        verbs.deallocate(domain);
        verbs.close(context);
        arena.close();
    }
}
