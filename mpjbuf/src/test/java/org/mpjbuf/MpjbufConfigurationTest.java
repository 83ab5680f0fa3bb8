package org.mpjbuf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.util.Map;
import org.mpjbuf.config.Settings;
import org.junit.jupiter.api.Test;

class MpjbufConfigurationTest {

    @Test
    void shouldDeriveEnvironmentNamesFromPropertyNames() {
        assertEquals("MPJBUF_BYTEORDER", MpjbufConfiguration.environmentName(MpjbufConfiguration.BYTE_ORDER_PROP_NAME));
        assertEquals("MPJBUF_SERIALFILTER", MpjbufConfiguration.environmentName(MpjbufConfiguration.SERIAL_FILTER_PROP_NAME));
    }

    @Test
    void shouldPreferPropertyThenEnvironmentThenDefault() {
        String name = "mpjbuf.test.resolve";
        Map<String, String> environment = Map.of("MPJBUF_TEST_RESOLVE", "fromEnvironment");
        assertEquals("fallback", MpjbufConfiguration.resolve(name, "fallback", key -> null));
        assertEquals("fromEnvironment", MpjbufConfiguration.resolve(name, "fallback", environment::get));
        System.setProperty(name, "fromProperty");
        try {
            assertEquals("fromProperty", MpjbufConfiguration.resolve(name, "fallback", environment::get));
        } finally {
            System.clearProperty(name);
        }
    }

    @Test
    void shouldParseByteOrders() {
        assertEquals(ByteOrder.nativeOrder(), MpjbufConfiguration.parseByteOrder("native"));
        assertEquals(ByteOrder.BIG_ENDIAN, MpjbufConfiguration.parseByteOrder(" BIG "));
        assertEquals(ByteOrder.LITTLE_ENDIAN, MpjbufConfiguration.parseByteOrder("little"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MpjbufConfiguration.parseByteOrder("middle"));
        assertTrue(e.getMessage().contains("middle"), e.getMessage());
    }

    @Test
    void shouldReadTheDynamicCapacityAsANonNegativeInt() {
        String name = MpjbufConfiguration.DYNAMIC_INITIAL_CAPACITY_PROP_NAME;
        String variable = MpjbufConfiguration.environmentName(name);
        assertEquals(42, MpjbufConfiguration.dynamicInitialCapacity(environment(variable, "42")));
        assertThrows(IllegalArgumentException.class,
                () -> MpjbufConfiguration.dynamicInitialCapacity(environment(variable, "-1")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MpjbufConfiguration.dynamicInitialCapacity(environment(variable, "many")));
        assertEquals(name + " must be an integer from 0 to 2147483647, was 'many' (environment variable " + variable
                + ")", e.getMessage());
    }

    private static Settings environment(String variable, String value) {
        return Settings.of(key -> null, Map.of(variable, value)::get);
    }

    @Test
    void shouldCompileTheDefaultFilter() {
        assertEquals(MpjbufConfiguration.SERIAL_FILTER_DEFAULT, MpjbufConfiguration.SERIAL_FILTER);
        assertTrue(FrameObjectFilter.CONFIGURED != null);
    }
}
