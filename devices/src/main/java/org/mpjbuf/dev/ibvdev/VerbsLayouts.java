package org.mpjbuf.dev.ibvdev;

import static java.lang.foreign.MemoryLayout.paddingLayout;
import static java.lang.foreign.MemoryLayout.sequenceLayout;
import static java.lang.foreign.MemoryLayout.structLayout;
import static java.lang.foreign.MemoryLayout.unionLayout;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.StructLayout;
import java.lang.foreign.UnionLayout;
import java.util.Arrays;
import java.util.List;

/**
 * The libibverbs structures {@link FfmVerbs} reads and writes, as laid out by rdma-core's
 * {@code <infiniband/verbs.h>} on a 64-bit Linux platform, and the offsets of their members the
 * binding uses. Every layout is named after its C type and every member after its C member, so
 * that {@code VerbsLayoutsTest} can check each size and offset against the installed headers
 * (it compiles a C probe with gcc).
 *
 * <p>Two kinds of layout live here. The structures the binding allocates and fills (work requests,
 * scatter/gather entries, completions, attributes) are laid out whole, padding included, so their
 * size is C's. The library's own objects that the binding only reads ({@code ibv_context},
 * {@code ibv_cq}, {@code ibv_qp}) end after the last member read: their tails hold a
 * {@code pthread_mutex_t} and {@code pthread_cond_t} whose size depends on the C library, and
 * nothing here depends on it ({@link #READ_ONLY_PREFIXES}).
 *
 * <p>The work request the data path fills ({@code struct ibv_send_wr}, 128 bytes):
 * <pre>
 *   0 +----------------------+----------------------+
 *     | wr_id (u64)                                 |
 *   8 +---------------------------------------------+
 *     | next (ibv_send_wr *)                        |
 *  16 +---------------------------------------------+
 *     | sg_list (ibv_sge *)                         |
 *  24 +----------------------+----------------------+
 *     | num_sge (int)        | opcode (enum)        |
 *  32 +----------------------+----------------------+
 *     | send_flags (uint)    | imm_data (__be32)    |
 *  40 +----------------------+----------------------+
 *     | wr.rdma.remote_addr (u64)                   |   union wr: rdma | atomic | ud
 *  48 +----------------------+----------------------+
 *     | wr.rdma.rkey (u32)   | (rest of union wr)   |
 *  72 +----------------------+----------------------+
 *     | qp_type union, bind_mw / tso union (unused) |
 * 128 +---------------------------------------------+
 * </pre>
 *
 * <p>The data-path functions are not exported by libibverbs ({@code ibv_post_send},
 * {@code ibv_post_recv} and {@code ibv_poll_cq} are static inline functions of verbs.h): they are
 * the function pointers {@code post_send}, {@code post_recv} and {@code poll_cq} of the
 * {@code ops} member of {@code struct ibv_context}, at {@link #CONTEXT_OPS_POST_SEND} and
 * beside it.
 */
public final class VerbsLayouts {

    // ---------------------------------------------------------------- attributes the binding fills

    /** {@code union ibv_gid}: 16 raw bytes, or the subnet prefix and interface id, both big-endian. */
    public static final UnionLayout IBV_GID = unionLayout(
        sequenceLayout(16, JAVA_BYTE).withName("raw"),
        structLayout(JAVA_LONG.withName("subnet_prefix"), JAVA_LONG.withName("interface_id")).withName("global"))
        .withName("ibv_gid");

    /** {@code struct ibv_device_attr}: what {@code ibv_query_device} fills. */
    public static final StructLayout IBV_DEVICE_ATTR = deviceAttr();

    /** {@code struct ibv_port_attr}: what {@code ibv_query_port} fills. */
    public static final StructLayout IBV_PORT_ATTR = structLayout(
        JAVA_INT.withName("state"),
        JAVA_INT.withName("max_mtu"),
        JAVA_INT.withName("active_mtu"),
        JAVA_INT.withName("gid_tbl_len"),
        JAVA_INT.withName("port_cap_flags"),
        JAVA_INT.withName("max_msg_sz"),
        JAVA_INT.withName("bad_pkey_cntr"),
        JAVA_INT.withName("qkey_viol_cntr"),
        JAVA_SHORT.withName("pkey_tbl_len"),
        JAVA_SHORT.withName("lid"),
        JAVA_SHORT.withName("sm_lid"),
        JAVA_BYTE.withName("lmc"),
        JAVA_BYTE.withName("max_vl_num"),
        JAVA_BYTE.withName("sm_sl"),
        JAVA_BYTE.withName("subnet_timeout"),
        JAVA_BYTE.withName("init_type_reply"),
        JAVA_BYTE.withName("active_width"),
        JAVA_BYTE.withName("active_speed"),
        JAVA_BYTE.withName("phys_state"),
        JAVA_BYTE.withName("link_layer"),
        JAVA_BYTE.withName("flags"),
        JAVA_SHORT.withName("port_cap_flags2"),
        paddingLayout(2))
        .withName("ibv_port_attr");

    /** {@code struct ibv_global_route}: the GRH part of an address vector (RoCE, or IB across subnets). */
    public static final StructLayout IBV_GLOBAL_ROUTE = structLayout(
        IBV_GID.withName("dgid"),
        JAVA_INT.withName("flow_label"),
        JAVA_BYTE.withName("sgid_index"),
        JAVA_BYTE.withName("hop_limit"),
        JAVA_BYTE.withName("traffic_class"),
        paddingLayout(1))
        .withName("ibv_global_route");

    /** {@code struct ibv_ah_attr}: the address vector of a connected queue pair's peer. */
    public static final StructLayout IBV_AH_ATTR = structLayout(
        IBV_GLOBAL_ROUTE.withName("grh"),
        JAVA_SHORT.withName("dlid"),
        JAVA_BYTE.withName("sl"),
        JAVA_BYTE.withName("src_path_bits"),
        JAVA_BYTE.withName("static_rate"),
        JAVA_BYTE.withName("is_global"),
        JAVA_BYTE.withName("port_num"),
        paddingLayout(1))
        .withName("ibv_ah_attr");

    /** {@code struct ibv_qp_cap}: the queue depths and scatter/gather sizes of a queue pair. */
    public static final StructLayout IBV_QP_CAP = structLayout(
        JAVA_INT.withName("max_send_wr"),
        JAVA_INT.withName("max_recv_wr"),
        JAVA_INT.withName("max_send_sge"),
        JAVA_INT.withName("max_recv_sge"),
        JAVA_INT.withName("max_inline_data"))
        .withName("ibv_qp_cap");

    /** {@code struct ibv_qp_init_attr}: the argument of {@code ibv_create_qp}. */
    public static final StructLayout IBV_QP_INIT_ATTR = structLayout(
        ADDRESS.withName("qp_context"),
        ADDRESS.withName("send_cq"),
        ADDRESS.withName("recv_cq"),
        ADDRESS.withName("srq"),
        IBV_QP_CAP.withName("cap"),
        JAVA_INT.withName("qp_type"),
        JAVA_INT.withName("sq_sig_all"),
        paddingLayout(4))
        .withName("ibv_qp_init_attr");

    /** {@code struct ibv_qp_attr}: the argument of {@code ibv_modify_qp}. */
    public static final StructLayout IBV_QP_ATTR = structLayout(
        JAVA_INT.withName("qp_state"),
        JAVA_INT.withName("cur_qp_state"),
        JAVA_INT.withName("path_mtu"),
        JAVA_INT.withName("path_mig_state"),
        JAVA_INT.withName("qkey"),
        JAVA_INT.withName("rq_psn"),
        JAVA_INT.withName("sq_psn"),
        JAVA_INT.withName("dest_qp_num"),
        JAVA_INT.withName("qp_access_flags"),
        IBV_QP_CAP.withName("cap"),
        IBV_AH_ATTR.withName("ah_attr"),
        IBV_AH_ATTR.withName("alt_ah_attr"),
        JAVA_SHORT.withName("pkey_index"),
        JAVA_SHORT.withName("alt_pkey_index"),
        JAVA_BYTE.withName("en_sqd_async_notify"),
        JAVA_BYTE.withName("sq_draining"),
        JAVA_BYTE.withName("max_rd_atomic"),
        JAVA_BYTE.withName("max_dest_rd_atomic"),
        JAVA_BYTE.withName("min_rnr_timer"),
        JAVA_BYTE.withName("port_num"),
        JAVA_BYTE.withName("timeout"),
        JAVA_BYTE.withName("retry_cnt"),
        JAVA_BYTE.withName("rnr_retry"),
        JAVA_BYTE.withName("alt_port_num"),
        JAVA_BYTE.withName("alt_timeout"),
        paddingLayout(1),
        JAVA_INT.withName("rate_limit"),
        paddingLayout(4))
        .withName("ibv_qp_attr");

    // ---------------------------------------------------------------- the data path

    /** {@code struct ibv_sge}: one scatter/gather entry. */
    public static final StructLayout IBV_SGE = structLayout(
        JAVA_LONG.withName("addr"),
        JAVA_INT.withName("length"),
        JAVA_INT.withName("lkey"))
        .withName("ibv_sge");

    /** {@code struct ibv_send_wr}: a send-queue work request (see the class comment for the picture). */
    public static final StructLayout IBV_SEND_WR = structLayout(
        JAVA_LONG.withName("wr_id"),
        ADDRESS.withName("next"),
        ADDRESS.withName("sg_list"),
        JAVA_INT.withName("num_sge"),
        JAVA_INT.withName("opcode"),
        JAVA_INT.withName("send_flags"),
        JAVA_INT.withName("imm_data"), // the anonymous union { __be32 imm_data; uint32_t invalidate_rkey; }
        unionLayout(
            structLayout(JAVA_LONG.withName("remote_addr"), JAVA_INT.withName("rkey"), paddingLayout(4))
                .withName("rdma"),
            structLayout(JAVA_LONG.withName("remote_addr"), JAVA_LONG.withName("compare_add"),
                JAVA_LONG.withName("swap"), JAVA_INT.withName("rkey"), paddingLayout(4))
                .withName("atomic"))
            .withName("wr"),
        paddingLayout(8),  // union qp_type { struct { uint32_t remote_srqn; } xrc; } and its padding
        paddingLayout(48)) // union { bind_mw, tso }
        .withName("ibv_send_wr");

    /** {@code struct ibv_recv_wr}: a receive-queue work request. */
    public static final StructLayout IBV_RECV_WR = structLayout(
        JAVA_LONG.withName("wr_id"),
        ADDRESS.withName("next"),
        ADDRESS.withName("sg_list"),
        JAVA_INT.withName("num_sge"),
        paddingLayout(4))
        .withName("ibv_recv_wr");

    /** {@code struct ibv_wc}: one work completion, as {@code poll_cq} writes it. */
    public static final StructLayout IBV_WC = structLayout(
        JAVA_LONG.withName("wr_id"),
        JAVA_INT.withName("status"),
        JAVA_INT.withName("opcode"),
        JAVA_INT.withName("vendor_err"),
        JAVA_INT.withName("byte_len"),
        JAVA_INT.withName("imm_data"), // the anonymous union { __be32 imm_data; uint32_t invalidated_rkey; }
        JAVA_INT.withName("qp_num"),
        JAVA_INT.withName("src_qp"),
        JAVA_INT.withName("wc_flags"),
        JAVA_SHORT.withName("pkey_index"),
        JAVA_SHORT.withName("slid"),
        JAVA_BYTE.withName("sl"),
        JAVA_BYTE.withName("dlid_path_bits"),
        paddingLayout(2))
        .withName("ibv_wc");

    // ---------------------------------------------------------------- the library's objects, read only

    /**
     * {@code struct ibv_context_ops}: the provider's function table, 32 pointers, of which the
     * binding calls the data-path four.
     */
    public static final StructLayout IBV_CONTEXT_OPS = structLayout(
        paddingLayout(11 * ADDRESS.byteSize()), // _compat_query_device .. _compat_create_cq
        ADDRESS.withName("poll_cq"),
        ADDRESS.withName("req_notify_cq"),
        paddingLayout(12 * ADDRESS.byteSize()), // _compat_cq_event .. _compat_destroy_qp
        ADDRESS.withName("post_send"),
        ADDRESS.withName("post_recv"),
        paddingLayout(5 * ADDRESS.byteSize()))  // _compat_create_ah .. _compat_async_event
        .withName("ibv_context_ops");

    /** {@code struct ibv_context}, up to its {@code ops} table (read only: the tail holds a mutex). */
    public static final StructLayout IBV_CONTEXT = structLayout(
        ADDRESS.withName("device"),
        IBV_CONTEXT_OPS.withName("ops"))
        .withName("ibv_context");

    /** {@code struct ibv_mr}: a registered memory region, with the keys the peers use. */
    public static final StructLayout IBV_MR = structLayout(
        ADDRESS.withName("context"),
        ADDRESS.withName("pd"),
        ADDRESS.withName("addr"),
        JAVA_LONG.withName("length"),
        JAVA_INT.withName("handle"),
        JAVA_INT.withName("lkey"),
        JAVA_INT.withName("rkey"),
        paddingLayout(4))
        .withName("ibv_mr");

    /** {@code struct ibv_cq}, up to {@code cqe} (read only: the tail holds a mutex and a condition). */
    public static final StructLayout IBV_CQ = structLayout(
        ADDRESS.withName("context"),
        ADDRESS.withName("channel"),
        ADDRESS.withName("cq_context"),
        JAVA_INT.withName("handle"),
        JAVA_INT.withName("cqe"))
        .withName("ibv_cq");

    /** {@code struct ibv_qp}, up to {@code qp_type} (read only: the tail holds a mutex and a condition). */
    public static final StructLayout IBV_QP = structLayout(
        ADDRESS.withName("context"),
        ADDRESS.withName("qp_context"),
        ADDRESS.withName("pd"),
        ADDRESS.withName("send_cq"),
        ADDRESS.withName("recv_cq"),
        ADDRESS.withName("srq"),
        JAVA_INT.withName("handle"),
        JAVA_INT.withName("qp_num"),
        JAVA_INT.withName("state"),
        JAVA_INT.withName("qp_type"))
        .withName("ibv_qp");

    /** Every layout above. */
    public static final List<MemoryLayout> ALL = List.of(IBV_GID, IBV_DEVICE_ATTR, IBV_PORT_ATTR, IBV_GLOBAL_ROUTE,
        IBV_AH_ATTR, IBV_QP_CAP, IBV_QP_INIT_ATTR, IBV_QP_ATTR, IBV_SGE, IBV_SEND_WR, IBV_RECV_WR, IBV_WC,
        IBV_CONTEXT_OPS, IBV_CONTEXT, IBV_MR, IBV_CQ, IBV_QP);

    /** The layouts that stop before the end of their C structure (the binding never allocates them). */
    public static final List<MemoryLayout> READ_ONLY_PREFIXES = List.of(IBV_CONTEXT, IBV_CQ, IBV_QP);

    // ---------------------------------------------------------------- offsets the binding uses

    /** {@code ibv_device_attr.max_qp_wr}. */
    static final long DEVICE_ATTR_MAX_QP_WR = offset(IBV_DEVICE_ATTR, "max_qp_wr");
    /** {@code ibv_device_attr.max_sge}. */
    static final long DEVICE_ATTR_MAX_SGE = offset(IBV_DEVICE_ATTR, "max_sge");
    /** {@code ibv_device_attr.max_cqe}. */
    static final long DEVICE_ATTR_MAX_CQE = offset(IBV_DEVICE_ATTR, "max_cqe");
    /** {@code ibv_device_attr.max_qp_rd_atom}. */
    static final long DEVICE_ATTR_MAX_QP_RD_ATOM = offset(IBV_DEVICE_ATTR, "max_qp_rd_atom");
    /** {@code ibv_device_attr.max_qp_init_rd_atom}. */
    static final long DEVICE_ATTR_MAX_QP_INIT_RD_ATOM = offset(IBV_DEVICE_ATTR, "max_qp_init_rd_atom");
    /** {@code ibv_device_attr.phys_port_cnt}. */
    static final long DEVICE_ATTR_PHYS_PORT_CNT = offset(IBV_DEVICE_ATTR, "phys_port_cnt");

    /** {@code ibv_port_attr.state}. */
    static final long PORT_ATTR_STATE = offset(IBV_PORT_ATTR, "state");
    /** {@code ibv_port_attr.max_mtu}. */
    static final long PORT_ATTR_MAX_MTU = offset(IBV_PORT_ATTR, "max_mtu");
    /** {@code ibv_port_attr.active_mtu}. */
    static final long PORT_ATTR_ACTIVE_MTU = offset(IBV_PORT_ATTR, "active_mtu");
    /** {@code ibv_port_attr.gid_tbl_len}. */
    static final long PORT_ATTR_GID_TBL_LEN = offset(IBV_PORT_ATTR, "gid_tbl_len");
    /** {@code ibv_port_attr.lid}. */
    static final long PORT_ATTR_LID = offset(IBV_PORT_ATTR, "lid");
    /** {@code ibv_port_attr.link_layer}. */
    static final long PORT_ATTR_LINK_LAYER = offset(IBV_PORT_ATTR, "link_layer");

    /** {@code ibv_gid.global.subnet_prefix}. */
    static final long GID_SUBNET_PREFIX = offset(IBV_GID, "global", "subnet_prefix");
    /** {@code ibv_gid.global.interface_id}. */
    static final long GID_INTERFACE_ID = offset(IBV_GID, "global", "interface_id");

    /** {@code ibv_qp_init_attr.send_cq}. */
    static final long QP_INIT_ATTR_SEND_CQ = offset(IBV_QP_INIT_ATTR, "send_cq");
    /** {@code ibv_qp_init_attr.recv_cq}. */
    static final long QP_INIT_ATTR_RECV_CQ = offset(IBV_QP_INIT_ATTR, "recv_cq");
    /** {@code ibv_qp_init_attr.cap.max_send_wr}. */
    static final long QP_INIT_ATTR_MAX_SEND_WR = offset(IBV_QP_INIT_ATTR, "cap", "max_send_wr");
    /** {@code ibv_qp_init_attr.cap.max_recv_wr}. */
    static final long QP_INIT_ATTR_MAX_RECV_WR = offset(IBV_QP_INIT_ATTR, "cap", "max_recv_wr");
    /** {@code ibv_qp_init_attr.cap.max_send_sge}. */
    static final long QP_INIT_ATTR_MAX_SEND_SGE = offset(IBV_QP_INIT_ATTR, "cap", "max_send_sge");
    /** {@code ibv_qp_init_attr.cap.max_recv_sge}. */
    static final long QP_INIT_ATTR_MAX_RECV_SGE = offset(IBV_QP_INIT_ATTR, "cap", "max_recv_sge");
    /** {@code ibv_qp_init_attr.cap.max_inline_data}. */
    static final long QP_INIT_ATTR_MAX_INLINE_DATA = offset(IBV_QP_INIT_ATTR, "cap", "max_inline_data");
    /** {@code ibv_qp_init_attr.qp_type}. */
    static final long QP_INIT_ATTR_QP_TYPE = offset(IBV_QP_INIT_ATTR, "qp_type");
    /** {@code ibv_qp_init_attr.sq_sig_all}. */
    static final long QP_INIT_ATTR_SQ_SIG_ALL = offset(IBV_QP_INIT_ATTR, "sq_sig_all");

    /** {@code ibv_qp_attr.qp_state}. */
    static final long QP_ATTR_QP_STATE = offset(IBV_QP_ATTR, "qp_state");
    /** {@code ibv_qp_attr.path_mtu}. */
    static final long QP_ATTR_PATH_MTU = offset(IBV_QP_ATTR, "path_mtu");
    /** {@code ibv_qp_attr.rq_psn}. */
    static final long QP_ATTR_RQ_PSN = offset(IBV_QP_ATTR, "rq_psn");
    /** {@code ibv_qp_attr.sq_psn}. */
    static final long QP_ATTR_SQ_PSN = offset(IBV_QP_ATTR, "sq_psn");
    /** {@code ibv_qp_attr.dest_qp_num}. */
    static final long QP_ATTR_DEST_QP_NUM = offset(IBV_QP_ATTR, "dest_qp_num");
    /** {@code ibv_qp_attr.qp_access_flags}. */
    static final long QP_ATTR_QP_ACCESS_FLAGS = offset(IBV_QP_ATTR, "qp_access_flags");
    /** {@code ibv_qp_attr.ah_attr.grh.dgid}. */
    static final long QP_ATTR_AH_DGID = offset(IBV_QP_ATTR, "ah_attr", "grh", "dgid");
    /** {@code ibv_qp_attr.ah_attr.grh.sgid_index}. */
    static final long QP_ATTR_AH_SGID_INDEX = offset(IBV_QP_ATTR, "ah_attr", "grh", "sgid_index");
    /** {@code ibv_qp_attr.ah_attr.grh.hop_limit}. */
    static final long QP_ATTR_AH_HOP_LIMIT = offset(IBV_QP_ATTR, "ah_attr", "grh", "hop_limit");
    /** {@code ibv_qp_attr.ah_attr.grh.traffic_class}. */
    static final long QP_ATTR_AH_TRAFFIC_CLASS = offset(IBV_QP_ATTR, "ah_attr", "grh", "traffic_class");
    /** {@code ibv_qp_attr.ah_attr.dlid}. */
    static final long QP_ATTR_AH_DLID = offset(IBV_QP_ATTR, "ah_attr", "dlid");
    /** {@code ibv_qp_attr.ah_attr.sl}. */
    static final long QP_ATTR_AH_SL = offset(IBV_QP_ATTR, "ah_attr", "sl");
    /** {@code ibv_qp_attr.ah_attr.is_global}. */
    static final long QP_ATTR_AH_IS_GLOBAL = offset(IBV_QP_ATTR, "ah_attr", "is_global");
    /** {@code ibv_qp_attr.ah_attr.port_num}. */
    static final long QP_ATTR_AH_PORT_NUM = offset(IBV_QP_ATTR, "ah_attr", "port_num");
    /** {@code ibv_qp_attr.pkey_index}. */
    static final long QP_ATTR_PKEY_INDEX = offset(IBV_QP_ATTR, "pkey_index");
    /** {@code ibv_qp_attr.max_rd_atomic}. */
    static final long QP_ATTR_MAX_RD_ATOMIC = offset(IBV_QP_ATTR, "max_rd_atomic");
    /** {@code ibv_qp_attr.max_dest_rd_atomic}. */
    static final long QP_ATTR_MAX_DEST_RD_ATOMIC = offset(IBV_QP_ATTR, "max_dest_rd_atomic");
    /** {@code ibv_qp_attr.min_rnr_timer}. */
    static final long QP_ATTR_MIN_RNR_TIMER = offset(IBV_QP_ATTR, "min_rnr_timer");
    /** {@code ibv_qp_attr.port_num}. */
    static final long QP_ATTR_PORT_NUM = offset(IBV_QP_ATTR, "port_num");
    /** {@code ibv_qp_attr.timeout}. */
    static final long QP_ATTR_TIMEOUT = offset(IBV_QP_ATTR, "timeout");
    /** {@code ibv_qp_attr.retry_cnt}. */
    static final long QP_ATTR_RETRY_CNT = offset(IBV_QP_ATTR, "retry_cnt");
    /** {@code ibv_qp_attr.rnr_retry}. */
    static final long QP_ATTR_RNR_RETRY = offset(IBV_QP_ATTR, "rnr_retry");

    /** {@code ibv_sge.addr}. */
    static final long SGE_ADDR = offset(IBV_SGE, "addr");
    /** {@code ibv_sge.length}. */
    static final long SGE_LENGTH = offset(IBV_SGE, "length");
    /** {@code ibv_sge.lkey}. */
    static final long SGE_LKEY = offset(IBV_SGE, "lkey");

    /** {@code ibv_send_wr.wr_id}. */
    static final long SEND_WR_WR_ID = offset(IBV_SEND_WR, "wr_id");
    /** {@code ibv_send_wr.next}. */
    static final long SEND_WR_NEXT = offset(IBV_SEND_WR, "next");
    /** {@code ibv_send_wr.sg_list}. */
    static final long SEND_WR_SG_LIST = offset(IBV_SEND_WR, "sg_list");
    /** {@code ibv_send_wr.num_sge}. */
    static final long SEND_WR_NUM_SGE = offset(IBV_SEND_WR, "num_sge");
    /** {@code ibv_send_wr.opcode}. */
    static final long SEND_WR_OPCODE = offset(IBV_SEND_WR, "opcode");
    /** {@code ibv_send_wr.send_flags}. */
    static final long SEND_WR_SEND_FLAGS = offset(IBV_SEND_WR, "send_flags");
    /** {@code ibv_send_wr.imm_data}. */
    static final long SEND_WR_IMM_DATA = offset(IBV_SEND_WR, "imm_data");
    /** {@code ibv_send_wr.wr.rdma.remote_addr}. */
    static final long SEND_WR_RDMA_REMOTE_ADDR = offset(IBV_SEND_WR, "wr", "rdma", "remote_addr");
    /** {@code ibv_send_wr.wr.rdma.rkey}. */
    static final long SEND_WR_RDMA_RKEY = offset(IBV_SEND_WR, "wr", "rdma", "rkey");

    /** {@code ibv_recv_wr.wr_id}. */
    static final long RECV_WR_WR_ID = offset(IBV_RECV_WR, "wr_id");
    /** {@code ibv_recv_wr.next}. */
    static final long RECV_WR_NEXT = offset(IBV_RECV_WR, "next");
    /** {@code ibv_recv_wr.sg_list}. */
    static final long RECV_WR_SG_LIST = offset(IBV_RECV_WR, "sg_list");
    /** {@code ibv_recv_wr.num_sge}. */
    static final long RECV_WR_NUM_SGE = offset(IBV_RECV_WR, "num_sge");

    /** {@code ibv_wc.wr_id}. */
    static final long WC_WR_ID = offset(IBV_WC, "wr_id");
    /** {@code ibv_wc.status}. */
    static final long WC_STATUS = offset(IBV_WC, "status");
    /** {@code ibv_wc.opcode}. */
    static final long WC_OPCODE = offset(IBV_WC, "opcode");
    /** {@code ibv_wc.byte_len}. */
    static final long WC_BYTE_LEN = offset(IBV_WC, "byte_len");
    /** {@code ibv_wc.imm_data}. */
    static final long WC_IMM_DATA = offset(IBV_WC, "imm_data");
    /** {@code ibv_wc.qp_num}. */
    static final long WC_QP_NUM = offset(IBV_WC, "qp_num");
    /** {@code ibv_wc.wc_flags}. */
    static final long WC_WC_FLAGS = offset(IBV_WC, "wc_flags");

    /** {@code ibv_context.ops.poll_cq}. */
    static final long CONTEXT_OPS_POLL_CQ = offset(IBV_CONTEXT, "ops", "poll_cq");
    /** {@code ibv_context.ops.post_send}. */
    static final long CONTEXT_OPS_POST_SEND = offset(IBV_CONTEXT, "ops", "post_send");
    /** {@code ibv_context.ops.post_recv}. */
    static final long CONTEXT_OPS_POST_RECV = offset(IBV_CONTEXT, "ops", "post_recv");

    /** {@code ibv_mr.lkey}. */
    static final long MR_LKEY = offset(IBV_MR, "lkey");
    /** {@code ibv_mr.rkey}. */
    static final long MR_RKEY = offset(IBV_MR, "rkey");

    /** {@code ibv_cq.context}. */
    static final long CQ_CONTEXT = offset(IBV_CQ, "context");
    /** {@code ibv_cq.cqe}. */
    static final long CQ_CQE = offset(IBV_CQ, "cqe");

    /** {@code ibv_qp.context}. */
    static final long QP_CONTEXT = offset(IBV_QP, "context");
    /** {@code ibv_qp.qp_num}. */
    static final long QP_QP_NUM = offset(IBV_QP, "qp_num");

    private VerbsLayouts() {
    }

    private static StructLayout deviceAttr() {
        List<String> counts = List.of("vendor_id", "vendor_part_id", "hw_ver", "max_qp", "max_qp_wr",
            "device_cap_flags", "max_sge", "max_sge_rd", "max_cq", "max_cqe", "max_mr", "max_pd", "max_qp_rd_atom",
            "max_ee_rd_atom", "max_res_rd_atom", "max_qp_init_rd_atom", "max_ee_init_rd_atom", "atomic_cap",
            "max_ee", "max_rdd", "max_mw", "max_raw_ipv6_qp", "max_raw_ethy_qp", "max_mcast_grp",
            "max_mcast_qp_attach", "max_total_mcast_qp_attach", "max_ah", "max_fmr", "max_map_per_fmr", "max_srq",
            "max_srq_wr", "max_srq_sge");
        MemoryLayout[] members = new MemoryLayout[5 + counts.size() + 4];
        int index = 0;
        members[index++] = sequenceLayout(64, JAVA_BYTE).withName("fw_ver");
        members[index++] = JAVA_LONG.withName("node_guid");
        members[index++] = JAVA_LONG.withName("sys_image_guid");
        members[index++] = JAVA_LONG.withName("max_mr_size");
        members[index++] = JAVA_LONG.withName("page_size_cap");
        for (String count : counts) {
            members[index++] = JAVA_INT.withName(count);
        }
        members[index++] = JAVA_SHORT.withName("max_pkeys");
        members[index++] = JAVA_BYTE.withName("local_ca_ack_delay");
        members[index++] = JAVA_BYTE.withName("phys_port_cnt");
        members[index++] = paddingLayout(4);
        return structLayout(Arrays.copyOf(members, index)).withName("ibv_device_attr");
    }

    private static long offset(MemoryLayout layout, String... path) {
        PathElement[] elements = new PathElement[path.length];
        for (int i = 0; i < path.length; i++) {
            elements[i] = PathElement.groupElement(path[i]);
        }
        return layout.byteOffset(elements);
    }
}
