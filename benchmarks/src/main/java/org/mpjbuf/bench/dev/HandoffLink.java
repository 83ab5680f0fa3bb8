package org.mpjbuf.bench.dev;

import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.TransferQueue;

/**
 * The baseline {@link Link}: plain {@code java.util.concurrent}. A send puts a reference to the
 * sender's array into the receiver's {@link LinkedTransferQueue}; the receiver takes it and copies
 * it into its own array: one copy per message, as on smdev, and no completion tracking at all.
 * That is only safe because both benchmarks reuse a send array only after the peer has answered
 * (ping-pong reply, window acknowledgement), which implies the copy is done.
 */
final class HandoffLink implements Link {
    private static final byte[] STOP = new byte[0];

    private final TransferQueue<byte[]> outbox;
    private final TransferQueue<byte[]> inbox;

    private HandoffLink(final TransferQueue<byte[]> outbox, final TransferQueue<byte[]> inbox) {
        this.outbox = outbox;
        this.inbox = inbox;
    }

    /** Opens both ends of a new connection: index 0 and index 1. */
    static Link[] open() {
        final TransferQueue<byte[]> zeroToOne = new LinkedTransferQueue<>();
        final TransferQueue<byte[]> oneToZero = new LinkedTransferQueue<>();
        return new Link[] {new HandoffLink(zeroToOne, oneToZero), new HandoffLink(oneToZero, zeroToOne)};
    }

    @Override
    public void send(final byte[] data, final int length) {
        outbox.add(data);
    }

    @Override
    public void receive(final byte[] data, final int length) {
        if (!receiveOrStop(data, length)) {
            throw new IllegalStateException("stop message received where data was expected");
        }
    }

    @Override
    public void sendWindow(final byte[] data, final int length, final int count) {
        for (int i = 0; i < count; i++) {
            outbox.add(data);
        }
    }

    @Override
    public void receiveWindow(final byte[] data, final int length, final int count) {
        for (int i = 0; i < count; i++) {
            receive(data, length);
        }
    }

    @Override
    public void sendStop() {
        outbox.add(STOP);
    }

    @Override
    public boolean receiveOrStop(final byte[] data, final int length) {
        try {
            final byte[] message = inbox.take();
            if (message == STOP) {
                return false;
            }
            System.arraycopy(message, 0, data, 0, length);
            return true;
        } catch (final InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while receiving", ex);
        }
    }

    @Override
    public void close() {
        outbox.clear();
        inbox.clear();
    }
}
