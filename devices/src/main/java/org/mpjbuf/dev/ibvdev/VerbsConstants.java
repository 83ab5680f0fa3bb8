package org.mpjbuf.dev.ibvdev;

/**
 * The libibverbs enumeration values a {@link Verbs} caller passes or reads, named as in
 * {@code <infiniband/verbs.h>} without their {@code IBV_} prefix; {@code VerbsLayoutsTest} checks
 * each against the installed headers. The package-private ones are used by the binding alone.
 */
public final class VerbsConstants {

    /** {@code IBV_PORT_NOP}: the port state is not reported. */
    public static final int PORT_NOP = 0;
    /** {@code IBV_PORT_DOWN}: no link. */
    public static final int PORT_DOWN = 1;
    /** {@code IBV_PORT_INIT}: link up, not yet configured by a subnet manager. */
    public static final int PORT_INIT = 2;
    /** {@code IBV_PORT_ARMED}: configured, waiting to become active. */
    public static final int PORT_ARMED = 3;
    /** {@code IBV_PORT_ACTIVE}: the port carries traffic. */
    public static final int PORT_ACTIVE = 4;
    /** {@code IBV_PORT_ACTIVE_DEFER}: active, deferring to a peer. */
    public static final int PORT_ACTIVE_DEFER = 5;

    /** {@code IBV_MTU_256}. */
    public static final int MTU_256 = 1;
    /** {@code IBV_MTU_512}. */
    public static final int MTU_512 = 2;
    /** {@code IBV_MTU_1024}. */
    public static final int MTU_1024 = 3;
    /** {@code IBV_MTU_2048}. */
    public static final int MTU_2048 = 4;
    /** {@code IBV_MTU_4096}. */
    public static final int MTU_4096 = 5;

    /** {@code IBV_LINK_LAYER_UNSPECIFIED}: reported by old providers, InfiniBand in practice. */
    public static final int LINK_LAYER_UNSPECIFIED = 0;
    /** {@code IBV_LINK_LAYER_INFINIBAND}: peers are addressed by LID. */
    public static final int LINK_LAYER_INFINIBAND = 1;
    /** {@code IBV_LINK_LAYER_ETHERNET}: RoCE, peers are addressed by GID (a global route is required). */
    public static final int LINK_LAYER_ETHERNET = 2;

    /** {@code IBV_ACCESS_LOCAL_WRITE}: the adapter may write the region (receives, RDMA read targets). */
    public static final int ACCESS_LOCAL_WRITE = 1;
    /** {@code IBV_ACCESS_REMOTE_WRITE}: peers may RDMA-write the region. */
    public static final int ACCESS_REMOTE_WRITE = 1 << 1;
    /** {@code IBV_ACCESS_REMOTE_READ}: peers may RDMA-read the region. */
    public static final int ACCESS_REMOTE_READ = 1 << 2;
    /** {@code IBV_ACCESS_REMOTE_ATOMIC}: peers may run atomics on the region. */
    public static final int ACCESS_REMOTE_ATOMIC = 1 << 3;

    /** {@code IBV_WR_RDMA_WRITE}: write the gather list to the peer's memory, silently. */
    public static final int WR_RDMA_WRITE = 0;
    /** {@code IBV_WR_RDMA_WRITE_WITH_IMM}: RDMA write that also consumes a receive at the peer, with 32 bits of immediate data. */
    public static final int WR_RDMA_WRITE_WITH_IMM = 1;
    /** {@code IBV_WR_SEND}: a send, consuming a posted receive at the peer. */
    public static final int WR_SEND = 2;
    /** {@code IBV_WR_SEND_WITH_IMM}: a send with 32 bits of immediate data. */
    public static final int WR_SEND_WITH_IMM = 3;

    /** {@code IBV_SEND_SIGNALED}: the work request produces a completion when it finishes. */
    static final int SEND_SIGNALED = 1 << 1;

    /** {@code IBV_WC_SUCCESS}. */
    public static final int WC_SUCCESS = 0;
    /** {@code IBV_WC_LOC_LEN_ERR}: a gather list longer than a message may be, or a send longer than the receive that took it. */
    public static final int WC_LOC_LEN_ERR = 1;
    /** {@code IBV_WC_LOC_QP_OP_ERR}: the work request was inconsistent with the queue pair. */
    public static final int WC_LOC_QP_OP_ERR = 2;
    /** {@code IBV_WC_LOC_PROT_ERR}: a local key, a bound or a protection domain did not allow the access. */
    public static final int WC_LOC_PROT_ERR = 4;
    /** {@code IBV_WC_WR_FLUSH_ERR}: flushed because the queue pair went to the error state. */
    public static final int WC_WR_FLUSH_ERR = 5;
    /** {@code IBV_WC_REM_INV_REQ_ERR}: the peer found the request invalid (too long for its receive, an operation its queue pair does not allow). */
    public static final int WC_REM_INV_REQ_ERR = 9;
    /** {@code IBV_WC_REM_ACCESS_ERR}: the peer refused an RDMA access (rkey, bounds, access flags). */
    public static final int WC_REM_ACCESS_ERR = 10;
    /** {@code IBV_WC_REM_OP_ERR}: the peer could not complete the operation (a local error at its end). */
    public static final int WC_REM_OP_ERR = 11;
    /** {@code IBV_WC_RETRY_EXC_ERR}: the peer did not acknowledge within the retries (peer gone or unreachable). */
    public static final int WC_RETRY_EXC_ERR = 12;
    /** {@code IBV_WC_RNR_RETRY_EXC_ERR}: the peer had no receive posted within the RNR retries. */
    public static final int WC_RNR_RETRY_EXC_ERR = 13;

    /** {@code IBV_WC_SEND}: completion opcode of a send. */
    public static final int WC_SEND = 0;
    /** {@code IBV_WC_RDMA_WRITE}: completion opcode of an RDMA write. */
    public static final int WC_RDMA_WRITE = 1;
    /** {@code IBV_WC_RECV}: completion opcode of a receive consumed by a send; the bit every receive opcode has. */
    public static final int WC_RECV = 1 << 7;
    /** {@code IBV_WC_RECV_RDMA_WITH_IMM}: completion opcode of a receive consumed by an RDMA write with immediate. */
    public static final int WC_RECV_RDMA_WITH_IMM = WC_RECV + 1;

    /** {@code IBV_WC_WITH_IMM}: the completion carries immediate data ({@code wc_flags}). */
    static final int WC_WITH_IMM = 1 << 1;

    /** {@code IBV_QPT_RC}: reliable connected. */
    static final int QPT_RC = 2;

    /** {@code IBV_QPS_RESET}: a new queue pair. */
    static final int QPS_RESET = 0;
    /** {@code IBV_QPS_INIT}. */
    static final int QPS_INIT = 1;
    /** {@code IBV_QPS_RTR}: ready to receive. */
    static final int QPS_RTR = 2;
    /** {@code IBV_QPS_RTS}: ready to send. */
    static final int QPS_RTS = 3;

    /** {@code IBV_QPS_ERR}: failed; its work requests are flushed. */
    static final int QPS_ERR = 6;

    /** {@code IBV_QP_STATE}: attribute mask bit. */
    static final int QP_STATE = 1;
    /** {@code IBV_QP_ACCESS_FLAGS}. */
    static final int QP_ACCESS_FLAGS = 1 << 3;
    /** {@code IBV_QP_PKEY_INDEX}. */
    static final int QP_PKEY_INDEX = 1 << 4;
    /** {@code IBV_QP_PORT}. */
    static final int QP_PORT = 1 << 5;
    /** {@code IBV_QP_AV}. */
    static final int QP_AV = 1 << 7;
    /** {@code IBV_QP_PATH_MTU}. */
    static final int QP_PATH_MTU = 1 << 8;
    /** {@code IBV_QP_TIMEOUT}. */
    static final int QP_TIMEOUT = 1 << 9;
    /** {@code IBV_QP_RETRY_CNT}. */
    static final int QP_RETRY_CNT = 1 << 10;
    /** {@code IBV_QP_RNR_RETRY}. */
    static final int QP_RNR_RETRY = 1 << 11;
    /** {@code IBV_QP_RQ_PSN}. */
    static final int QP_RQ_PSN = 1 << 12;
    /** {@code IBV_QP_MAX_QP_RD_ATOMIC}. */
    static final int QP_MAX_QP_RD_ATOMIC = 1 << 13;
    /** {@code IBV_QP_MIN_RNR_TIMER}. */
    static final int QP_MIN_RNR_TIMER = 1 << 15;
    /** {@code IBV_QP_SQ_PSN}. */
    static final int QP_SQ_PSN = 1 << 16;
    /** {@code IBV_QP_MAX_DEST_RD_ATOMIC}. */
    static final int QP_MAX_DEST_RD_ATOMIC = 1 << 17;
    /** {@code IBV_QP_DEST_QPN}. */
    static final int QP_DEST_QPN = 1 << 20;

    private VerbsConstants() {
    }

    /**
     * The name of a port state, for messages.
     *
     * @param state an {@code ibv_port_state} value
     * @return its name without the {@code IBV_PORT_} prefix, or the number for an unknown one
     */
    public static String portStateName(int state) {
        return switch (state) {
            case PORT_NOP -> "NOP";
            case PORT_DOWN -> "DOWN";
            case PORT_INIT -> "INIT";
            case PORT_ARMED -> "ARMED";
            case PORT_ACTIVE -> "ACTIVE";
            case PORT_ACTIVE_DEFER -> "ACTIVE_DEFER";
            default -> "state " + state;
        };
    }

    /**
     * The name of a link layer, for messages.
     *
     * @param linkLayer an {@code IBV_LINK_LAYER_*} value
     * @return {@code InfiniBand}, {@code Ethernet}, {@code unspecified} or the number
     */
    public static String linkLayerName(int linkLayer) {
        return switch (linkLayer) {
            case LINK_LAYER_UNSPECIFIED -> "unspecified";
            case LINK_LAYER_INFINIBAND -> "InfiniBand";
            case LINK_LAYER_ETHERNET -> "Ethernet";
            default -> "link layer " + linkLayer;
        };
    }
}
