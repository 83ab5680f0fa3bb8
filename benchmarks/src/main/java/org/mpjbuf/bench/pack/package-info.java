/**
 * JMH benchmarks of the mpjbuf packing API against {@code MemorySegment.copy} and plain indexed loops.
 */
package org.mpjbuf.bench.pack;
