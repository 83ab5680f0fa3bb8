/**
 * JMH benchmarks of raw-buffer bulk, gather/scatter and strided copies against plain MemorySegment code.
 */
package org.mpjbuf.bench.raw;
