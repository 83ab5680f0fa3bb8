/**
 * Raw buffers: typed, bulk, gather/scatter and strided access to heap, direct and native memory.
 */
module org.mpjbuf.raw {
    requires transitive org.mpjbuf.buddy;

    exports org.mpjbuf.raw;
}
