/**
 * ibvdev's binding to InfiniBand and RoCE verbs (rdma-core's libibverbs, through the FFM API): the
 * {@link org.mpjbuf.dev.ibvdev.Verbs} contract, its implementation over {@code libibverbs.so.1},
 * the structure layouts it checks against the C headers, and a software implementation
 * ({@link org.mpjbuf.dev.ibvdev.SoftVerbs}) over Unix domain sockets for machines without an adapter.
 */
package org.mpjbuf.dev.ibvdev;
