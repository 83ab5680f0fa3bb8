package org.mpjbuf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.mpjbuf.buddy.Medium;

/** The worked example of docs/wire-format.md, byte for byte. */
class WireFormatExampleTest {
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ");

    @Test
    void shouldEncodeTheWorkedExampleInLittleEndian() {
        assertExample(ByteOrder.LITTLE_ENDIAN, String.join(" ",
                "4D 50 4A 42", "02", "01", "00 00", "40 00 00 00", "09 00 00 00", "02 00 00 00", "23 41 3B 42",
                "03", "00 00 00", "03 00 00 00", "01 00 00 00", "02 00 00 00", "03 00 00 00", "00 00 00 00",
                "09", "00 00 00", "01 00 00 00", "09 00 00 00", "00 00 00 00"));
    }

    @Test
    void shouldEncodeTheWorkedExampleInBigEndian() {
        assertExample(ByteOrder.BIG_ENDIAN, String.join(" ",
                "4D 50 4A 42", "02", "00", "00 00", "00 00 00 40", "00 00 00 09", "00 00 00 02", "5F B2 4B AD",
                "03", "00 00 00", "00 00 00 03", "00 00 00 01", "00 00 00 02", "00 00 00 03", "00 00 00 00",
                "09", "00 00 00", "00 00 00 01", "00 00 00 09", "00 00 00 00"));
    }

    private static void assertExample(ByteOrder order, String staticHex) {
        try (BufferFactory factory = BufferFactory.builder().medium(Medium.HEAP).byteOrder(order).build()) {
            Buffer buffer = factory.allocate(BufferDescriptor.sectionSize(Type.INT, 3)
                    + BufferDescriptor.sectionSize(Type.OBJECT, 1));
            assertEquals(40, buffer.capacity());
            buffer.putSectionHeader(Type.INT);
            buffer.write(new int[] {1, 2, 3}, 0, 3);
            buffer.putSectionHeader(Type.OBJECT);
            buffer.write(new Object[] {"hi"}, 0, 1);
            buffer.commit();
            assertEquals(staticHex, HEX.formatHex(buffer.staticSegment().toArray(ValueLayout.JAVA_BYTE)).toUpperCase());
            assertArrayEquals(HEX.parseHex("ac ed 00 05 74 00 02 68 69"),
                    buffer.dynamicSegment().toArray(ValueLayout.JAVA_BYTE));
            factory.free(buffer);
        }
    }
}
