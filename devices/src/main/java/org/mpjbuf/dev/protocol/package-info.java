/**
 * The transport-neutral half of the process devices (niodev, ibvdev): requests, matching and
 * ordering, eager credit, the eager and rendezvous message flow, the frame header, and the
 * {@link org.mpjbuf.dev.Device} methods on top of them ({@link org.mpjbuf.dev.protocol.MessageDevice}).
 * A device supplies its start-up, a {@link org.mpjbuf.dev.protocol.Link} to each peer and the
 * thread that drives its transport. Not exported: the devices' own package.
 */
package org.mpjbuf.dev.protocol;
