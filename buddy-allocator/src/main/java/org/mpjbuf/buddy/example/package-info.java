/**
 * A runnable NIO program using a buffer pool: a loopback echo over {@link java.nio.channels.SocketChannel}s.
 */
package org.mpjbuf.buddy.example;
