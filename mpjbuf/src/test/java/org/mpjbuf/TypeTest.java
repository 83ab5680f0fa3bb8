package org.mpjbuf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TypeTest {

    @Test
    void shouldHaveDistinctCodesThatMapBackToTheirType() {
        Set<Byte> codes = new HashSet<>();
        for (Type type : Type.values()) {
            assertTrue(codes.add(type.code()), "duplicate code " + type.code());
            assertSame(type, Type.ofCode(type.code()));
        }
    }

    @Test
    void shouldReturnNullForUnknownCodes() {
        assertNull(Type.ofCode(0));
        assertNull(Type.ofCode(10));
        assertNull(Type.ofCode(-1));
        assertNull(Type.ofCode(255));
    }

    @Test
    void shouldPairEveryPrimitiveTypeWithItsDynamicVariant() {
        for (Type type : Type.values()) {
            if (type.isPrimitive()) {
                assertSame(type.staticType(), type.dynamicType().staticType());
                assertSame(type.dynamicType(), type.staticType().dynamicType());
                assertTrue(type.dynamicType().isDynamic());
                assertFalse(type.staticType().isDynamic());
                assertEquals(type.elementLength(), type.dynamicType().elementLength());
            }
        }
        assertSame(Type.OBJECT, Type.OBJECT.dynamicType());
    }

    @Test
    void shouldGiveJavaElementLengths() {
        assertEquals(1, Type.BYTE.elementLength());
        assertEquals(2, Type.SHORT.elementLength());
        assertEquals(4, Type.INT.elementLength());
        assertEquals(8, Type.LONG.elementLength());
        assertEquals(4, Type.FLOAT.elementLength());
        assertEquals(8, Type.DOUBLE.elementLength());
        assertEquals(2, Type.CHAR.elementLength());
        assertEquals(1, Type.BOOLEAN.elementLength());
    }

    @Test
    void shouldRefuseFixedLengthAndStaticFormForObjects() {
        assertTrue(Type.OBJECT.isDynamic());
        assertFalse(Type.OBJECT.isPrimitive());
        assertThrows(UnsupportedOperationException.class, Type.OBJECT::elementLength);
        assertThrows(UnsupportedOperationException.class, Type.OBJECT::staticType);
    }
}
