package org.mpjbuf.mpj.datatype;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import mpi.Datatype;
import mpi.MPIException;
import org.junit.jupiter.api.Test;

class ArrayPackingTest {

    static MappedDatatype committed(Datatype type) throws MPIException {
        type.Commit();
        return MappedDatatype.of(type);
    }

    @Test
    void shouldGatherAColumnThroughItsElementPattern() throws MPIException {
        MappedDatatype column = committed(Datatype.Vector(3, 1, 4, BasicTypes.LONG));
        assertNotNull(column.pattern());
        long[] matrix = new long[20];
        for (int i = 0; i < matrix.length; i++) {
            matrix[i] = -i;
        }
        long[] packed = new long[7];
        ArrayPacking.gather(matrix, 1, 2, column, packed, 1);
        assertArrayEquals(new long[] {0, -1, -5, -9, -10, -14, -18}, packed);
        long[] back = new long[20];
        ArrayPacking.scatter(packed, 1, 5, back, 1, 2, column);
        assertArrayEquals(new long[] {0, -1, 0, 0, 0, -5, 0, 0, 0, -9, -10, 0, 0, 0, -14, 0, 0,
            0, 0, 0}, back);
    }

    @Test
    void shouldGatherLongRunsWithBulkCopies() throws MPIException {
        MappedDatatype blocks = committed(Datatype.Vector(2, 8, 10, BasicTypes.SHORT));
        assertNull(blocks.pattern());
        short[] source = new short[18];
        for (int i = 0; i < source.length; i++) {
            source[i] = (short) (i * 1000);
        }
        short[] packed = new short[16];
        ArrayPacking.gather(source, 0, 1, blocks, packed, 0);
        for (int k = 0; k < 16; k++) {
            assertEquals(source[k < 8 ? k : k + 2], packed[k]);
        }
    }

    @Test
    void shouldMatchTheTypeMapForEveryShapeCountAndLimit() throws MPIException {
        Datatype pair = Datatype.Contiguous(2, BasicTypes.INT);
        Datatype[] types = {
            Datatype.Vector(70_000, 1, 2, BasicTypes.INT),
            Datatype.Vector(600, 1, -3, BasicTypes.INT),
            Datatype.Vector(5, 2, 7, BasicTypes.INT),
            Datatype.Vector(300, 1, 3, pair),
            Datatype.Vector(4, 3, 5, Datatype.Vector(3, 1, 2, BasicTypes.INT)),
            Datatype.Indexed(new int[] {1, 2, 1}, new int[] {9, 0, 5}, BasicTypes.INT),
            Datatype.Struct(new int[] {1, 1, 1}, new int[] {0, 3, 8},
                new Datatype[] {pair, BasicTypes.INT, BasicTypes.UB}),
        };
        for (Datatype datatype : types) {
            MappedDatatype type = committed(datatype);
            assertNotNull(type.pattern(), datatype.toString());
            for (int count : new int[] {1, 2, 3}) {
                int elements = count * type.size();
                int origin = Math.max(0, -(int) Math.min(type.dataMin(),
                    type.dataMin() + (long) (count - 1) * type.extent()));
                int length = origin + Math.max(type.dataMax(),
                    type.dataMax() + (count - 1) * type.extent()) + 1;
                int[] source = new int[length];
                for (int i = 0; i < length; i++) {
                    source[i] = i * 7 + 1;
                }
                int[] expected = new int[elements];
                int[] position = {0};
                TypeWalker.walk(type, count, origin, elements, (index, run) -> {
                    System.arraycopy(source, index, expected, position[0], run);
                    position[0] += run;
                });
                int[] packed = new int[elements + 1];
                ArrayPacking.gather(source, origin, count, type, packed, 1);
                assertArrayEquals(expected, java.util.Arrays.copyOfRange(packed, 1, elements + 1),
                    datatype + " x " + count);
                for (int limit : new int[] {elements, elements - 1, elements / 2 + 1}) {
                    int[] back = new int[length];
                    ArrayPacking.scatter(packed, 1, limit, back, origin, count, type);
                    int[] again = new int[limit];
                    position[0] = 0;
                    TypeWalker.walk(type, count, origin, limit, (index, run) -> {
                        System.arraycopy(back, index, again, position[0], run);
                        position[0] += run;
                    });
                    assertArrayEquals(java.util.Arrays.copyOf(expected, limit), again,
                        datatype + " x " + count + " limit " + limit);
                }
            }
        }
    }

    @Test
    void shouldGatherBooleansAndObjectsRunByRun() throws MPIException {
        MappedDatatype flags = committed(Datatype.Vector(2, 1, 2, BasicTypes.BOOLEAN));
        boolean[] packed = new boolean[2];
        ArrayPacking.gather(new boolean[] {true, false, false}, 0, 1, flags, packed, 0);
        assertArrayEquals(new boolean[] {true, false}, packed);
        MappedDatatype objects = committed(Datatype.Indexed(new int[] {1, 1}, new int[] {1, 0},
            BasicTypes.OBJECT));
        Object[] out = new Object[2];
        ArrayPacking.scatter(new Object[] {"a", "b"}, 0, 2, out, 0, 1, objects);
        assertArrayEquals(new Object[] {"b", "a"}, out);
    }

    @Test
    void shouldReportTruncationWithBothSizes() throws MPIException {
        MappedDatatype column = committed(Datatype.Vector(3, 1, 4, BasicTypes.INT));
        MPIException failure = assertThrows(MPIException.class,
            () -> ArrayPacking.scatter(new int[7], 0, 7, new int[20], 0, 2, column));
        assertEquals(MPIException.ERR_TRUNCATE, failure.getErrorClass());
        assertEquals("message of 7 elements is longer than the receive buffer of 6 elements"
            + " (count 2 of Vector(3, 1, 4, MPI.INT))", failure.getMessage());
    }
}
