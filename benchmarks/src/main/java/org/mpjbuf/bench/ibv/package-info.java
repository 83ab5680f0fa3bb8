/**
 * The cost of a call into libibverbs through ibvdev's FFM binding, against the same call through JNA.
 */
package org.mpjbuf.bench.ibv;
