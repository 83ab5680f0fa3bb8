package org.mpjbuf.mpj.datatype;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import mpi.Datatype;
import mpi.MPIException;
import org.junit.jupiter.api.Test;

class DerivedTypesTest {

    static final Datatype INT = BasicTypes.INT;

    static int[] indices(Datatype datatype, int count, int offset) throws MPIException {
        List<Integer> indices = new ArrayList<>();
        TypeWalker.walk(MappedDatatype.of(datatype), count, offset, Long.MAX_VALUE,
            (index, length) -> {
                for (int i = 0; i < length; i++) {
                    indices.add(index + i);
                }
            });
        return indices.stream().mapToInt(Integer::intValue).toArray();
    }

    static void assertBounds(Datatype type, int lb, int ub, int size) throws MPIException {
        assertEquals(lb, type.Lb(), "lb");
        assertEquals(ub, type.Ub(), "ub");
        assertEquals(ub - lb, type.Extent(), "extent");
        assertEquals(size, type.Size(), "size");
    }

    static int errorClass(Executable executable) {
        return assertThrows(MPIException.class, executable::run).getErrorClass();
    }

    interface Executable {
        void run() throws MPIException;
    }

    @Test
    void shouldDescribeBasicTypesAsOneElement() throws MPIException {
        for (Datatype type : new Datatype[] {BasicTypes.BYTE, BasicTypes.CHAR, BasicTypes.SHORT,
            BasicTypes.BOOLEAN, INT, BasicTypes.LONG, BasicTypes.FLOAT, BasicTypes.DOUBLE,
            BasicTypes.OBJECT, BasicTypes.PACKED}) {
            assertBounds(type, 0, 1, 1);
            assertArrayEquals(new int[] {3, 4}, indices(type, 2, 3));
        }
    }

    @Test
    void shouldDescribePairTypesAsTwoElements() throws MPIException {
        for (Datatype type : new Datatype[] {BasicTypes.SHORT2, BasicTypes.INT2,
            BasicTypes.LONG2, BasicTypes.FLOAT2, BasicTypes.DOUBLE2}) {
            assertBounds(type, 0, 2, 2);
            assertTrue(MappedDatatype.of(type).isPairs());
        }
    }

    @Test
    void shouldGiveMarkersNoElementsAndNoExtent() throws MPIException {
        assertBounds(BasicTypes.LB, 0, 0, 0);
        assertBounds(BasicTypes.UB, 0, 0, 0);
    }

    @Test
    void shouldPlaceContiguousCopiesOneExtentApart() throws MPIException {
        Datatype type = Datatype.Contiguous(3, INT);
        assertBounds(type, 0, 3, 3);
        assertArrayEquals(new int[] {5, 6, 7, 8, 9, 10}, indices(type, 2, 5));
    }

    @Test
    void shouldBoundVectorByItsLastBlockNotItsStride() throws MPIException {
        Datatype type = Datatype.Vector(3, 2, 4, INT);
        assertBounds(type, 0, 10, 6);
        assertArrayEquals(new int[] {0, 1, 4, 5, 8, 9}, indices(type, 1, 0));
    }

    @Test
    void shouldPlaceContiguousOfVectorOneVectorExtentApart() throws MPIException {
        Datatype vector = Datatype.Vector(2, 1, 3, INT);
        assertBounds(vector, 0, 4, 2);
        Datatype type = Datatype.Contiguous(2, vector);
        assertBounds(type, 0, 8, 4);
        assertArrayEquals(new int[] {0, 3, 4, 7}, indices(type, 1, 0));
        assertArrayEquals(new int[] {0, 3, 4, 7, 8, 11, 12, 15}, indices(type, 2, 0));
    }

    @Test
    void shouldCountVectorStrideInOldTypeExtents() throws MPIException {
        Datatype type = Datatype.Vector(2, 1, 2, Datatype.Contiguous(3, INT));
        assertBounds(type, 0, 9, 6);
        assertArrayEquals(new int[] {0, 1, 2, 6, 7, 8}, indices(type, 1, 0));
    }

    @Test
    void shouldCountHvectorStrideInElementsAndKeepBlockOrder() throws MPIException {
        Datatype type = Datatype.Hvector(2, 2, 5, Datatype.Contiguous(2, INT));
        assertBounds(type, 0, 9, 8);
        assertArrayEquals(new int[] {0, 1, 2, 3, 5, 6, 7, 8}, indices(type, 1, 0));
    }

    @Test
    void shouldWalkNegativeHvectorStrideBackwards() throws MPIException {
        Datatype type = Datatype.Hvector(3, 1, -2, INT);
        assertBounds(type, -4, 1, 3);
        assertArrayEquals(new int[] {10, 8, 6}, indices(type, 1, 10));
        assertArrayEquals(new int[] {10, 8, 6, 15, 13, 11}, indices(type, 2, 10));
    }

    @Test
    void shouldCountIndexedDisplacementsInOldTypeExtentsInGivenOrder() throws MPIException {
        Datatype type = Datatype.Indexed(new int[] {2, 1}, new int[] {3, 0},
            Datatype.Contiguous(2, INT));
        assertBounds(type, 0, 10, 6);
        assertArrayEquals(new int[] {6, 7, 8, 9, 0, 1}, indices(type, 1, 0));
    }

    @Test
    void shouldCountHindexedDisplacementsInElements() throws MPIException {
        Datatype type = Datatype.Hindexed(new int[] {1, 1}, new int[] {4, 1},
            Datatype.Contiguous(2, INT));
        assertBounds(type, 1, 6, 4);
        assertArrayEquals(new int[] {4, 5, 1, 2}, indices(type, 1, 0));
    }

    @Test
    void shouldRecogniseEvenlySpacedIndexedBlocksAsOneStridedRun() throws MPIException {
        Datatype type = Datatype.Indexed(new int[] {2, 2, 2, 2}, new int[] {0, 5, 10, 15}, INT);
        Segment[] program = MappedDatatype.of(type).program();
        assertEquals(1, program.length);
        assertTrue(program[0].isLeaf());
        assertEquals(2, program[0].length);
        assertArrayEquals(new int[] {4}, program[0].counts);
        assertArrayEquals(new int[] {5}, program[0].strides);
    }

    @Test
    void shouldMergeTouchingBlocksIntoOneContiguousRun() throws MPIException {
        Datatype type = Datatype.Indexed(new int[] {2, 3, 1}, new int[] {0, 2, 5}, INT);
        assertTrue(MappedDatatype.of(type).isContiguous());
        assertTrue(MappedDatatype.of(Datatype.Vector(4, 3, 3, INT)).isContiguous());
        assertFalse(MappedDatatype.of(Datatype.Vector(4, 2, 3, INT)).isContiguous());
    }

    @Test
    void shouldCompileNestedVectorsToOneMultiStridedLeaf() throws MPIException {
        Datatype column = Datatype.Vector(4, 1, 8, INT);
        Datatype plane = Datatype.Hvector(3, 1, 64, column);
        Segment[] program = MappedDatatype.of(plane).program();
        assertEquals(1, program.length);
        assertArrayEquals(new int[] {3, 4}, program[0].counts);
        assertArrayEquals(new int[] {64, 8}, program[0].strides);
    }

    @Test
    void shouldSetBoundsFromLbAndUbMarkersInStruct() throws MPIException {
        Datatype type = Datatype.Struct(new int[] {1, 1, 1}, new int[] {-2, 0, 10},
            new Datatype[] {BasicTypes.LB, INT, BasicTypes.UB});
        assertBounds(type, -2, 10, 1);
        assertArrayEquals(new int[] {20, 32}, indices(type, 2, 20));
    }

    @Test
    void shouldLetMarkersShrinkTheExtentBelowTheData() throws MPIException {
        Datatype type = Datatype.Struct(new int[] {3, 1}, new int[] {0, 1},
            new Datatype[] {INT, BasicTypes.UB});
        assertBounds(type, 0, 1, 3);
        assertArrayEquals(new int[] {0, 1, 2, 1, 2, 3}, indices(type, 2, 0));
    }

    @Test
    void shouldInheritMarkersOfOldTypesReplicatedWithThem() throws MPIException {
        Datatype padded = Datatype.Struct(new int[] {1, 1}, new int[] {0, 4},
            new Datatype[] {INT, BasicTypes.UB});
        Datatype vector = Datatype.Vector(2, 1, 3, padded);
        assertBounds(vector, 0, 16, 2);
        assertArrayEquals(new int[] {0, 12}, indices(vector, 1, 0));
        Datatype lowered = Datatype.Struct(new int[] {1, 1}, new int[] {0, 3},
            new Datatype[] {BasicTypes.LB, Datatype.Contiguous(2, INT)});
        Datatype outer = Datatype.Struct(new int[] {1, 1}, new int[] {10, 0},
            new Datatype[] {lowered, INT});
        assertBounds(outer, 10, 15, 3);
    }

    @Test
    void shouldIgnoreMarkersOfComponentsReplicatedZeroTimes() throws MPIException {
        Datatype type = Datatype.Struct(new int[] {0, 2, 0}, new int[] {-5, 1, 50},
            new Datatype[] {BasicTypes.LB, INT, BasicTypes.UB});
        assertBounds(type, 1, 3, 2);
        assertBounds(Datatype.Contiguous(0, INT), 0, 0, 0);
    }

    @Test
    void shouldBuildStructOfPairAndPlainComponentsSharingABaseType() throws MPIException {
        Datatype type = Datatype.Struct(new int[] {2, 1}, new int[] {0, 5},
            new Datatype[] {INT, BasicTypes.INT2});
        assertBounds(type, 0, 7, 4);
        assertArrayEquals(new int[] {0, 1, 5, 6}, indices(type, 1, 0));
        assertFalse(MappedDatatype.of(type).isPairs());
        assertTrue(MappedDatatype.of(Datatype.Vector(2, 1, 3, BasicTypes.DOUBLE2)).isPairs());
    }

    @Test
    void shouldNestStructsOverObjects() throws MPIException {
        Datatype inner = Datatype.Struct(new int[] {1, 1}, new int[] {2, 0},
            new Datatype[] {BasicTypes.OBJECT, BasicTypes.OBJECT});
        Datatype outer = Datatype.Struct(new int[] {2, 1}, new int[] {0, 10},
            new Datatype[] {inner, BasicTypes.OBJECT});
        assertBounds(outer, 0, 11, 5);
        assertArrayEquals(new int[] {2, 0, 5, 3, 10}, indices(outer, 1, 0));
        assertEquals(BaseType.OBJECT, MappedDatatype.of(outer).baseType());
    }

    @Test
    void shouldRejectStructMixingBaseTypes() {
        MPIException failure = assertThrows(MPIException.class, () -> Datatype.Struct(
            new int[] {1, 1}, new int[] {0, 1}, new Datatype[] {INT, BasicTypes.DOUBLE}));
        assertEquals(MPIException.ERR_TYPE, failure.getErrorClass());
        assertTrue(failure.getMessage().contains("types[1]"), failure.getMessage());
    }

    @Test
    void shouldRejectBadConstructorArguments() {
        assertEquals(MPIException.ERR_COUNT, errorClass(() -> Datatype.Contiguous(-1, INT)));
        assertEquals(MPIException.ERR_COUNT, errorClass(() -> Datatype.Vector(-1, 1, 1, INT)));
        assertEquals(MPIException.ERR_ARG, errorClass(() -> Datatype.Hvector(1, -1, 1, INT)));
        assertEquals(MPIException.ERR_TYPE, errorClass(() -> Datatype.Contiguous(1, null)));
        assertEquals(MPIException.ERR_ARG, errorClass(() -> Datatype.Indexed(new int[] {1},
            new int[] {0, 1}, INT)));
        assertEquals(MPIException.ERR_ARG, errorClass(() -> Datatype.Hindexed(new int[] {-1},
            new int[] {0}, INT)));
        assertEquals(MPIException.ERR_ARG, errorClass(() -> Datatype.Indexed(null,
            new int[] {0}, INT)));
        assertEquals(MPIException.ERR_ARG, errorClass(() -> Datatype.Struct(new int[] {1},
            new int[] {0}, null)));
        assertEquals(MPIException.ERR_TYPE, errorClass(() -> Datatype.Struct(new int[] {1},
            new int[] {0}, new Datatype[] {null})));
        assertEquals(MPIException.ERR_ARG, errorClass(() -> Datatype.Vector(3,
            1, Integer.MAX_VALUE, Datatype.Contiguous(4, INT))));
    }

    @Test
    void shouldRejectUncommittedFreedAndForeignTypesInCommunication() throws MPIException {
        Datatype type = Datatype.Vector(2, 1, 2, INT);
        int[] buffer = new int[8];
        MPIException uncommitted = assertThrows(MPIException.class,
            () -> DatatypeEngine.checkAccess(buffer, 0, 1, type, "buf"));
        assertEquals(MPIException.ERR_TYPE, uncommitted.getErrorClass());
        assertTrue(uncommitted.getMessage().contains("Commit()"), uncommitted.getMessage());
        type.Commit();
        DatatypeEngine.checkAccess(buffer, 0, 1, type, "buf");
        Datatype derived = Datatype.Contiguous(2, type);
        type.free();
        assertEquals(MPIException.ERR_TYPE, errorClass(type::Extent));
        assertEquals(MPIException.ERR_TYPE, errorClass(type::Commit));
        assertEquals(MPIException.ERR_TYPE, errorClass(() -> Datatype.Contiguous(2, type)));
        assertEquals(MPIException.ERR_TYPE, errorClass(() ->
            DatatypeEngine.checkAccess(buffer, 0, 1, type, "buf")));
        assertBounds(derived, 0, 6, 4);
        assertEquals(MPIException.ERR_TYPE, errorClass(INT::free));
        Datatype foreign = new Datatype() { };
        assertEquals(MPIException.ERR_TYPE, errorClass(foreign::Size));
    }

    @Test
    void shouldRejectBuffersOfTheWrongTypeOrTooShort() throws MPIException {
        Datatype type = Datatype.Vector(3, 1, 4, INT);
        type.Commit();
        MPIException wrong = assertThrows(MPIException.class,
            () -> DatatypeEngine.checkAccess(new double[20], 0, 1, type, "sendbuf"));
        assertEquals(MPIException.ERR_BUFFER, wrong.getErrorClass());
        assertTrue(wrong.getMessage().contains("double[]"), wrong.getMessage());
        assertTrue(wrong.getMessage().contains("int[]"), wrong.getMessage());
        MPIException shortBuffer = assertThrows(MPIException.class,
            () -> DatatypeEngine.checkAccess(new int[12], 4, 1, type, "sendbuf"));
        assertEquals(MPIException.ERR_BUFFER, shortBuffer.getErrorClass());
        assertTrue(shortBuffer.getMessage().contains("4..12"), shortBuffer.getMessage());
        DatatypeEngine.checkAccess(new int[12], 3, 1, type, "sendbuf");
        assertEquals(MPIException.ERR_BUFFER, errorClass(() ->
            DatatypeEngine.checkAccess(null, 0, 1, type, "sendbuf")));
        assertEquals(MPIException.ERR_COUNT, errorClass(() ->
            DatatypeEngine.checkAccess(new int[12], 0, -1, type, "sendbuf")));
        DatatypeEngine.checkAccess(null, 0, 0, type, "sendbuf");
        DatatypeEngine.checkAccess(new String[] {"a"}, 0, 1, BasicTypes.OBJECT, "buf");
    }

    @Test
    void shouldFindContiguousRunsForTheZeroCopyPath() throws MPIException {
        MappedDatatype plain = DatatypeEngine.checkAccess(new int[10], 2, 5, INT, "buf");
        assertEquals(2, DatatypeEngine.contiguousIndex(plain, 2, 5));
        Datatype shifted = Datatype.Hindexed(new int[] {3}, new int[] {1}, INT);
        shifted.Commit();
        MappedDatatype mapped = MappedDatatype.of(shifted);
        assertEquals(5, DatatypeEngine.contiguousIndex(mapped, 4, 2));
        Datatype padded = Datatype.Struct(new int[] {3, 1}, new int[] {1, 5},
            new Datatype[] {INT, BasicTypes.UB});
        padded.Commit();
        assertEquals(5, DatatypeEngine.contiguousIndex(MappedDatatype.of(padded), 4, 1));
        assertEquals(-1, DatatypeEngine.contiguousIndex(MappedDatatype.of(padded), 4, 2));
        Datatype vector = Datatype.Vector(2, 1, 2, INT);
        vector.Commit();
        assertEquals(-1, DatatypeEngine.contiguousIndex(MappedDatatype.of(vector), 0, 1));
        assertEquals(6, DatatypeEngine.elementCount(MappedDatatype.of(BasicTypes.INT2), 3));
    }

    @Test
    void shouldCountWholeItemsForGetCount() throws MPIException {
        assertEquals(3, DatatypeEngine.getCount(6, BasicTypes.INT2));
        assertEquals(DatatypeEngine.UNDEFINED, DatatypeEngine.getCount(5, BasicTypes.INT2));
        assertEquals(5, DatatypeEngine.getElements(5, BasicTypes.INT2));
        assertEquals(0, DatatypeEngine.getCount(0, BasicTypes.LB));
    }

    @Test
    void shouldStopAWalkAfterTheLimitInTheMiddleOfARun() throws MPIException {
        Datatype type = Datatype.Vector(3, 3, 5, INT);
        List<Integer> indices = new ArrayList<>();
        long visited = TypeWalker.walk(MappedDatatype.of(type), 2, 0, 7, (index, length) -> {
            for (int i = 0; i < length; i++) {
                indices.add(index + i);
            }
        });
        assertEquals(7, visited);
        assertEquals(List.of(0, 1, 2, 5, 6, 7, 10), indices);
    }

    @Test
    void shouldNameTypesInMessages() throws MPIException {
        assertEquals("MPI.INT", INT.toString());
        assertEquals("Vector(2, 1, 3, MPI.DOUBLE)",
            Datatype.Vector(2, 1, 3, BasicTypes.DOUBLE).toString());
    }
}
