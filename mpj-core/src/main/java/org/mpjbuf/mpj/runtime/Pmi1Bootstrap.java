package org.mpjbuf.mpj.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import org.mpjbuf.dev.BootstrapException;

/**
 * The PMI-1 wire protocol, which MPICH's Hydra {@code mpiexec} speaks on the socket it hands every
 * rank in {@code PMI_FD}: text lines of space-separated {@code name=value} words.
 * <pre>
 *   cmd=init pmi_version=1 pmi_subversion=1     →  cmd=response_to_init pmi_version=1 ... rc=0
 *   cmd=get_maxes                               →  cmd=maxes kvsname_max=.. keylen_max=.. vallen_max=..
 *   cmd=get_my_kvsname                          →  cmd=my_kvsname kvsname=NAME
 *   cmd=put kvsname=NAME key=K value=V          →  cmd=put_result rc=0
 *   cmd=barrier_in                              →  cmd=barrier_out
 *   cmd=get kvsname=NAME key=K                  →  cmd=get_result rc=0 value=V   (rc != 0: none)
 *   cmd=abort exitcode=N
 *   cmd=finalize                                →  cmd=finalize_ack
 * </pre>
 * See {@link PmiBootstrap} for what it adds to the launcher's exchange.
 */
final class Pmi1Bootstrap extends PmiBootstrap {

    private static final int MAX_LINE = 4096;

    private final byte[] line = new byte[MAX_LINE];
    private String kvsName;
    private int keyLimit;
    private int valueLimit;

    private Pmi1Bootstrap(InheritedDescriptor socket, int rank, int size) {
        super(socket, rank, size);
    }

    /**
     * Joins the job through the PMI-1 socket of the environment.
     *
     * @param environment the process's environment, with {@code PMI_FD}, {@code PMI_RANK} and {@code PMI_SIZE}
     * @return the bootstrap
     * @throws BootstrapException naming what failed when the launcher cannot be spoken to
     */
    static PmiBootstrap connect(Map<String, String> environment) {
        return join(environment, "PMI-1", Pmi1Bootstrap::new);
    }

    @Override
    void initialize(Map<String, String> environment) throws IOException {
        Map<String, String> init = request("cmd=init pmi_version=1 pmi_subversion=1", "response_to_init");
        if (!"1".equals(init.get("pmi_version"))) {
            throw new IOException("the launcher speaks PMI version " + init.get("pmi_version") + ", not 1");
        }
        Map<String, String> maxes = request("cmd=get_maxes", "maxes");
        keyLimit = Integer.parseInt(maxes.getOrDefault("keylen_max", "64"));
        valueLimit = Integer.parseInt(maxes.getOrDefault("vallen_max", "1024"));
        kvsName = request("cmd=get_my_kvsname", "my_kvsname").get("kvsname");
    }

    @Override
    int keyLimit() {
        return keyLimit;
    }

    @Override
    int valueLimit() {
        return valueLimit;
    }

    @Override
    void store(String key, String value) throws IOException {
        request("cmd=put kvsname=" + kvsName + " key=" + key + " value=" + value, "put_result");
    }

    @Override
    String load(String key) throws IOException {
        Map<String, String> answer = exchange("cmd=get kvsname=" + kvsName + " key=" + key, "get_result");
        return "0".equals(answer.get("rc")) ? answer.get("value") : null;
    }

    @Override
    void barrier() throws IOException {
        request("cmd=barrier_in", "barrier_out");
    }

    @Override
    void sendAbort(int status, String reason) throws IOException {
        send("cmd=abort exitcode=" + status);
    }

    @Override
    void sendFinalize() throws IOException {
        request("cmd=finalize", "finalize_ack");
    }

    /** Sends a command and returns its answer, which must be {@code cmd=expected} with rc 0 (or none). */
    private Map<String, String> request(String command, String expected) throws IOException {
        Map<String, String> answer = exchange(command, expected);
        String rc = answer.get("rc");
        if (rc != null && !rc.equals("0")) {
            throw new IOException("the launcher answered '" + command.split(" ")[0] + "' with rc=" + rc
                + (answer.containsKey("msg") ? " (" + answer.get("msg") + ")" : ""));
        }
        return answer;
    }

    private Map<String, String> exchange(String command, String expected) throws IOException {
        send(command);
        Map<String, String> answer = words(readLine());
        if (!expected.equals(answer.get("cmd"))) {
            throw new IOException("the launcher answered '" + command.split(" ")[0] + "' with cmd=" + answer.get("cmd")
                + " instead of cmd=" + expected);
        }
        return answer;
    }

    private void send(String command) throws IOException {
        socket.write((command + "\n").getBytes(StandardCharsets.US_ASCII));
    }

    /** Reads one line of at most {@link #MAX_LINE} bytes. */
    private String readLine() throws IOException {
        int length = 0;
        for (int next = socket.readByte(); next != '\n'; next = socket.readByte()) {
            if (length == MAX_LINE) {
                throw new IOException("the launcher sent a PMI line longer than " + MAX_LINE + " bytes");
            }
            line[length++] = (byte) next;
        }
        return new String(line, 0, length, StandardCharsets.US_ASCII);
    }

    private static Map<String, String> words(String answer) {
        Map<String, String> words = new HashMap<>();
        for (String word : answer.trim().split(" +")) {
            int equals = word.indexOf('=');
            if (equals > 0) {
                words.put(word.substring(0, equals), word.substring(equals + 1));
            }
        }
        return words;
    }
}
