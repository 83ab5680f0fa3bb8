package org.mpjbuf.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class SettingsTest {
    private static final String NAME = "mpjbuf.test.someValue";
    private static final String VARIABLE = "MPJBUF_TEST_SOMEVALUE";

    private final Map<String, String> properties = new HashMap<>();
    private final Map<String, String> environment = new HashMap<>();
    private final Settings settings = Settings.of(properties::get, environment::get);

    private enum Colour { RED, DARK_BLUE }

    @Test
    void shouldNameTheVariableByUpperCasingAndTurningDotsIntoUnderscores() {
        assertEquals("MPJBUF_BYTEORDER", Settings.environmentName("mpjbuf.byteOrder"));
        assertEquals("MPJBUF_COLL_REDUCESCATTER_ALGORITHM",
            Settings.environmentName("mpjbuf.coll.reduceScatter.algorithm"));
        assertEquals("MPJBUF_NIODEV_EAGERLIMIT", Settings.environmentName("mpjbuf.niodev.eagerLimit"));
    }

    @Test
    void shouldPreferThePropertyThenTheEnvironmentThenTheDefault() {
        assertNull(settings.lookup(NAME));
        assertEquals("fallback", settings.string(NAME, "fallback"));
        environment.put(VARIABLE, "fromEnvironment");
        assertEquals("fromEnvironment", settings.string(NAME, "fallback"));
        properties.put(NAME, "fromProperty");
        assertEquals("fromProperty", settings.string(NAME, "fallback"));
    }

    @Test
    void shouldNotReadTheEnvironmentUnderThePropertyName() {
        environment.put(NAME, "wrongName");
        assertEquals("fallback", settings.string(NAME, "fallback"));
    }

    @Test
    void shouldTrimValues() {
        properties.put(NAME, "  value\t");
        assertEquals("value", settings.lookup(NAME));
        assertEquals("value", settings.string(NAME, "fallback"));
        properties.put(NAME, " 42 ");
        assertEquals(42, settings.intValue(NAME, 0, 0, 100));
    }

    @Test
    void shouldTakeABlankValueForTheDefaultWithoutReadingTheEnvironment() {
        environment.put(VARIABLE, "7");
        properties.put(NAME, "  ");
        assertEquals("", settings.lookup(NAME));
        assertEquals("fallback", settings.string(NAME, "fallback"));
        assertEquals(3, settings.intValue(NAME, 3, 0, 10));
        assertEquals(3L, settings.longValue(NAME, 3L, 0, 10));
        assertTrue(settings.booleanValue(NAME, true));
        assertSame(Colour.RED, settings.enumValue(NAME, Colour.RED));
        assertEquals("parsed not", settings.value(NAME, "parsed not", "anything", text -> "parsed"));
    }

    @Test
    void shouldReadTheProcessPropertiesThroughTheSystemReader() {
        final String name = "mpjbuf.test.settings.system";
        System.setProperty(name, "123");
        try {
            assertEquals(123, Settings.system().intValue(name, 0, 0, 1000));
        } finally {
            System.clearProperty(name);
        }
        assertEquals(5, Settings.system().intValue(name, 5, 0, 1000));
    }

    @Test
    void shouldReadIntegersWithinTheirBounds() {
        properties.put(NAME, "+100");
        assertEquals(100, settings.intValue(NAME, 0, 0, 100));
        properties.put(NAME, "-5");
        assertEquals(-5, settings.intValue(NAME, 0, Integer.MIN_VALUE, Integer.MAX_VALUE));
        properties.put(NAME, "9223372036854775807");
        assertEquals(Long.MAX_VALUE, settings.longValue(NAME, 0, 0, Long.MAX_VALUE));
    }

    @Test
    void shouldRefuseAnIntegerOutOfBoundsNamingThePropertyAndTheBounds() {
        properties.put(NAME, "101");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> settings.intValue(NAME, 0, 1, 100));
        assertEquals(NAME + " must be an integer from 1 to 100, was '101' (system property " + NAME + ")",
            e.getMessage());
    }

    @Test
    void shouldRefuseAnIntegerBeyondIntNamingTheVariable() {
        environment.put(VARIABLE, "2147483648");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> settings.intValue(NAME, 0, 0, Integer.MAX_VALUE));
        assertEquals(NAME + " must be an integer from 0 to 2147483647, was '2147483648' (environment variable "
            + VARIABLE + ")", e.getMessage());
    }

    @Test
    void shouldRefuseTextWhereAnIntegerIsExpected() {
        environment.put(VARIABLE, " 8m ");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> settings.longValue(NAME, 0, 0, Long.MAX_VALUE));
        assertEquals(NAME + " must be an integer from 0 to 9223372036854775807, was ' 8m ' (environment variable "
            + VARIABLE + ")", e.getMessage());
        assertInstanceOf(NumberFormatException.class, e.getCause());
    }

    @Test
    void shouldReadBooleansStrictlyInAnyCase() {
        properties.put(NAME, "TRUE");
        assertTrue(settings.booleanValue(NAME, false));
        properties.put(NAME, "False");
        assertFalse(settings.booleanValue(NAME, true));
        properties.put(NAME, "yes");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> settings.booleanValue(NAME, false));
        assertEquals(NAME + " must be true or false, was 'yes' (system property " + NAME + ")", e.getMessage());
    }

    @Test
    void shouldReadEnumConstantsByNameInAnyCase() {
        environment.put(VARIABLE, "dark_blue");
        assertSame(Colour.DARK_BLUE, settings.enumValue(NAME, Colour.RED));
        environment.put(VARIABLE, "Red");
        assertSame(Colour.RED, settings.enumValue(NAME, Colour.DARK_BLUE));
    }

    @Test
    void shouldRefuseAnUnknownEnumNameListingTheConstants() {
        environment.put(VARIABLE, "green");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> settings.enumValue(NAME, Colour.RED));
        assertEquals(NAME + " must be one of RED, DARK_BLUE (in any case), was 'green' (environment variable "
            + VARIABLE + ")", e.getMessage());
    }

    @Test
    void shouldParseACallersSyntaxAndWrapItsRefusal() {
        properties.put(NAME, "Big");
        assertEquals("BIG", settings.value(NAME, "NATIVE", "native, big or little", text -> {
            if (!text.equalsIgnoreCase("big")) {
                throw new IllegalArgumentException("not big");
            }
            return "BIG";
        }));
        properties.put(NAME, "middle");
        final IllegalArgumentException refused = new IllegalArgumentException("not big");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> settings.value(NAME, "NATIVE", "native, big or little", text -> {
                throw refused;
            }));
        assertEquals(NAME + " must be native, big or little, was 'middle' (system property " + NAME + ")",
            e.getMessage());
        assertSame(refused, e.getCause());
    }

    @Test
    void shouldLetAParserAnswerNull() {
        properties.put(NAME, "auto");
        assertNull(settings.value(NAME, "x", "auto", text -> null));
    }

    @Test
    void shouldReadAnOverridingSourceByThePropertyNameAndNameItInErrors() {
        final Settings device = Settings.overriding("device argument", Map.of(NAME, "-1")::get);
        assertEquals(9, device.intValue("mpjbuf.test.absent", 9, 0, 10));
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> device.intValue(NAME, 9, 0, 10));
        assertEquals(NAME + " must be an integer from 0 to 10, was '-1' (device argument " + NAME + ")",
            e.getMessage());
    }

    @Test
    void shouldReturnDefaultsUnchecked() {
        assertEquals(-1, settings.intValue(NAME, -1, 0, 10));
        assertNull(settings.string(NAME, null));
    }
}
