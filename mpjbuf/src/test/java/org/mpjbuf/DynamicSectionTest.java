package org.mpjbuf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ObjectInputFilter;
import java.io.Serial;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

class DynamicSectionTest {

    record Point(int x, int y) implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
    }

    @Test
    void shouldRoundTripObjectsAndKeepSharedReferences() {
        DynamicSection section = new DynamicSection(4);
        List<String> shared = new ArrayList<>(List.of("a", "b"));
        section.writeObject(shared);
        section.writeObject(null);
        section.writeObject(new Point(1, 2));
        section.writeObject(shared);
        section.closeObjectFrame();
        int length = section.length();
        Object first = read(section, length);
        assertEquals(shared, first);
        assertNull(read(section, length));
        assertEquals(new Point(1, 2), read(section, length));
        assertSame(first, read(section, length));
    }

    @Test
    void shouldAcceptJdkValueClassesByDefault() {
        DynamicSection section = new DynamicSection(16);
        Map<String, Object> map = new HashMap<>();
        map.put("list", List.of(1, 2L, 3.0, 'c', true));
        map.put("array", new int[] {1, 2});
        map.put("objects", new Object[] {"x", java.math.BigDecimal.ONE, java.time.Instant.EPOCH});
        section.writeObject(map);
        section.closeObjectFrame();
        @SuppressWarnings("unchecked")
        Map<String, Object> back = (Map<String, Object>) read(section, section.length());
        assertEquals(map.get("list"), back.get("list"));
        assertEquals(2, ((int[]) back.get("array"))[1]);
        assertEquals(java.time.Instant.EPOCH, ((Object[]) back.get("objects"))[2]);
    }

    @Test
    void shouldAcceptTheJdkClassesProgramsSendByDefault() {
        java.util.BitSet bits = new java.util.BitSet();
        bits.set(3);
        bits.set(70);
        java.util.Stack<String> stack = new java.util.Stack<>();
        stack.push("top");
        List<Object> sent = List.of(
                new java.util.TreeMap<>(Map.of("b", 2, "a", 1)), new java.util.TreeSet<>(List.of(3, 1, 2)),
                new java.util.Vector<>(List.of("v")), new java.util.Hashtable<>(Map.of("k", "v")), stack,
                new java.util.Date(123_456_789L), new StringBuilder("built"), new java.util.Random(42), bits,
                new PriorityQueue<>(List.of(3, 1, 2)), new ConcurrentHashMap<>(Map.of("k", "v")),
                new java.math.BigDecimal("1.25"), java.time.LocalDate.of(2026, 11, 26), new long[][] {{1, 2}, {3}});
        for (Object value : sent) {
            DynamicSection section = new DynamicSection(16);
            section.writeObject(value);
            section.closeObjectFrame();
            Object back = read(section, section.length());
            assertEquals(value.getClass(), back.getClass());
            assertEquals(String.valueOf(describe(value)), String.valueOf(describe(back)));
        }
    }

    /** A value's contents as a comparable string (builders, random generators and arrays lack equals). */
    private static Object describe(Object value) {
        if (value instanceof java.util.Random random) {
            return random.nextLong();
        }
        if (value instanceof long[][] rows) {
            return java.util.Arrays.deepToString(rows);
        }
        if (value instanceof PriorityQueue<?> queue) {
            return new java.util.ArrayList<>(queue);
        }
        return value.toString();
    }

    @Test
    void shouldRejectJdkClassesThatReachOutsideTheStreamByDefault() throws Exception {
        DynamicSection section = new DynamicSection(16);
        section.writeObject(java.net.URI.create("http://example.invalid/").toURL());
        section.closeObjectFrame();
        MalformedMessageException e = assertThrows(MalformedMessageException.class,
                () -> read(section, section.length()));
        assertTrue(e.getMessage().contains("refused class java.net.URL"), e.getMessage());
    }

    @Test
    void shouldRejectApplicationClassesOutsideAStrictAllowList() {
        DynamicSection section = new DynamicSection(16);
        section.writeObject(new Point(3, 4));
        section.closeObjectFrame();
        ObjectInputFilter strict = FrameObjectFilter.compile("java.lang.*;!*");
        assertThrows(MalformedMessageException.class,
                () -> section.readObject(0, section.length(), strict, null));
        section.closeObjectInput();
        ObjectInputFilter allowPoint = FrameObjectFilter.compile(Point.class.getName() + ";java.lang.*;!*");
        assertEquals(new Point(3, 4), section.readObject(0, section.length(), allowPoint, null));
    }

    @Test
    void shouldTreatUndecidedClassesAsRejected() {
        DynamicSection section = new DynamicSection(16);
        section.writeObject(new Point(5, 6));
        section.closeObjectFrame();
        ObjectInputFilter onlyLimits = FrameObjectFilter.compile("maxdepth=10");
        assertThrows(MalformedMessageException.class,
                () -> section.readObject(0, section.length(), onlyLimits, null));
    }

    @Test
    void shouldRefuseArrayLengthsLargerThanTheFrameBeforeAllocating() {
        DynamicSection section = new DynamicSection(16);
        section.writeObject(new long[10]);
        section.closeObjectFrame();
        int length = section.length();
        int lengthIndex = length - 10 * Long.BYTES - Integer.BYTES;
        ByteBuffer.wrap(section.array()).putInt(lengthIndex, Integer.MAX_VALUE - 16);
        MalformedMessageException e = assertThrows(MalformedMessageException.class,
                () -> read(section, length));
        assertTrue(e.getMessage().contains("refused"), e.getMessage());
    }

    @Test
    void shouldFailCleanlyOnTruncatedAndCorruptFrames() {
        DynamicSection section = new DynamicSection(16);
        section.writeObject(List.of("truncated", "frame"));
        section.closeObjectFrame();
        int length = section.length();
        assertThrows(MalformedMessageException.class,
                () -> section.readObject(0, length - 3, FrameObjectFilter.CONFIGURED, null));
        section.closeObjectInput();
        section.array()[0] = 0;
        assertThrows(MalformedMessageException.class, () -> read(section, length));
    }

    @Test
    void shouldResolveClassesWithTheGivenLoader() {
        DynamicSection section = new DynamicSection(16);
        section.writeObject(new Point(7, 8));
        section.closeObjectFrame();
        RecordingLoader loader = new RecordingLoader(getClass().getClassLoader());
        assertEquals(new Point(7, 8), section.readObject(0, section.length(), FrameObjectFilter.CONFIGURED, loader));
        assertTrue(loader.requested.contains(Point.class.getName()), loader.requested.toString());
    }

    @Test
    void shouldRefuseObjectsThatAreNotSerializable() {
        DynamicSection section = new DynamicSection(16);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> section.writeObject(new Object()));
        assertTrue(e.getMessage().contains("java.lang.Object"), e.getMessage());
    }

    @Test
    void shouldGrowAndForgetAdoptedArraysOnClear() {
        DynamicSection section = new DynamicSection(0);
        int index = section.ensure(100);
        section.advance(100);
        assertEquals(0, index);
        assertTrue(section.array().length >= 100);
        byte[] received = new byte[5];
        section.adopt(received, 5);
        assertSame(received, section.array());
        section.clear();
        assertEquals(0, section.length());
        assertTrue(section.array() != received);
    }

    private static Object read(DynamicSection section, int length) {
        return section.readObject(0, length, FrameObjectFilter.CONFIGURED, null);
    }

    private static final class RecordingLoader extends ClassLoader {
        final Set<String> requested = ConcurrentHashMap.newKeySet();

        RecordingLoader(ClassLoader parent) {
            super(parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            requested.add(name);
            return super.loadClass(name, resolve);
        }
    }
}
