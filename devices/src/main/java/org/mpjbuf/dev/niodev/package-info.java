/**
 * niodev, the TCP device: every rank is a process (or, in tests, a thread with a device of its
 * own), connected to every other rank by one authenticated, non-blocking socket.
 */
package org.mpjbuf.dev.niodev;
