package org.mpjbuf.properties.datatype;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import mpi.Datatype;
import mpi.MPIException;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.mpjbuf.mpj.datatype.ArrayPacking;
import org.mpjbuf.mpj.datatype.BaseType;
import org.mpjbuf.mpj.datatype.BytePacking;
import org.mpjbuf.mpj.datatype.MappedDatatype;
import org.mpjbuf.mpj.datatype.TypeWalker;
import org.mpjbuf.properties.datatype.TypeSpec.Entry;

/**
 * Random nested datatypes over every base type against the type map expanded directly from the
 * MPI-1.1 definitions: bounds, the element order of the compact form, byte[] packing, and
 * sending with one datatype while receiving with another of the same signature. jqwik prints
 * the seed of a failing case; rerun it with {@code @Property(seed = "...")}.
 */
class DatatypeProperties {

    private static final int MAP_LIMIT = 3000;

    @Provide
    Arbitrary<TypeSpec> trees() {
        return TypeSpecs.trees(3);
    }

    @Property(tries = 400)
    void boundsAndElementOrderFollowTheDefinition(@ForAll("trees") TypeSpec spec,
                                                  @ForAll BaseType base,
                                                  @ForAll @IntRange(max = 3) int count,
                                                  @ForAll @IntRange(max = 40) int limit)
        throws MPIException {
        List<Entry> map = spec.typeMap(MAP_LIMIT);
        Assume.that(map != null);
        Datatype type = spec.build(base);
        assertEquals(TypeSpec.lb(map), type.Lb(), "lb");
        assertEquals(TypeSpec.ub(map), type.Ub(), "ub");
        assertEquals(TypeSpec.extent(map), type.Extent(), "extent");
        assertEquals(TypeSpec.data(map).length, type.Size(), "size");
        long[] expected = reference(map, count, 1000);
        assertEquals(asList(expected), walk(type, count, 1000, Long.MAX_VALUE));
        int prefix = Math.min(limit, expected.length);
        assertEquals(asList(expected).subList(0, prefix), walk(type, count, 1000, limit));
    }

    @Property(tries = 300)
    void packingPlacesEveryElementOfTheTypeMapInOrder(@ForAll("trees") TypeSpec spec,
                                                      @ForAll BaseType base,
                                                      @ForAll @IntRange(max = 3) int count)
        throws MPIException {
        List<Entry> map = spec.typeMap(MAP_LIMIT);
        Assume.that(map != null);
        Datatype type = spec.build(base);
        type.Commit();
        Placement placement = Placement.of(reference(map, count, 0));
        Object source = Arrays2.filled(base, placement.length, 7);
        byte[] packed = new byte[packedCapacity(base, placement.indices.length)];
        int end = BytePacking.pack(source, placement.offset, count, type, packed, 0);

        Object flat = Arrays2.empty(base, placement.indices.length);
        assertEquals(end, BytePacking.unpack(packed, 0, flat, 0, placement.indices.length,
            TypeSpec.basic(base)));
        for (int k = 0; k < placement.indices.length; k++) {
            assertEquals(Array.get(source, placement.index(k)), Array.get(flat, k), "element " + k);
        }

        Object received = Arrays2.empty(base, placement.length);
        assertEquals(end, BytePacking.unpack(packed, 0, received, placement.offset, count, type));
        Object expected = Arrays2.empty(base, placement.length);
        for (int k = 0; k < placement.indices.length; k++) {
            Array.set(expected, placement.index(k), Array.get(source, placement.index(k)));
        }
        assertArrayContentEquals(expected, received);
    }

    @Property(tries = 300)
    void aMessageSentWithOneTypeIsReceivedWithAnotherOfTheSameSignature(
        @ForAll("trees") TypeSpec sendSpec, @ForAll("trees") TypeSpec receiveSpec,
        @ForAll BaseType base) throws MPIException {
        List<Entry> sendMap = sendSpec.typeMap(MAP_LIMIT);
        List<Entry> receiveMap = receiveSpec.typeMap(MAP_LIMIT);
        Assume.that(sendMap != null && receiveMap != null);
        int sendSize = TypeSpec.data(sendMap).length;
        int receiveSize = TypeSpec.data(receiveMap).length;
        Assume.that(sendSize > 0 && receiveSize > 0 && sendSize * receiveSize <= 400);
        Datatype sendType = sendSpec.build(base);
        Datatype receiveType = receiveSpec.build(base);
        sendType.Commit();
        receiveType.Commit();
        Placement from = Placement.of(reference(sendMap, receiveSize, 0));
        Placement to = Placement.of(reference(receiveMap, sendSize, 0));
        Object source = Arrays2.filled(base, from.length, 3);
        byte[] packed = new byte[packedCapacity(base, from.indices.length)];
        BytePacking.pack(source, from.offset, receiveSize, sendType, packed, 0);
        Object received = Arrays2.empty(base, to.length);
        BytePacking.unpack(packed, 0, received, to.offset, sendSize, receiveType);
        Object expected = Arrays2.empty(base, to.length);
        for (int k = 0; k < from.indices.length; k++) {
            Array.set(expected, to.index(k), Array.get(source, from.index(k)));
        }
        assertArrayContentEquals(expected, received);
    }

    @Property(tries = 300)
    void gatheringIntoAnArrayAndScatteringAPrefixBackFollowTheTypeMap(
        @ForAll("trees") TypeSpec spec, @ForAll BaseType base,
        @ForAll @IntRange(max = 3) int count, @ForAll @IntRange(max = 60) int received)
        throws MPIException {
        List<Entry> map = spec.typeMap(MAP_LIMIT);
        Assume.that(map != null);
        Datatype type = spec.build(base);
        type.Commit();
        MappedDatatype mapped = MappedDatatype.of(type);
        Placement placement = Placement.of(reference(map, count, 0));
        Object source = Arrays2.filled(base, placement.length(), 11);
        int elements = placement.indices().length;
        Object packed = Arrays2.empty(base, elements + 1);
        ArrayPacking.gather(source, placement.offset(), count, mapped, packed, 1);
        for (int k = 0; k < elements; k++) {
            assertEquals(Array.get(source, placement.index(k)), Array.get(packed, k + 1),
                "element " + k);
        }
        int prefix = Math.min(received, elements);
        Object target = Arrays2.empty(base, placement.length());
        ArrayPacking.scatter(packed, 1, prefix, target, placement.offset(), count, mapped);
        Object expected = Arrays2.empty(base, placement.length());
        for (int k = 0; k < prefix; k++) {
            Array.set(expected, placement.index(k), Array.get(source, placement.index(k)));
        }
        assertArrayContentEquals(expected, target);
    }

    private static int packedCapacity(BaseType base, int elements) {
        return base == BaseType.OBJECT ? 64 + 16 * elements : 8 * elements;
    }

    static long[] reference(List<Entry> map, int count, long offset) {
        long extent = TypeSpec.extent(map);
        long[] data = TypeSpec.data(map);
        long[] indices = new long[count * data.length];
        for (int item = 0; item < count; item++) {
            for (int k = 0; k < data.length; k++) {
                indices[item * data.length + k] = offset + item * extent + data[k];
            }
        }
        return indices;
    }

    private static List<Long> walk(Datatype type, int count, int offset, long limit)
        throws MPIException {
        List<Long> indices = new ArrayList<>();
        TypeWalker.walk(MappedDatatype.of(type), count, offset, limit, (index, length) -> {
            for (int i = 0; i < length; i++) {
                indices.add((long) index + i);
            }
        });
        return indices;
    }

    private static List<Long> asList(long[] values) {
        List<Long> list = new ArrayList<>(values.length);
        for (long value : values) {
            list.add(value);
        }
        return list;
    }

    static void assertArrayContentEquals(Object expected, Object actual) {
        assertEquals(Array.getLength(expected), Array.getLength(actual), "length");
        for (int i = 0; i < Array.getLength(expected); i++) {
            assertEquals(Array.get(expected, i), Array.get(actual, i), "index " + i);
        }
    }

    /**
     * Where reference indices (relative to offset 0) land in a buffer: the buffer offset that
     * makes the least index 0, and the buffer length that holds the greatest.
     */
    record Placement(long[] indices, int offset, int length) {
        static Placement of(long[] relative) {
            long low = 0;
            long high = -1;
            for (long index : relative) {
                low = Math.min(low, index);
                high = Math.max(high, index);
            }
            int offset = (int) -low + 2;
            return new Placement(relative, offset, (int) (high + offset + 3));
        }

        int index(int k) {
            return (int) (indices[k] + offset);
        }
    }
}
