package org.mpjbuf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serial;
import java.io.Serializable;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.mpjbuf.buddy.AllocationStrategy;
import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.Medium;

class BufferFactoryTest {

    record Token(String name) implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
    }

    @Test
    @ResourceLock("BufferFactory.shared")
    void shouldCountInitAndShutOfTheProcessWideFactory() {
        IllegalStateException early = assertThrows(IllegalStateException.class, () -> BufferFactory.create(8));
        assertTrue(early.getMessage().contains("init"), early.getMessage());
        BufferFactory.init(AllocationStrategy.PER_REGION_FREE_LISTS);
        BufferFactory.init(AllocationStrategy.PER_REGION_FREE_LISTS);
        assertThrows(IllegalStateException.class, () -> BufferFactory.init(AllocationStrategy.SHARED_FREE_LISTS));
        Buffer buffer = BufferFactory.create(BufferDescriptor.sectionSize(Type.LONG, 1));
        assertEquals(BufferDescriptor.sectionSize(Type.LONG, 1), buffer.capacity());
        BufferFactory.shut();
        buffer.putSectionHeader(Type.LONG);
        buffer.write(new long[] {11}, 0, 1);
        buffer.commit();
        BufferFactory.destroy(buffer);
        assertThrows(IllegalStateException.class, () -> BufferFactory.destroy(buffer));
        BufferFactory.shut();
        assertThrows(IllegalStateException.class, BufferFactory::shut);
        assertThrows(IllegalStateException.class, () -> BufferFactory.create(8));
        BufferFactory.init();
        BufferFactory.destroy(BufferFactory.create(0));
        BufferFactory.shut();
    }

    @Test
    void shouldBuildItsOwnPoolOrUseAGivenOne() {
        try (BufferFactory factory = BufferFactory.builder().medium(Medium.NATIVE)
                .strategy(AllocationStrategy.SHARED_FREE_LISTS).byteOrder(ByteOrder.BIG_ENDIAN).build()) {
            assertEquals(Medium.NATIVE, factory.pool().medium());
            assertEquals(ByteOrder.BIG_ENDIAN, factory.allocate(8).order());
        }
        try (BufferPool pool = BufferPool.builder().medium(Medium.HEAP).build()) {
            BufferFactory factory = BufferFactory.builder().pool(pool).build();
            Buffer buffer = factory.allocate(16);
            factory.close();
            factory.free(buffer);
            assertEquals(pool, factory.pool());
        }
    }

    @Test
    void shouldRejectBadArguments() {
        try (BufferFactory factory = BufferFactory.builder().medium(Medium.HEAP).build()) {
            IllegalArgumentException negative = assertThrows(IllegalArgumentException.class, () -> factory.allocate(-1));
            assertTrue(negative.getMessage().contains("-1"), negative.getMessage());
            assertThrows(NullPointerException.class, () -> BufferFactory.destroy(null));
        }
        assertThrows(IllegalArgumentException.class, () -> BufferFactory.builder().dynamicCapacity(-1));
        assertThrows(IllegalArgumentException.class, () -> BufferFactory.builder().objectFilter(""));
        assertThrows(NullPointerException.class, () -> BufferFactory.builder().medium(null));
    }

    @Test
    void shouldApplyTheFactoryObjectFilterToItsBuffers() {
        try (BufferFactory strict = BufferFactory.builder().medium(Medium.HEAP).objectFilter("java.lang.*;!*").build();
             BufferFactory allowing = BufferFactory.builder().medium(Medium.HEAP)
                     .objectFilter(Token.class.getName() + ";java.lang.*;!*").build()) {
            for (BufferFactory factory : new BufferFactory[] {strict, allowing}) {
                Buffer buffer = factory.allocate(BufferDescriptor.sectionSize(Type.OBJECT, 2));
                buffer.putSectionHeader(Type.OBJECT);
                buffer.write(new Object[] {"allowed", new Token("t")}, 0, 2);
                buffer.commit();
                buffer.getSectionHeader();
                Object[] out = new Object[2];
                buffer.read(out, 0, 1);
                assertEquals("allowed", out[0]);
                if (factory == strict) {
                    MalformedMessageException refused = assertThrows(MalformedMessageException.class,
                            () -> buffer.read(out, 1, 1));
                    assertTrue(refused.getMessage().contains(Token.class.getName()), refused.getMessage());
                } else {
                    buffer.read(out, 1, 1);
                    assertEquals(new Token("t"), out[1]);
                }
                factory.free(buffer);
            }
        }
    }

    @Test
    void shouldResolveObjectClassesWithTheBufferClassLoader() {
        try (BufferFactory factory = BufferFactory.builder().medium(Medium.HEAP).build()) {
            Buffer buffer = factory.allocate(BufferDescriptor.sectionSize(Type.OBJECT, 1));
            buffer.putSectionHeader(Type.OBJECT);
            buffer.write(new Object[] {new Token("loader")}, 0, 1);
            buffer.commit();
            boolean[] asked = new boolean[1];
            buffer.classLoader(new ClassLoader(getClass().getClassLoader()) {
                @Override
                protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                    asked[0] |= name.equals(Token.class.getName());
                    return super.loadClass(name, resolve);
                }
            });
            buffer.getSectionHeader();
            Object[] out = new Object[1];
            buffer.read(out, 0, 1);
            assertTrue(asked[0]);
            assertEquals(new Token("loader"), out[0]);
            buffer.classLoader(null);
            assertFalse(buffer.order() == null);
            factory.free(buffer);
        }
    }
}
