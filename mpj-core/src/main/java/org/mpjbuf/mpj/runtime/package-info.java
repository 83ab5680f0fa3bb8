/**
 * The MPJ runtime: the launcher behind {@code bin/mpjrun}, per-rank class loaders, and the
 * embedding API that runs the ranks of a job inside the current JVM.
 */
package org.mpjbuf.mpj.runtime;
