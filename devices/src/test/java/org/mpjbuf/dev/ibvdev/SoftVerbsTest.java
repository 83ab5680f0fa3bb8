package org.mpjbuf.dev.ibvdev;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The soft verbs provider between two devices of this JVM, which talk over the same Unix domain
 * sockets as devices in different processes: connection set-up, the data path, and every error a
 * hardware adapter reports.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class SoftVerbsTest {

    @TempDir
    Path temporary;
    private SoftVerbs left;
    private SoftVerbs right;

    @BeforeEach
    void openTwoDevices() {
        left = new SoftVerbs(temporary.resolve("wire"));
        right = new SoftVerbs(temporary.resolve("wire"));
    }

    @AfterEach
    void closeDevices() {
        left.close();
        right.close();
    }

    @Test
    void shouldDescribeOneActiveRocePortWithItsGid() throws Exception {
        try (SoftEndpoint a = new SoftEndpoint(left)) {
            assertEquals(java.util.List.of(SoftVerbs.DEVICE_NAME), left.deviceNames());
            PortAttributes port = left.queryPort(a.context, 1);
            assertTrue(port.isActive());
            assertTrue(port.needsGlobalRoute(), "Ethernet link layer: peers are addressed by GID");
            assertEquals(left.gid(), a.gid());
            assertFalse(left.gid().equals(right.gid()), "each device has its own GID");
            assertEquals("rwx------", PosixFilePermissions.toString(
                Files.getPosixFilePermissions(temporary.resolve("wire"))));
            assertTrue(Files.exists(SoftVerbs.socketOf(temporary.resolve("wire"), left.gid())));
            assertThrows(VerbsException.class, () -> left.queryGid(a.context, 1, 1));
            assertThrows(VerbsException.class, () -> left.queryPort(a.context, 2));
        }
    }

    @Test
    void shouldListenInTheConfiguredDirectory() {
        Path configured = temporary.resolve("configured");
        System.setProperty(SoftVerbs.SOCKET_DIRECTORY_PROP_NAME, configured.toString());
        try (SoftVerbs verbs = SoftVerbs.open()) {
            assertTrue(Files.exists(SoftVerbs.socketOf(configured, verbs.gid())), "socket in " + configured);
        } finally {
            System.clearProperty(SoftVerbs.SOCKET_DIRECTORY_PROP_NAME);
        }
    }

    @Test
    void shouldRefuseToConnectToAGidNoDeviceHas() {
        try (SoftEndpoint a = new SoftEndpoint(left)) {
            a.init();
            VerbsException unreachable = assertThrows(VerbsException.class,
                () -> a.connect(new Gid(0xFE80_0000_0000_0000L, 42), 1, 7, 1));
            assertEquals(SoftVerbs.ENETUNREACH, unreachable.errno());
            assertEquals("ibv_modify_qp", unreachable.call());
        }
    }

    @Test
    void shouldRefuseADirectoryOthersMayUse() throws Exception {
        Path shared = Files.createDirectory(temporary.resolve("shared"),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxrwxrwx")));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
        VerbsException refused = assertThrows(VerbsException.class, () -> new SoftVerbs(shared));
        assertTrue(refused.getMessage().contains("not a directory private to"), refused.getMessage());
    }

    @Test
    void shouldGiveDistinctUnpredictableKeys() {
        try (SoftEndpoint a = new SoftEndpoint(left)) {
            Verbs.MemoryRegion second = left.register(a.domain, a.buffer.asSlice(0, 128), SoftEndpoint.ALL_ACCESS);
            java.util.Set<Integer> keys = java.util.Set.of(a.region.lkey(), a.region.rkey(), second.lkey(), second.rkey());
            assertEquals(4, keys.size(), "every key distinct: " + keys);
            left.deregister(second);
            VerbsException noLocalWrite = assertThrows(VerbsException.class,
                () -> left.register(a.domain, a.buffer, VerbsConstants.ACCESS_REMOTE_WRITE));
            assertEquals(SoftVerbs.EINVAL, noLocalWrite.errno());
        }
    }

    @Test
    void shouldScatterASendOverSeveralEntriesAndCompleteBothSides() {
        try (SoftEndpoint a = new SoftEndpoint(left); SoftEndpoint b = new SoftEndpoint(right)) {
            SoftEndpoint.connect(a, b);
            a.fill(0, 300, (byte) 7);
            a.fill(1000, 200, (byte) 50);
            b.verbs.postReceive(b.queuePair, b.receive.receive(77)
                .scatter(b.address(4096), 100, b.region.lkey())
                .scatter(b.address(8192), 100, b.region.lkey())
                .scatter(b.address(12288), 400, b.region.lkey()));
            a.verbs.postSend(a.queuePair, a.send.send(5)
                .gather(a.address(0), 300, a.region.lkey())
                .gather(a.address(1000), 200, a.region.lkey()).signaled(true));

            Completions sent = a.expect(5, VerbsConstants.WC_SUCCESS);
            assertEquals(VerbsConstants.WC_SEND, sent.opcode(0));
            assertEquals(a.queuePair.number(), sent.queuePairNumber(0));
            Completions received = b.expect(77, VerbsConstants.WC_SUCCESS);
            assertEquals(VerbsConstants.WC_RECV, received.opcode(0));
            assertEquals(500, received.byteLength(0));
            assertFalse(received.hasImmediateData(0));
            assertEquals(b.queuePair.number(), received.queuePairNumber(0));
            byte[] expected = new byte[500];
            MemorySegment.copy(a.buffer, JAVA_BYTE, 0, expected, 0, 300);
            MemorySegment.copy(a.buffer, JAVA_BYTE, 1000, expected, 300, 200);
            byte[] actual = new byte[500];
            MemorySegment.copy(b.buffer, JAVA_BYTE, 4096, actual, 0, 100);
            MemorySegment.copy(b.buffer, JAVA_BYTE, 8192, actual, 100, 100);
            MemorySegment.copy(b.buffer, JAVA_BYTE, 12288, actual, 200, 300);
            assertArrayEquals(expected, actual);
        }
    }

    @Test
    void shouldCarryImmediateDataOfASend() {
        try (SoftEndpoint a = new SoftEndpoint(left); SoftEndpoint b = new SoftEndpoint(right)) {
            SoftEndpoint.connect(a, b);
            b.postReceive(1, 0, 64);
            a.verbs.postSend(a.queuePair, a.send.sendWithImmediate(2, 0xCAFEBABE)
                .gather(a.address(0), 16, a.region.lkey()).signaled(true));
            a.expect(2, VerbsConstants.WC_SUCCESS);
            Completions received = b.expect(1, VerbsConstants.WC_SUCCESS);
            assertEquals(VerbsConstants.WC_RECV, received.opcode(0));
            assertTrue(received.hasImmediateData(0));
            assertEquals(0xCAFEBABE, received.immediateData(0));
            assertEquals(16, received.byteLength(0));
        }
    }

    @Test
    void shouldWriteRemoteMemorySilentlyAndWithImmediateConsumeAReceive() {
        try (SoftEndpoint a = new SoftEndpoint(left); SoftEndpoint b = new SoftEndpoint(right)) {
            SoftEndpoint.connect(a, b);
            a.fill(0, 1000, (byte) 3);
            a.postWrite(10, 0, 1000, b.address(2000), b.region.rkey());
            Completions written = a.expect(10, VerbsConstants.WC_SUCCESS);
            assertEquals(VerbsConstants.WC_RDMA_WRITE, written.opcode(0));
            assertEquals(0, b.verbs.poll(b.queue, b.completions), "an RDMA write is silent at the target");
            assertEquals(-1, a.buffer.asSlice(0, 1000).mismatch(b.buffer.asSlice(2000, 1000)));

            b.postReceive(11, 0, 0);
            a.fill(0, 64, (byte) 90);
            a.verbs.postSend(a.queuePair, a.send.rdmaWriteWithImmediate(12, b.address(5000), b.region.rkey(), 42)
                .gather(a.address(0), 64, a.region.lkey()).signaled(true));
            a.expect(12, VerbsConstants.WC_SUCCESS);
            Completions received = b.expect(11, VerbsConstants.WC_SUCCESS);
            assertEquals(VerbsConstants.WC_RECV_RDMA_WITH_IMM, received.opcode(0));
            assertEquals(42, received.immediateData(0));
            assertEquals(64, received.byteLength(0));
            assertEquals(-1, a.buffer.asSlice(0, 64).mismatch(b.buffer.asSlice(5000, 64)));
        }
    }

    @Test
    void shouldMakeEarlierWritesVisibleWhenALaterSendIsReceived() {
        try (SoftEndpoint a = new SoftEndpoint(left); SoftEndpoint b = new SoftEndpoint(right)) {
            SoftEndpoint.connect(a, b);
            for (int round = 1; round <= 50; round++) {
                b.postReceive(round, 60_000, 8);
                for (int i = 0; i < 4; i++) {
                    a.buffer.set(JAVA_LONG, 8 * i, round * 100L + i);
                    a.verbs.postSend(a.queuePair, a.send.rdmaWrite(0, b.address(8 * i), b.region.rkey())
                        .gather(a.address(8 * i), 8, a.region.lkey()));
                }
                a.postSend(round, 0, 8);
                Completions received = b.expect(round, VerbsConstants.WC_SUCCESS);
                assertEquals(8, received.byteLength(0));
                for (int i = 0; i < 4; i++) {
                    assertEquals(round * 100L + i, b.buffer.get(JAVA_LONG, 8 * i), "write " + i + " of round " + round);
                }
                a.expect(round, VerbsConstants.WC_SUCCESS);
            }
        }
    }

    @Test
    void shouldCarryMessagesLargerThanTheSocketAndStagingBuffersInOrder() {
        int length = 3 << 20;
        try (SoftEndpoint a = new SoftEndpoint(left); SoftEndpoint b = new SoftEndpoint(right);
             Arena arena = Arena.ofConfined()) {
            SoftEndpoint.connect(a, b);
            MemorySegment source = arena.allocate(length, 64);
            MemorySegment target = arena.allocate(2L * length, 64);
            for (long i = 0; i < length; i += 8) {
                source.set(JAVA_LONG, i, i * 31);
            }
            Verbs.MemoryRegion sourceRegion = left.register(a.domain, source, SoftEndpoint.ALL_ACCESS);
            Verbs.MemoryRegion targetRegion = right.register(b.domain, target, SoftEndpoint.ALL_ACCESS);
            b.verbs.postReceive(b.queuePair, b.receive.receive(1).scatter(target.address() + length, length,
                targetRegion.lkey()));
            a.verbs.postSend(a.queuePair, a.send.rdmaWrite(2, target.address(), targetRegion.rkey())
                .gather(source.address(), length, sourceRegion.lkey()).signaled(true));
            a.verbs.postSend(a.queuePair, a.send.send(3).gather(source.address(), length, sourceRegion.lkey())
                .signaled(true));
            a.expect(2, VerbsConstants.WC_SUCCESS);
            a.expect(3, VerbsConstants.WC_SUCCESS);
            assertEquals(length, b.expect(1, VerbsConstants.WC_SUCCESS).byteLength(0));
            assertEquals(-1, source.mismatch(target.asSlice(0, length)), "the RDMA write");
            assertEquals(-1, source.mismatch(target.asSlice(length, length)), "the send");
            left.deregister(sourceRegion);
            right.deregister(targetRegion);
        }
    }

    @Test
    void shouldRefuseAWrongRkeyThenFlushTheNextRequest() {
        try (SoftEndpoint a = new SoftEndpoint(left); SoftEndpoint b = new SoftEndpoint(right)) {
            SoftEndpoint.connect(a, b);
            b.postReceive(20, 0, 64);
            a.postWrite(21, 0, 64, b.address(0), b.region.rkey() ^ 0x5A5A);
            a.postSend(22, 0, 8);
            a.expect(21, VerbsConstants.WC_REM_ACCESS_ERR);
            a.expect(22, VerbsConstants.WC_WR_FLUSH_ERR);
            b.expect(20, VerbsConstants.WC_WR_FLUSH_ERR);
            a.postSend(23, 0, 8);
            a.expect(23, VerbsConstants.WC_WR_FLUSH_ERR);
        }
    }

    @Test
    void shouldRefuseAWriteOutOfBoundsOrThroughARevokedKey() {
        try (SoftEndpoint a = new SoftEndpoint(left); SoftEndpoint b = new SoftEndpoint(right);
             SoftEndpoint c = new SoftEndpoint(left); SoftEndpoint d = new SoftEndpoint(right)) {
            SoftEndpoint.connect(a, b);
            a.postWrite(30, 0, 64, b.address(SoftEndpoint.BUFFER_LENGTH - 32), b.region.rkey());
            a.expect(30, VerbsConstants.WC_REM_ACCESS_ERR);

            SoftEndpoint.connect(c, d);
            Verbs.MemoryRegion revoked = right.register(d.domain, d.buffer.asSlice(0, 4096), SoftEndpoint.ALL_ACCESS);
            c.postWrite(31, 0, 64, revoked.address(), revoked.rkey());
            c.expect(31, VerbsConstants.WC_SUCCESS);
            right.deregister(revoked);
            c.postWrite(32, 0, 64, revoked.address(), revoked.rkey());
            c.expect(32, VerbsConstants.WC_REM_ACCESS_ERR);
        }
    }

    @Test
    void shouldRefuseAWriteToAQueuePairWithoutRemoteWriteAccess() {
        try (SoftEndpoint a = new SoftEndpoint(left); SoftEndpoint b = new SoftEndpoint(right)) {
            a.init();
            b.verbs.modifyToInit(b.queuePair, 1, 0, 0);
            a.connect(b.gid(), b.queuePair.number(), 7, 1);
            b.connect(a.gid(), a.queuePair.number(), 7, 1);
            a.postWrite(33, 0, 64, b.address(0), b.region.rkey());
            a.expect(33, VerbsConstants.WC_REM_INV_REQ_ERR);
        }
    }

    @Test
    void shouldFailAWrongLkeyLocally() {
        try (SoftEndpoint a = new SoftEndpoint(left); SoftEndpoint b = new SoftEndpoint(right)) {
            SoftEndpoint.connect(a, b);
            a.verbs.postSend(a.queuePair, a.send.send(40).gather(a.address(0), 8, a.region.lkey() + 1).signaled(true));
            a.postSend(41, 0, 8);
            a.expect(40, VerbsConstants.WC_LOC_PROT_ERR);
            a.expect(41, VerbsConstants.WC_WR_FLUSH_ERR);
        }
    }

    @Test
    void shouldFailAReceiveTooSmallOnBothSides() {
        try (SoftEndpoint a = new SoftEndpoint(left); SoftEndpoint b = new SoftEndpoint(right)) {
            SoftEndpoint.connect(a, b);
            b.postReceive(50, 0, 16);
            b.postReceive(51, 0, 16);
            a.postSend(52, 0, 17);
            a.expect(52, VerbsConstants.WC_REM_INV_REQ_ERR);
            b.expect(50, VerbsConstants.WC_LOC_LEN_ERR);
            b.expect(51, VerbsConstants.WC_WR_FLUSH_ERR);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6})
    void shouldGiveUpAfterTheRnrRetries(int rnrRetry) {
        try (SoftEndpoint a = new SoftEndpoint(left); SoftEndpoint b = new SoftEndpoint(right)) {
            SoftEndpoint.connect(a, b, rnrRetry, 18); // RNR timer 5.12 ms
            long start = System.nanoTime();
            a.postSend(60, 0, 8);
            a.expect(60, VerbsConstants.WC_RNR_RETRY_EXC_ERR);
            long elapsed = System.nanoTime() - start;
            assertTrue(elapsed >= rnrRetry * 5_120_000L, rnrRetry + " retries, each after the RNR timer, took "
                + elapsed + " ns");
        }
    }

    @Test
    void shouldDeliverASendWhoseReceiveIsPostedWhileItRetries() throws Exception {
        try (SoftEndpoint a = new SoftEndpoint(left); SoftEndpoint b = new SoftEndpoint(right)) {
            SoftEndpoint.connect(a, b, 7, 18); // retry forever, every 5.12 ms
            a.fill(0, 32, (byte) 1);
            a.postSend(70, 0, 32);
            Thread.sleep(100);
            assertEquals(0, a.verbs.poll(a.queue, a.completions), "no receive yet: the send keeps retrying");
            b.postReceive(71, 0, 32);
            b.expect(71, VerbsConstants.WC_SUCCESS);
            a.expect(70, VerbsConstants.WC_SUCCESS);
            assertEquals(-1, a.buffer.asSlice(0, 32).mismatch(b.buffer.asSlice(0, 32)));
        }
    }

    @Test
    void shouldGiveUpOnAPeerQueuePairThatNeverBecomesReady() {
        try (SoftEndpoint a = new SoftEndpoint(left); SoftEndpoint b = new SoftEndpoint(right)) {
            a.init();
            b.init();
            a.connect(b.gid(), b.queuePair.number(), 7, 1); // b stays in INIT: a's packets are not taken
            a.postSend(100, 0, 8);
            a.expect(100, VerbsConstants.WC_RETRY_EXC_ERR);
        }
    }

    @Test
    void shouldDeliverToAPeerQueuePairThatBecomesReadyWhileTheSenderRetries() throws InterruptedException {
        try (SoftEndpoint a = new SoftEndpoint(left); SoftEndpoint b = new SoftEndpoint(right)) {
            a.init();
            b.init();
            a.verbs.modifyToReadyToReceive(a.queuePair, new ReadyToReceiveAttributes(1, VerbsConstants.MTU_4096,
                b.queuePair.number(), 0x1234, 0, b.gid(), 0, 64, 0, 1, 1));
            a.verbs.modifyToReadyToSend(a.queuePair, new ReadyToSendAttributes(0x1234, 16, 7, 7, 1)); // 268 ms apart
            for (int i = 0; i < 3; i++) {
                b.postReceive(110 + i, 8 * i, 8);
                a.buffer.set(JAVA_LONG, 8 * i, 1000 + i);
                a.postSend(120 + i, 8 * i, 8);
            }
            // after the first retry all three go back to back: b NAKs each, the first NAK rewinds a's queue and
            // the other two are stale
            Thread.sleep(400);
            b.connect(a.gid(), a.queuePair.number(), 7, 1);
            for (int i = 0; i < 3; i++) {
                b.expect(110 + i, VerbsConstants.WC_SUCCESS);
                assertEquals(1000 + i, b.buffer.get(JAVA_LONG, 8 * i));
            }
            for (int i = 0; i < 3; i++) {
                a.expect(120 + i, VerbsConstants.WC_SUCCESS);
            }
        }
    }

    @Test
    void shouldNotAllocatePerMessageOnTheDataPath() throws Exception {
        try (SoftEndpoint a = new SoftEndpoint(left); SoftEndpoint b = new SoftEndpoint(right)) {
            SoftEndpoint.connect(a, b);
            Completions polled = new Completions(4);
            long[] hcas = {left.hca().threadId(), right.hca().threadId()};
            pingPong(a, b, polled, 20_000); // warm up: frames grown, code compiled
            long poster = Thread.currentThread().threadId();
            // reading another thread's count allocates on the reader: the poster's own count brackets the messages alone
            long[] hcasBefore = {allocatedBytes(hcas[0]), allocatedBytes(hcas[1])};
            long posterBefore = allocatedBytes(poster);
            int messages = 5000;
            pingPong(a, b, polled, messages);
            long posterAllocated = allocatedBytes(poster) - posterBefore;
            long[] hcasAllocated = {allocatedBytes(hcas[0]) - hcasBefore[0], allocatedBytes(hcas[1]) - hcasBefore[1]};
            assertTrue(posterAllocated / messages < 16, "posting and polling allocated " + posterAllocated + " bytes for "
                + messages + " messages");
            for (int i = 0; i < 2; i++) {
                assertTrue(hcasAllocated[i] / messages < 16, "HCA " + i + " allocated " + hcasAllocated[i]
                    + " bytes for " + messages + " messages");
            }
        }
    }

    private static void pingPong(SoftEndpoint a, SoftEndpoint b, Completions polled, int messages) {
        for (int i = 0; i < messages; i++) {
            b.verbs.postReceive(b.queuePair, b.receive.receive(i).scatter(b.address(0), 64, b.region.lkey()));
            a.verbs.postSend(a.queuePair, a.send.send(i).gather(a.address(0), 64, a.region.lkey()).signaled(true));
            int completed = 0;
            while (completed < 2) {
                completed += a.verbs.poll(a.queue, polled) + b.verbs.poll(b.queue, polled);
            }
        }
    }

    @Test
    void shouldRefusePostsBeyondTheQueueDepths() {
        QueuePairCapabilities small = new QueuePairCapabilities(2, 2, 1, 1, 0);
        try (SoftEndpoint a = new SoftEndpoint(left, small, 64); SoftEndpoint b = new SoftEndpoint(right, small, 64)) {
            SoftEndpoint.connect(a, b);
            a.postReceive(1, 0, 8);
            a.postReceive(2, 0, 8);
            VerbsException receiveFull = assertThrows(VerbsException.class, () -> a.postReceive(3, 0, 8));
            assertEquals(SoftVerbs.ENOMEM, receiveFull.errno());
            assertEquals("ibv_post_recv", receiveFull.call());

            a.postSend(4, 0, 8); // no receive at b: retries until b posts one
            a.postSend(5, 0, 8);
            VerbsException sendFull = assertThrows(VerbsException.class, () -> a.postSend(6, 0, 8));
            assertEquals(SoftVerbs.ENOMEM, sendFull.errno());
            assertThrows(IllegalArgumentException.class, () -> a.verbs.postSend(a.queuePair, left.newSendWorkRequest(2)
                .send(7).gather(a.address(0), 1, a.region.lkey()).gather(a.address(1), 1, a.region.lkey())));

            b.postReceive(8, 0, 8);
            b.postReceive(9, 0, 8);
            a.expect(4, VerbsConstants.WC_SUCCESS);
            a.expect(5, VerbsConstants.WC_SUCCESS);
            a.postSend(6, 0, 8); // the slots are free again
            b.expect(8, VerbsConstants.WC_SUCCESS);
            b.expect(9, VerbsConstants.WC_SUCCESS);
        }
    }

    @Test
    void shouldKeepUnsignaledSendsInTheQueueUntilASignaledOneCompletes() {
        QueuePairCapabilities small = new QueuePairCapabilities(2, 4, 1, 1, 0);
        try (SoftEndpoint a = new SoftEndpoint(left, small, 64); SoftEndpoint b = new SoftEndpoint(right, small, 64)) {
            SoftEndpoint.connect(a, b);
            b.postReceive(1, 0, 8);
            b.postReceive(2, 0, 8);
            a.verbs.postSend(a.queuePair, a.send.send(3).gather(a.address(0), 8, a.region.lkey()));
            b.expect(1, VerbsConstants.WC_SUCCESS);
            a.postSend(4, 0, 8);
            b.expect(2, VerbsConstants.WC_SUCCESS);
            a.expect(4, VerbsConstants.WC_SUCCESS);
            assertEquals(0, a.verbs.poll(a.queue, a.completions), "an unsignaled send completes silently");
        }
    }

    @Test
    void shouldRefusePostsAndTransitionsInTheWrongState() {
        try (SoftEndpoint a = new SoftEndpoint(left); SoftEndpoint b = new SoftEndpoint(right)) {
            assertEquals(SoftVerbs.EINVAL, assertThrows(VerbsException.class, () -> a.postReceive(1, 0, 8)).errno(),
                "a receive needs INIT");
            assertEquals(SoftVerbs.EINVAL, assertThrows(VerbsException.class,
                () -> a.connect(b.gid(), b.queuePair.number(), 7, 1)).errno(), "RTR needs INIT");
            a.init();
            assertEquals(SoftVerbs.EINVAL, assertThrows(VerbsException.class, a::init).errno(), "INIT needs RESET");
            a.postReceive(1, 0, 8);
            assertEquals(SoftVerbs.EINVAL, assertThrows(VerbsException.class, () -> a.postSend(2, 0, 8)).errno(),
                "a send needs RTS");
            assertEquals(SoftVerbs.EINVAL, assertThrows(VerbsException.class, () -> a.verbs.modifyToReadyToSend(
                a.queuePair, new ReadyToSendAttributes(0, 8, 3, 7, 1))).errno(), "RTS needs RTR");
            b.init();
            a.verbs.modifyToReadyToReceive(a.queuePair, new ReadyToReceiveAttributes(1, VerbsConstants.MTU_4096,
                b.queuePair.number(), 0, 0, b.gid(), 0, 64, 0, 1, 1));
            assertEquals(SoftVerbs.EINVAL, assertThrows(VerbsException.class, () -> a.postSend(2, 0, 8)).errno(),
                "a send needs RTS, not RTR");
            assertEquals(SoftVerbs.EINVAL, assertThrows(VerbsException.class, () -> b.verbs.modifyToReadyToReceive(
                b.queuePair, new ReadyToReceiveAttributes(1, VerbsConstants.MTU_4096, a.queuePair.number(), 0, 0,
                    null, 0, 64, 0, 1, 1))).errno(), "RoCE needs the peer's GID");
        }
    }

    @Test
    void shouldReportACompletionQueueOverflow() throws InterruptedException {
        try (SoftEndpoint a = new SoftEndpoint(left, new QueuePairCapabilities(8, 8, 1, 1, 0), 2);
             SoftEndpoint b = new SoftEndpoint(right)) {
            SoftEndpoint.connect(a, b);
            for (int i = 0; i < 4; i++) {
                b.postReceive(i, 0, 8);
                a.postSend(i, 0, 8);
            }
            for (int i = 0; i < 4; i++) {
                b.expect(i, VerbsConstants.WC_SUCCESS);
            }
            Thread.sleep(200); // the ACKs of the four sends arrive right after their receives complete
            VerbsException overflow = assertThrows(VerbsException.class,
                () -> a.verbs.poll(a.queue, new Completions(4)), "four send completions into a queue of two");
            assertTrue(overflow.getMessage().contains("overflowed"), overflow.getMessage());
            assertThrows(VerbsException.class, () -> a.verbs.poll(a.queue, new Completions(4)), "and stays unusable");
        }
    }

    @Test
    void shouldFailOutstandingWorkWhenThePeerGoesAway() {
        SoftVerbs third = new SoftVerbs(temporary.resolve("wire"));
        try (SoftEndpoint a = new SoftEndpoint(left)) {
            SoftEndpoint b = new SoftEndpoint(third);
            SoftEndpoint.connect(a, b); // retries RNR forever
            a.postReceive(80, 0, 8);
            a.postSend(81, 0, 8);
            a.postSend(82, 0, 8);
            third.close();
            a.expect(81, VerbsConstants.WC_RETRY_EXC_ERR);
            a.expect(82, VerbsConstants.WC_WR_FLUSH_ERR);
            a.expect(80, VerbsConstants.WC_WR_FLUSH_ERR);
            b.close();
        }
    }

    @Test
    void shouldCloseAConnectionThatSendsAMalformedPacketAndFailItsQueuePair() throws Exception {
        try (SoftEndpoint a = new SoftEndpoint(left); SoftEndpoint b = new SoftEndpoint(right)) {
            a.init();
            b.init();
            b.connect(left.gid(), a.queuePair.number(), 7, 1); // a never connects: the raw socket plays its part
            b.postReceive(90, 0, 64);
            Path socket = SoftVerbs.socketOf(temporary.resolve("wire"), right.gid());

            try (SocketChannel notAHello = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
                ByteBuffer garbage = ByteBuffer.allocate(SoftPacketDescriptor.HEADER_LENGTH);
                garbage.put(SoftPacketDescriptor.TYPE_OFFSET, (byte) 9);
                notAHello.write(garbage);
                assertEquals(-1, notAHello.read(ByteBuffer.allocate(1)), "a connection must start with a hello");
            }

            long hca = right.hca().threadId();
            try (SocketChannel raw = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
                ByteBuffer hello = ByteBuffer.allocate(SoftPacketDescriptor.HELLO_FRAME_LENGTH);
                hello.put(SoftPacketDescriptor.TYPE_OFFSET, SoftPacketDescriptor.TYPE_HELLO)
                    .putInt(SoftPacketDescriptor.PAYLOAD_LENGTH_OFFSET, SoftPacketDescriptor.HELLO_PAYLOAD_LENGTH)
                    .putLong(SoftPacketDescriptor.HELLO_GID_SUBNET_PREFIX_OFFSET, left.gid().subnetPrefix())
                    .putLong(SoftPacketDescriptor.HELLO_GID_INTERFACE_ID_OFFSET, left.gid().interfaceId())
                    .putInt(SoftPacketDescriptor.HELLO_SOURCE_QPN_OFFSET, a.queuePair.number())
                    .putInt(SoftPacketDescriptor.HELLO_DESTINATION_QPN_OFFSET, b.queuePair.number());
                raw.write(hello);
                long allocatedBefore = allocatedBytes(hca);
                ByteBuffer huge = ByteBuffer.allocate(SoftPacketDescriptor.HEADER_LENGTH);
                huge.put(SoftPacketDescriptor.TYPE_OFFSET, SoftPacketDescriptor.TYPE_SEND)
                    .putInt(SoftPacketDescriptor.PSN_OFFSET, 0x1234)
                    .putInt(SoftPacketDescriptor.PAYLOAD_LENGTH_OFFSET, Integer.MAX_VALUE);
                raw.write(huge);
                assertEquals(-1, raw.read(ByteBuffer.allocate(1)), "the device closes the connection");
                b.expect(90, VerbsConstants.WC_WR_FLUSH_ERR);
                long allocated = allocatedBytes(hca) - allocatedBefore;
                assertTrue(allocated < 1 << 20, "a 2 GiB length is refused before anything is sized by it: the HCA"
                    + " allocated " + allocated + " bytes");
            }
            assertEquals(2, right.malformedPackets());
            b.postSend(91, 0, 8);
            b.expect(91, VerbsConstants.WC_WR_FLUSH_ERR);
            b.postReceive(92, 0, 8);
            b.expect(92, VerbsConstants.WC_WR_FLUSH_ERR);
        }
    }

    /**
     * Bytes a thread has allocated, from {@code com.sun.management.ThreadMXBean}; reached by
     * reflection because the tests compile inside the devices module, which does not read
     * {@code java.management}, and run on the class path.
     */
    private static long allocatedBytes(long threadId) throws ReflectiveOperationException {
        Object threads = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean")
            .invoke(null);
        return (long) Class.forName("com.sun.management.ThreadMXBean")
            .getMethod("getThreadAllocatedBytes", long.class).invoke(threads, threadId);
    }

    @Test
    void shouldDescribeEveryStatusAsLibibverbsDoes() {
        int[] statuses = {VerbsConstants.WC_SUCCESS, VerbsConstants.WC_LOC_LEN_ERR, VerbsConstants.WC_LOC_QP_OP_ERR,
            VerbsConstants.WC_LOC_PROT_ERR, VerbsConstants.WC_WR_FLUSH_ERR, VerbsConstants.WC_REM_INV_REQ_ERR,
            VerbsConstants.WC_REM_ACCESS_ERR, VerbsConstants.WC_REM_OP_ERR, VerbsConstants.WC_RETRY_EXC_ERR,
            VerbsConstants.WC_RNR_RETRY_EXC_ERR, 1000};
        FfmVerbs library;
        try {
            library = FfmVerbs.load(FfmVerbs.LIBRARY_NAME);
        } catch (VerbsException missing) {
            assertEquals("remote access error", left.statusText(VerbsConstants.WC_REM_ACCESS_ERR));
            return;
        }
        for (int status = 0; status <= 23; status++) {
            assertEquals(library.statusText(status), left.statusText(status), "status " + status);
        }
        for (int status : statuses) {
            assertEquals(library.statusText(status), left.statusText(status), "status " + status);
        }
    }
}
