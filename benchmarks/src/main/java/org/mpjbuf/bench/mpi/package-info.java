/**
 * Ping-pong through the {@code mpi} API against the same exchange on the bare smdev device.
 */
package org.mpjbuf.bench.mpi;
