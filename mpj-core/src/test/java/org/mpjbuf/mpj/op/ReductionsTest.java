package org.mpjbuf.mpj.op;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import mpi.Datatype;
import mpi.MPIException;
import mpi.Op;
import mpi.User_function;
import org.junit.jupiter.api.Test;
import org.mpjbuf.mpj.datatype.BasicTypes;

class ReductionsTest {

    @Test
    void shouldSumIntsIntoTheInoutBuffer() throws MPIException {
        int[] in = {1, 2, 3, 4};
        int[] inout = {0, 10, 20, 30, 40};
        Reductions.apply(PredefinedOps.SUM, in, 1, inout, 2, 3, BasicTypes.INT);
        assertArrayEquals(new int[] {0, 10, 22, 33, 44}, inout);
        assertArrayEquals(new int[] {1, 2, 3, 4}, in);
    }

    @Test
    void shouldWrapNarrowIntegersLikeJava() throws MPIException {
        byte[] inout = {100, -128, 3};
        Reductions.apply(PredefinedOps.SUM, new byte[] {100, -1, 5}, 0, inout, 0, 3,
            BasicTypes.BYTE);
        assertArrayEquals(new byte[] {(byte) 200, 127, 8}, inout);
        char[] chars = {'a', 65535};
        Reductions.apply(PredefinedOps.MAX, new char[] {'b', 1}, 0, chars, 0, 2, BasicTypes.CHAR);
        assertArrayEquals(new char[] {'b', 65535}, chars);
        long[] longs = {Long.MAX_VALUE};
        Reductions.apply(PredefinedOps.SUM, new long[] {1}, 0, longs, 0, 1, BasicTypes.LONG);
        assertEquals(Long.MIN_VALUE, longs[0]);
    }

    @Test
    void shouldRoundFloatOperationsLikeFloatArithmetic() throws MPIException {
        float[] inout = {0.1f, 3.0f, 1e30f};
        float[] in = {0.2f, 7.0f, 1e30f};
        Reductions.apply(PredefinedOps.PROD, in, 0, inout, 0, 3, BasicTypes.FLOAT);
        assertArrayEquals(new float[] {0.2f * 0.1f, 21.0f, Float.POSITIVE_INFINITY}, inout);
        double[] doubles = {1.5, -2};
        Reductions.apply(PredefinedOps.MIN, new double[] {0.5, 3}, 0, doubles, 0, 2,
            BasicTypes.DOUBLE);
        assertArrayEquals(new double[] {0.5, -2}, doubles);
    }

    @Test
    void shouldApplyLogicalAndBitwiseOperations() throws MPIException {
        boolean[] and = {true, true, false};
        Reductions.apply(PredefinedOps.LAND, new boolean[] {true, false, false}, 0, and, 0, 3,
            BasicTypes.BOOLEAN);
        assertArrayEquals(new boolean[] {true, false, false}, and);
        boolean[] xor = {true, false};
        Reductions.apply(PredefinedOps.LXOR, new boolean[] {true, true}, 0, xor, 0, 2,
            BasicTypes.BOOLEAN);
        assertArrayEquals(new boolean[] {false, true}, xor);
        int[] bits = {0b1100, 0b1100, 5};
        Reductions.apply(PredefinedOps.BXOR, new int[] {0b1010, 0b0011, 0}, 0, bits, 0, 2,
            BasicTypes.INT);
        assertArrayEquals(new int[] {0b0110, 0b1111, 5}, bits);
        int[] logical = {7, 0};
        Reductions.apply(PredefinedOps.LOR, new int[] {0, 0}, 0, logical, 0, 2, BasicTypes.INT);
        assertArrayEquals(new int[] {1, 0}, logical);
    }

    @Test
    void shouldKeepTheLowerIndexOnMaxlocAndMinlocTies() throws MPIException {
        int[] inout = {5, 3, 7, 1, 2, 9};
        Reductions.apply(PredefinedOps.MAXLOC, new int[] {5, 1, 6, 0, 4, 4}, 0, inout, 0, 3,
            BasicTypes.INT2);
        assertArrayEquals(new int[] {5, 1, 7, 1, 4, 4}, inout);
        double[] pairs = {2.5, 8, 1.0, 3};
        Reductions.apply(PredefinedOps.MINLOC, new double[] {2.5, 4, 1.5, 0}, 0, pairs, 0, 2,
            BasicTypes.DOUBLE2);
        assertArrayEquals(new double[] {2.5, 4, 1.0, 3}, pairs);
    }

    @Test
    void shouldReduceOnlyTheElementsOfADerivedType() throws MPIException {
        Datatype column = Datatype.Vector(3, 1, 2, BasicTypes.DOUBLE);
        column.Commit();
        double[] inout = new double[8];
        double[] in = {1, 2, 3, 4, 5, 6, 7, 8};
        Reductions.apply(PredefinedOps.SUM, in, 1, inout, 0, 1, column);
        assertArrayEquals(new double[] {2, 0, 4, 0, 6, 0, 0, 0}, inout);
        Datatype pairs = Datatype.Vector(2, 1, 2, BasicTypes.INT2);
        pairs.Commit();
        int[] locations = {1, 0, -1, -1, 1, 5};
        Reductions.apply(PredefinedOps.MAXLOC, new int[] {3, 2, 9, 9, 1, 4}, 0, locations, 0, 1,
            pairs);
        assertArrayEquals(new int[] {3, 2, -1, -1, 1, 4}, locations);
    }

    @Test
    void shouldRejectOperationsOnTypesTheyDoNotApplyTo() {
        MPIException sum = assertThrows(MPIException.class, () -> Reductions.apply(
            PredefinedOps.SUM, new boolean[1], 0, new boolean[1], 0, 1, BasicTypes.BOOLEAN));
        assertEquals(MPIException.ERR_OP, sum.getErrorClass());
        assertTrue(sum.getMessage().contains("boolean"), sum.getMessage());
        assertEquals(MPIException.ERR_OP, assertThrows(MPIException.class, () ->
            Reductions.apply(PredefinedOps.MAXLOC, new int[2], 0, new int[2], 0, 2,
                BasicTypes.INT)).getErrorClass());
        assertEquals(MPIException.ERR_OP, assertThrows(MPIException.class, () ->
            Reductions.apply(PredefinedOps.BAND, new double[2], 0, new double[2], 0, 2,
                BasicTypes.DOUBLE)).getErrorClass());
        assertEquals(MPIException.ERR_OP, assertThrows(MPIException.class, () ->
            Reductions.apply(PredefinedOps.MAX, new Object[1], 0, new Object[1], 0, 1,
                BasicTypes.OBJECT)).getErrorClass());
        assertEquals(MPIException.ERR_BUFFER, assertThrows(MPIException.class, () ->
            Reductions.apply(PredefinedOps.SUM, new int[2], 0, new long[2], 0, 2,
                BasicTypes.INT)).getErrorClass());
        assertEquals(MPIException.ERR_OP, assertThrows(MPIException.class, () ->
            Reductions.apply(null, new int[2], 0, new int[2], 0, 2,
                BasicTypes.INT)).getErrorClass());
    }

    @Test
    void shouldCallUserFunctionsWithTheCallersArguments() throws MPIException {
        List<Object> calls = new ArrayList<>();
        Op concat = new Op(new User_function() {
            @Override
            public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset,
                             int count, Datatype datatype) {
                Object[] in = (Object[]) invec;
                Object[] inout = (Object[]) inoutvec;
                for (int i = 0; i < count; i++) {
                    inout[inoutoffset + i] = in[inoffset + i] + "" + inout[inoutoffset + i];
                }
                calls.add(datatype);
            }
        }, false);
        Object[] inout = {"x", "c", "d"};
        Reductions.apply(concat, new Object[] {"a", "b"}, 0, inout, 1, 2, BasicTypes.OBJECT);
        assertArrayEquals(new Object[] {"x", "ac", "bd"}, inout);
        assertEquals(List.of(BasicTypes.OBJECT), calls);
        assertFalse(Reductions.isCommutative(concat));
        assertTrue(Reductions.isCommutative(PredefinedOps.PROD));
        concat.free();
        assertEquals(MPIException.ERR_OP, assertThrows(MPIException.class, () ->
            Reductions.apply(concat, new Object[1], 0, new Object[1], 0, 1,
                BasicTypes.OBJECT)).getErrorClass());
        assertEquals(MPIException.ERR_OP, assertThrows(MPIException.class,
            PredefinedOps.SUM::free).getErrorClass());
        assertThrows(NullPointerException.class, () -> new Op(null, true));
    }

    @Test
    void shouldCombineARunAsApplyDoesForSumMaxAndMinOfDoublesLongsAndInts() throws MPIException {
        Op[] ops = {PredefinedOps.SUM, PredefinedOps.MAX, PredefinedOps.MIN};
        for (Op op : ops) {
            double[] doubles = {9, 1.5, -2, 7};
            double[] doublesByApply = doubles.clone();
            assertTrue(Reductions.combineRun(op, new double[] {0.25, 3, -1}, 0, doubles, 1, 3));
            Reductions.apply(op, new double[] {0.25, 3, -1}, 0, doublesByApply, 1, 3, BasicTypes.DOUBLE);
            assertArrayEquals(doublesByApply, doubles);
            long[] longs = {Long.MAX_VALUE, 4, -8};
            long[] longsByApply = longs.clone();
            assertTrue(Reductions.combineRun(op, new long[] {5, 1, 2, 3}, 1, longs, 0, 3));
            Reductions.apply(op, new long[] {5, 1, 2, 3}, 1, longsByApply, 0, 3, BasicTypes.LONG);
            assertArrayEquals(longsByApply, longs);
            int[] ints = {Integer.MIN_VALUE, 6};
            int[] intsByApply = ints.clone();
            assertTrue(Reductions.combineRun(op, new int[] {-1, 6}, 0, ints, 0, 2));
            Reductions.apply(op, new int[] {-1, 6}, 0, intsByApply, 0, 2, BasicTypes.INT);
            assertArrayEquals(intsByApply, ints);
        }
    }

    @Test
    void shouldLeaveOtherOperationsAndArraysOfACombinedRunToApply() throws MPIException {
        double[] doubles = {2, 3};
        assertFalse(Reductions.combineRun(PredefinedOps.PROD, new double[] {4, 5}, 0, doubles, 0, 2));
        assertFalse(Reductions.combineRun(null, new double[] {4, 5}, 0, doubles, 0, 2));
        assertArrayEquals(new double[] {2, 3}, doubles);
        float[] floats = {2, 3};
        assertFalse(Reductions.combineRun(PredefinedOps.SUM, new float[] {4, 5}, 0, floats, 0, 2));
        assertArrayEquals(new float[] {2, 3}, floats);
        Op max = new Op(new User_function() {
            @Override
            public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count,
                             Datatype datatype) {
                throw new AssertionError("a user function is for apply to call");
            }
        }, true);
        int[] ints = {1};
        assertFalse(Reductions.combineRun(max, new int[] {7}, 0, ints, 0, 1));
        assertArrayEquals(new int[] {1}, ints);
        max.free();
        assertEquals(MPIException.ERR_OP, assertThrows(MPIException.class, () ->
            Reductions.combineRun(max, new int[] {7}, 0, ints, 0, 1)).getErrorClass());
        assertEquals(MPIException.ERR_OP, assertThrows(MPIException.class, () ->
            Reductions.check(null)).getErrorClass());
    }
}
