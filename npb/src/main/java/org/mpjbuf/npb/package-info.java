/**
 * The NAS Parallel Benchmarks CG, EP, FT, IS, MG, DT, SP, BT and LU, written against the
 * public mpiJava 1.2 {@code mpi} API and run with {@code bin/mpjrun}.
 */
package org.mpjbuf.npb;
