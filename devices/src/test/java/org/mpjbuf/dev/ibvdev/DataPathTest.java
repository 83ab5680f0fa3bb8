package org.mpjbuf.dev.ibvdev;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The data path of {@link FfmVerbs} without an adapter: a queue pair and a completion queue over
 * native {@code ibv_qp}, {@code ibv_cq} and {@code ibv_context} structures whose {@code ops} table
 * points at Java upcalls standing in for a provider. The upcalls read the work requests as a
 * provider would (through {@link VerbsLayouts}, which {@code VerbsLayoutsTest} checks against
 * verbs.h) and write completions the same way.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
@SuppressWarnings("restricted")
class DataPathTest {

    private static final int QP_NUM = 0x1234;
    private static final int ENOMEM = 12;

    /** What the provider's post_send saw, and what it returns. */
    private static MemorySegment postedSend;
    private static MemorySegment postedRecv;
    private static int postResult;
    private static int pollAsked;

    private Arena arena;
    private FfmVerbs verbs;
    private Verbs.QueuePair queuePair;
    private Verbs.CompletionQueue completionQueue;

    @BeforeEach
    void provider() throws ReflectiveOperationException {
        try {
            verbs = FfmVerbs.load(FfmVerbs.LIBRARY_NAME);
        } catch (VerbsException missing) {
            assumeTrue(false, "libibverbs is not installed (Debian: libibverbs1): " + missing.getMessage());
        }
        arena = Arena.ofConfined();
        Linker linker = Linker.nativeLinker();
        FunctionDescriptor post = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS);
        MethodType postType = MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class,
            MemorySegment.class);
        MemorySegment context = arena.allocate(VerbsLayouts.IBV_CONTEXT);
        context.set(ADDRESS, offset("ops", "post_send"), linker.upcallStub(
            MethodHandles.lookup().findStatic(DataPathTest.class, "postSend", postType), post, arena));
        context.set(ADDRESS, offset("ops", "post_recv"), linker.upcallStub(
            MethodHandles.lookup().findStatic(DataPathTest.class, "postRecv", postType), post, arena));
        context.set(ADDRESS, offset("ops", "poll_cq"), linker.upcallStub(
            MethodHandles.lookup().findStatic(DataPathTest.class, "pollCq", MethodType.methodType(int.class,
                MemorySegment.class, int.class, MemorySegment.class)),
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS), arena));
        MemorySegment qp = arena.allocate(VerbsLayouts.IBV_QP);
        qp.set(ADDRESS, VerbsLayouts.QP_CONTEXT, context);
        qp.set(JAVA_INT, VerbsLayouts.QP_QP_NUM, QP_NUM);
        MemorySegment cq = arena.allocate(VerbsLayouts.IBV_CQ);
        cq.set(ADDRESS, VerbsLayouts.CQ_CONTEXT, context);
        queuePair = FfmVerbs.queuePairOver(qp, new QueuePairCapabilities(16, 16, 3, 2, 0));
        completionQueue = FfmVerbs.completionQueueOver(cq, 8);
        postedSend = null;
        postedRecv = null;
        postResult = 0;
    }

    @AfterEach
    void release() {
        if (arena != null) {
            arena.close();
        }
    }

    @Test
    void shouldHandTheProviderAnRdmaWriteWithImmediateAsVerbsHDefinesIt() {
        SendWorkRequest request = verbs.newSendWorkRequest(3)
            .rdmaWriteWithImmediate(77, 0x7f00_1000_2000L, 0xabcd, 0x0102_0304)
            .gather(0x5000, 100, 11).gather(0x6000, 200, 12).signaled(true);
        verbs.postSend(queuePair, request);

        MemorySegment wr = postedSend;
        assertEquals(77, wr.get(JAVA_LONG, VerbsLayouts.SEND_WR_WR_ID));
        assertEquals(MemorySegment.NULL, wr.get(ADDRESS, VerbsLayouts.SEND_WR_NEXT));
        assertEquals(VerbsConstants.WR_RDMA_WRITE_WITH_IMM, wr.get(JAVA_INT, VerbsLayouts.SEND_WR_OPCODE));
        assertEquals(VerbsConstants.SEND_SIGNALED, wr.get(JAVA_INT, VerbsLayouts.SEND_WR_SEND_FLAGS));
        assertEquals(0x0102_0304, wr.get(JAVA_INT.withOrder(ByteOrder.BIG_ENDIAN), VerbsLayouts.SEND_WR_IMM_DATA),
            "immediate data go in network order");
        assertEquals(0x7f00_1000_2000L, wr.get(JAVA_LONG, VerbsLayouts.SEND_WR_RDMA_REMOTE_ADDR));
        assertEquals(0xabcd, wr.get(JAVA_INT, VerbsLayouts.SEND_WR_RDMA_RKEY));
        assertEquals(2, wr.get(JAVA_INT, VerbsLayouts.SEND_WR_NUM_SGE));
        MemorySegment sges = wr.get(ADDRESS, VerbsLayouts.SEND_WR_SG_LIST).reinterpret(3 * VerbsLayouts.IBV_SGE.byteSize());
        assertEquals(0x6000, sges.get(JAVA_LONG, VerbsLayouts.IBV_SGE.byteSize() + VerbsLayouts.SGE_ADDR));
        assertEquals(200, sges.get(JAVA_INT, VerbsLayouts.IBV_SGE.byteSize() + VerbsLayouts.SGE_LENGTH));
        assertEquals(12, sges.get(JAVA_INT, VerbsLayouts.IBV_SGE.byteSize() + VerbsLayouts.SGE_LKEY));

        verbs.postSend(queuePair, request.send(78).gather(0x7000, 8, 13));
        assertEquals(VerbsConstants.WR_SEND, postedSend.get(JAVA_INT, VerbsLayouts.SEND_WR_OPCODE));
        assertEquals(0, postedSend.get(JAVA_INT, VerbsLayouts.SEND_WR_SEND_FLAGS), "a new request is unsignaled");
        assertEquals(1, postedSend.get(JAVA_INT, VerbsLayouts.SEND_WR_NUM_SGE));
        assertEquals(wr.address(), postedSend.address(), "the same native work request is reused");
    }

    @Test
    void shouldHandTheProviderAReceive() {
        verbs.postReceive(queuePair, verbs.newReceiveWorkRequest(2).receive(5).scatter(0x9000, 4096, 21));
        assertEquals(5, postedRecv.get(JAVA_LONG, VerbsLayouts.RECV_WR_WR_ID));
        assertEquals(1, postedRecv.get(JAVA_INT, VerbsLayouts.RECV_WR_NUM_SGE));
        MemorySegment sge = postedRecv.get(ADDRESS, VerbsLayouts.RECV_WR_SG_LIST).reinterpret(VerbsLayouts.IBV_SGE.byteSize());
        assertEquals(0x9000, sge.get(JAVA_LONG, VerbsLayouts.SGE_ADDR));
        assertEquals(4096, sge.get(JAVA_INT, VerbsLayouts.SGE_LENGTH));
        assertEquals(21, sge.get(JAVA_INT, VerbsLayouts.SGE_LKEY));
    }

    @Test
    void shouldReportTheProvidersErrorWithItsText() {
        postResult = ENOMEM;
        VerbsException full = assertThrows(VerbsException.class,
            () -> verbs.postSend(queuePair, verbs.newSendWorkRequest(1).send(9).gather(0x100, 1, 1)));
        assertEquals("ibv_post_send failed: errno 12 (Cannot allocate memory): queue pair 4660, wr_id 9",
            full.getMessage());
        assertEquals(ENOMEM, full.errno());
    }

    @Test
    void shouldRefuseMoreEntriesThanTheQueuePairTakes() {
        ReceiveWorkRequest request = verbs.newReceiveWorkRequest(3).receive(1).scatter(1, 1, 1).scatter(2, 1, 1)
            .scatter(3, 1, 1);
        IllegalArgumentException tooMany = assertThrows(IllegalArgumentException.class,
            () -> verbs.postReceive(queuePair, request));
        assertTrue(tooMany.getMessage().contains("at most 2"), tooMany.getMessage());
    }

    @Test
    void shouldCopyTheProvidersCompletionsOut() {
        Completions completions = new Completions(4);
        assertEquals(2, verbs.poll(completionQueue, completions));
        assertEquals(4, pollAsked, "at most the caller's capacity is asked for");
        assertEquals(2, completions.count());
        assertEquals(41, completions.wrId(0));
        assertEquals(VerbsConstants.WC_SUCCESS, completions.status(0));
        assertEquals(VerbsConstants.WC_RDMA_WRITE, completions.opcode(0));
        assertEquals(false, completions.hasImmediateData(0));
        assertEquals(42, completions.wrId(1));
        assertEquals(VerbsConstants.WC_RECV_RDMA_WITH_IMM, completions.opcode(1));
        assertEquals(65536, completions.byteLength(1));
        assertEquals(true, completions.hasImmediateData(1));
        assertEquals(0x0a0b_0c0d, completions.immediateData(1));
        assertEquals(QP_NUM, completions.queuePairNumber(1));
        assertEquals(VerbsConstants.WC_RETRY_EXC_ERR, completions.status(1));

        assertEquals(2, verbs.poll(completionQueue, new Completions(100)));
        assertEquals(8, pollAsked, "at most the completion queue's capacity is asked for");
    }

    private static long offset(String... path) {
        return VerbsLayouts.IBV_CONTEXT.byteOffset(java.util.Arrays.stream(path).map(PathElement::groupElement)
            .toArray(PathElement[]::new));
    }

    static int postSend(MemorySegment qp, MemorySegment wr, MemorySegment badWr) {
        assertEquals(QP_NUM, qp.reinterpret(VerbsLayouts.IBV_QP.byteSize()).get(JAVA_INT, VerbsLayouts.QP_QP_NUM));
        postedSend = wr.reinterpret(VerbsLayouts.IBV_SEND_WR.byteSize());
        return postResult;
    }

    static int postRecv(MemorySegment qp, MemorySegment wr, MemorySegment badWr) {
        postedRecv = wr.reinterpret(VerbsLayouts.IBV_RECV_WR.byteSize());
        return postResult;
    }

    static int pollCq(MemorySegment cq, int entries, MemorySegment wc) {
        pollAsked = entries;
        long stride = VerbsLayouts.IBV_WC.byteSize();
        MemorySegment wcs = wc.reinterpret(entries * stride);
        wcs.set(JAVA_LONG, VerbsLayouts.WC_WR_ID, 41);
        wcs.set(JAVA_INT, VerbsLayouts.WC_STATUS, VerbsConstants.WC_SUCCESS);
        wcs.set(JAVA_INT, VerbsLayouts.WC_OPCODE, VerbsConstants.WC_RDMA_WRITE);
        wcs.set(JAVA_INT, VerbsLayouts.WC_WC_FLAGS, 0);
        wcs.set(JAVA_INT, VerbsLayouts.WC_QP_NUM, QP_NUM);
        wcs.set(JAVA_LONG, stride + VerbsLayouts.WC_WR_ID, 42);
        wcs.set(JAVA_INT, stride + VerbsLayouts.WC_STATUS, VerbsConstants.WC_RETRY_EXC_ERR);
        wcs.set(JAVA_INT, stride + VerbsLayouts.WC_OPCODE, VerbsConstants.WC_RECV_RDMA_WITH_IMM);
        wcs.set(JAVA_INT, stride + VerbsLayouts.WC_BYTE_LEN, 65536);
        wcs.set(JAVA_INT, stride + VerbsLayouts.WC_WC_FLAGS, VerbsConstants.WC_WITH_IMM);
        wcs.set(JAVA_INT.withOrder(ByteOrder.BIG_ENDIAN), stride + VerbsLayouts.WC_IMM_DATA, 0x0a0b_0c0d);
        wcs.set(JAVA_INT, stride + VerbsLayouts.WC_QP_NUM, QP_NUM);
        return 2;
    }
}
