package org.mpjbuf.mpj.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * Where {@code bin/mpjrun} starts each rank of a job of processes: on this host, or on another
 * host through a launch agent ({@code ssh} by default, {@code -launcher-exec}) that takes the host
 * and one shell command line, as {@code ssh host 'command'} does.
 *
 * <p>Immutable and thread-safe.
 *
 * @param hosts       the host of each rank, {@code null} for this host
 * @param launchAgent the command that runs a command line on another host, before the host's name
 */
record RankPlacement(String[] hosts, List<String> launchAgent) {

    /** The launch agent when none is given: {@code ssh}, without a terminal, failing rather than prompting. */
    static final List<String> SSH = List.of("ssh", "-T", "-o", "BatchMode=yes");

    /**
     * Places every rank on this host.
     *
     * @param size the number of ranks
     * @return the placement
     */
    static RankPlacement local(int size) {
        return new RankPlacement(new String[size], SSH);
    }

    /**
     * Places the ranks on the hosts of a hostfile, in order; the hosts that name this host start
     * their ranks directly.
     *
     * @param hostfile    the hosts
     * @param size        the number of ranks
     * @param launchAgent the command that reaches another host
     * @return the placement
     * @throws IllegalArgumentException when the hosts have fewer slots than ranks
     */
    static RankPlacement of(Hostfile hostfile, int size, List<String> launchAgent) {
        String[] hosts = hostfile.place(size);
        for (int rank = 0; rank < size; rank++) {
            if (Hostfile.isThisHost(hosts[rank])) {
                hosts[rank] = null;
            }
        }
        return new RankPlacement(hosts, List.copyOf(launchAgent));
    }

    /** {@return whether every rank runs on this host} */
    boolean allHere() {
        for (String host : hosts) {
            if (host != null) {
                return false;
            }
        }
        return true;
    }

    /** {@return the host of a rank, or {@code null} for this host} */
    String hostOf(int rank) {
        return hosts[rank];
    }

    /** {@return the ranks on the same host as {@code rank}, comma-separated and ascending} */
    String ranksWith(int rank) {
        StringJoiner ranks = new StringJoiner(",");
        for (int other = 0; other < hosts.length; other++) {
            if (hosts[other] == null ? hosts[rank] == null : hosts[other].equals(hosts[rank])) {
                ranks.add(Integer.toString(other));
            }
        }
        return ranks.toString();
    }

    /**
     * Builds the command that starts a rank on its host.
     *
     * @param rank        the rank
     * @param environment the variables the rank needs, which a launch agent does not carry
     * @param command     the rank's command on its host
     * @return the command to run here
     */
    List<String> commandFor(int rank, List<String> environment, List<String> command) {
        String host = hosts[rank];
        if (host == null) {
            return command;
        }
        StringJoiner line = new StringJoiner(" ");
        line.add("exec").add("env");
        environment.forEach(variable -> line.add(quoted(variable)));
        command.forEach(word -> line.add(quoted(word)));
        List<String> remote = new ArrayList<>(launchAgent);
        remote.add(host);
        remote.add(line.toString());
        return remote;
    }

    /** {@return a word quoted for a POSIX shell} */
    private static String quoted(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
