package org.mpjbuf.config;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * Reads named settings, the tunables every module of mpjbuf keeps in its {@code *Configuration} class,
 * from an ordered list of sources, and parses them with errors that say what is wrong.
 *
 * <h2>Lookup rule</h2>
 * {@link #system()} reads, for a setting named {@code mpjbuf.smdev.eagerLimit}:
 * <ol>
 *   <li>the system property {@code mpjbuf.smdev.eagerLimit};</li>
 *   <li>if that property is absent, the environment variable {@code MPJBUF_SMDEV_EAGERLIMIT}, the
 *       property's name upper-cased with {@code .} turned into {@code _} ({@link #environmentName});</li>
 *   <li>if that is absent too, the default the caller passes.</li>
 * </ol>
 * The first source that holds a value decides; later sources are not consulted. A value is trimmed
 * of leading and trailing white space before it is used. A value that is empty or blank selects the
 * default, so {@code -Dmpjbuf.smdev.eagerLimit=} restores the default even where the environment sets
 * the variable. {@link #overriding(String, Function)} makes a reader over one other source, such as
 * the properties given to one device instance.
 *
 * <h2>Errors</h2>
 * A default is returned as given and never checked. A value that is present and not blank must parse
 * as the typed reader says, or the reader throws an {@link IllegalArgumentException} whose message
 * names the setting, the value, the source it came from (for example
 * {@code environment variable MPJBUF_SMDEV_EAGERLIMIT}) and what was expected:
 * <pre>
 * mpjbuf.smdev.eagerLimit must be an integer from 0 to 2147483647, was '64k'
 *     (environment variable MPJBUF_SMDEV_EAGERLIMIT)
 * </pre>
 * Numbers are decimal, with an optional sign, as {@link Long#parseLong(String)} reads them; booleans
 * are {@code true} or {@code false} in any case and nothing else; enum constants are matched by name
 * in any case.
 *
 * <p>Thread safety: a {@code Settings} is immutable and may be used from any thread, as long as its
 * sources may; system properties and the environment may.
 */
public final class Settings {
    private static final Settings SYSTEM = of(System::getProperty, System::getenv);

    private final List<Source> sources;

    private Settings(final List<Source> sources) {
        this.sources = sources;
    }

    /**
     * Returns the reader of system properties and the environment of this process.
     *
     * @return the reader that follows the lookup rule above
     */
    public static Settings system() {
        return SYSTEM;
    }

    /**
     * Returns a reader that follows the lookup rule over the given sources instead of the process's,
     * so that tests can supply an environment without changing the real one.
     *
     * @param properties  looks up a property by its name; answers null when it is absent
     * @param environment looks up an environment variable by its name; answers null when it is absent
     * @return the reader
     * @throws NullPointerException if either source is null
     */
    public static Settings of(final Function<String, String> properties, final Function<String, String> environment) {
        Objects.requireNonNull(properties, "properties");
        Objects.requireNonNull(environment, "environment");
        return new Settings(List.of(new Source("system property", false, properties),
            new Source("environment variable", true, environment)));
    }

    /**
     * Returns a reader over one source of values that override the configured ones, such as the
     * properties given to one device instance; its default is then the value configured for the
     * process. Values are looked up by the setting's own name.
     *
     * @param sourceName what the values are, for error messages (for example {@code "device argument"})
     * @param values     looks up a value by the setting's name; answers null when it is absent
     * @return the reader
     * @throws NullPointerException if either argument is null
     */
    public static Settings overriding(final String sourceName, final Function<String, String> values) {
        return new Settings(List.of(new Source(Objects.requireNonNull(sourceName, "sourceName"), false,
            Objects.requireNonNull(values, "values"))));
    }

    /**
     * Returns the environment variable a setting may also be given through: its name upper-cased
     * ({@link Locale#ROOT}) with every {@code .} turned into {@code _}.
     *
     * @param name a setting's name, such as {@code mpjbuf.byteOrder}
     * @return the variable's name, such as {@code MPJBUF_BYTEORDER}
     */
    public static String environmentName(final String name) {
        return name.toUpperCase(Locale.ROOT).replace('.', '_');
    }

    /**
     * Returns the value of a setting as the first source that holds it gives it, trimmed.
     *
     * @param name the setting's name
     * @return the trimmed value, possibly empty, or null when no source holds one
     */
    public String lookup(final String name) {
        final Found found = find(name);
        return found == null ? null : found.text;
    }

    /**
     * Returns a setting's text.
     *
     * @param name         the setting's name
     * @param defaultValue the value when no source holds a value, or the value is blank; may be null
     * @return the trimmed value in force
     */
    public String string(final String name, final String defaultValue) {
        final Found found = find(name);
        return found == null || found.text.isEmpty() ? defaultValue : found.text;
    }

    /**
     * Returns a setting as an {@code int} within bounds.
     *
     * @param name         the setting's name
     * @param defaultValue the value when no source holds a value, or the value is blank
     * @param min          the least value accepted
     * @param max          the greatest value accepted
     * @return the value in force
     * @throws IllegalArgumentException if the value is not a decimal integer from {@code min} to {@code max}
     */
    public int intValue(final String name, final int defaultValue, final int min, final int max) {
        return (int) longValue(name, defaultValue, min, max);
    }

    /**
     * Returns a setting as a {@code long} within bounds.
     *
     * @param name         the setting's name
     * @param defaultValue the value when no source holds a value, or the value is blank
     * @param min          the least value accepted
     * @param max          the greatest value accepted
     * @return the value in force
     * @throws IllegalArgumentException if the value is not a decimal integer from {@code min} to {@code max}
     */
    public long longValue(final String name, final long defaultValue, final long min, final long max) {
        final Found found = find(name);
        if (found == null || found.text.isEmpty()) {
            return defaultValue;
        }
        final long value;
        try {
            value = Long.parseLong(found.text);
        } catch (final NumberFormatException ex) {
            throw invalid(found, "an integer from " + min + " to " + max, ex);
        }
        if (value < min || value > max) {
            throw invalid(found, "an integer from " + min + " to " + max, null);
        }
        return value;
    }

    /**
     * Returns a setting as a {@code boolean}.
     *
     * @param name         the setting's name
     * @param defaultValue the value when no source holds a value, or the value is blank
     * @return the value in force
     * @throws IllegalArgumentException if the value is neither {@code true} nor {@code false}, in any case
     */
    public boolean booleanValue(final String name, final boolean defaultValue) {
        final Found found = find(name);
        if (found == null || found.text.isEmpty()) {
            return defaultValue;
        }
        if ("true".equalsIgnoreCase(found.text)) {
            return true;
        }
        if ("false".equalsIgnoreCase(found.text)) {
            return false;
        }
        throw invalid(found, "true or false", null);
    }

    /**
     * Returns a setting as a constant of an enum, matched by name in any case.
     *
     * @param name         the setting's name
     * @param defaultValue the value when no source holds a value, or the value is blank; its class is
     *                     the enum read
     * @param <E>          the enum
     * @return the value in force
     * @throws IllegalArgumentException if the value names no constant of the enum
     * @throws NullPointerException     if {@code defaultValue} is null
     */
    public <E extends Enum<E>> E enumValue(final String name, final E defaultValue) {
        final Class<E> type = defaultValue.getDeclaringClass();
        final Found found = find(name);
        if (found == null || found.text.isEmpty()) {
            return defaultValue;
        }
        final E[] constants = type.getEnumConstants();
        for (final E constant : constants) {
            if (constant.name().equalsIgnoreCase(found.text)) {
                return constant;
            }
        }
        final StringBuilder expected = new StringBuilder("one of ");
        for (int i = 0; i < constants.length; i++) {
            expected.append(i == 0 ? "" : ", ").append(constants[i].name());
        }
        throw invalid(found, expected.append(" (in any case)").toString(), null);
    }

    /**
     * Returns a setting in a syntax of the caller's: the trimmed, non-blank value is given to
     * {@code parser}, which returns what it means or throws an {@link IllegalArgumentException}
     * (a {@link NumberFormatException} included) when it means nothing.
     *
     * @param name         the setting's name
     * @param defaultValue the value when no source holds a value, or the value is blank; may be null
     * @param expected     what a valid value looks like, for the error message (for example
     *                     {@code "native, big or little"})
     * @param parser       turns a value into what it means; may return null
     * @param <T>          the type of the setting
     * @return the value in force
     * @throws IllegalArgumentException if {@code parser} refuses the value; the parser's exception is its cause
     */
    public <T> T value(final String name, final T defaultValue, final String expected,
                       final Function<String, ? extends T> parser) {
        final Found found = find(name);
        if (found == null || found.text.isEmpty()) {
            return defaultValue;
        }
        try {
            return parser.apply(found.text);
        } catch (final IllegalArgumentException ex) {
            throw invalid(found, expected, ex);
        }
    }

    private Found find(final String name) {
        Objects.requireNonNull(name, "name");
        for (final Source source : sources) {
            final String key = source.environmentNamed ? environmentName(name) : name;
            final String text = source.values.apply(key);
            if (text != null) {
                return new Found(name, text.trim(), text, source.kind + " " + key);
            }
        }
        return null;
    }

    private static IllegalArgumentException invalid(final Found found, final String expected, final Throwable cause) {
        return new IllegalArgumentException(found.name + " must be " + expected + ", was '" + found.raw + "' ("
            + found.origin + ")", cause);
    }

    private record Source(String kind, boolean environmentNamed, Function<String, String> values) {
    }

    private record Found(String name, String text, String raw, String origin) {
    }
}
