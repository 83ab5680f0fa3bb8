package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reductions over {@code MPI.OBJECT} as programs written for MPJ Express use them: user functions
 * that update their in/out objects in place, and user functions that cast their arguments to the
 * caller's array type. The send buffer stays untouched, every rank gets objects of its own, and
 * every array a user function sees has the component type of the caller's buffer. Every algorithm
 * runs: the sizes pick flat, tree, recursive-doubling and ring algorithms, and 8 ranks are more
 * than the cores.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class ObjectReductionsTest {

    /** A mutable operand, updated in place by {@link #ADD_IN_PLACE}. */
    static final class Counter implements Serializable {
        private static final long serialVersionUID = 1L;
        int value;

        Counter(int value) {
            this.value = value;
        }
    }

    /** Adds {@code in} into the {@code inout} objects themselves, as MPJ Express programs do. */
    private static final User_function ADD_IN_PLACE = new User_function() {
        @Override
        public void Call(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type) {
            Object[] left = (Object[]) in;
            Object[] right = (Object[]) inout;
            for (int i = 0; i < count; i++) {
                ((Counter) right[inoutOffset + i]).value += ((Counter) left[inOffset + i]).value;
            }
        }
    };

    /** Sums {@code BigDecimal}s, casting its arguments to the caller's array type. */
    private static final User_function ADD_DECIMALS = new User_function() {
        @Override
        public void Call(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type) {
            BigDecimal[] left = (BigDecimal[]) in;
            BigDecimal[] right = (BigDecimal[]) inout;
            for (int i = 0; i < count; i++) {
                right[inoutOffset + i] = right[inoutOffset + i].add(left[inOffset + i]);
            }
        }
    };

    private static Counter[] counters(int count, int value) {
        Counter[] counters = new Counter[count];
        for (int i = 0; i < count; i++) {
            counters[i] = new Counter(value + i);
        }
        return counters;
    }

    private static int[] values(Counter[] counters) {
        int[] values = new int[counters.length];
        for (int i = 0; i < counters.length; i++) {
            values[i] = counters[i].value;
        }
        return values;
    }

    /** The sum over ranks 0..last of {@code rank + 1 + i}. */
    private static int prefixSum(int last, int i) {
        int sum = 0;
        for (int rank = 0; rank <= last; rank++) {
            sum += rank + 1 + i;
        }
        return sum;
    }

    private static int[] expected(int count, int last) {
        int[] expected = new int[count];
        for (int i = 0; i < count; i++) {
            expected[i] = prefixSum(last, i);
        }
        return expected;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void shouldLeaveTheSendBufferUntouchedWhenAUserFunctionUpdatesItsObjects(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            Op add = new Op(ADD_IN_PLACE, true);
            for (int count : new int[] {1, 5, 64}) {
                Counter[] send = counters(count, rank + 1);
                int[] before = values(send);

                Counter[] scanned = new Counter[count];
                world.Scan(send, 0, scanned, 0, count, MPI.OBJECT, add);
                assertArrayEquals(expected(count, rank), values(scanned), "Scan at rank " + rank);
                assertArrayEquals(before, values(send), "Scan changed the send buffer of rank " + rank);

                Counter[] all = new Counter[count];
                world.Allreduce(send, 0, all, 0, count, MPI.OBJECT, add);
                assertArrayEquals(expected(count, size - 1), values(all), "Allreduce at rank " + rank);
                assertArrayEquals(before, values(send), "Allreduce changed the send buffer of rank " + rank);

                for (int root = 0; root < size; root++) {
                    Counter[] reduced = new Counter[count];
                    world.Reduce(send, 0, reduced, 0, count, MPI.OBJECT, add, root);
                    if (rank == root) {
                        assertArrayEquals(expected(count, size - 1), values(reduced), "Reduce to " + root);
                    }
                    assertArrayEquals(before, values(send), "Reduce changed the send buffer of rank " + rank);
                }
                for (int i = 0; i < count; i++) {
                    assertNotSame(send[i], scanned[i]);
                    assertNotSame(send[i], all[i]);
                }
            }
            add.free();
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8})
    void shouldHandUserFunctionsArraysOfTheCallersComponentType(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            Op add = new Op(ADD_DECIMALS, true);
            Op ordered = new Op(ADD_DECIMALS, false);
            for (int count : new int[] {1, 7, 40}) {
                BigDecimal[] send = new BigDecimal[count];
                BigDecimal[] total = new BigDecimal[count];
                for (int i = 0; i < count; i++) {
                    send[i] = BigDecimal.valueOf(rank + 1 + i);
                    total[i] = BigDecimal.valueOf(prefixSum(size - 1, i));
                }
                for (Op op : new Op[] {add, ordered}) {
                    BigDecimal[] all = new BigDecimal[count];
                    world.Allreduce(send, 0, all, 0, count, MPI.OBJECT, op);
                    assertArrayEquals(total, all, "Allreduce at rank " + rank);
                    BigDecimal[] atRoot = new BigDecimal[count];
                    world.Reduce(send, 0, atRoot, 0, count, MPI.OBJECT, op, size - 1);
                    if (rank == size - 1) {
                        assertArrayEquals(total, atRoot, "Reduce at rank " + rank);
                    }
                    BigDecimal[] scanned = new BigDecimal[count];
                    world.Scan(send, 0, scanned, 0, count, MPI.OBJECT, op);
                    for (int i = 0; i < count; i++) {
                        assertEquals(BigDecimal.valueOf(prefixSum(rank, i)), scanned[i], "Scan at rank " + rank);
                    }
                }
            }
            add.free();
            ordered.free();
        });
    }
}
