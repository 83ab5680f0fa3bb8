/* Prints the libibverbs layouts and constants that org.mpjbuf.dev.ibvdev.VerbsLayouts and
 * VerbsConstants state, as the installed <infiniband/verbs.h> defines them: "NAME SIZE" for a
 * structure, "NAME.MEMBER OFFSET" for a member (nested members joined by dots), "IBV_X VALUE" for
 * a constant. Built and run by VerbsLayoutsTest. */
#include <stddef.h>
#include <stdio.h>
#include <infiniband/verbs.h>

#define SIZE(type, name) printf("%s %zu\n", name, sizeof(type))
#define MEMBER(type, name, member) printf("%s.%s %zu\n", name, #member, offsetof(type, member))
#define CONSTANT(value) printf("%s %lld\n", #value, (long long) (value))

static void device_attr(void) {
    SIZE(struct ibv_device_attr, "ibv_device_attr");
#define DA(member) MEMBER(struct ibv_device_attr, "ibv_device_attr", member)
    DA(fw_ver); DA(node_guid); DA(sys_image_guid); DA(max_mr_size); DA(page_size_cap);
    DA(vendor_id); DA(vendor_part_id); DA(hw_ver); DA(max_qp); DA(max_qp_wr); DA(device_cap_flags);
    DA(max_sge); DA(max_sge_rd); DA(max_cq); DA(max_cqe); DA(max_mr); DA(max_pd); DA(max_qp_rd_atom);
    DA(max_ee_rd_atom); DA(max_res_rd_atom); DA(max_qp_init_rd_atom); DA(max_ee_init_rd_atom);
    DA(atomic_cap); DA(max_ee); DA(max_rdd); DA(max_mw); DA(max_raw_ipv6_qp); DA(max_raw_ethy_qp);
    DA(max_mcast_grp); DA(max_mcast_qp_attach); DA(max_total_mcast_qp_attach); DA(max_ah); DA(max_fmr);
    DA(max_map_per_fmr); DA(max_srq); DA(max_srq_wr); DA(max_srq_sge); DA(max_pkeys);
    DA(local_ca_ack_delay); DA(phys_port_cnt);
}

static void port_attr(void) {
    SIZE(struct ibv_port_attr, "ibv_port_attr");
#define PA(member) MEMBER(struct ibv_port_attr, "ibv_port_attr", member)
    PA(state); PA(max_mtu); PA(active_mtu); PA(gid_tbl_len); PA(port_cap_flags); PA(max_msg_sz);
    PA(bad_pkey_cntr); PA(qkey_viol_cntr); PA(pkey_tbl_len); PA(lid); PA(sm_lid); PA(lmc); PA(max_vl_num);
    PA(sm_sl); PA(subnet_timeout); PA(init_type_reply); PA(active_width); PA(active_speed); PA(phys_state);
    PA(link_layer); PA(flags); PA(port_cap_flags2);
}

static void queue_pair_attributes(void) {
    SIZE(union ibv_gid, "ibv_gid");
    MEMBER(union ibv_gid, "ibv_gid", raw);
    MEMBER(union ibv_gid, "ibv_gid", global);
    MEMBER(union ibv_gid, "ibv_gid", global.subnet_prefix);
    MEMBER(union ibv_gid, "ibv_gid", global.interface_id);

    SIZE(struct ibv_global_route, "ibv_global_route");
#define GR(member) MEMBER(struct ibv_global_route, "ibv_global_route", member)
    GR(dgid); GR(flow_label); GR(sgid_index); GR(hop_limit); GR(traffic_class);

    SIZE(struct ibv_ah_attr, "ibv_ah_attr");
#define AH(member) MEMBER(struct ibv_ah_attr, "ibv_ah_attr", member)
    AH(grh); AH(dlid); AH(sl); AH(src_path_bits); AH(static_rate); AH(is_global); AH(port_num);

    SIZE(struct ibv_qp_cap, "ibv_qp_cap");
#define CAP(member) MEMBER(struct ibv_qp_cap, "ibv_qp_cap", member)
    CAP(max_send_wr); CAP(max_recv_wr); CAP(max_send_sge); CAP(max_recv_sge); CAP(max_inline_data);

    SIZE(struct ibv_qp_init_attr, "ibv_qp_init_attr");
#define QIA(member) MEMBER(struct ibv_qp_init_attr, "ibv_qp_init_attr", member)
    QIA(qp_context); QIA(send_cq); QIA(recv_cq); QIA(srq); QIA(cap); QIA(qp_type); QIA(sq_sig_all);

    SIZE(struct ibv_qp_attr, "ibv_qp_attr");
#define QA(member) MEMBER(struct ibv_qp_attr, "ibv_qp_attr", member)
    QA(qp_state); QA(cur_qp_state); QA(path_mtu); QA(path_mig_state); QA(qkey); QA(rq_psn); QA(sq_psn);
    QA(dest_qp_num); QA(qp_access_flags); QA(cap); QA(ah_attr); QA(alt_ah_attr); QA(pkey_index);
    QA(alt_pkey_index); QA(en_sqd_async_notify); QA(sq_draining); QA(max_rd_atomic); QA(max_dest_rd_atomic);
    QA(min_rnr_timer); QA(port_num); QA(timeout); QA(retry_cnt); QA(rnr_retry); QA(alt_port_num);
    QA(alt_timeout); QA(rate_limit);
}

static void data_path(void) {
    SIZE(struct ibv_sge, "ibv_sge");
    MEMBER(struct ibv_sge, "ibv_sge", addr);
    MEMBER(struct ibv_sge, "ibv_sge", length);
    MEMBER(struct ibv_sge, "ibv_sge", lkey);

    SIZE(struct ibv_send_wr, "ibv_send_wr");
#define SW(member) MEMBER(struct ibv_send_wr, "ibv_send_wr", member)
    SW(wr_id); SW(next); SW(sg_list); SW(num_sge); SW(opcode); SW(send_flags); SW(imm_data);
    SW(wr); SW(wr.rdma); SW(wr.atomic);
    SW(wr.rdma.remote_addr); SW(wr.rdma.rkey);
    SW(wr.atomic.remote_addr); SW(wr.atomic.compare_add); SW(wr.atomic.swap); SW(wr.atomic.rkey);

    SIZE(struct ibv_recv_wr, "ibv_recv_wr");
#define RW(member) MEMBER(struct ibv_recv_wr, "ibv_recv_wr", member)
    RW(wr_id); RW(next); RW(sg_list); RW(num_sge);

    SIZE(struct ibv_wc, "ibv_wc");
#define WC(member) MEMBER(struct ibv_wc, "ibv_wc", member)
    WC(wr_id); WC(status); WC(opcode); WC(vendor_err); WC(byte_len); WC(imm_data); WC(qp_num); WC(src_qp);
    WC(wc_flags); WC(pkey_index); WC(slid); WC(sl); WC(dlid_path_bits);
}

static void objects(void) {
    SIZE(struct ibv_context_ops, "ibv_context_ops");
#define OPS(member) MEMBER(struct ibv_context_ops, "ibv_context_ops", member)
    OPS(poll_cq); OPS(req_notify_cq); OPS(post_send); OPS(post_recv);

    SIZE(struct ibv_context, "ibv_context");
    MEMBER(struct ibv_context, "ibv_context", device);
    MEMBER(struct ibv_context, "ibv_context", ops);
    MEMBER(struct ibv_context, "ibv_context", ops.poll_cq);
    MEMBER(struct ibv_context, "ibv_context", ops.req_notify_cq);
    MEMBER(struct ibv_context, "ibv_context", ops.post_send);
    MEMBER(struct ibv_context, "ibv_context", ops.post_recv);

    SIZE(struct ibv_mr, "ibv_mr");
#define MR(member) MEMBER(struct ibv_mr, "ibv_mr", member)
    MR(context); MR(pd); MR(addr); MR(length); MR(handle); MR(lkey); MR(rkey);

    SIZE(struct ibv_cq, "ibv_cq");
#define CQ(member) MEMBER(struct ibv_cq, "ibv_cq", member)
    CQ(context); CQ(channel); CQ(cq_context); CQ(handle); CQ(cqe);

    SIZE(struct ibv_qp, "ibv_qp");
#define QP(member) MEMBER(struct ibv_qp, "ibv_qp", member)
    QP(context); QP(qp_context); QP(pd); QP(send_cq); QP(recv_cq); QP(srq); QP(handle); QP(qp_num); QP(state);
    QP(qp_type);
}

static void constants(void) {
    CONSTANT(IBV_PORT_NOP); CONSTANT(IBV_PORT_DOWN); CONSTANT(IBV_PORT_INIT); CONSTANT(IBV_PORT_ARMED);
    CONSTANT(IBV_PORT_ACTIVE); CONSTANT(IBV_PORT_ACTIVE_DEFER);
    CONSTANT(IBV_MTU_256); CONSTANT(IBV_MTU_512); CONSTANT(IBV_MTU_1024); CONSTANT(IBV_MTU_2048);
    CONSTANT(IBV_MTU_4096);
    CONSTANT(IBV_LINK_LAYER_UNSPECIFIED); CONSTANT(IBV_LINK_LAYER_INFINIBAND); CONSTANT(IBV_LINK_LAYER_ETHERNET);
    CONSTANT(IBV_ACCESS_LOCAL_WRITE); CONSTANT(IBV_ACCESS_REMOTE_WRITE); CONSTANT(IBV_ACCESS_REMOTE_READ);
    CONSTANT(IBV_ACCESS_REMOTE_ATOMIC);
    CONSTANT(IBV_WR_RDMA_WRITE); CONSTANT(IBV_WR_RDMA_WRITE_WITH_IMM); CONSTANT(IBV_WR_SEND);
    CONSTANT(IBV_WR_SEND_WITH_IMM);
    CONSTANT(IBV_SEND_SIGNALED);
    CONSTANT(IBV_WC_SUCCESS); CONSTANT(IBV_WC_WR_FLUSH_ERR); CONSTANT(IBV_WC_RETRY_EXC_ERR);
    CONSTANT(IBV_WC_RNR_RETRY_EXC_ERR); CONSTANT(IBV_WC_LOC_LEN_ERR); CONSTANT(IBV_WC_LOC_QP_OP_ERR);
    CONSTANT(IBV_WC_LOC_PROT_ERR); CONSTANT(IBV_WC_REM_INV_REQ_ERR); CONSTANT(IBV_WC_REM_ACCESS_ERR);
    CONSTANT(IBV_WC_REM_OP_ERR);
    CONSTANT(IBV_WC_SEND); CONSTANT(IBV_WC_RDMA_WRITE); CONSTANT(IBV_WC_RECV); CONSTANT(IBV_WC_RECV_RDMA_WITH_IMM);
    CONSTANT(IBV_WC_WITH_IMM);
    CONSTANT(IBV_QPT_RC);
    CONSTANT(IBV_QPS_RESET); CONSTANT(IBV_QPS_ERR); CONSTANT(IBV_QPS_INIT); CONSTANT(IBV_QPS_RTR); CONSTANT(IBV_QPS_RTS);
    CONSTANT(IBV_QP_STATE); CONSTANT(IBV_QP_ACCESS_FLAGS); CONSTANT(IBV_QP_PKEY_INDEX); CONSTANT(IBV_QP_PORT);
    CONSTANT(IBV_QP_AV); CONSTANT(IBV_QP_PATH_MTU); CONSTANT(IBV_QP_TIMEOUT); CONSTANT(IBV_QP_RETRY_CNT);
    CONSTANT(IBV_QP_RNR_RETRY); CONSTANT(IBV_QP_RQ_PSN); CONSTANT(IBV_QP_MAX_QP_RD_ATOMIC);
    CONSTANT(IBV_QP_MIN_RNR_TIMER); CONSTANT(IBV_QP_SQ_PSN); CONSTANT(IBV_QP_MAX_DEST_RD_ATOMIC);
    CONSTANT(IBV_QP_DEST_QPN);
}

int main(void) {
    device_attr();
    port_attr();
    queue_pair_attributes();
    data_path();
    objects();
    constants();
    return 0;
}
