package org.mpjbuf.dev.ibvdev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Request;
import org.mpjbuf.dev.protocol.FrameDescriptor;
import org.mpjbuf.dev.protocol.FrameHeader;

/**
 * ibvdev's error paths, driven through the software verbs device by a hand-made rank 1
 * ({@link IbvdevFakePeer}): a peer that dies, a ready message that names memory whose remote key
 * its owner has revoked, and hostile frames. Each time every request of rank 0 that involves
 * rank 1 fails within seconds with an error naming it, later sends to it fail at once, and nothing
 * hangs.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
final class IbvdevPeerFailureTest {
    private static final int CONTEXT = 3;
    private static final ProcessID ONE = ProcessID.of(1);

    @Test
    void shouldFailEveryRequestWaitingOnAPeerThatDies() throws Exception {
        try (IbvdevFakePeer peer = IbvdevFakePeer.start()) {
            Device device = peer.device;
            List<Request> waiting = List.of(
                device.irecv(new int[4], 0, 4, ONE, 1, CONTEXT),
                device.irecv(new byte[4], 0, 4, Device.ANY_SOURCE, Device.ANY_TAG, CONTEXT),
                device.startProbe(ONE, 2, CONTEXT),
                device.isend(new byte[4096], 0, 4096, ONE, 3, CONTEXT),
                device.issend(new int[1], 0, 1, ONE, 4, CONTEXT));
            Thread.sleep(20);
            for (Request request : waiting) {
                assertFalse(request.isComplete(), request + " waits for rank 1");
            }
            long start = System.nanoTime();
            peer.kill();
            for (Request request : waiting) {
                DeviceException failed = assertThrows(DeviceException.class, request::await);
                assertTrue(failed.getMessage().contains("rank 1"), failed.getMessage());
            }
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10), "within seconds");
            DeviceException later = assertThrows(DeviceException.class,
                () -> device.isend(new int[1], 0, 1, ONE, 1, CONTEXT));
            assertTrue(later.getMessage().contains("rank 1"), later.getMessage());
        }
    }

    @Test
    void shouldFailARendezvousSendWhoseReadyMessageNamesARevokedKey() throws Exception {
        try (IbvdevFakePeer peer = IbvdevFakePeer.start()) {
            Device device = peer.device;
            Request send = device.isend(new byte[64 * 1024], 0, 64 * 1024, ONE, 7, CONTEXT);
            FrameHeader rts = peer.nextFrame();
            assertNotNull(rts, "rank 0 asks to send");
            assertEquals(FrameDescriptor.RTS, rts.type);
            ByteBuffer cts = ByteBuffer.allocate(FrameDescriptor.HEADER_LENGTH + FrameDescriptor.REMOTE_MEMORY_LENGTH)
                .order(java.nio.ByteOrder.nativeOrder());
            cts.put(IbvdevFakePeer.header(FrameDescriptor.CTS, FrameDescriptor.FLAG_REMOTE_MEMORY,
                FrameDescriptor.REMOTE_MEMORY_LENGTH, rts.sendId, 99).array());
            long[] revoked = peer.revokedMemory();
            cts.putLong(revoked[0]).putInt((int) revoked[1]);
            peer.send(cts.array());
            DeviceException failed = assertThrows(DeviceException.class, send::await);
            assertTrue(failed.getMessage().contains("rank 1"), failed.getMessage());
            assertTrue(failed.getMessage().contains("RDMA write"), failed.getMessage());
            DeviceException later = assertThrows(DeviceException.class,
                () -> device.isend(new int[1], 0, 1, ONE, 1, CONTEXT));
            assertTrue(later.getMessage().contains("rank 1"), later.getMessage());
        }
    }

    /** Frames no ibvdev rank sends, and what rank 0 says about each. */
    enum Hostile {
        BAD_MAGIC("magic is") {
            @Override
            byte[] frame() {
                ByteBuffer header = IbvdevFakePeer.header(FrameDescriptor.CREDIT, (byte) 0, 0, 0, 0);
                header.put(0, (byte) 'X');
                return header.array();
            }
        },
        UNKNOWN_TYPE("frame type is 77") {
            @Override
            byte[] frame() {
                ByteBuffer header = IbvdevFakePeer.header(FrameDescriptor.CREDIT, (byte) 0, 0, 0, 0);
                header.put(FrameDescriptor.TYPE_OFFSET, (byte) 77);
                return header.array();
            }
        },
        PAYLOAD_LONGER_THAN_SAID("expected the 8 bytes behind the header") {
            @Override
            byte[] frame() {
                byte[] frame = new byte[FrameDescriptor.HEADER_LENGTH + 8];
                IbvdevFakePeer.header(FrameDescriptor.CREDIT, (byte) 0, 0, 0, 0).get(0, frame, 0,
                    FrameDescriptor.HEADER_LENGTH);
                return frame;
            }
        },
        READY_WITHOUT_REMOTE_MEMORY("without remote memory") {
            @Override
            byte[] frame() {
                return IbvdevFakePeer.header(FrameDescriptor.CTS, (byte) 0, 0, 5, 6).array();
            }
        },
        READY_FOR_NO_SEND("ready message (CTS) for send id 12345") {
            @Override
            byte[] frame() {
                ByteBuffer frame = ByteBuffer.allocate(FrameDescriptor.HEADER_LENGTH
                    + FrameDescriptor.REMOTE_MEMORY_LENGTH).order(java.nio.ByteOrder.nativeOrder());
                frame.put(IbvdevFakePeer.header(FrameDescriptor.CTS, FrameDescriptor.FLAG_REMOTE_MEMORY,
                    FrameDescriptor.REMOTE_MEMORY_LENGTH, 12345, 1).array());
                return frame.array();
            }
        },
        DATA_FOR_NO_RECEIVE("DATA for receive id 777") {
            @Override
            byte[] frame() {
                return IbvdevFakePeer.header(FrameDescriptor.DATA, FrameDescriptor.FLAG_REMOTE_MEMORY, 0, 1, 777)
                    .array();
            }
        };

        final String expected;

        Hostile(String expected) {
            this.expected = expected;
        }

        abstract byte[] frame();
    }

    @ParameterizedTest
    @EnumSource(Hostile.class)
    void shouldCloseTheLinkOfAHostilePeerAndFailItsRequestsNamingIt(Hostile hostile) throws Exception {
        try (IbvdevFakePeer peer = IbvdevFakePeer.start()) {
            Device device = peer.device;
            Request waiting = device.irecv(new int[5], 0, 5, ONE, 1, CONTEXT);
            peer.send(hostile.frame());
            DeviceException failed = assertThrows(DeviceException.class, waiting::await);
            assertTrue(failed.getMessage().contains("rank 1"), failed.getMessage());
            assertTrue(failed.getMessage().contains(hostile.expected), failed.getMessage());
            assertThrows(DeviceException.class, () -> device.send(new int[1], 0, 1, ONE, 1, CONTEXT));
        }
    }
}
