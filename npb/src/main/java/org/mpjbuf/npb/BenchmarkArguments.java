package org.mpjbuf.npb;

/**
 * The command line of a benchmark: {@code CLASS=<letter>} as the NPB reference
 * spells it, or {@code -class <letter>}; class S when none is given.
 *
 * <p>Immutable and thread-safe.
 *
 * @param problemClass the problem class to run
 */
public record BenchmarkArguments(ProblemClass problemClass) {
    /** The usage line printed with argument errors. */
    static final String USAGE = "arguments: CLASS=<S|W|A|B|C> or -class <S|W|A|B|C> (default S)";

    /**
     * Parses the arguments left after {@code MPI.Init}.
     *
     * @param args the arguments
     * @return the parsed arguments
     * @throws BenchmarkUsageException if an argument is unknown, a class is
     *         missing after {@code -class}, or names no class; the message
     *         shows the usage
     */
    public static BenchmarkArguments parse(String... args) {
        ProblemClass problemClass = ProblemClass.S;
        for (int index = 0; index < args.length; index++) {
            String arg = args[index];
            int equals = arg.indexOf('=');
            if (equals > 0 && arg.substring(0, equals).equalsIgnoreCase("CLASS")) {
                problemClass = parseClass(arg.substring(equals + 1));
            } else if (arg.equalsIgnoreCase("-class") || arg.equalsIgnoreCase("--class")) {
                if (index + 1 == args.length) {
                    throw new BenchmarkUsageException("'" + arg + "' needs a class letter; " + USAGE);
                }
                problemClass = parseClass(args[++index]);
            } else {
                throw new BenchmarkUsageException("unknown argument '" + arg + "'; " + USAGE);
            }
        }
        return new BenchmarkArguments(problemClass);
    }

    private static ProblemClass parseClass(String text) {
        try {
            return ProblemClass.parse(text);
        } catch (IllegalArgumentException e) {
            throw new BenchmarkUsageException(e.getMessage() + "; " + USAGE);
        }
    }
}
