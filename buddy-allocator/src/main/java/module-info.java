/**
 * Knuth binary buddy pools over heap, direct and native memory, usable on their own by any NIO
 * application, and the reader of the settings every mpjbuf module is tuned by.
 */
module org.mpjbuf.buddy {
    exports org.mpjbuf.buddy;
    exports org.mpjbuf.config;
}
