package org.mpjbuf.dev.ibvdev;

/**
 * A 128-bit global identifier ({@code union ibv_gid}): the address of a port across subnets, and
 * on RoCE the only address (an IPv6 address, or an IPv4 address mapped into IPv6).
 *
 * @param subnetPrefix the first 8 bytes, read as a big-endian number (network order, as on the wire)
 * @param interfaceId the last 8 bytes, read the same way
 */
public record Gid(long subnetPrefix, long interfaceId) {

    /** The all-zero GID: an unused entry of a port's GID table. */
    public static final Gid ZERO = new Gid(0, 0);

    @Override
    public String toString() {
        return String.format("%016x:%016x", subnetPrefix, interfaceId);
    }
}
