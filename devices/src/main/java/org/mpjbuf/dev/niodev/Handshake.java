package org.mpjbuf.dev.niodev;

import static org.mpjbuf.dev.niodev.NiodevHandshakeDescriptor.CHALLENGE_LENGTH;
import static org.mpjbuf.dev.niodev.NiodevHandshakeDescriptor.CLIENT_NONCE_OFFSET;
import static org.mpjbuf.dev.niodev.NiodevHandshakeDescriptor.CLIENT_RANK_OFFSET;
import static org.mpjbuf.dev.niodev.NiodevHandshakeDescriptor.HELLO_LENGTH;
import static org.mpjbuf.dev.niodev.NiodevHandshakeDescriptor.NONCE_LENGTH;
import static org.mpjbuf.dev.niodev.NiodevHandshakeDescriptor.PROOF_LENGTH;
import static org.mpjbuf.dev.niodev.NiodevHandshakeDescriptor.RESPONSE_LENGTH;
import static org.mpjbuf.dev.niodev.NiodevHandshakeDescriptor.SERVER_NONCE_OFFSET;
import static org.mpjbuf.dev.niodev.NiodevHandshakeDescriptor.SERVER_PROOF_OFFSET;
import static org.mpjbuf.dev.niodev.NiodevHandshakeDescriptor.SERVER_RANK_OFFSET;
import static org.mpjbuf.dev.niodev.NiodevHandshakeDescriptor.SIZE_OFFSET;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * One side of the mutual challenge-response of a new connection (see
 * {@link NiodevHandshakeDescriptor}), driven by the thread that drives the selector over a
 * non-blocking channel:
 * each call of {@link #advance} reads or writes what the channel allows and reports whether the
 * exchange is over. Every message has a fixed length, so a peer that sends garbage or nothing
 * costs a few dozen bytes and, at most, the handshake timeout.
 *
 * <p>Not thread-safe: one instance per connection, used by one driving thread at a time.
 */
final class Handshake {
    private static final int CLIENT_SEND_HELLO = 0;
    private static final int CLIENT_READ_CHALLENGE = 1;
    private static final int CLIENT_SEND_RESPONSE = 2;
    private static final int SERVER_READ_HELLO = 3;
    private static final int SERVER_SEND_CHALLENGE = 4;
    private static final int SERVER_READ_RESPONSE = 5;
    private static final int DONE = 6;

    private final boolean client;
    private final int localRank;
    private final int size;
    private final SecretKeySpec key;
    private final SecureRandom random;
    private final byte[] hello = new byte[HELLO_LENGTH];
    private final byte[] challenge = new byte[CHALLENGE_LENGTH];
    private ByteBuffer pending;
    private int state;
    private int peerRank;

    private Handshake(final boolean client, final int localRank, final int peerRank, final int size,
                      final SecretKeySpec key, final SecureRandom random) {
        this.client = client;
        this.localRank = localRank;
        this.peerRank = peerRank;
        this.size = size;
        this.key = key;
        this.random = random;
    }

    /** Starts the client side: this rank connected to {@code serverRank}. */
    static Handshake client(final int localRank, final int serverRank, final int size, final SecretKeySpec key,
                            final SecureRandom random) {
        final Handshake handshake = new Handshake(true, localRank, serverRank, size, key, random);
        final ByteBuffer out = ByteBuffer.wrap(handshake.hello);
        out.putInt(NiodevHandshakeDescriptor.MAGIC_OFFSET, NiodevHandshakeDescriptor.MAGIC);
        out.put(NiodevHandshakeDescriptor.VERSION_OFFSET, NiodevHandshakeDescriptor.VERSION);
        out.putInt(CLIENT_RANK_OFFSET, localRank);
        out.putInt(SERVER_RANK_OFFSET, serverRank);
        out.putInt(SIZE_OFFSET, size);
        final byte[] nonce = new byte[NONCE_LENGTH];
        random.nextBytes(nonce);
        out.put(CLIENT_NONCE_OFFSET, nonce);
        handshake.pending = ByteBuffer.wrap(handshake.hello.clone());
        handshake.state = CLIENT_SEND_HELLO;
        return handshake;
    }

    /** Starts the server side of a connection this rank accepted. */
    static Handshake server(final int localRank, final int size, final SecretKeySpec key, final SecureRandom random) {
        final Handshake handshake = new Handshake(false, localRank, -1, size, key, random);
        handshake.pending = ByteBuffer.wrap(handshake.hello);
        handshake.state = SERVER_READ_HELLO;
        return handshake;
    }

    /** Makes the HMAC key of a job secret. */
    static SecretKeySpec key(final byte[] secret) {
        return new SecretKeySpec(secret, "HmacSHA256");
    }

    /** Returns the peer's rank: the one connected to, or the one a client proved it is. */
    int peerRank() {
        return peerRank;
    }

    /** Tells whether the next step waits for the channel to be writable (else readable). */
    boolean wantsWrite() {
        return state == CLIENT_SEND_HELLO || state == CLIENT_SEND_RESPONSE || state == SERVER_SEND_CHALLENGE;
    }

    /**
     * Reads or writes what the channel allows and moves on.
     *
     * @return {@code true} once the peer is authenticated (and, for a client, the response sent)
     * @throws AuthenticationException if the peer's bytes are not a valid step of the exchange
     * @throws IOException if the channel fails or closes
     */
    boolean advance(final SocketChannel channel) throws IOException {
        while (state != DONE) {
            if (wantsWrite()) {
                channel.write(pending);
                if (pending.hasRemaining()) {
                    return false;
                }
                stepAfterWrite();
            } else {
                if (channel.read(pending) < 0) {
                    throw new AuthenticationException("the peer closed the connection during the handshake after "
                        + pending.position() + " bytes of a " + pending.capacity() + "-byte message");
                }
                if (pending.hasRemaining()) {
                    return false;
                }
                stepAfterRead();
            }
        }
        return true;
    }

    private void stepAfterWrite() {
        switch (state) {
            case CLIENT_SEND_HELLO -> {
                pending = ByteBuffer.wrap(challenge);
                state = CLIENT_READ_CHALLENGE;
            }
            case SERVER_SEND_CHALLENGE -> {
                pending = ByteBuffer.allocate(RESPONSE_LENGTH);
                state = SERVER_READ_RESPONSE;
            }
            default -> state = DONE;
        }
    }

    private void stepAfterRead() throws AuthenticationException {
        if (state == CLIENT_READ_CHALLENGE) {
            final byte[] expected = serverProof(challenge);
            if (!MessageDigest.isEqual(expected, slice(challenge, SERVER_PROOF_OFFSET, PROOF_LENGTH))) {
                throw new AuthenticationException("rank " + peerRank + " did not prove it knows the job secret");
            }
            pending = ByteBuffer.wrap(clientProof(challenge));
            state = CLIENT_SEND_RESPONSE;
        } else if (state == SERVER_READ_HELLO) {
            checkHello();
            final byte[] nonce = new byte[NONCE_LENGTH];
            random.nextBytes(nonce);
            System.arraycopy(nonce, 0, challenge, SERVER_NONCE_OFFSET, NONCE_LENGTH);
            System.arraycopy(serverProof(challenge), 0, challenge, SERVER_PROOF_OFFSET, PROOF_LENGTH);
            pending = ByteBuffer.wrap(challenge);
            state = SERVER_SEND_CHALLENGE;
        } else {
            if (!MessageDigest.isEqual(clientProof(challenge), pending.array())) {
                throw new AuthenticationException("the client claiming rank " + peerRank
                    + " did not prove it knows the job secret");
            }
            state = DONE;
        }
    }

    private void checkHello() throws AuthenticationException {
        final ByteBuffer in = ByteBuffer.wrap(hello);
        final int magic = in.getInt(NiodevHandshakeDescriptor.MAGIC_OFFSET);
        if (magic != NiodevHandshakeDescriptor.MAGIC) {
            throw new AuthenticationException("not a niodev HELLO: magic 0x" + Integer.toHexString(magic));
        }
        final byte version = in.get(NiodevHandshakeDescriptor.VERSION_OFFSET);
        if (version != NiodevHandshakeDescriptor.VERSION) {
            throw new AuthenticationException("HELLO version " + version + ", expected "
                + NiodevHandshakeDescriptor.VERSION);
        }
        for (int i = NiodevHandshakeDescriptor.VERSION_RESERVED_OFFSET; i < CLIENT_RANK_OFFSET; i++) {
            if (hello[i] != 0) {
                throw new AuthenticationException("HELLO reserved byte " + i + " is " + hello[i]);
            }
        }
        if (in.getInt(NiodevHandshakeDescriptor.RESERVED_OFFSET) != 0) {
            throw new AuthenticationException("HELLO reserved int is not 0");
        }
        final int claimed = in.getInt(CLIENT_RANK_OFFSET);
        final int wanted = in.getInt(SERVER_RANK_OFFSET);
        final int jobSize = in.getInt(SIZE_OFFSET);
        if (wanted != localRank || jobSize != size) {
            throw new AuthenticationException("HELLO for rank " + wanted + " of " + jobSize + " reached rank "
                + localRank + " of " + size);
        }
        if (claimed <= localRank || claimed >= size) {
            throw new AuthenticationException("HELLO from rank " + claimed + ": only ranks " + (localRank + 1)
                + " to " + (size - 1) + " connect to rank " + localRank);
        }
        peerRank = claimed;
    }

    private byte[] serverProof(final byte[] challengeBytes) {
        return hmac(NiodevHandshakeDescriptor.SERVER_LABEL, hello, slice(challengeBytes, SERVER_NONCE_OFFSET,
            NONCE_LENGTH), null);
    }

    private byte[] clientProof(final byte[] challengeBytes) {
        return hmac(NiodevHandshakeDescriptor.CLIENT_LABEL, hello, slice(challengeBytes, SERVER_NONCE_OFFSET,
            NONCE_LENGTH), slice(challengeBytes, SERVER_PROOF_OFFSET, PROOF_LENGTH));
    }

    private byte[] hmac(final String label, final byte[] first, final byte[] second, final byte[] third) {
        try {
            final Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            mac.update(label.getBytes(StandardCharsets.US_ASCII));
            mac.update(first);
            mac.update(second);
            if (third != null) {
                mac.update(third);
            }
            return mac.doFinal();
        } catch (final GeneralSecurityException ex) {
            throw new IllegalStateException("HmacSHA256 is not available: " + ex, ex);
        }
    }

    private static byte[] slice(final byte[] bytes, final int offset, final int length) {
        final byte[] part = new byte[length];
        System.arraycopy(bytes, offset, part, 0, length);
        return part;
    }

    @Override
    public String toString() {
        return "Handshake[" + (client ? "client" : "server") + " of rank " + localRank + ", peer " + peerRank
            + ", state " + state + "]";
    }

    /** The peer failed the handshake; the message says how. */
    static final class AuthenticationException extends IOException {
        private static final long serialVersionUID = 1L;

        AuthenticationException(final String message) {
            super(message);
        }
    }
}
