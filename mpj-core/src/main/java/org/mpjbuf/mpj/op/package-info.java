/**
 * Reduction kernels for the predefined MPI operations and the reduction entry point the
 * collectives call.
 */
package org.mpjbuf.mpj.op;
