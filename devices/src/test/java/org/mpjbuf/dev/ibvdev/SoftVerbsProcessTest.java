package org.mpjbuf.dev.ibvdev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A soft verbs device talking to one in a child JVM ({@link SoftVerbsPeer}): the endpoints are
 * exchanged over the child's standard streams, as ibvdev's bootstrap will exchange them, and the
 * data path runs over the Unix domain socket between the processes.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class SoftVerbsProcessTest {

    @TempDir
    Path temporary;

    @Test
    void shouldExchangeASendAndAnRdmaWriteWithAnotherProcessAndSeeItGo() throws Exception {
        Path wire = temporary.resolve("wire");
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process child = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED", "-cp",
            System.getProperty("java.class.path"), SoftVerbsPeer.class.getName(), wire.toString()))
            .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (SoftVerbs verbs = new SoftVerbs(wire); SoftEndpoint self = new SoftEndpoint(verbs)) {
            BufferedReader fromChild = new BufferedReader(new InputStreamReader(child.getInputStream(),
                StandardCharsets.UTF_8));
            PrintWriter toChild = new PrintWriter(child.getOutputStream(), true, StandardCharsets.UTF_8);
            self.init();
            String[] peer = fromChild.readLine().split(" ");
            assertEquals("ENDPOINT", peer[0]);
            toChild.println(SoftVerbsPeer.endpointLine(self));
            self.connect(new Gid(Long.parseUnsignedLong(peer[1], 16), Long.parseUnsignedLong(peer[2], 16)),
                Integer.parseInt(peer[3]), 7, 1);
            SoftVerbsPeer.exchange(self, "parent", "child", Long.parseLong(peer[4]), Integer.parseInt(peer[5]));
            assertEquals("DONE", fromChild.readLine());

            self.postReceive(9, 0, 64);
            toChild.println("EXIT");
            assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child exits");
            assertEquals(0, child.exitValue());
            self.expect(9, VerbsConstants.WC_WR_FLUSH_ERR);
        } finally {
            child.destroyForcibly();
        }
    }
}
