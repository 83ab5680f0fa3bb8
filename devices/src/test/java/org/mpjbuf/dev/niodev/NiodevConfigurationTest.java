package org.mpjbuf.dev.niodev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.dev.DeviceArguments;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class NiodevConfigurationTest {

    private static DeviceArguments.Builder arguments() {
        return DeviceArguments.builder().rank(0).size(1);
    }

    @Test
    void shouldPreferADeviceArgumentToTheConfiguredValue() {
        assertEquals(4096, NiodevConfiguration.longValue(NiodevConfiguration.EAGER_LIMIT_PROP_NAME,
            arguments().property(NiodevConfiguration.EAGER_LIMIT_PROP_NAME, " 4096 ").build(), 1));
        assertEquals("10.1.0.0/16", NiodevConfiguration.stringValue(NiodevConfiguration.BIND_ADDRESS_PROP_NAME,
            arguments().property(NiodevConfiguration.BIND_ADDRESS_PROP_NAME, "10.1.0.0/16").build(), ""));
    }

    @Test
    void shouldFallBackToTheConfiguredValueWithoutADeviceArgument() {
        assertEquals(77, NiodevConfiguration.longValue(NiodevConfiguration.EAGER_LIMIT_PROP_NAME,
            arguments().build(), 77));
        assertEquals(77, NiodevConfiguration.longValue(NiodevConfiguration.EAGER_LIMIT_PROP_NAME,
            arguments().property(NiodevConfiguration.EAGER_LIMIT_PROP_NAME, " ").build(), 77));
    }

    @Test
    void shouldReadTheProcessSettingsWithoutDeviceArguments() {
        final String name = NiodevConfiguration.FINISH_TIMEOUT_MILLIS_PROP_NAME;
        System.setProperty(name, "4294967296");
        try {
            assertEquals(1L << 32, NiodevConfiguration.longValue(name, null, 5));
        } finally {
            System.clearProperty(name);
        }
    }

    @Test
    void shouldRefuseASizeBeyondIntNamingTheDeviceArgument() {
        final String name = NiodevConfiguration.MAX_MESSAGE_LENGTH_PROP_NAME;
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> NiodevConfiguration.longValue(name, arguments().property(name, "4294967296").build(), 1));
        assertEquals(name + " must be an integer from 0 to 2147483647, was '4294967296' (device argument " + name
            + ")", e.getMessage());
    }

    @Test
    void shouldRefuseANegativeDuration() {
        final String name = NiodevConfiguration.CONNECT_TIMEOUT_MILLIS_PROP_NAME;
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> NiodevConfiguration.longValue(name, arguments().property(name, "-1").build(), 1));
        assertEquals(name + " must be an integer from 0 to 9223372036854775807, was '-1' (device argument " + name
            + ")", e.getMessage());
    }
}
