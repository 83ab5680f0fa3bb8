package org.mpjbuf.mpj.runtime;

import java.util.Arrays;

/**
 * The arguments a launcher passes to a rank's {@code main} in front of the program's own. By
 * default there are none. Under MPJ Express's convention, which programs written for it rely on
 * (they read their own arguments from {@code args[3]} on), there are three: the rank, the number
 * of ranks and the device name, as MPJ Express's multicore launcher passes them (its cluster
 * launcher passes a configuration file instead of the number of ranks).
 *
 * <p>Immutable and therefore thread-safe.
 */
final class LauncherArguments {

    private static final LauncherArguments NONE = new LauncherArguments(new String[0]);

    private final String[] leading;

    private LauncherArguments(String[] leading) {
        this.leading = leading;
    }

    /** {@return no leading arguments: {@code main} receives the program's arguments alone} */
    static LauncherArguments none() {
        return NONE;
    }

    /**
     * Returns MPJ Express's leading arguments for one rank.
     *
     * @param rank   the rank
     * @param size   the number of ranks
     * @param device the device name
     * @return {@code rank, size, device}
     */
    static LauncherArguments mpjExpress(int rank, int size, String device) {
        return new LauncherArguments(new String[] {Integer.toString(rank), Integer.toString(size), device});
    }

    /**
     * Returns what {@code main} receives: the leading arguments followed by the program's.
     *
     * @param programArguments the program's arguments
     * @return a new array
     */
    String[] prependTo(String[] programArguments) {
        String[] all = Arrays.copyOf(leading, leading.length + programArguments.length);
        System.arraycopy(programArguments, 0, all, leading.length, programArguments.length);
        return all;
    }

    /**
     * Returns the program's arguments out of what {@code main} received: without the leading
     * arguments when {@code mainArguments} starts with them, all of them otherwise (a program may
     * hand {@code MPI.Init} an array of its own).
     *
     * @param mainArguments what {@code main} received, or {@code null}
     * @return a new array, empty for {@code null}
     */
    String[] stripFrom(String[] mainArguments) {
        if (mainArguments == null) {
            return new String[0];
        }
        boolean leads = mainArguments.length >= leading.length
            && Arrays.equals(mainArguments, 0, leading.length, leading, 0, leading.length);
        return Arrays.copyOfRange(mainArguments, leads ? leading.length : 0, mainArguments.length);
    }
}
