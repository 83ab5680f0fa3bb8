package org.mpjbuf.dev;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InterfaceAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Chooses the address a process listens on for its peers (a process device's endpoint, a
 * launcher's bootstrap), from a setting that may name it several ways. A job whose ranks share
 * one host listens on loopback; a job across hosts never listens on a wildcard address, only on
 * one the peers can reach.
 *
 * <p>The setting is one of:
 * <ul>
 *   <li>empty: loopback when every rank runs on this host; otherwise the address of the interface
 *       that carries the default route (the one that reaches other hosts), or, without a default
 *       route, of the first interface that is up and not loopback, IPv4 first;</li>
 *   <li>an interface name, such as {@code eth0}: its first address, IPv4 first;</li>
 *   <li>a CIDR block, such as {@code 10.1.0.0/16}: the first address of this host inside it;</li>
 *   <li>an address or a host name.</li>
 * </ul>
 *
 * <p>Stateless and thread-safe.
 */
public final class HostAddresses {

    private static final Path ROUTES = Path.of("/proc/net/route");

    private HostAddresses() {
    }

    /**
     * Chooses the address to listen on.
     *
     * @param setting      the setting, as above; never {@code null}
     * @param allRanksHere whether every rank of the job runs on this host
     * @param settingName  the name of the setting, for error messages
     * @return the address
     * @throws IllegalArgumentException naming the setting when it names no address of this host
     */
    public static InetAddress choose(final String setting, final boolean allRanksHere, final String settingName) {
        final String spec = setting.trim();
        try {
            if (spec.isEmpty()) {
                return allRanksHere ? InetAddress.getLoopbackAddress() : routed(settingName);
            }
            final NetworkInterface named = NetworkInterface.getByName(spec);
            if (named != null) {
                return first(addresses(named), settingName + " = " + spec + " is an interface without an address");
            }
            if (spec.indexOf('/') > 0) {
                return inBlock(spec, settingName);
            }
            return InetAddress.getByName(spec);
        } catch (final UnknownHostException | SocketException unknown) {
            throw new IllegalArgumentException(settingName + " = '" + spec + "' names no address, interface or CIDR"
                + " block of this host: " + unknown.getMessage(), unknown);
        }
    }

    /** {@return the address of the default route's interface, or of the first interface that is up} */
    private static InetAddress routed(final String settingName) throws SocketException {
        final String routeInterface = defaultRouteInterface();
        if (routeInterface != null) {
            final NetworkInterface carrier = NetworkInterface.getByName(routeInterface);
            if (carrier != null && !addresses(carrier).isEmpty()) {
                return first(addresses(carrier), "");
            }
        }
        final List<InetAddress> candidates = new ArrayList<>();
        for (final NetworkInterface candidate : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (candidate.isUp() && !candidate.isLoopback()) {
                candidates.addAll(addresses(candidate));
            }
        }
        return first(candidates, "the ranks run on several hosts but this host has no interface other than loopback"
            + " that is up; set " + settingName + " to an address, an interface or a CIDR block the other hosts reach");
    }

    private static InetAddress inBlock(final String cidr, final String settingName) throws SocketException,
        UnknownHostException {
        final int slash = cidr.indexOf('/');
        final byte[] network = InetAddress.getByName(cidr.substring(0, slash)).getAddress();
        final int prefix;
        try {
            prefix = Integer.parseInt(cidr.substring(slash + 1));
        } catch (final NumberFormatException notANumber) {
            throw new IllegalArgumentException(settingName + " = '" + cidr + "': the prefix length is not a number");
        }
        if (prefix < 0 || prefix > network.length * 8) {
            throw new IllegalArgumentException(settingName + " = '" + cidr + "': a prefix of " + prefix
                + " bits does not fit the address");
        }
        for (final NetworkInterface candidate : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            for (final InterfaceAddress bound : candidate.getInterfaceAddresses()) {
                final byte[] address = bound.getAddress().getAddress();
                if (address.length == network.length && samePrefix(address, network, prefix)) {
                    return bound.getAddress();
                }
            }
        }
        throw new IllegalArgumentException(settingName + " = '" + cidr + "': no address of this host is in that block");
    }

    private static boolean samePrefix(final byte[] address, final byte[] network, final int prefix) {
        for (int bit = 0; bit < prefix; bit++) {
            final int mask = 0x80 >>> (bit & 7);
            if ((address[bit >>> 3] & mask) != (network[bit >>> 3] & mask)) {
                return false;
            }
        }
        return true;
    }

    /** {@return the interface of the IPv4 default route in /proc/net/route, or null} */
    private static String defaultRouteInterface() {
        try {
            for (final String line : Files.readAllLines(ROUTES)) {
                final String[] fields = line.trim().split("\\s+");
                if (fields.length > 2 && fields[1].equals("00000000")) {
                    return fields[0];
                }
            }
        } catch (final IOException | RuntimeException noRoutes) {
            // not Linux, or no routes: fall back to the interfaces
        }
        return null;
    }

    /** {@return an interface's addresses, IPv4 first, without link-local IPv6 ones} */
    private static List<InetAddress> addresses(final NetworkInterface network) {
        final List<InetAddress> ipv4 = new ArrayList<>();
        final List<InetAddress> others = new ArrayList<>();
        for (final InetAddress address : Collections.list(network.getInetAddresses())) {
            if (address instanceof Inet4Address) {
                ipv4.add(address);
            } else if (!address.isLinkLocalAddress()) {
                others.add(address);
            }
        }
        ipv4.addAll(others);
        return ipv4;
    }

    private static InetAddress first(final List<InetAddress> addresses, final String whyNone) {
        if (addresses.isEmpty()) {
            throw new IllegalArgumentException(whyNone);
        }
        return addresses.get(0);
    }
}
