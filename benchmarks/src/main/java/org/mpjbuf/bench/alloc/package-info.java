/**
 * JMH benchmarks of the buddy pools against the JDK's allocators, Netty's pooled allocator and FFM arenas.
 */
package org.mpjbuf.bench.alloc;
