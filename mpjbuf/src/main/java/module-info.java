/**
 * The mpjbuf packing API: {@link org.mpjbuf.Buffer} with static and dynamic sections, the
 * {@link org.mpjbuf.BufferFactory}, section types and the wire format.
 */
module org.mpjbuf {
    requires transitive org.mpjbuf.buddy;
    requires transitive org.mpjbuf.raw;

    exports org.mpjbuf;
}
