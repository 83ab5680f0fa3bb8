package org.mpjbuf.dev.smdev;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Where the JVM puts the fields of smdev's padded classes ({@link Padded}): every field of its own
 * lies after the 56 bytes of padding ahead of it, at least 64 bytes from the object's start, so
 * that no field of the object allocated before it shares its cache line; and where a class pads
 * after its fields as well, none lies among or after that padding, and the fields with the padding
 * after them fill at least a line. The offsets are the JVM's own ({@code
 * sun.misc.Unsafe.objectFieldOffset}, the only way the JDK offers to read them), so the test follows
 * whatever layout the JVM running it chooses.
 */
final class PaddedLayoutTest {
    /** The bytes of a cache line. */
    private static final int LINE = 64;
    /* sun.misc.Unsafe and its objectFieldOffset, through reflection, as this module does not read jdk.unsupported. */
    private static final Object UNSAFE;
    private static final Method OBJECT_FIELD_OFFSET;

    static {
        try {
            final Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
            final Field instance = unsafeClass.getDeclaredField("theUnsafe");
            instance.setAccessible(true);
            UNSAFE = instance.get(null);
            OBJECT_FIELD_OFFSET = unsafeClass.getMethod("objectFieldOffset", Field.class);
        } catch (final ReflectiveOperationException unavailable) {
            throw new ExceptionInInitializerError(unavailable);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"FastBox$Slot", "FastBox$Consumers", "FastBox$Producers", "Mailbox$SenderFacing",
        "Padded$Reference", "SmdevMeetingPoint$Seat"})
    void shouldLayTheFieldsOfAPaddedClassOnLinesOfTheirOwn(final String name) throws Exception {
        final Class<?> padded = Class.forName(Padded.class.getPackageName() + "." + name);
        final Field[] leading = Padded.Line.class.getDeclaredFields();
        long leadingEnd = 0;
        for (final Field padding : leading) {
            leadingEnd = Math.max(leadingEnd, offset(padding) + Long.BYTES);
        }
        final List<Field> own = new ArrayList<>();
        final List<Field> trailing = new ArrayList<>();
        for (Class<?> type = padded; type != Padded.Line.class; type = type.getSuperclass()) {
            for (final Field field : type.getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers())) {
                    (type == padded && field.getName().matches("q\\d") ? trailing : own).add(field);
                }
            }
        }
        assertTrue(leadingEnd >= LINE, "the leading padding of " + name + " ends at byte " + leadingEnd);
        long ownEnd = 0;
        for (final Field field : own) {
            assertTrue(offset(field) >= leadingEnd, name + "." + field.getName() + " lies at byte "
                + offset(field) + ", ahead of the padding that ends at byte " + leadingEnd);
            ownEnd = Math.max(ownEnd, offset(field) + Long.BYTES);
        }
        if (!trailing.isEmpty()) {
            long trailingStart = Long.MAX_VALUE;
            long trailingEnd = 0;
            for (final Field padding : trailing) {
                trailingStart = Math.min(trailingStart, offset(padding));
                trailingEnd = Math.max(trailingEnd, offset(padding) + Long.BYTES);
            }
            for (final Field field : own) {
                assertTrue(offset(field) < trailingStart, name + "." + field.getName() + " lies at byte "
                    + offset(field) + ", among the trailing padding from byte " + trailingStart);
            }
            assertTrue(trailingEnd - leadingEnd >= LINE, "the fields of " + name + " and the padding after them"
                + " span bytes " + leadingEnd + " to " + trailingEnd + ", less than a line");
        }
        assertTrue(!own.isEmpty() && ownEnd > leadingEnd, name + " has no field of its own after the padding");
    }

    /** The field's offset from the object's start. */
    private static long offset(final Field field) throws ReflectiveOperationException {
        return (long) OBJECT_FIELD_OFFSET.invoke(UNSAFE, field);
    }
}
