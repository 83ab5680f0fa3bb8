package org.mpjbuf.dev.niodev;

/**
 * The layout of the three messages by which a new niodev connection proves, in both directions,
 * that it belongs to the job, before a single frame is accepted. The ranks share a secret
 * ({@code Bootstrap.jobSecret()}); it never crosses the wire. Every int is big-endian.
 *
 * <p><b>HELLO</b>, client to server, {@value #HELLO_LENGTH} bytes:
 * <pre>
 *   0               1               2               3
 *  +---------------------------------------------------------------+
 *  |                 magic 'N' 'I' 'O' 'H'                         |  0
 *  +---------------+-----------------------------------------------+
 *  |    version    |                 reserved (0)                  |  4
 *  +---------------+-----------------------------------------------+
 *  |                     client rank                               |  8
 *  +---------------------------------------------------------------+
 *  |                     server rank                               | 12
 *  +---------------------------------------------------------------+
 *  |                     job size                                  | 16
 *  +---------------------------------------------------------------+
 *  |                     reserved (0)                              | 20
 *  +---------------------------------------------------------------+
 *  |                     client nonce (32 random bytes)            | 24
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * <p><b>CHALLENGE</b>, server to client, {@value #CHALLENGE_LENGTH} bytes: the server nonce (32
 * random bytes) at 0, then the server proof at 32:
 * {@code HMAC-SHA256(secret, "niodev server" || HELLO || server nonce)}.
 *
 * <p><b>RESPONSE</b>, client to server, {@value #RESPONSE_LENGTH} bytes: the client proof
 * {@code HMAC-SHA256(secret, "niodev client" || HELLO || server nonce || server proof)}.
 *
 * <p>The client checks the server proof before it answers, so a listener that does not know the
 * secret learns nothing it could replay; the server checks the client proof before it reads a
 * frame. Both nonces are fresh per connection, so an old exchange cannot be replayed. The client
 * may send frames right after its RESPONSE; a server that refuses the proof closes the
 * connection.
 *
 * <p>Constants only; thread-safe.
 */
final class NiodevHandshakeDescriptor {
    /** The magic number of a HELLO, ASCII {@code NIOH}. */
    static final int MAGIC = 0x4E494F48;
    /** The version of the handshake. */
    static final byte VERSION = 1;
    /** Length of a nonce and of a proof (HMAC-SHA256). */
    static final int NONCE_LENGTH = 32;
    /** Length of a proof. */
    static final int PROOF_LENGTH = 32;

    /** HELLO: offset of the magic number. */
    static final int MAGIC_OFFSET = 0;
    /** HELLO: offset of the version byte. */
    static final int VERSION_OFFSET = 4;
    /** HELLO: offset of the three reserved bytes after the version. */
    static final int VERSION_RESERVED_OFFSET = 5;
    /** HELLO: offset of the client's rank. */
    static final int CLIENT_RANK_OFFSET = 8;
    /** HELLO: offset of the rank the client wants to reach. */
    static final int SERVER_RANK_OFFSET = 12;
    /** HELLO: offset of the job size. */
    static final int SIZE_OFFSET = 16;
    /** HELLO: offset of the reserved int. */
    static final int RESERVED_OFFSET = 20;
    /** HELLO: offset of the client nonce. */
    static final int CLIENT_NONCE_OFFSET = 24;
    /** Length of a HELLO. */
    static final int HELLO_LENGTH = CLIENT_NONCE_OFFSET + NONCE_LENGTH;

    /** CHALLENGE: offset of the server nonce. */
    static final int SERVER_NONCE_OFFSET = 0;
    /** CHALLENGE: offset of the server proof. */
    static final int SERVER_PROOF_OFFSET = NONCE_LENGTH;
    /** Length of a CHALLENGE. */
    static final int CHALLENGE_LENGTH = NONCE_LENGTH + PROOF_LENGTH;

    /** Length of a RESPONSE (the client proof). */
    static final int RESPONSE_LENGTH = PROOF_LENGTH;

    /** Label of the server proof. */
    static final String SERVER_LABEL = "niodev server";
    /** Label of the client proof. */
    static final String CLIENT_LABEL = "niodev client";

    private NiodevHandshakeDescriptor() {
    }
}
