/**
 * ibvdev, the InfiniBand and RoCE device ({@code Device.newInstance("ibvdev")}, {@code -dev ibvdev}):
 * ranks as processes connected by reliable-connected queue pairs, eager messages through
 * pre-posted receive slots, rendezvous data by RDMA write (the device, its links and its completion
 * driver, over the transport-neutral half in {@code org.mpjbuf.dev.protocol}); its binding to
 * rdma-core's libibverbs through the FFM API: the {@link org.mpjbuf.dev.ibvdev.Verbs} contract, its
 * implementation over {@code libibverbs.so.1}, the structure layouts it checks against the C headers,
 * and a software implementation ({@link org.mpjbuf.dev.ibvdev.SoftVerbs}) over Unix domain sockets for
 * machines without an adapter; and the registration of memory: pool regions registered as they are
 * created ({@link org.mpjbuf.dev.ibvdev.RegisteredPool}) and a pin-down cache for memory outside the
 * pool ({@link org.mpjbuf.dev.ibvdev.PinDownCache}).
 */
package org.mpjbuf.dev.ibvdev;
