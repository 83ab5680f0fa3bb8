/** Charts of NAS Parallel Benchmark results against the native NPB reference. */
package org.mpjbuf.bench.npb;
