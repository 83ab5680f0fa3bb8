package org.mpjbuf.dev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;

/** The element layouts a device copies with, in either byte order. */
final class ElementTypeTest {

    @Test
    void shouldGiveEachPrimitiveLayoutInBothByteOrders() {
        for (final ElementType type : ElementType.values()) {
            if (!type.isPrimitive()) {
                assertNull(type.layout(ByteOrder.BIG_ENDIAN));
                continue;
            }
            assertSame(type.layout(), type.layout(ByteOrder.nativeOrder()), type.name());
            for (final ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
                assertEquals(order, type.layout(order).order(), type.name());
                assertEquals(type.byteSize(), type.layout(order).byteSize(), type.name());
                assertEquals(type.carrier(), type.layout(order).carrier(), type.name());
                assertSame(type.layout(order), type.layout(order), type.name() + ": made once");
            }
        }
    }
}
