/**
 * Binary buddy pools handing out {@link java.nio.ByteBuffer}s and {@link java.lang.foreign.MemorySegment}s
 * carved from large regions of heap, direct or native memory.
 */
package org.mpjbuf.buddy;
