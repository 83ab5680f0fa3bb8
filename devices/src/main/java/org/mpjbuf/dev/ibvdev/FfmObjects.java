package org.mpjbuf.dev.ibvdev;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static org.mpjbuf.dev.ibvdev.VerbsLayouts.IBV_RECV_WR;
import static org.mpjbuf.dev.ibvdev.VerbsLayouts.IBV_SEND_WR;
import static org.mpjbuf.dev.ibvdev.VerbsLayouts.IBV_SGE;
import static org.mpjbuf.dev.ibvdev.VerbsLayouts.IBV_WC;
import static org.mpjbuf.dev.ibvdev.VerbsLayouts.RECV_WR_NEXT;
import static org.mpjbuf.dev.ibvdev.VerbsLayouts.RECV_WR_SG_LIST;
import static org.mpjbuf.dev.ibvdev.VerbsLayouts.SEND_WR_NEXT;
import static org.mpjbuf.dev.ibvdev.VerbsLayouts.SEND_WR_SG_LIST;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The objects {@link FfmVerbs} hands out: each holds the libibverbs pointer it wraps and, for queue
 * pairs and completion queues, the native structures the data path reuses (see {@link FfmVerbs}).
 * A destroyed object is marked dead and its arena closed, so a later use fails with
 * {@link IllegalStateException} instead of reaching freed memory.
 */
final class FfmObjects {

    private FfmObjects() {
    }


    abstract static class FfmObject {
        final MemorySegment pointer;
        boolean live = true;

        FfmObject(MemorySegment pointer) {
            this.pointer = pointer;
        }
    }

    static final class FfmContext extends FfmObject implements Verbs.Context {
        final String name;

        FfmContext(String name, MemorySegment pointer) {
            super(pointer);
            this.name = name;
        }

        @Override
        public String deviceName() {
            return name;
        }

        @Override
        public String toString() {
            return "device " + name;
        }
    }

    static final class FfmProtectionDomain extends FfmObject implements Verbs.ProtectionDomain {
        final FfmContext context;

        FfmProtectionDomain(FfmContext context, MemorySegment pointer) {
            super(pointer);
            this.context = context;
        }

        @Override
        public Verbs.Context context() {
            return context;
        }

        @Override
        public String toString() {
            return "protection domain of " + context;
        }
    }

    static final class FfmMemoryRegion extends FfmObject implements Verbs.MemoryRegion {
        private final long address;
        private final long byteSize;
        private final int lkey;
        private final int rkey;

        FfmMemoryRegion(MemorySegment pointer, long address, long byteSize, int lkey, int rkey) {
            super(pointer);
            this.address = address;
            this.byteSize = byteSize;
            this.lkey = lkey;
            this.rkey = rkey;
        }

        @Override
        public long address() {
            return address;
        }

        @Override
        public long byteSize() {
            return byteSize;
        }

        @Override
        public int lkey() {
            return lkey;
        }

        @Override
        public int rkey() {
            return rkey;
        }

        @Override
        public String toString() {
            return "memory region of " + byteSize + " bytes at 0x" + Long.toHexString(address);
        }
    }

    static final class FfmCompletionQueue extends FfmObject implements Verbs.CompletionQueue {
        final int capacity;
        final MemorySegment pollCq;
        final Arena arena = Arena.ofShared();
        final MemorySegment completions;

        FfmCompletionQueue(MemorySegment pointer, int capacity, MemorySegment pollCq) {
            super(pointer);
            this.capacity = capacity;
            this.pollCq = pollCq;
            this.completions = arena.allocate(IBV_WC, capacity);
        }

        @Override
        public int capacity() {
            return capacity;
        }

        @Override
        public String toString() {
            return "completion queue of " + capacity;
        }
    }

    static final class FfmQueuePair extends FfmObject implements Verbs.QueuePair {
        final int number;
        final QueuePairCapabilities capabilities;
        final MemorySegment postSend;
        final MemorySegment postRecv;
        final int maxSendSge;
        final int maxRecvSge;
        final Arena arena = Arena.ofShared();
        final MemorySegment sendWr;
        final MemorySegment sendSges;
        final MemorySegment recvWr;
        final MemorySegment recvSges;
        final MemorySegment badWr;

        FfmQueuePair(MemorySegment pointer, int number, QueuePairCapabilities capabilities, MemorySegment postSend,
                     MemorySegment postRecv) {
            super(pointer);
            this.number = number;
            this.capabilities = capabilities;
            this.postSend = postSend;
            this.postRecv = postRecv;
            this.maxSendSge = capabilities.maxSendScatterGather();
            this.maxRecvSge = capabilities.maxReceiveScatterGather();
            this.sendWr = arena.allocate(IBV_SEND_WR);
            this.sendSges = arena.allocate(IBV_SGE, maxSendSge);
            this.recvWr = arena.allocate(IBV_RECV_WR);
            this.recvSges = arena.allocate(IBV_SGE, maxRecvSge);
            this.badWr = arena.allocate(ADDRESS);
            sendWr.set(ADDRESS, SEND_WR_NEXT, MemorySegment.NULL);
            sendWr.set(ADDRESS, SEND_WR_SG_LIST, sendSges);
            recvWr.set(ADDRESS, RECV_WR_NEXT, MemorySegment.NULL);
            recvWr.set(ADDRESS, RECV_WR_SG_LIST, recvSges);
        }

        @Override
        public int number() {
            return number;
        }

        @Override
        public QueuePairCapabilities capabilities() {
            return capabilities;
        }

        @Override
        public String toString() {
            return "queue pair " + number;
        }
    }
}
