package org.mpjbuf.npb;

import java.util.Locale;

/**
 * The command line of a benchmark: {@code CLASS=<letter>} as the NPB reference
 * spells it, or {@code -class <letter>}, class S when none is given; and for
 * a benchmark with a {@link BenchmarkVariant}, its value in the same two
 * forms or alone, as the reference's DT takes its graph ({@code BH}).
 *
 * <p>Immutable and thread-safe.
 *
 * @param problemClass the problem class to run
 * @param variant the variant's value, {@code null} for a benchmark without one
 */
public record BenchmarkArguments(ProblemClass problemClass, String variant) {
    /** The usage line printed with argument errors. */
    static final String USAGE = "arguments: CLASS=<S|W|A|B|C> or -class <S|W|A|B|C> (default S)";

    /**
     * Parses the arguments left after {@code MPI.Init} of a benchmark without
     * a variant.
     *
     * @param args the arguments
     * @return the parsed arguments
     * @throws BenchmarkUsageException if an argument is unknown, a class is
     *         missing after {@code -class}, or names no class; the message
     *         shows the usage
     */
    public static BenchmarkArguments parse(String... args) {
        return parse(null, args);
    }

    /**
     * Parses the arguments left after {@code MPI.Init}.
     *
     * @param variant the benchmark's variant, or {@code null} if it has none
     * @param args the arguments
     * @return the parsed arguments, with the variant's default value where
     *         the arguments name none
     * @throws BenchmarkUsageException if an argument is unknown, a class or
     *         value is missing after its option, or names no class or value;
     *         the message shows the usage
     */
    public static BenchmarkArguments parse(BenchmarkVariant variant, String... args) {
        String usage = variant == null ? USAGE : USAGE + "; " + variant.usage();
        ProblemClass problemClass = ProblemClass.S;
        String value = variant == null ? null : variant.defaultValue();
        for (int index = 0; index < args.length; index++) {
            String arg = args[index];
            int equals = arg.indexOf('=');
            String key = equals > 0 ? arg.substring(0, equals) : null;
            boolean option = arg.startsWith("-") && index + 1 < args.length;
            if (key != null && key.equalsIgnoreCase("CLASS")) {
                problemClass = parseClass(arg.substring(equals + 1), usage);
            } else if (arg.equalsIgnoreCase("-class") || arg.equalsIgnoreCase("--class")) {
                if (!option) {
                    throw new BenchmarkUsageException("'" + arg + "' needs a class letter; " + usage);
                }
                problemClass = parseClass(args[++index], usage);
            } else if (variant != null && key != null && key.equalsIgnoreCase(variant.name())) {
                value = parseValue(variant, arg.substring(equals + 1), usage);
            } else if (variant != null && isOptionOf(variant, arg)) {
                if (!option) {
                    throw new BenchmarkUsageException("'" + arg + "' needs a value; " + usage);
                }
                value = parseValue(variant, args[++index], usage);
            } else if (variant != null && variant.match(arg) != null) {
                value = variant.match(arg);
            } else {
                throw new BenchmarkUsageException("unknown argument '" + arg + "'; " + usage);
            }
        }
        return new BenchmarkArguments(problemClass, value);
    }

    private static boolean isOptionOf(BenchmarkVariant variant, String arg) {
        return arg.equalsIgnoreCase("-" + variant.name()) || arg.equalsIgnoreCase("--" + variant.name());
    }

    private static ProblemClass parseClass(String text, String usage) {
        try {
            return ProblemClass.parse(text);
        } catch (IllegalArgumentException e) {
            throw new BenchmarkUsageException(e.getMessage() + "; " + usage);
        }
    }

    private static String parseValue(BenchmarkVariant variant, String text, String usage) {
        String value = variant.match(text);
        if (value == null) {
            throw new BenchmarkUsageException("unknown " + variant.name().toLowerCase(Locale.ROOT) + " '"
                    + text + "': expected one of " + variant.values() + "; " + usage);
        }
        return value;
    }
}
