package org.mpjbuf.mpj.runtime;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The hosts a job without a scheduler runs on, in Open MPI's hostfile format: one host a line,
 * {@code host slots=N} ({@code slots} defaults to 1), {@code #} starting a comment. Ranks fill the
 * hosts in order, each host's slots before the next host's ({@link #place}).
 *
 * <p>Immutable and thread-safe.
 *
 * @param hosts the hosts, in the file's order
 */
record Hostfile(List<Host> hosts) {

    /**
     * One host and how many ranks it takes.
     *
     * @param name  the host's name, as the launch command reaches it
     * @param slots the ranks it takes, {@code >= 1}
     */
    record Host(String name, int slots) {
    }

    /**
     * Reads a hostfile.
     *
     * @param file the file
     * @return its hosts
     * @throws IllegalArgumentException naming the file, the line and what is wrong with it
     */
    static Hostfile read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException unreadable) {
            throw new IllegalArgumentException("-hostfile " + file + ": cannot be read (" + unreadable.getMessage() + ")",
                unreadable);
        }
        List<Host> hosts = new ArrayList<>();
        for (int number = 1; number <= lines.size(); number++) {
            String line = lines.get(number - 1);
            int comment = line.indexOf('#');
            String[] words = (comment >= 0 ? line.substring(0, comment) : line).trim().split("\\s+");
            if (words[0].isEmpty()) {
                continue;
            }
            int slots = 1;
            for (int i = 1; i < words.length; i++) {
                if (!words[i].startsWith("slots=")) {
                    throw new IllegalArgumentException("-hostfile " + file + " line " + number + ": '" + words[i]
                        + "' (expected: host [slots=N])");
                }
                try {
                    slots = Integer.parseInt(words[i].substring("slots=".length()));
                } catch (NumberFormatException notANumber) {
                    slots = 0;
                }
                if (slots < 1) {
                    throw new IllegalArgumentException("-hostfile " + file + " line " + number + ": '" + words[i]
                        + "' (expected slots=N with N >= 1)");
                }
            }
            hosts.add(new Host(words[0], slots));
        }
        if (hosts.isEmpty()) {
            throw new IllegalArgumentException("-hostfile " + file + ": names no host");
        }
        return new Hostfile(List.copyOf(hosts));
    }

    /**
     * Places the ranks of a job on the hosts, filling each host's slots in order.
     *
     * @param ranks the number of ranks
     * @return the host of each rank
     * @throws IllegalArgumentException when the hosts have fewer slots than ranks
     */
    String[] place(int ranks) {
        String[] placed = new String[ranks];
        int rank = 0;
        for (Host host : hosts) {
            for (int slot = 0; slot < host.slots() && rank < ranks; slot++) {
                placed[rank++] = host.name();
            }
        }
        if (rank < ranks) {
            throw new IllegalArgumentException("-np " + ranks + " needs " + ranks + " slots but the hostfile has "
                + rank + " (" + hosts + ")");
        }
        return placed;
    }

    /**
     * {@return whether a host name names this host: localhost, a loopback address, or this host's
     * name} Nothing is looked up in a name service.
     */
    static boolean isThisHost(String name) {
        if (name.equals("localhost")) {
            return true;
        }
        try {
            return InetAddress.ofLiteral(name).isLoopbackAddress();
        } catch (IllegalArgumentException notALiteral) {
            try {
                return name.equals(InetAddress.getLocalHost().getHostName());
            } catch (IOException unknown) {
                return false;
            }
        }
    }
}
