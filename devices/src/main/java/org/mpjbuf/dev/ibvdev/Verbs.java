package org.mpjbuf.dev.ibvdev;

import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * The verbs ibvdev's protocol uses: the subset of rdma-core's libibverbs that sets up
 * reliable-connected queue pairs between two ranks and moves data through them with sends and
 * RDMA writes. {@link FfmVerbs} implements it over {@code libibverbs.so.1}; the protocol is written
 * against this interface only, so that another implementation (a software one, for machines
 * without an adapter) can stand in.
 *
 * <h2>Objects and ownership</h2>
 * Every object a method creates ({@link Context}, {@link ProtectionDomain}, {@link MemoryRegion},
 * {@link CompletionQueue}, {@link QueuePair}) is owned by the caller, who destroys it with the
 * matching method, children before parents (queue pairs, then completion queues and memory
 * regions, then protection domains, then the context); no object is released by the garbage
 * collector. The native memory of a queue pair's work requests and of a completion queue's
 * completion array is allocated when the object is created and freed when it is destroyed; a post
 * or a poll allocates nothing. Memory given to {@link #register} stays the caller's: it must stay
 * alive, and must not be freed, until the region is deregistered. Using an object after it was
 * destroyed throws {@link IllegalStateException}; passing another implementation's object throws
 * {@link IllegalArgumentException}.
 *
 * <h2>Threads</h2>
 * The set-up methods (everything but {@link #postSend}, {@link #postReceive} and {@link #poll}) may
 * be called from any thread, as libibverbs allows; destroying an object must not race with its
 * use. The data-path methods reuse native memory owned by their queue pair or completion queue:
 * at most one thread at a time may post sends on one queue pair, at most one may post receives on
 * it, and at most one may poll one completion queue. A {@link SendWorkRequest},
 * {@link ReceiveWorkRequest} or {@link Completions} belongs to one thread at a time.
 *
 * <h2>Errors</h2>
 * A failed call throws {@link VerbsException} naming the libibverbs function and the error number
 * with its text; a value out of its documented range throws {@link IllegalArgumentException}
 * before any call is made.
 */
public interface Verbs {

    /** An opened device ({@code struct ibv_context}). */
    interface Context {
        /**
         * The device's name.
         *
         * @return e.g. {@code mlx5_0}
         */
        String deviceName();
    }

    /** A protection domain ({@code struct ibv_pd}): queue pairs reach only memory registered in theirs. */
    interface ProtectionDomain {
        /**
         * The context the domain belongs to.
         *
         * @return its device context
         */
        Context context();
    }

    /** Memory registered with a device ({@code struct ibv_mr}). */
    interface MemoryRegion {
        /**
         * The first byte registered.
         *
         * @return a native address
         */
        long address();

        /**
         * The bytes registered.
         *
         * @return the region's size
         */
        long byteSize();

        /**
         * The key local work requests name the region by.
         *
         * @return the lkey
         */
        int lkey();

        /**
         * The key peers name the region by in RDMA operations.
         *
         * @return the rkey
         */
        int rkey();
    }

    /** A completion queue ({@code struct ibv_cq}). */
    interface CompletionQueue {
        /**
         * The completions the queue holds, and the most one {@link #poll} returns.
         *
         * @return the capacity asked for at creation
         */
        int capacity();
    }

    /** A reliable-connected queue pair ({@code struct ibv_qp}). */
    interface QueuePair {
        /**
         * The number peers address the queue pair by.
         *
         * @return the 24-bit qp_num
         */
        int number();

        /**
         * The sizes the device granted (at least those asked for).
         *
         * @return the capabilities
         */
        QueuePairCapabilities capabilities();
    }

    /**
     * Loads the verbs library and opens the first active port of the first device that has one.
     *
     * @return the binding, the opened device and the port; the caller closes it
     * @throws VerbsException if the library is missing, no RDMA device is listed, or no port of any
     *         device is active; the message names what was looked for and what was found
     */
    static ActivePort openActivePort() {
        FfmVerbs verbs = FfmVerbs.load(FfmVerbs.LIBRARY_NAME);
        return ActivePorts.find(verbs, verbs.describeLibrary());
    }

    /**
     * The RDMA devices the machine has ({@code ibv_get_device_list}, {@code ibv_get_device_name}).
     * A kernel without RDMA support has none.
     *
     * @return the device names, possibly none
     * @throws VerbsException if the list cannot be read for another reason
     */
    List<String> deviceNames();

    /**
     * Opens a device ({@code ibv_open_device}).
     *
     * @param deviceName one of {@link #deviceNames()}
     * @return the device context
     * @throws VerbsException if no device has that name, or it cannot be opened
     */
    Context open(String deviceName);

    /**
     * The device's limits ({@code ibv_query_device}).
     *
     * @param context an open device
     * @return its port count and queue limits
     * @throws VerbsException if the query fails
     */
    DeviceAttributes queryDevice(Context context);

    /**
     * One port's state and addresses ({@code ibv_query_port}).
     *
     * @param context an open device
     * @param portNumber from 1 to {@link DeviceAttributes#portCount()}
     * @return the port's attributes
     * @throws IllegalArgumentException if the number is not from 1 to 255
     * @throws VerbsException if the query fails
     */
    PortAttributes queryPort(Context context, int portNumber);

    /**
     * One entry of a port's GID table ({@code ibv_query_gid}).
     *
     * @param context an open device
     * @param portNumber from 1
     * @param index from 0 to {@link PortAttributes#gidTableLength()} - 1
     * @return the GID ({@link Gid#ZERO} for an unused entry)
     * @throws VerbsException if the query fails
     */
    Gid queryGid(Context context, int portNumber, int index);

    /**
     * Allocates a protection domain ({@code ibv_alloc_pd}).
     *
     * @param context an open device
     * @return the domain
     * @throws VerbsException if it cannot be allocated
     */
    ProtectionDomain allocateProtectionDomain(Context context);

    /**
     * Registers memory ({@code ibv_reg_mr}): pins it and gives the keys work requests and peers
     * name it by.
     *
     * @param domain the protection domain of the queue pairs that will use it
     * @param segment native memory, alive until {@link #deregister}
     * @param accessFlags {@code ACCESS_*} flags of {@link VerbsConstants} ({@code REMOTE_WRITE}
     *        requires {@code LOCAL_WRITE})
     * @return the region
     * @throws IllegalArgumentException if the segment is not native or is empty
     * @throws VerbsException if the device refuses (out of pinnable memory, bad flags)
     */
    MemoryRegion register(ProtectionDomain domain, MemorySegment segment, int accessFlags);

    /**
     * Creates a completion queue ({@code ibv_create_cq}) and its preallocated completion array.
     *
     * @param context an open device
     * @param capacity the completions it holds, at least 1
     * @return the queue
     * @throws VerbsException if it cannot be created
     */
    CompletionQueue createCompletionQueue(Context context, int capacity);

    /**
     * Creates a reliable-connected queue pair ({@code ibv_create_qp}), in the RESET state, and its
     * preallocated work requests.
     *
     * @param domain its protection domain
     * @param sendQueue where its send completions go
     * @param receiveQueue where its receive completions go (may be {@code sendQueue})
     * @param capabilities its queue depths and scatter/gather sizes
     * @return the queue pair
     * @throws VerbsException if it cannot be created
     */
    QueuePair createQueuePair(ProtectionDomain domain, CompletionQueue sendQueue, CompletionQueue receiveQueue,
                              QueuePairCapabilities capabilities);

    /**
     * Moves a queue pair from RESET to INIT ({@code ibv_modify_qp}).
     *
     * @param queuePair a new queue pair
     * @param portNumber the local port, from 1
     * @param pkeyIndex the partition key's index in the port's table (usually 0)
     * @param accessFlags what peers may do: {@code ACCESS_REMOTE_*} flags of {@link VerbsConstants}
     * @throws VerbsException if the device refuses the transition
     */
    void modifyToInit(QueuePair queuePair, int portNumber, int pkeyIndex, int accessFlags);

    /**
     * Moves a queue pair from INIT to RTR (ready to receive), connecting it to its peer.
     *
     * @param queuePair a queue pair in INIT
     * @param attributes the peer's address and the receive side's limits
     * @throws IllegalArgumentException if a value is out of its range (see the record)
     * @throws VerbsException if the device refuses the transition
     */
    void modifyToReadyToReceive(QueuePair queuePair, ReadyToReceiveAttributes attributes);

    /**
     * Moves a queue pair from RTR to RTS (ready to send).
     *
     * @param queuePair a queue pair in RTR
     * @param attributes the send side's sequence number, timeouts and retries
     * @throws IllegalArgumentException if a value is out of its range (see the record)
     * @throws VerbsException if the device refuses the transition
     */
    void modifyToReadyToSend(QueuePair queuePair, ReadyToSendAttributes attributes);

    /**
     * A send work request with room for {@code maxScatterGather} gather entries, to fill and post
     * again and again.
     *
     * @param maxScatterGather at most the queue pair's {@code maxSendScatterGather}
     * @return a new request
     * @throws IllegalArgumentException if {@code maxScatterGather < 1}
     */
    default SendWorkRequest newSendWorkRequest(int maxScatterGather) {
        return new SendWorkRequest(maxScatterGather);
    }

    /**
     * A receive work request with room for {@code maxScatterGather} scatter entries.
     *
     * @param maxScatterGather at most the queue pair's {@code maxReceiveScatterGather}
     * @return a new request
     * @throws IllegalArgumentException if {@code maxScatterGather < 1}
     */
    default ReceiveWorkRequest newReceiveWorkRequest(int maxScatterGather) {
        return new ReceiveWorkRequest(maxScatterGather);
    }

    /**
     * Posts one work request to a queue pair's send queue ({@code ibv_post_send}); the request may
     * be refilled when this returns. Allocates nothing.
     *
     * @param queuePair a queue pair in RTS
     * @param request the filled request
     * @throws IllegalArgumentException if the request has more entries than the queue pair's send gather size
     * @throws VerbsException if the device refuses it (ENOMEM: the send queue is full)
     */
    void postSend(QueuePair queuePair, SendWorkRequest request);

    /**
     * Posts one work request to a queue pair's receive queue ({@code ibv_post_recv}). Allocates nothing.
     *
     * @param queuePair a queue pair in INIT, RTR or RTS
     * @param request the filled request
     * @throws IllegalArgumentException if the request has more entries than the queue pair's receive scatter size
     * @throws VerbsException if the device refuses it (ENOMEM: the receive queue is full)
     */
    void postReceive(QueuePair queuePair, ReceiveWorkRequest request);

    /**
     * Takes the finished work requests off a completion queue ({@code ibv_poll_cq}), at most
     * {@code min(completions.capacity(), queue.capacity())}, without waiting. Allocates nothing.
     *
     * @param queue the completion queue
     * @param completions where to put them; its count is set to the return value
     * @return the completions taken, 0 when none had finished
     * @throws VerbsException if the device reports an error
     */
    int poll(CompletionQueue queue, Completions completions);

    /**
     * The description of a completion status ({@code ibv_wc_status_str}).
     *
     * @param status an {@code IBV_WC_*} status, as {@link Completions#status} gives
     * @return e.g. {@code "transport retry counter exceeded"}; {@code "unknown"} for an unknown status
     */
    String statusText(int status);

    /**
     * Deregisters memory ({@code ibv_dereg_mr}); the memory may be freed afterwards.
     *
     * @param region a registered region
     * @throws VerbsException if the device refuses (a queue pair still uses it)
     */
    void deregister(MemoryRegion region);

    /**
     * Destroys a queue pair ({@code ibv_destroy_qp}) and frees its work requests.
     *
     * @param queuePair the queue pair
     * @throws VerbsException if the device refuses
     */
    void destroy(QueuePair queuePair);

    /**
     * Destroys a completion queue ({@code ibv_destroy_cq}) and frees its completion array.
     *
     * @param queue the queue, used by no queue pair any more
     * @throws VerbsException if the device refuses
     */
    void destroy(CompletionQueue queue);

    /**
     * Deallocates a protection domain ({@code ibv_dealloc_pd}).
     *
     * @param domain the domain, with no queue pair or region left in it
     * @throws VerbsException if the device refuses
     */
    void deallocate(ProtectionDomain domain);

    /**
     * Closes a device ({@code ibv_close_device}).
     *
     * @param context the device, with nothing left allocated in it
     * @throws VerbsException if the device refuses
     */
    void close(Context context);
}
