package org.mpjbuf.dev.ibvdev;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.mpjbuf.dev.ibvdev.VerbsArguments.checkPort;
import static org.mpjbuf.dev.ibvdev.VerbsArguments.checkRange;
import static org.mpjbuf.dev.ibvdev.VerbsLayouts.*;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.mpjbuf.dev.ibvdev.FfmObjects.FfmCompletionQueue;
import org.mpjbuf.dev.ibvdev.FfmObjects.FfmContext;
import org.mpjbuf.dev.ibvdev.FfmObjects.FfmMemoryRegion;
import org.mpjbuf.dev.ibvdev.FfmObjects.FfmObject;
import org.mpjbuf.dev.ibvdev.FfmObjects.FfmProtectionDomain;
import org.mpjbuf.dev.ibvdev.FfmObjects.FfmQueuePair;

/**
 * {@link Verbs} over rdma-core's {@code libibverbs.so.1}, through the FFM API.
 *
 * <h2>How each call is reached</h2>
 * <ol>
 *   <li>The set-up functions are exported symbols, found with {@link SymbolLookup#libraryLookup}
 *       when the binding is loaded (every one of {@link #SYMBOLS}; a missing one fails the load).
 *       Two of them are wrapped by verbs.h and bound below the wrapper: {@code ibv_query_port} is a
 *       macro around an inline function that, for providers without the extended query, calls the
 *       exported {@code ibv_query_port} with a {@code struct _compat_ibv_port_attr}, the prefix of
 *       {@code struct ibv_port_attr} up to {@code flags}; the binding passes a zeroed whole
 *       {@code ibv_port_attr} and reads only members of that prefix. {@code ibv_reg_mr} is a macro
 *       choosing between the exported {@code ibv_reg_mr} and {@code ibv_reg_mr_iova2}; the binding
 *       calls {@code ibv_reg_mr_iova2} with the region's own address as its I/O virtual address,
 *       which is what {@code ibv_reg_mr} does for every access flag.</li>
 *   <li>The data-path functions {@code ibv_post_send}, {@code ibv_post_recv} and
 *       {@code ibv_poll_cq} are static inline in verbs.h and not exported: they call the provider
 *       through {@code qp->context->ops.post_send}, {@code ops.post_recv} and
 *       {@code cq->context->ops.poll_cq}. The binding reads those function pointers from the
 *       {@code ibv_context} once, when the queue pair or completion queue is created (the table is
 *       filled when the device is opened and never changes), and calls them through one
 *       address-taking downcall handle each.</li>
 *   <li>Failures of the set-up functions carry {@code errno}, captured right after the call
 *       ({@link Linker.Option#captureCallState}) and described by libc's {@code strerror}.</li>
 * </ol>
 *
 * <h2>Memory</h2>
 * A queue pair owns one shared arena with its {@code ibv_send_wr}, {@code ibv_recv_wr}, their
 * {@code ibv_sge} arrays (as long as the granted gather sizes) and the {@code bad_wr} out-pointer;
 * {@code next} and {@code sg_list} are set once. A completion queue owns an arena with its
 * {@code ibv_wc} array. A post copies the Java request into those structures and makes one
 * downcall; a poll makes one downcall and copies the completions out. Set-up calls allocate their
 * argument structures in a confined arena of their own.
 */
@SuppressWarnings("restricted") // the binding's purpose: downcalls into libibverbs and reads of the structures it returns
public final class FfmVerbs implements Verbs {

    /** The library's name, as {@code dlopen} looks it up (the soname of rdma-core's libibverbs 1.x). */
    public static final String LIBRARY_NAME = "libibverbs.so.1";

    /** Every exported function the binding calls. */
    public static final List<String> SYMBOLS = List.of("ibv_get_device_list", "ibv_free_device_list",
        "ibv_get_device_name", "ibv_open_device", "ibv_close_device", "ibv_query_device", "ibv_query_port",
        "ibv_query_gid", "ibv_alloc_pd", "ibv_dealloc_pd", "ibv_reg_mr_iova2", "ibv_dereg_mr", "ibv_create_cq",
        "ibv_destroy_cq", "ibv_create_qp", "ibv_modify_qp", "ibv_destroy_qp", "ibv_wc_status_str");

    private static final Linker LINKER = Linker.nativeLinker();
    private static final long ERRNO_OFFSET =
        Linker.Option.captureStateLayout().byteOffset(PathElement.groupElement("errno"));
    private static final ValueLayout.OfInt NETWORK_INT = JAVA_INT.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfLong NETWORK_LONG = JAVA_LONG.withOrder(ByteOrder.BIG_ENDIAN);
    private static final int ENOSYS = 38;

    /** {@code int (*post_send)(struct ibv_qp *, struct ibv_send_wr *, struct ibv_send_wr **)}, and post_recv's. */
    private static final MethodHandle POST = LINKER.downcallHandle(
        FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    /** {@code int (*poll_cq)(struct ibv_cq *, int, struct ibv_wc *)}. */
    private static final MethodHandle POLL_CQ = LINKER.downcallHandle(
        FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS));

    private final String libraryName;
    private final Map<String, MethodHandle> calls;
    private final MethodHandle strerror;

    private FfmVerbs(String libraryName, Map<String, MethodHandle> calls, MethodHandle strerror) {
        this.libraryName = libraryName;
        this.calls = calls;
        this.strerror = strerror;
    }

    /**
     * Loads a verbs library and looks up every function of {@link #SYMBOLS}.
     *
     * @param libraryName the name {@code dlopen} is given, {@link #LIBRARY_NAME} but in tests
     * @return the binding; the library stays loaded for the life of the JVM
     * @throws VerbsException if the library cannot be loaded or lacks a function, naming the
     *         library, the lookup and what is missing
     */
    public static FfmVerbs load(String libraryName) {
        SymbolLookup library;
        try {
            library = SymbolLookup.libraryLookup(libraryName, Arena.global());
        } catch (IllegalArgumentException | IllegalCallerException failed) {
            throw new VerbsException("dlopen " + libraryName, libraryName + " could not be loaded by"
                + " SymbolLookup.libraryLookup(\"" + libraryName + "\") (dlopen, which searches LD_LIBRARY_PATH="
                + System.getenv().getOrDefault("LD_LIBRARY_PATH", "") + ", the ld.so cache and /lib, /usr/lib): "
                + failed.getMessage() + ". Install rdma-core's libibverbs (Debian: libibverbs1 ibverbs-providers)");
        }
        Map<String, MethodHandle> calls = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        for (Map.Entry<String, FunctionDescriptor> function : signatures().entrySet()) {
            library.find(function.getKey()).ifPresentOrElse(
                address -> calls.put(function.getKey(), LINKER.downcallHandle(address, function.getValue(),
                    Linker.Option.captureCallState("errno"))),
                () -> missing.add(function.getKey()));
        }
        if (!missing.isEmpty()) {
            throw new VerbsException("dlsym", libraryName + " was loaded but lacks " + missing
                + " (libibverbs 1.8, rdma-core 20, or later is needed)");
        }
        MethodHandle strerror = LINKER.downcallHandle(LINKER.defaultLookup().findOrThrow("strerror"),
            FunctionDescriptor.of(ADDRESS, JAVA_INT));
        return new FfmVerbs(libraryName, Map.copyOf(calls), strerror);
    }

    private static Map<String, FunctionDescriptor> signatures() {
        FunctionDescriptor intOfPointer = FunctionDescriptor.of(JAVA_INT, ADDRESS);
        FunctionDescriptor pointerOfPointer = FunctionDescriptor.of(ADDRESS, ADDRESS);
        Map<String, FunctionDescriptor> signatures = new LinkedHashMap<>();
        signatures.put("ibv_get_device_list", pointerOfPointer);
        signatures.put("ibv_free_device_list", FunctionDescriptor.ofVoid(ADDRESS));
        signatures.put("ibv_get_device_name", pointerOfPointer);
        signatures.put("ibv_open_device", pointerOfPointer);
        signatures.put("ibv_close_device", intOfPointer);
        signatures.put("ibv_query_device", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        signatures.put("ibv_query_port", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_BYTE, ADDRESS));
        signatures.put("ibv_query_gid", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_BYTE, JAVA_INT, ADDRESS));
        signatures.put("ibv_alloc_pd", pointerOfPointer);
        signatures.put("ibv_dealloc_pd", intOfPointer);
        signatures.put("ibv_reg_mr_iova2",
            FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_INT));
        signatures.put("ibv_dereg_mr", intOfPointer);
        signatures.put("ibv_create_cq",
            FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
        signatures.put("ibv_destroy_cq", intOfPointer);
        signatures.put("ibv_create_qp", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS));
        signatures.put("ibv_modify_qp", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
        signatures.put("ibv_destroy_qp", intOfPointer);
        signatures.put("ibv_wc_status_str", FunctionDescriptor.of(ADDRESS, JAVA_INT));
        if (!signatures.keySet().equals(Set.copyOf(SYMBOLS))) {
            throw new AssertionError("SYMBOLS and the signatures disagree: " + SYMBOLS + " " + signatures.keySet());
        }
        return signatures;
    }

    /**
     * Where the library was found, for messages: its name, the file the dynamic linker mapped
     * (from {@code /proc/self/maps}) and the lookup used.
     *
     * @return a description
     */
    public String describeLibrary() {
        String file = libraryName;
        try (Stream<String> maps = Files.lines(Path.of("/proc/self/maps"))) {
            String stem = libraryName.contains(".so") ? libraryName.substring(0, libraryName.indexOf(".so")) : libraryName;
            file = maps.map(line -> line.substring(line.lastIndexOf(' ') + 1))
                .filter(path -> path.contains("/" + stem + ".so")).findFirst().orElse(libraryName);
        } catch (IOException | RuntimeException unreadable) {
            // the name alone still says what was loaded
        }
        return libraryName + " loaded from " + file + " (SymbolLookup.libraryLookup, dlopen)";
    }

    // ---------------------------------------------------------------- devices and ports

    @Override
    public List<String> deviceNames() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Linker.Option.captureStateLayout());
            MemorySegment count = arena.allocate(JAVA_INT);
            MemorySegment list = (MemorySegment) call("ibv_get_device_list").invokeExact(state, count);
            if (list.equals(MemorySegment.NULL)) {
                int errno = errno(state);
                if (errno == ENOSYS) {
                    return List.of(); // the kernel has no RDMA support: no uverbs devices at all
                }
                throw failure("ibv_get_device_list", errno, "");
            }
            try {
                int devices = count.get(JAVA_INT, 0);
                MemorySegment pointers = list.reinterpret(ADDRESS.byteSize() * devices);
                List<String> names = new ArrayList<>(devices);
                for (int i = 0; i < devices; i++) {
                    MemorySegment name = (MemorySegment) call("ibv_get_device_name")
                        .invokeExact(state, pointers.getAtIndex(ADDRESS, i));
                    names.add(name.reinterpret(Long.MAX_VALUE).getString(0));
                }
                return List.copyOf(names);
            } finally {
                call("ibv_free_device_list").invokeExact(state, list);
            }
        } catch (RuntimeException | Error unchecked) {
            throw unchecked;
        } catch (Throwable impossible) {
            throw new AssertionError(impossible);
        }
    }

    @Override
    public Context open(String deviceName) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Linker.Option.captureStateLayout());
            MemorySegment count = arena.allocate(JAVA_INT);
            MemorySegment list = (MemorySegment) call("ibv_get_device_list").invokeExact(state, count);
            if (list.equals(MemorySegment.NULL)) {
                throw failure("ibv_get_device_list", errno(state), "looking for " + deviceName);
            }
            try {
                MemorySegment pointers = list.reinterpret(ADDRESS.byteSize() * count.get(JAVA_INT, 0));
                for (int i = 0; i < count.get(JAVA_INT, 0); i++) {
                    MemorySegment device = pointers.getAtIndex(ADDRESS, i);
                    MemorySegment name = (MemorySegment) call("ibv_get_device_name").invokeExact(state, device);
                    if (name.reinterpret(Long.MAX_VALUE).getString(0).equals(deviceName)) {
                        MemorySegment context = (MemorySegment) call("ibv_open_device").invokeExact(state, device);
                        if (context.equals(MemorySegment.NULL)) {
                            throw failure("ibv_open_device", errno(state), deviceName);
                        }
                        return new FfmContext(deviceName, context.reinterpret(IBV_CONTEXT.byteSize()));
                    }
                }
            } finally {
                call("ibv_free_device_list").invokeExact(state, list);
            }
            throw new VerbsException("ibv_open_device", "no RDMA device is named " + deviceName + "; there are "
                + deviceNames());
        } catch (RuntimeException | Error unchecked) {
            throw unchecked;
        } catch (Throwable impossible) {
            throw new AssertionError(impossible);
        }
    }

    @Override
    public DeviceAttributes queryDevice(Context context) {
        FfmContext device = live(context, FfmContext.class);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Linker.Option.captureStateLayout());
            MemorySegment attributes = arena.allocate(IBV_DEVICE_ATTR);
            int result = (int) call("ibv_query_device").invokeExact(state, device.pointer, attributes);
            check("ibv_query_device", result, state, device.name);
            return new DeviceAttributes(Byte.toUnsignedInt(attributes.get(JAVA_BYTE, DEVICE_ATTR_PHYS_PORT_CNT)),
                attributes.get(JAVA_INT, DEVICE_ATTR_MAX_QP_WR), attributes.get(JAVA_INT, DEVICE_ATTR_MAX_SGE),
                attributes.get(JAVA_INT, DEVICE_ATTR_MAX_CQE), attributes.get(JAVA_INT, DEVICE_ATTR_MAX_QP_RD_ATOM),
                attributes.get(JAVA_INT, DEVICE_ATTR_MAX_QP_INIT_RD_ATOM));
        } catch (RuntimeException | Error unchecked) {
            throw unchecked;
        } catch (Throwable impossible) {
            throw new AssertionError(impossible);
        }
    }

    @Override
    public PortAttributes queryPort(Context context, int portNumber) {
        FfmContext device = live(context, FfmContext.class);
        checkPort(portNumber);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Linker.Option.captureStateLayout());
            MemorySegment attributes = arena.allocate(IBV_PORT_ATTR); // zeroed, as the inline wrapper does
            int result = (int) call("ibv_query_port").invokeExact(state, device.pointer, (byte) portNumber, attributes);
            check("ibv_query_port", result, state, device.name + " port " + portNumber);
            return new PortAttributes(portNumber, attributes.get(JAVA_INT, PORT_ATTR_STATE),
                attributes.get(JAVA_INT, PORT_ATTR_MAX_MTU), attributes.get(JAVA_INT, PORT_ATTR_ACTIVE_MTU),
                Short.toUnsignedInt(attributes.get(ValueLayout.JAVA_SHORT, PORT_ATTR_LID)),
                Byte.toUnsignedInt(attributes.get(JAVA_BYTE, PORT_ATTR_LINK_LAYER)),
                attributes.get(JAVA_INT, PORT_ATTR_GID_TBL_LEN));
        } catch (RuntimeException | Error unchecked) {
            throw unchecked;
        } catch (Throwable impossible) {
            throw new AssertionError(impossible);
        }
    }

    @Override
    public Gid queryGid(Context context, int portNumber, int index) {
        FfmContext device = live(context, FfmContext.class);
        checkPort(portNumber);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Linker.Option.captureStateLayout());
            MemorySegment gid = arena.allocate(IBV_GID);
            int result = (int) call("ibv_query_gid").invokeExact(state, device.pointer, (byte) portNumber, index, gid);
            check("ibv_query_gid", result, state, device.name + " port " + portNumber + " GID index " + index);
            return new Gid(gid.get(NETWORK_LONG, GID_SUBNET_PREFIX), gid.get(NETWORK_LONG, GID_INTERFACE_ID));
        } catch (RuntimeException | Error unchecked) {
            throw unchecked;
        } catch (Throwable impossible) {
            throw new AssertionError(impossible);
        }
    }

    // ---------------------------------------------------------------- protection domains and memory

    @Override
    public ProtectionDomain allocateProtectionDomain(Context context) {
        FfmContext device = live(context, FfmContext.class);
        MemorySegment pd = createObject("ibv_alloc_pd", device.name, state ->
            (MemorySegment) call("ibv_alloc_pd").invokeExact(state, device.pointer));
        return new FfmProtectionDomain(device, pd);
    }

    @Override
    public MemoryRegion register(ProtectionDomain domain, MemorySegment segment, int accessFlags) {
        FfmProtectionDomain pd = live(domain, FfmProtectionDomain.class);
        if (!segment.isNative() || segment.byteSize() == 0) {
            throw new IllegalArgumentException("only non-empty native memory can be registered, not " + segment);
        }
        MemorySegment mr = createObject("ibv_reg_mr", segment.byteSize() + " bytes at 0x"
            + Long.toHexString(segment.address()) + ", access 0x" + Integer.toHexString(accessFlags), state ->
            (MemorySegment) call("ibv_reg_mr_iova2").invokeExact(state, pd.pointer, segment, segment.byteSize(),
                segment.address(), accessFlags)).reinterpret(IBV_MR.byteSize());
        return new FfmMemoryRegion(mr, segment.address(), segment.byteSize(), mr.get(JAVA_INT, MR_LKEY),
            mr.get(JAVA_INT, MR_RKEY));
    }

    @Override
    public void deregister(MemoryRegion region) {
        FfmMemoryRegion mr = live(region, FfmMemoryRegion.class);
        destroyObject("ibv_dereg_mr", mr.pointer);
        mr.live = false;
    }

    @Override
    public void deallocate(ProtectionDomain domain) {
        FfmProtectionDomain pd = live(domain, FfmProtectionDomain.class);
        destroyObject("ibv_dealloc_pd", pd.pointer);
        pd.live = false;
    }

    @Override
    public void close(Context context) {
        FfmContext device = live(context, FfmContext.class);
        destroyObject("ibv_close_device", device.pointer);
        device.live = false;
    }

    // ---------------------------------------------------------------- queues

    @Override
    public CompletionQueue createCompletionQueue(Context context, int capacity) {
        FfmContext device = live(context, FfmContext.class);
        if (capacity < 1) {
            throw new IllegalArgumentException("a completion queue holds at least one completion, not " + capacity);
        }
        MemorySegment cq = createObject("ibv_create_cq", device.name + ", " + capacity + " entries", state ->
            (MemorySegment) call("ibv_create_cq").invokeExact(state, device.pointer, capacity, MemorySegment.NULL,
                MemorySegment.NULL, 0)).reinterpret(IBV_CQ.byteSize());
        return completionQueueOver(cq, capacity);
    }

    /**
     * A completion queue over a {@code struct ibv_cq}, whose {@code poll_cq} comes from its context's ops.
     *
     * @param cq the queue, as long as {@link VerbsLayouts#IBV_CQ}
     * @param capacity the completions one poll may return
     * @return the binding's object
     */
    static CompletionQueue completionQueueOver(MemorySegment cq, int capacity) {
        MemorySegment context = cq.get(ADDRESS, CQ_CONTEXT).reinterpret(IBV_CONTEXT.byteSize());
        return new FfmCompletionQueue(cq, capacity, context.get(ADDRESS, CONTEXT_OPS_POLL_CQ));
    }

    @Override
    public QueuePair createQueuePair(ProtectionDomain domain, CompletionQueue sendQueue, CompletionQueue receiveQueue,
                                     QueuePairCapabilities capabilities) {
        FfmProtectionDomain pd = live(domain, FfmProtectionDomain.class);
        FfmCompletionQueue sendCq = live(sendQueue, FfmCompletionQueue.class);
        FfmCompletionQueue recvCq = live(receiveQueue, FfmCompletionQueue.class);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment attributes = arena.allocate(IBV_QP_INIT_ATTR);
            attributes.set(ADDRESS, QP_INIT_ATTR_SEND_CQ, sendCq.pointer);
            attributes.set(ADDRESS, QP_INIT_ATTR_RECV_CQ, recvCq.pointer);
            attributes.set(JAVA_INT, QP_INIT_ATTR_MAX_SEND_WR, capabilities.maxSendWorkRequests());
            attributes.set(JAVA_INT, QP_INIT_ATTR_MAX_RECV_WR, capabilities.maxReceiveWorkRequests());
            attributes.set(JAVA_INT, QP_INIT_ATTR_MAX_SEND_SGE, capabilities.maxSendScatterGather());
            attributes.set(JAVA_INT, QP_INIT_ATTR_MAX_RECV_SGE, capabilities.maxReceiveScatterGather());
            attributes.set(JAVA_INT, QP_INIT_ATTR_MAX_INLINE_DATA, capabilities.maxInlineData());
            attributes.set(JAVA_INT, QP_INIT_ATTR_QP_TYPE, VerbsConstants.QPT_RC);
            attributes.set(JAVA_INT, QP_INIT_ATTR_SQ_SIG_ALL, 0);
            MemorySegment qp = createObject("ibv_create_qp", pd.context.name + ", " + capabilities, state ->
                (MemorySegment) call("ibv_create_qp").invokeExact(state, pd.pointer, attributes))
                .reinterpret(IBV_QP.byteSize());
            QueuePairCapabilities granted = new QueuePairCapabilities(
                attributes.get(JAVA_INT, QP_INIT_ATTR_MAX_SEND_WR), attributes.get(JAVA_INT, QP_INIT_ATTR_MAX_RECV_WR),
                attributes.get(JAVA_INT, QP_INIT_ATTR_MAX_SEND_SGE), attributes.get(JAVA_INT, QP_INIT_ATTR_MAX_RECV_SGE),
                attributes.get(JAVA_INT, QP_INIT_ATTR_MAX_INLINE_DATA));
            return queuePairOver(qp, granted);
        }
    }

    /**
     * A queue pair over a {@code struct ibv_qp}, whose {@code post_send} and {@code post_recv} come
     * from its context's ops, with work requests sized to the granted capabilities.
     *
     * @param qp the queue pair, as long as {@link VerbsLayouts#IBV_QP}
     * @param granted the sizes the device granted
     * @return the binding's object
     */
    static QueuePair queuePairOver(MemorySegment qp, QueuePairCapabilities granted) {
        MemorySegment context = qp.get(ADDRESS, QP_CONTEXT).reinterpret(IBV_CONTEXT.byteSize());
        return new FfmQueuePair(qp, qp.get(JAVA_INT, QP_QP_NUM), granted,
            context.get(ADDRESS, CONTEXT_OPS_POST_SEND), context.get(ADDRESS, CONTEXT_OPS_POST_RECV));
    }

    @Override
    public void modifyToInit(QueuePair queuePair, int portNumber, int pkeyIndex, int accessFlags) {
        checkPort(portNumber);
        checkRange("pkeyIndex", pkeyIndex, 0xFFFF);
        modify(live(queuePair, FfmQueuePair.class), "RESET to INIT", attributes -> {
            attributes.set(JAVA_INT, QP_ATTR_QP_STATE, VerbsConstants.QPS_INIT);
            attributes.set(ValueLayout.JAVA_SHORT, QP_ATTR_PKEY_INDEX, (short) pkeyIndex);
            attributes.set(JAVA_BYTE, QP_ATTR_PORT_NUM, (byte) portNumber);
            attributes.set(JAVA_INT, QP_ATTR_QP_ACCESS_FLAGS, accessFlags);
            return VerbsConstants.QP_STATE | VerbsConstants.QP_PKEY_INDEX | VerbsConstants.QP_PORT
                | VerbsConstants.QP_ACCESS_FLAGS;
        });
    }

    @Override
    public void modifyToReadyToReceive(QueuePair queuePair, ReadyToReceiveAttributes peer) {
        checkPort(peer.portNumber());
        checkRange("pathMtu", peer.pathMtu(), VerbsConstants.MTU_4096);
        checkRange("remoteQueuePairNumber", peer.remoteQueuePairNumber(), 0xFF_FFFF);
        checkRange("receivePsn", peer.receivePsn(), 0xFF_FFFF);
        checkRange("remoteLid", peer.remoteLid(), 0xFFFF);
        checkRange("sourceGidIndex", peer.sourceGidIndex(), 0xFF);
        checkRange("hopLimit", peer.hopLimit(), 0xFF);
        checkRange("serviceLevel", peer.serviceLevel(), 15);
        checkRange("maxReadAtomicAsTarget", peer.maxReadAtomicAsTarget(), 0xFF);
        checkRange("minRnrTimer", peer.minRnrTimer(), 31);
        modify(live(queuePair, FfmQueuePair.class), "INIT to RTR", attributes -> {
            attributes.set(JAVA_INT, QP_ATTR_QP_STATE, VerbsConstants.QPS_RTR);
            attributes.set(JAVA_INT, QP_ATTR_PATH_MTU, peer.pathMtu());
            attributes.set(JAVA_INT, QP_ATTR_DEST_QP_NUM, peer.remoteQueuePairNumber());
            attributes.set(JAVA_INT, QP_ATTR_RQ_PSN, peer.receivePsn());
            attributes.set(JAVA_BYTE, QP_ATTR_MAX_DEST_RD_ATOMIC, (byte) peer.maxReadAtomicAsTarget());
            attributes.set(JAVA_BYTE, QP_ATTR_MIN_RNR_TIMER, (byte) peer.minRnrTimer());
            attributes.set(ValueLayout.JAVA_SHORT, QP_ATTR_AH_DLID, (short) peer.remoteLid());
            attributes.set(JAVA_BYTE, QP_ATTR_AH_SL, (byte) peer.serviceLevel());
            attributes.set(JAVA_BYTE, QP_ATTR_AH_PORT_NUM, (byte) peer.portNumber());
            if (peer.remoteGid() != null) {
                attributes.set(JAVA_BYTE, QP_ATTR_AH_IS_GLOBAL, (byte) 1);
                attributes.set(NETWORK_LONG, QP_ATTR_AH_DGID + GID_SUBNET_PREFIX, peer.remoteGid().subnetPrefix());
                attributes.set(NETWORK_LONG, QP_ATTR_AH_DGID + GID_INTERFACE_ID, peer.remoteGid().interfaceId());
                attributes.set(JAVA_BYTE, QP_ATTR_AH_SGID_INDEX, (byte) peer.sourceGidIndex());
                attributes.set(JAVA_BYTE, QP_ATTR_AH_HOP_LIMIT, (byte) peer.hopLimit());
            }
            return VerbsConstants.QP_STATE | VerbsConstants.QP_AV | VerbsConstants.QP_PATH_MTU
                | VerbsConstants.QP_DEST_QPN | VerbsConstants.QP_RQ_PSN | VerbsConstants.QP_MAX_DEST_RD_ATOMIC
                | VerbsConstants.QP_MIN_RNR_TIMER;
        });
    }

    @Override
    public void modifyToReadyToSend(QueuePair queuePair, ReadyToSendAttributes send) {
        checkRange("sendPsn", send.sendPsn(), 0xFF_FFFF);
        checkRange("timeout", send.timeout(), 31);
        checkRange("retryCount", send.retryCount(), 7);
        checkRange("rnrRetry", send.rnrRetry(), 7);
        checkRange("maxReadAtomicAsInitiator", send.maxReadAtomicAsInitiator(), 0xFF);
        modify(live(queuePair, FfmQueuePair.class), "RTR to RTS", attributes -> {
            attributes.set(JAVA_INT, QP_ATTR_QP_STATE, VerbsConstants.QPS_RTS);
            attributes.set(JAVA_INT, QP_ATTR_SQ_PSN, send.sendPsn());
            attributes.set(JAVA_BYTE, QP_ATTR_TIMEOUT, (byte) send.timeout());
            attributes.set(JAVA_BYTE, QP_ATTR_RETRY_CNT, (byte) send.retryCount());
            attributes.set(JAVA_BYTE, QP_ATTR_RNR_RETRY, (byte) send.rnrRetry());
            attributes.set(JAVA_BYTE, QP_ATTR_MAX_RD_ATOMIC, (byte) send.maxReadAtomicAsInitiator());
            return VerbsConstants.QP_STATE | VerbsConstants.QP_SQ_PSN | VerbsConstants.QP_TIMEOUT
                | VerbsConstants.QP_RETRY_CNT | VerbsConstants.QP_RNR_RETRY | VerbsConstants.QP_MAX_QP_RD_ATOMIC;
        });
    }

    @Override
    public void destroy(QueuePair queuePair) {
        FfmQueuePair qp = live(queuePair, FfmQueuePair.class);
        destroyObject("ibv_destroy_qp", qp.pointer);
        qp.live = false;
        qp.arena.close();
    }

    @Override
    public void destroy(CompletionQueue queue) {
        FfmCompletionQueue cq = live(queue, FfmCompletionQueue.class);
        destroyObject("ibv_destroy_cq", cq.pointer);
        cq.live = false;
        cq.arena.close();
    }

    // ---------------------------------------------------------------- the data path

    @Override
    public void postSend(QueuePair queuePair, SendWorkRequest request) {
        if (!(queuePair instanceof FfmQueuePair qp)) {
            throw notOurs(queuePair);
        }
        MemorySegment wr = qp.sendWr;
        int entries = copyEntries(request.entries(), qp.sendSges, qp.maxSendSge);
        wr.set(JAVA_LONG, SEND_WR_WR_ID, request.wrId());
        wr.set(JAVA_INT, SEND_WR_NUM_SGE, entries);
        wr.set(JAVA_INT, SEND_WR_OPCODE, request.opcode());
        wr.set(JAVA_INT, SEND_WR_SEND_FLAGS, request.isSignaled() ? VerbsConstants.SEND_SIGNALED : 0);
        wr.set(NETWORK_INT, SEND_WR_IMM_DATA, request.immediateData());
        wr.set(JAVA_LONG, SEND_WR_RDMA_REMOTE_ADDR, request.remoteAddress());
        wr.set(JAVA_INT, SEND_WR_RDMA_RKEY, request.rkey());
        int result;
        try {
            result = (int) POST.invokeExact(qp.postSend, qp.pointer, wr, qp.badWr);
        } catch (Throwable unexpected) {
            throw rethrow(unexpected);
        }
        if (result != 0) {
            throw postFailed("ibv_post_send", result, qp, request.wrId());
        }
    }

    @Override
    public void postReceive(QueuePair queuePair, ReceiveWorkRequest request) {
        if (!(queuePair instanceof FfmQueuePair qp)) {
            throw notOurs(queuePair);
        }
        MemorySegment wr = qp.recvWr;
        int entries = copyEntries(request.entries(), qp.recvSges, qp.maxRecvSge);
        wr.set(JAVA_LONG, RECV_WR_WR_ID, request.wrId());
        wr.set(JAVA_INT, RECV_WR_NUM_SGE, entries);
        int result;
        try {
            result = (int) POST.invokeExact(qp.postRecv, qp.pointer, wr, qp.badWr);
        } catch (Throwable unexpected) {
            throw rethrow(unexpected);
        }
        if (result != 0) {
            throw postFailed("ibv_post_recv", result, qp, request.wrId());
        }
    }

    @Override
    public int poll(CompletionQueue queue, Completions completions) {
        if (!(queue instanceof FfmCompletionQueue cq)) {
            throw notOurs(queue);
        }
        MemorySegment wcs = cq.completions;
        int polled;
        try {
            polled = (int) POLL_CQ.invokeExact(cq.pollCq, cq.pointer, Math.min(completions.capacity(), cq.capacity), wcs);
        } catch (Throwable unexpected) {
            throw rethrow(unexpected);
        }
        if (polled < 0) {
            completions.count(0);
            throw new VerbsException("ibv_poll_cq", "ibv_poll_cq failed: returned " + polled);
        }
        long stride = IBV_WC.byteSize();
        for (int i = 0; i < polled; i++) {
            long wc = i * stride;
            completions.set(i, wcs.get(JAVA_LONG, wc + WC_WR_ID), wcs.get(JAVA_INT, wc + WC_STATUS),
                wcs.get(JAVA_INT, wc + WC_OPCODE), wcs.get(JAVA_INT, wc + WC_BYTE_LEN),
                (wcs.get(JAVA_INT, wc + WC_WC_FLAGS) & VerbsConstants.WC_WITH_IMM) != 0,
                wcs.get(NETWORK_INT, wc + WC_IMM_DATA), wcs.get(JAVA_INT, wc + WC_QP_NUM));
        }
        completions.count(polled);
        return polled;
    }

    @Override
    public String statusText(int status) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Linker.Option.captureStateLayout());
            MemorySegment text = (MemorySegment) call("ibv_wc_status_str").invokeExact(state, status);
            return text.reinterpret(Long.MAX_VALUE).getString(0);
        } catch (RuntimeException | Error unchecked) {
            throw unchecked;
        } catch (Throwable impossible) {
            throw new AssertionError(impossible);
        }
    }

    // ---------------------------------------------------------------- helpers

    private static int copyEntries(ScatterGatherList list, MemorySegment sges, int capacity) {
        int count = list.count();
        if (count > capacity) {
            throw tooManyEntries(count, capacity);
        }
        long stride = IBV_SGE.byteSize();
        for (int i = 0; i < count; i++) {
            long sge = i * stride;
            sges.set(JAVA_LONG, sge + SGE_ADDR, list.address(i));
            sges.set(JAVA_INT, sge + SGE_LENGTH, list.length(i));
            sges.set(JAVA_INT, sge + SGE_LKEY, list.lkey(i));
        }
        return count;
    }

    private static IllegalArgumentException tooManyEntries(int count, int capacity) {
        return new IllegalArgumentException("the work request has " + count + " scatter/gather entries; the queue"
            + " pair takes at most " + capacity);
    }

    private VerbsException postFailed(String call, int errno, FfmQueuePair qp, long wrId) {
        return failure(call, errno, "queue pair " + qp.number + ", wr_id " + wrId);
    }

    private static RuntimeException rethrow(Throwable unexpected) {
        if (unexpected instanceof RuntimeException unchecked) {
            return unchecked;
        }
        if (unexpected instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(unexpected);
    }

    private MethodHandle call(String function) {
        return calls.get(function);
    }

    @FunctionalInterface
    private interface NativeCall {
        MemorySegment invoke(MemorySegment state) throws Throwable;
    }

    @FunctionalInterface
    private interface AttributeWriter {
        int write(MemorySegment attributes);
    }

    private MemorySegment createObject(String function, String detail, NativeCall create) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Linker.Option.captureStateLayout());
            MemorySegment object = create.invoke(state);
            if (object.equals(MemorySegment.NULL)) {
                throw failure(function, errno(state), detail);
            }
            return object;
        } catch (RuntimeException | Error unchecked) {
            throw unchecked;
        } catch (Throwable impossible) {
            throw new AssertionError(impossible);
        }
    }

    private void destroyObject(String function, MemorySegment object) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Linker.Option.captureStateLayout());
            int result = (int) call(function).invokeExact(state, object);
            check(function, result, state, "");
        } catch (RuntimeException | Error unchecked) {
            throw unchecked;
        } catch (Throwable impossible) {
            throw new AssertionError(impossible);
        }
    }

    private void modify(FfmQueuePair qp, String transition, AttributeWriter writer) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Linker.Option.captureStateLayout());
            MemorySegment attributes = arena.allocate(IBV_QP_ATTR);
            int mask = writer.write(attributes);
            int result = (int) call("ibv_modify_qp").invokeExact(state, qp.pointer, attributes, mask);
            check("ibv_modify_qp", result, state, "queue pair " + qp.number + " " + transition);
        } catch (RuntimeException | Error unchecked) {
            throw unchecked;
        } catch (Throwable impossible) {
            throw new AssertionError(impossible);
        }
    }

    /** The set-up functions return 0, or an error number, or -1 with the number in errno. */
    private void check(String function, int result, MemorySegment state, String detail) {
        if (result != 0) {
            throw failure(function, result > 0 ? result : errno(state), detail);
        }
    }

    private static int errno(MemorySegment state) {
        return state.get(JAVA_INT, ERRNO_OFFSET);
    }

    private VerbsException failure(String function, int errno, String detail) {
        String text;
        try {
            text = ((MemorySegment) strerror.invokeExact(errno)).reinterpret(Long.MAX_VALUE).getString(0);
        } catch (Throwable unavailable) {
            text = "no description";
        }
        return new VerbsException(function, errno, text, detail);
    }

    private static IllegalArgumentException notOurs(Object object) {
        return new IllegalArgumentException("not an object of this binding: " + object);
    }

    private static <T> T live(Object object, Class<T> type) {
        if (!type.isInstance(object)) {
            throw notOurs(object);
        }
        FfmObject handle = (FfmObject) object;
        if (!handle.live) {
            throw new IllegalStateException(object + " was already destroyed");
        }
        return type.cast(object);
    }
}
