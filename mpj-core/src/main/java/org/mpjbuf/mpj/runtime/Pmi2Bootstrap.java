package org.mpjbuf.mpj.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import org.mpjbuf.dev.BootstrapException;

/**
 * The PMI-2 wire protocol, which Slurm's {@code srun --mpi=pmi2} speaks on the socket it hands
 * every rank in {@code PMI_FD} (with {@code PMI_RANK}, {@code PMI_SIZE} and {@code PMI_JOBID}).
 * After one PMI-1 style line ({@code cmd=init pmi_version=2 pmi_subversion=0}), every command and
 * answer is a six-character decimal length followed by that many bytes of {@code key=value;}
 * pairs:
 * <pre>
 *   cmd=fullinit;pmijobid=J;pmirank=R;threaded=FALSE;   →  cmd=fullinit-response;rc=0;rank=R;size=N;...
 *   cmd=kvs-put;key=K;value=V;                          →  cmd=kvs-put-response;rc=0;
 *   cmd=kvs-fence;                                      →  cmd=kvs-fence-response;rc=0;
 *   cmd=kvs-get;jobid=;srcid=-1;key=K;                  →  cmd=kvs-get-response;rc=0;found=TRUE;value=V;
 *   cmd=abort;isworldabort=TRUE;msg=M;
 *   cmd=finalize;                                       →  cmd=finalize-response;rc=0;
 * </pre>
 * See {@link PmiBootstrap} for what it adds to the launcher's exchange.
 */
final class Pmi2Bootstrap extends PmiBootstrap {

    /** PMI-2's longest key and value ({@code PMI2_MAX_KEYLEN}, {@code PMI2_MAX_VALLEN}). */
    private static final int KEY_LIMIT = 64;
    private static final int VALUE_LIMIT = 1024;
    private static final int LENGTH_DIGITS = 6;
    private static final int MAX_COMMAND = 8192;

    private final byte[] command = new byte[MAX_COMMAND];

    private Pmi2Bootstrap(InheritedDescriptor socket, int rank, int size) {
        super(socket, rank, size);
    }

    /**
     * Joins the job through the PMI-2 socket of the environment.
     *
     * @param environment the process's environment, with {@code PMI_FD}, {@code PMI_RANK},
     *                    {@code PMI_SIZE} and {@code PMI_JOBID}
     * @return the bootstrap
     * @throws BootstrapException naming what failed when the launcher cannot be spoken to
     */
    static PmiBootstrap connect(Map<String, String> environment) {
        return join(environment, "PMI-2", Pmi2Bootstrap::new);
    }

    @Override
    void initialize(Map<String, String> environment) throws IOException {
        String jobId = environment.get("PMI_JOBID");
        socket.write("cmd=init pmi_version=2 pmi_subversion=0\n".getBytes(StandardCharsets.US_ASCII));
        StringBuilder answer = new StringBuilder();
        for (int next = socket.readByte(); next != '\n'; next = socket.readByte()) {
            if (answer.length() == MAX_COMMAND) {
                throw new IOException("the launcher's answer to init is longer than " + MAX_COMMAND + " bytes");
            }
            answer.append((char) next);
        }
        if (!answer.toString().contains("pmi_version=2") || !answer.toString().contains("rc=0")) {
            throw new IOException("the launcher does not speak PMI-2: it answered '" + answer + "'");
        }
        Map<String, String> fullinit = request("cmd=fullinit;pmijobid=" + jobId + ";pmirank=" + rank()
            + ";threaded=FALSE;", "fullinit-response");
        if (!String.valueOf(rank()).equals(fullinit.get("rank")) || !String.valueOf(size()).equals(fullinit.get("size"))) {
            throw new IOException("the launcher says rank " + fullinit.get("rank") + " of " + fullinit.get("size")
                + ", the environment rank " + rank() + " of " + size());
        }
    }

    @Override
    int keyLimit() {
        return KEY_LIMIT;
    }

    @Override
    int valueLimit() {
        return VALUE_LIMIT;
    }

    @Override
    void store(String key, String value) throws IOException {
        request("cmd=kvs-put;key=" + key + ";value=" + value + ";", "kvs-put-response");
    }

    @Override
    String load(String key) throws IOException {
        Map<String, String> answer = exchange("cmd=kvs-get;jobid=;srcid=-1;key=" + key + ";", "kvs-get-response");
        return "0".equals(answer.get("rc")) && "TRUE".equals(answer.get("found")) ? answer.get("value") : null;
    }

    @Override
    void barrier() throws IOException {
        request("cmd=kvs-fence;", "kvs-fence-response");
    }

    @Override
    void sendAbort(int status, String reason) throws IOException {
        send("cmd=abort;isworldabort=TRUE;msg=" + reason.replace(";", ";;") + ";");
    }

    @Override
    void sendFinalize() throws IOException {
        request("cmd=finalize;", "finalize-response");
    }

    private Map<String, String> request(String text, String expected) throws IOException {
        Map<String, String> answer = exchange(text, expected);
        String rc = answer.get("rc");
        if (rc != null && !rc.equals("0")) {
            throw new IOException("the launcher answered '" + text.substring(0, text.indexOf(';')) + "' with rc=" + rc
                + (answer.containsKey("errmsg") ? " (" + answer.get("errmsg") + ")" : ""));
        }
        return answer;
    }

    private Map<String, String> exchange(String text, String expected) throws IOException {
        send(text);
        Map<String, String> answer = pairs(readCommand());
        if (!expected.equals(answer.get("cmd"))) {
            throw new IOException("the launcher answered '" + text.substring(0, text.indexOf(';')) + "' with cmd="
                + answer.get("cmd") + " instead of cmd=" + expected);
        }
        return answer;
    }

    private void send(String text) throws IOException {
        byte[] body = text.getBytes(StandardCharsets.US_ASCII);
        if (body.length > MAX_COMMAND) {
            throw new IOException("a PMI-2 command of " + body.length + " bytes is longer than " + MAX_COMMAND);
        }
        socket.write((String.format("%6d", body.length) + text).getBytes(StandardCharsets.US_ASCII));
    }

    /** Reads one length-prefixed command; the length is checked before anything is read into the buffer. */
    private String readCommand() throws IOException {
        StringBuilder digits = new StringBuilder(LENGTH_DIGITS);
        for (int i = 0; i < LENGTH_DIGITS; i++) {
            digits.append((char) socket.readByte());
        }
        int length;
        try {
            length = Integer.parseInt(digits.toString().trim());
        } catch (NumberFormatException garbage) {
            throw new IOException("the launcher sent '" + digits + "' where a PMI-2 length belongs");
        }
        if (length < 0 || length > MAX_COMMAND) {
            throw new IOException("the launcher announced a PMI-2 command of " + length + " bytes (at most "
                + MAX_COMMAND + ")");
        }
        for (int i = 0; i < length; i++) {
            command[i] = (byte) socket.readByte();
        }
        return new String(command, 0, length, StandardCharsets.US_ASCII);
    }

    /** Splits {@code key=value;} pairs, where a value's {@code ;} is written {@code ;;}. */
    private static Map<String, String> pairs(String text) {
        Map<String, String> pairs = new HashMap<>();
        int start = 0;
        while (start < text.length()) {
            int equals = text.indexOf('=', start);
            if (equals < 0) {
                break;
            }
            StringBuilder value = new StringBuilder();
            int at = equals + 1;
            while (at < text.length()) {
                char c = text.charAt(at);
                if (c == ';' && at + 1 < text.length() && text.charAt(at + 1) == ';') {
                    value.append(';');
                    at += 2;
                } else if (c == ';') {
                    break;
                } else {
                    value.append(c);
                    at++;
                }
            }
            pairs.put(text.substring(start, equals), value.toString());
            start = at + 1;
        }
        return pairs;
    }
}
