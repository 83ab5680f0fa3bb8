package org.mpjbuf.mpj.runtime;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The line protocol between {@code bin/mpjrun} and the ranks it starts as processes: the
 * {@link BootstrapService} in the launcher and one {@link LauncherBootstrap} per rank.
 *
 * <h2>Handshake</h2>
 * Both sides prove they hold the job's secret without sending it: each sends a fresh random nonce
 * and answers the other's with an HMAC-SHA256 keyed with the secret.
 * <pre>
 *   rank     → launcher   HELLO &lt;rank&gt; &lt;rank nonce, hex&gt;
 *   launcher → rank       &lt;launcher nonce, hex&gt; &lt;HMAC(secret, "launcher" rank rank-nonce), hex&gt;
 *   rank     → launcher   &lt;HMAC(secret, "rank" rank launcher-nonce), hex&gt;
 *   launcher → rank       OK
 * </pre>
 * A launcher that cannot prove the secret is refused by the rank; a rank that cannot is
 * disconnected, and the job goes on.
 *
 * <h2>Requests, one line each, after the handshake</h2>
 * <pre>
 *   PUT &lt;key&gt; &lt;value&gt;       no answer; the value is the rest of the line
 *   FENCE                    answered, once every rank fenced as often, by TABLE &lt;n&gt; and n lines
 *                            &lt;rank&gt; &lt;key&gt; &lt;value&gt; (every value put so far), or ERROR &lt;why&gt;
 *   ABORT &lt;status&gt; &lt;reason&gt;  no answer; the launcher ends the job
 *   BYE                      no answer; the rank ends normally
 * </pre>
 * Every line is UTF-8, ends with {@code \n} and is at most {@link #MAX_LINE} bytes: a reader stops
 * at that bound instead of allocating for whatever length a peer sends.
 *
 * <p>Stateless and thread-safe.
 */
final class BootstrapProtocol {

    /** The longest line either side accepts, in bytes. */
    static final int MAX_LINE = 8192;
    /** Bytes of a nonce. */
    static final int NONCE_BYTES = 32;
    /** Bytes of the job's secret. */
    static final int SECRET_BYTES = 32;

    static final String HELLO = "HELLO";
    static final String OK = "OK";
    static final String PUT = "PUT";
    static final String FENCE = "FENCE";
    static final String TABLE = "TABLE";
    static final String ERROR = "ERROR";
    static final String ABORT = "ABORT";
    static final String BYE = "BYE";

    private static final HexFormat HEX = HexFormat.of();

    private BootstrapProtocol() {
    }

    /**
     * Computes the proof of one side: an HMAC-SHA256 of its role, the rank and the other side's
     * nonce, keyed with the secret.
     *
     * @param secret the job's secret
     * @param role   {@code "launcher"} or {@code "rank"}
     * @param rank   the rank of the connection
     * @param nonce  the other side's nonce
     * @return the proof, hex
     */
    static String proof(byte[] secret, String role, int rank, byte[] nonce) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            mac.update((role + " " + rank + " ").getBytes(StandardCharsets.US_ASCII));
            return HEX.formatHex(mac.doFinal(nonce));
        } catch (GeneralSecurityException missing) {
            throw new IllegalStateException("this JDK has no HmacSHA256", missing);
        }
    }

    /** {@return whether a received proof equals the expected one, compared in constant time} */
    static boolean sameProof(String received, String expected) {
        return MessageDigest.isEqual(received.getBytes(StandardCharsets.US_ASCII),
            expected.getBytes(StandardCharsets.US_ASCII));
    }

    /** {@return the bytes of a hex string} @throws IllegalArgumentException if it is not hex */
    static byte[] fromHex(String hex) {
        return HEX.parseHex(hex);
    }

    /** {@return the hex form of bytes} */
    static String toHex(byte[] bytes) {
        return HEX.formatHex(bytes);
    }

    /**
     * Writes one line.
     *
     * @param out  where to
     * @param line the line, without its end
     * @throws IOException if the write fails
     * @throws IllegalArgumentException if the line holds a line end or is longer than {@link #MAX_LINE}
     */
    static void writeLine(OutputStream out, String line) throws IOException {
        byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
        if (bytes.length > MAX_LINE || line.indexOf('\n') >= 0 || line.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("a bootstrap line must be one line of at most " + MAX_LINE
                + " bytes, not " + bytes.length + " bytes");
        }
        out.write(bytes);
        out.flush();
    }

    /**
     * Reads one line into a caller's buffer of {@link #MAX_LINE} bytes.
     *
     * @param in     where from
     * @param buffer a buffer of at least {@link #MAX_LINE} bytes, reused between calls
     * @return the line without its end
     * @throws EOFException at the end of the stream
     * @throws IOException if the read fails or the line is longer than {@link #MAX_LINE}
     */
    static String readLine(InputStream in, byte[] buffer) throws IOException {
        int length = 0;
        while (true) {
            int next = in.read();
            if (next < 0) {
                throw new EOFException(length == 0 ? "connection closed" : "connection closed inside a line");
            }
            if (next == '\n') {
                return new String(buffer, 0, length, StandardCharsets.UTF_8);
            }
            if (length == MAX_LINE - 1) {
                throw new IOException("a line longer than " + MAX_LINE + " bytes");
            }
            buffer[length++] = (byte) next;
        }
    }
}
