/**
 * ibvdev's binding to InfiniBand and RoCE verbs (rdma-core's libibverbs, through the FFM API): the
 * {@link org.mpjbuf.dev.ibvdev.Verbs} contract, its implementation over {@code libibverbs.so.1},
 * and the structure layouts it checks against the C headers.
 */
package org.mpjbuf.dev.ibvdev;
