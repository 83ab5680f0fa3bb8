package org.mpjbuf.mpj.runtime;

/**
 * The PMIx structures and constants the {@link PmixBootstrap} uses, as laid out by PMIx 4 on a
 * 64-bit platform ({@code pmix_common.h}); {@code PmixDescriptorTest} checks every value against
 * the C headers of the installed {@code libpmix-dev}.
 *
 * <pre>
 *  pmix_proc_t (260 bytes)              pmix_value_t (32 bytes)          pmix_info_t (552 bytes)
 *  +--------------------------+ 0       +-------------+ 0                +------------------+ 0
 *  | char nspace[256]         |         | uint16 type |                  | char key[512]    |
 *  +--------------------------+ 256     +-------------+ 8                +------------------+ 512
 *  | uint32 rank              |         | data union  |                  | uint32 flags     |
 *  +--------------------------+ 260     | (a char* at 8 for strings,  |  +------------------+ 520
 *                                       |  a uint32 or a bool at 8)   |  | pmix_value_t     |
 *                                       +-------------+ 32               +------------------+ 552
 * </pre>
 */
final class PmixDescriptor {

    /** {@code sizeof(pmix_proc_t)}. */
    static final int PROC_SIZE = 260;
    /** Offset of {@code pmix_proc_t.rank}. */
    static final int PROC_RANK_OFFSET = 256;
    /** Room for the namespace, terminating zero included ({@code PMIX_MAX_NSLEN + 1}). */
    static final int NSPACE_LENGTH = 256;

    /** {@code sizeof(pmix_value_t)}. */
    static final int VALUE_SIZE = 32;
    /** Offset of {@code pmix_value_t.type}. */
    static final int VALUE_TYPE_OFFSET = 0;
    /** Offset of {@code pmix_value_t.data}. */
    static final int VALUE_DATA_OFFSET = 8;

    /** {@code sizeof(pmix_info_t)}. */
    static final int INFO_SIZE = 552;
    /** Room for an info's key, terminating zero included ({@code PMIX_MAX_KEYLEN + 1}). */
    static final int INFO_KEY_LENGTH = 512;
    /** Offset of {@code pmix_info_t.flags}. */
    static final int INFO_FLAGS_OFFSET = 512;
    /** Offset of {@code pmix_info_t.value}. */
    static final int INFO_VALUE_OFFSET = 520;

    /** {@code PMIX_BOOL}. */
    static final short TYPE_BOOL = 1;
    /** {@code PMIX_STRING}. */
    static final short TYPE_STRING = 3;
    /** {@code PMIX_UINT32}. */
    static final short TYPE_UINT32 = 14;
    /** {@code PMIX_RANK_WILDCARD}, as a Java int. */
    static final int RANK_WILDCARD = 0xFFFF_FFFE;
    /** {@code PMIX_GLOBAL}: a put every rank of the job may get. */
    static final byte SCOPE_GLOBAL = 3;
    /** {@code PMIX_SUCCESS}. */
    static final int SUCCESS = 0;

    /** {@code PMIX_JOB_SIZE}. */
    static final String JOB_SIZE = "pmix.job.size";
    /** {@code PMIX_LOCAL_PEERS}: the ranks on this node, comma-separated. */
    static final String LOCAL_PEERS = "pmix.lpeers";
    /** {@code PMIX_COLLECT_DATA}: a fence that also exchanges the puts. */
    static final String COLLECT_DATA = "pmix.collect";

    private PmixDescriptor() {
    }
}
