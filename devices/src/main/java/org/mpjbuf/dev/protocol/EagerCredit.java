package org.mpjbuf.dev.protocol;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The eager credit between this rank and one peer, in both directions: how many bytes of eager
 * messages this rank may still send to the peer, and how many the peer has outstanding here.
 *
 * <h2>Design note</h2>
 * Every rank grants every peer {@code C} bytes (a device setting such as {@code mpjbuf.niodev.eagerCreditBytes};
 * the ranks of a job agree on it).
 * <ol>
 *   <li>Sender: a standard send of {@code L} bytes, at most the eager limit, goes eager only if
 *       it can {@linkplain #tryTake take} {@code L} of the credit left; otherwise it goes
 *       rendezvous, whose data land straight in the matched receive and take no unexpected
 *       memory.</li>
 *   <li>Receiver: an arriving eager message is {@linkplain #received counted} against {@code C};
 *       one that would overdraw it is a malformed frame, so a hostile peer cannot fill this
 *       rank's memory either.</li>
 *   <li>When the message's block is freed (delivered into a receive, or dropped when this rank
 *       finishes), or the message has been read straight into the receive posted for it, its
 *       bytes become {@linkplain #freed returnable}. Every frame this rank writes
 *       to the peer {@linkplain #takeReturnable carries} what is returnable in its header; once
 *       half of {@code C} is returnable and no frame has taken it, a {@code CREDIT} frame with no
 *       payload carries it, so a one-way stream of eager messages keeps its credit.</li>
 *   <li>The sender {@linkplain #returned adds} what comes back to its credit; a peer returning
 *       more than it was given is a malformed frame.</li>
 * </ol>
 * Credit is counted in message bytes; the pool's power-of-two blocks may take up to twice that.
 * Order is not at stake: eager and rendezvous messages take their place in the matching order
 * when their EAGER or RTS frame arrives ({@link Matcher}), whatever the credit decided.
 *
 * <p>No deadlock: credit is only ever needed to go eager, never to make progress; a message
 * without credit goes rendezvous, whose ready message returns credit as well. A sender with no
 * returnable credit waiting for it has at least {@code C / 2} left, less the messages the
 * receiver still holds.
 *
 * <p>Thread-safe, lock-free: a sending thread takes credit; the thread driving the selector
 * counts arrivals and returns; any thread that frees a block makes credit returnable; the thread
 * that writes a frame (under its connection's write lock) takes the returnable credit.
 */
public final class EagerCredit {
    private final long grant;
    private final long half;
    /** Bytes this rank may still send eagerly to the peer. */
    private final AtomicLong sendable;
    /** Bytes of eager messages from the peer whose credit has not gone back yet, held or freed. */
    private final AtomicLong unreturned = new AtomicLong();
    /** Of those, the bytes whose blocks are freed: the credit to return with the next frame. */
    private final AtomicLong returnable = new AtomicLong();
    /** Standard sends to the peer that went rendezvous for lack of credit. */
    private final AtomicLong refused = new AtomicLong();

    /**
     * Creates the credit of one peer.
     *
     * @param grant the bytes of eager messages each side may have outstanding at the other
     */
    public EagerCredit(final int grant) {
        this.grant = grant;
        this.half = (grant + 1L) / 2;
        this.sendable = new AtomicLong(grant);
    }

    /**
     * Takes credit to send an eager message; any thread.
     *
     * @param length the message's bytes
     * @return whether the credit held them (else the send goes rendezvous)
     */
    public boolean tryTake(final int length) {
        if (length == 0) {
            return true;
        }
        long left = sendable.get();
        while (left >= length) {
            final long witness = sendable.compareAndExchange(left, left - length);
            if (witness == left) {
                return true;
            }
            left = witness;
        }
        refused.incrementAndGet();
        return false;
    }

    /**
     * Adds credit the peer returned; by the driving thread.
     *
     * @param bytes the credit returned
     *
     * @throws MalformedFrameException if the peer returns more than it was given
     */
    public void returned(final int bytes) throws MalformedFrameException {
        if (bytes == 0) {
            return;
        }
        final long after = sendable.addAndGet(bytes);
        if (after > grant) {
            throw new MalformedFrameException("malformed frame: credit returned is " + bytes
                + ", expected at most the " + (grant - (after - bytes)) + " bytes of eager credit outstanding of the "
                + grant + " granted");
        }
    }

    /**
     * Counts an arriving eager message of {@code length} bytes against the credit granted; by the
     * driving thread.
     *
     * @param length the message's bytes
     * @throws MalformedFrameException if the peer overdraws its credit
     */
    public void received(final int length) throws MalformedFrameException {
        if (length == 0) {
            return;
        }
        final long after = unreturned.addAndGet(length);
        if (after > grant) {
            throw new MalformedFrameException("malformed frame: message length of an eager frame is " + length
                + ", expected at most the " + (grant - (after - length)) + " bytes left of the eager credit of "
                + grant);
        }
    }

    /**
     * Makes the credit of a freed eager message returnable; any thread.
     *
     * @param length the message's bytes
     *
     * @return whether half of the credit has just become returnable: a {@code CREDIT} frame should
     *     carry it now
     */
    public boolean freed(final int length) {
        if (length == 0) {
            return false;
        }
        final long after = returnable.addAndGet(length);
        return after >= half && after - length < half;
    }

    /**
     * Tells whether some credit is returnable.
     *
     * @return whether a frame would return some
     */
    public boolean hasReturnable() {
        return returnable.get() != 0;
    }

    /**
     * Takes the returnable credit for a frame's header; under the link's lock that orders its
     * frames.
     *
     * @return the bytes returned
     */
    public int takeReturnable() {
        if (returnable.get() == 0) {
            return 0;
        }
        final long bytes = returnable.getAndSet(0);
        unreturned.addAndGet(-bytes);
        return (int) bytes;
    }

    /**
     * Returns the bytes this rank may still send eagerly to the peer.
     *
     * @return the credit left
     */
    public long sendable() {
        return sendable.get();
    }

    /**
     * Returns how many standard sends to the peer went rendezvous for lack of credit.
     *
     * @return the count
     */
    public long refused() {
        return refused.get();
    }
}
