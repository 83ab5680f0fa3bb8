/**
 * Knuth binary buddy pools over heap, direct and native memory, usable on their own by any NIO
 * application.
 */
module org.mpjbuf.buddy {
    exports org.mpjbuf.buddy;
}
