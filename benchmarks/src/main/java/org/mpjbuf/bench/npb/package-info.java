/**
 * The NAS Parallel Benchmarks: charts of their results against the native NPB reference, and
 * microbenchmarks of the loops whose form the kernels' design notes explain.
 */
package org.mpjbuf.bench.npb;
