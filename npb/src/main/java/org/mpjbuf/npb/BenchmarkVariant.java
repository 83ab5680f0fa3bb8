package org.mpjbuf.npb;

import java.util.List;
import java.util.Locale;

/**
 * A choice a benchmark offers on its command line beside the class, such as
 * DT's communication graph: the name of the argument and the values it takes,
 * the first of them the default.
 *
 * <p>Immutable and thread-safe.
 *
 * @param name the argument's name, upper case, for example {@code "GRAPH"}
 * @param values the values, upper case, the default first
 */
public record BenchmarkVariant(String name, List<String> values) {
    /**
     * Creates a variant.
     *
     * @param name the argument's name
     * @param values the values, the default first
     * @throws IllegalArgumentException if there are no values
     */
    public BenchmarkVariant {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("a benchmark variant needs at least one value");
        }
        values = List.copyOf(values);
    }

    /** {@return the value when the command line names none} */
    public String defaultValue() {
        return values.get(0);
    }

    /**
     * {@return the value {@code text} names, ignoring case, or {@code null}
     * when it names none}
     *
     * @param text a command-line word
     */
    String match(String text) {
        String value = text.trim().toUpperCase(Locale.ROOT);
        return values.contains(value) ? value : null;
    }

    /** {@return how the usage line shows the variant} */
    String usage() {
        String choices = "<" + String.join("|", values) + ">";
        return name + "=" + choices + ", -" + name.toLowerCase(Locale.ROOT) + " " + choices + " or " + choices
                + " (default " + defaultValue() + ")";
    }
}
