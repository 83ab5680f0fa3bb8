/**
 * ibvdev's binding to InfiniBand and RoCE verbs (rdma-core's libibverbs, through the FFM API): the
 * {@link org.mpjbuf.dev.ibvdev.Verbs} contract, its implementation over {@code libibverbs.so.1},
 * the structure layouts it checks against the C headers, and a software implementation
 * ({@link org.mpjbuf.dev.ibvdev.SoftVerbs}) over Unix domain sockets for machines without an adapter,
 * and the registration of memory: pool regions registered as they are created
 * ({@link org.mpjbuf.dev.ibvdev.RegisteredPool}) and a pin-down cache for memory outside the pool
 * ({@link org.mpjbuf.dev.ibvdev.PinDownCache}).
 */
package org.mpjbuf.dev.ibvdev;
