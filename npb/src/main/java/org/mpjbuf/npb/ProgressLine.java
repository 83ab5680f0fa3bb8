package org.mpjbuf.npb;

import java.io.PrintStream;

/**
 * A progress line that a kernel prints inside its timed part, as the reference does (CG's
 * residual at every iteration, FT's checksums, MG's and IS's iteration numbers, the
 * pseudo-applications' time steps), and formats once before the timer starts, so that the timed
 * part does not pay for the formatter's first use.
 *
 * <p>Design note. A JVM formats its first number with a given conversion only after loading and
 * linking the formatter's classes for it and generating the method handles they use. In a fresh
 * JDK 25 JVM that had printed a banner already, the first {@code "%20.14e"} line took 17-22 ms and
 * the next ones 0.15-0.25 ms each; once the same line had been formatted into a string, the first
 * printed one took 0.2 ms. CG class A's timed part lasts about 0.3 s on 2 ranks, and every rank
 * formats the line (the ranks other than 0 into a null stream), so its first iteration lost that
 * much time, on one rank or all, to loading. Formatting into a string reaches the same formatter
 * code as printing does; what it leaves out, writing to the stream, the banner has warmed.
 *
 * <p>Immutable and thread-safe.
 */
final class ProgressLine {
    private final String format;

    /**
     * Creates a line.
     *
     * @param format the line's {@link java.util.Formatter} format, with its line end
     * @throws NullPointerException if {@code format} is null
     */
    ProgressLine(String format) {
        if (format == null) {
            throw new NullPointerException("format");
        }
        this.format = format;
    }

    /**
     * Prints the line.
     *
     * @param out where to print it (rank 0's progress stream, or a null stream)
     * @param values the values of the format's conversions
     */
    void print(PrintStream out, Object... values) {
        out.printf(format, values);
    }

    /**
     * Formats the line as {@link #print} would, in the same locale, without printing it: a kernel
     * calls this once before its timer starts, with values like those of its timed part.
     *
     * @param values the values of the format's conversions
     * @return the line
     */
    String rehearse(Object... values) {
        return String.format(format, values);
    }
}
