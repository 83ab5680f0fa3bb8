/**
 * Raw buffers over heap, direct and native memory, with typed, bulk, gather/scatter and strided access.
 */
package org.mpjbuf.raw;
