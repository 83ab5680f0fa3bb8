/**
 * Raw buffers: typed, bulk, gather/scatter and strided access to heap, direct and native memory.
 */
module org.mpjbuf.raw {
    exports org.mpjbuf.raw;
}
