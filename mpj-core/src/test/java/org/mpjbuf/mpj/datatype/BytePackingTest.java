package org.mpjbuf.mpj.datatype;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import mpi.Datatype;
import mpi.MPIException;
import org.junit.jupiter.api.Test;

class BytePackingTest {

    static Datatype committed(Datatype type) throws MPIException {
        type.Commit();
        return type;
    }

    @Test
    void shouldPackAColumnBigEndianAndUnpackItContiguously() throws MPIException {
        int[] matrix = new int[16];
        for (int i = 0; i < matrix.length; i++) {
            matrix[i] = i;
        }
        Datatype column = committed(Datatype.Vector(4, 1, 4, BasicTypes.INT));
        assertEquals(16, BytePacking.packSize(1, column));
        byte[] packed = new byte[20];
        assertEquals(18, BytePacking.pack(matrix, 1, 1, column, packed, 2));
        ByteBuffer view = ByteBuffer.wrap(packed, 2, 16);
        assertEquals(1, view.getInt());
        assertEquals(5, view.getInt());
        assertEquals(9, view.getInt());
        assertEquals(13, view.getInt());
        int[] row = new int[5];
        assertEquals(18, BytePacking.unpack(packed, 2, row, 1, 4, BasicTypes.INT));
        assertArrayEquals(new int[] {0, 1, 5, 9, 13}, row);
    }

    @Test
    void shouldAppendSuccessivePacksOfDifferentTypes() throws MPIException {
        byte[] packed = new byte[BytePacking.packSize(2, BasicTypes.DOUBLE)
            + BytePacking.packSize(3, BasicTypes.BOOLEAN) + BytePacking.packSize(1,
            BasicTypes.CHAR)];
        int position = BytePacking.pack(new double[] {1.5, -2}, 0, 2, BasicTypes.DOUBLE, packed, 0);
        position = BytePacking.pack(new boolean[] {true, false, true}, 0, 3, BasicTypes.BOOLEAN,
            packed, position);
        position = BytePacking.pack(new char[] {'z'}, 0, 1, BasicTypes.CHAR, packed, position);
        assertEquals(packed.length, position);
        double[] doubles = new double[2];
        boolean[] flags = new boolean[3];
        char[] chars = new char[1];
        position = BytePacking.unpack(packed, 0, doubles, 0, 2, BasicTypes.DOUBLE);
        position = BytePacking.unpack(packed, position, flags, 0, 3, BasicTypes.BOOLEAN);
        position = BytePacking.unpack(packed, position, chars, 0, 1, BasicTypes.CHAR);
        assertEquals(packed.length, position);
        assertArrayEquals(new double[] {1.5, -2}, doubles);
        assertArrayEquals(new boolean[] {true, false, true}, flags);
        assertArrayEquals(new char[] {'z'}, chars);
    }

    @Test
    void shouldPackObjectsOfADerivedTypeInTypeMapOrder() throws MPIException {
        Datatype reversed = committed(Datatype.Indexed(new int[] {1, 1, 1}, new int[] {2, 1, 0},
            BasicTypes.OBJECT));
        byte[] packed = new byte[512];
        int end = BytePacking.pack(new Object[] {"a", 2, List3.of()}, 0, 1, reversed, packed, 0);
        Object[] out = new Object[3];
        assertEquals(end, BytePacking.unpack(packed, 0, out, 0, 3, BasicTypes.OBJECT));
        assertArrayEquals(new Object[] {List3.of(), 2, "a"}, out);
        MPIException sizeUnknown = assertThrows(MPIException.class,
            () -> BytePacking.packSize(1, BasicTypes.OBJECT));
        assertEquals(MPIException.ERR_TYPE, sizeUnknown.getErrorClass());
        assertEquals(MPIException.ERR_BUFFER, assertThrows(MPIException.class,
            () -> BytePacking.pack(new Object[] {"x"}, 0, 1, BasicTypes.OBJECT, new byte[8], 0))
            .getErrorClass());
    }

    @Test
    void shouldUnpackObjectsUnderTheObjectFilter() throws Exception {
        byte[] packed = new byte[4096];
        int end = BytePacking.pack(new Object[] {new java.util.TreeMap<>(java.util.Map.of("k", 1)),
            java.net.URI.create("http://example.invalid/").toURL()}, 0, 2, BasicTypes.OBJECT, packed, 0);
        Object[] out = new Object[2];
        MPIException refused = assertThrows(MPIException.class,
            () -> BytePacking.unpack(packed, 0, out, 0, 2, BasicTypes.OBJECT));
        assertTrue(refused.getMessage().contains("refused class java.net.URL"), refused.getMessage());
        assertEquals(java.util.Map.of("k", 1), out[0], "the objects before the refused one are read");
        assertTrue(end > 0);
    }

    @Test
    void shouldRejectShortArraysAndBadPositions() throws MPIException {
        MPIException shortOut = assertThrows(MPIException.class,
            () -> BytePacking.pack(new long[2], 0, 2, BasicTypes.LONG, new byte[15], 0));
        assertEquals(MPIException.ERR_BUFFER, shortOut.getErrorClass());
        assertTrue(shortOut.getMessage().contains("16 bytes"), shortOut.getMessage());
        assertEquals(MPIException.ERR_BUFFER, assertThrows(MPIException.class,
            () -> BytePacking.unpack(new byte[7], 0, new long[1], 0, 1, BasicTypes.LONG))
            .getErrorClass());
        assertEquals(MPIException.ERR_ARG, assertThrows(MPIException.class,
            () -> BytePacking.pack(new long[1], 0, 1, BasicTypes.LONG, new byte[8], 9))
            .getErrorClass());
        assertEquals(MPIException.ERR_BUFFER, assertThrows(MPIException.class,
            () -> BytePacking.pack(new long[1], 0, 1, BasicTypes.LONG, null, 0))
            .getErrorClass());
        assertEquals(MPIException.ERR_BUFFER, assertThrows(MPIException.class,
            () -> BytePacking.pack(new int[1], 0, 1, BasicTypes.LONG, new byte[8], 0))
            .getErrorClass());
        assertEquals(0, BytePacking.packSize(0, BasicTypes.OBJECT));
        assertEquals(8, BytePacking.pack(new int[0], 0, 0, BasicTypes.INT, new byte[8], 8));
    }

    /** A serializable value with equals, for round trips. */
    record List3(int a, int b, int c) implements java.io.Serializable {
        static List3 of() {
            return new List3(1, 2, 3);
        }
    }
}
