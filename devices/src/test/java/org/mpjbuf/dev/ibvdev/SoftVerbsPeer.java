package org.mpjbuf.dev.ibvdev;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * A soft verbs peer in its own process, for {@link SoftVerbsProcessTest}: opens a {@link SoftVerbs}
 * in the directory given as argument, prints its endpoint line (GID, QPN, buffer address, rkey),
 * reads the parent's from standard input, connects, runs {@link #exchange} and prints {@code DONE};
 * then waits for {@code EXIT} and halts without closing anything, as a crashing process would.
 */
final class SoftVerbsPeer {
    static final String SEND_OFFSET_LABEL = "send from ";
    static final String WRITE_OFFSET_LABEL = "write from ";
    static final long WRITE_TARGET = 0;
    static final long RECEIVE_TARGET = 1024;

    private SoftVerbsPeer() {
    }

    public static void main(String[] arguments) throws Exception {
        SoftVerbs verbs = new SoftVerbs(Path.of(arguments[0]));
        SoftEndpoint self = new SoftEndpoint(verbs);
        self.init();
        System.out.println(endpointLine(self));
        BufferedReader input = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String[] peer = input.readLine().split(" ");
        Gid peerGid = new Gid(Long.parseUnsignedLong(peer[1], 16), Long.parseUnsignedLong(peer[2], 16));
        self.connect(peerGid, Integer.parseInt(peer[3]), 7, 1);
        exchange(self, "child", "parent", Long.parseLong(peer[4]), Integer.parseInt(peer[5]));
        System.out.println("DONE");
        if ("EXIT".equals(input.readLine())) {
            Runtime.getRuntime().halt(0);
        }
    }

    /**
     * The line that tells a peer how to reach an endpoint.
     *
     * @param endpoint an endpoint in INIT
     * @return {@code ENDPOINT <gid prefix> <gid interface id> <qpn> <buffer address> <rkey>}
     */
    static String endpointLine(SoftEndpoint endpoint) {
        Gid gid = endpoint.gid();
        return String.format("ENDPOINT %016x %016x %d %d %d", gid.subnetPrefix(), gid.interfaceId(),
            endpoint.queuePair.number(), endpoint.buffer.address(), endpoint.region.rkey());
    }

    /**
     * Both sides run this at once: post a receive, RDMA-write a text into the peer's buffer, send
     * another text, and check what the peer wrote and sent.
     */
    static void exchange(SoftEndpoint self, String label, String peerLabel, long peerAddress, int peerRkey) {
        self.postReceive(1, RECEIVE_TARGET, 1024);
        byte[] written = (WRITE_OFFSET_LABEL + label).getBytes(StandardCharsets.US_ASCII);
        byte[] sent = (SEND_OFFSET_LABEL + label).getBytes(StandardCharsets.US_ASCII);
        java.lang.foreign.MemorySegment.copy(written, 0, self.buffer, java.lang.foreign.ValueLayout.JAVA_BYTE, 4096,
            written.length);
        java.lang.foreign.MemorySegment.copy(sent, 0, self.buffer, java.lang.foreign.ValueLayout.JAVA_BYTE, 8192,
            sent.length);
        self.postWrite(2, 4096, written.length, peerAddress + WRITE_TARGET, peerRkey);
        self.postSend(3, 8192, sent.length);
        Set<Long> finished = new HashSet<>();
        int received = -1;
        for (int i = 0; i < 3; i++) {
            Completions one = self.next();
            if (one.status(0) != VerbsConstants.WC_SUCCESS) {
                throw new AssertionError("wr_id " + one.wrId(0) + " failed: " + self.verbs.statusText(one.status(0)));
            }
            finished.add(one.wrId(0));
            if (one.wrId(0) == 1) {
                received = one.byteLength(0);
            }
        }
        if (!finished.equals(Set.of(1L, 2L, 3L))) {
            throw new AssertionError("completions of wr_ids " + finished);
        }
        String peerWrite = text(self, WRITE_TARGET, (WRITE_OFFSET_LABEL + peerLabel).length());
        String peerSend = text(self, RECEIVE_TARGET, received);
        if (!peerWrite.equals(WRITE_OFFSET_LABEL + peerLabel) || !peerSend.equals(SEND_OFFSET_LABEL + peerLabel)) {
            throw new AssertionError("the peer wrote '" + peerWrite + "' and sent '" + peerSend + "'");
        }
    }

    private static String text(SoftEndpoint self, long offset, int length) {
        byte[] bytes = new byte[length];
        java.lang.foreign.MemorySegment.copy(self.buffer, java.lang.foreign.ValueLayout.JAVA_BYTE, offset, bytes, 0,
            length);
        return new String(bytes, StandardCharsets.US_ASCII);
    }
}
