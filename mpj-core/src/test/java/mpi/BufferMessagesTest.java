package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Messages as they travel on a process device, one pooled mpjbuf buffer each: every basic type,
 * derived types received as other types of the same signature, objects and truncation. They run
 * on every device, since the behaviour they pin is the API's; {@link ProcessDeviceBuffersTest}
 * and {@link ThreadDeviceArraysTest} pin what only one kind of device does.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BufferMessagesTest {

    private static final Datatype[] PRIMITIVE_TYPES = {
        MPI.BYTE, MPI.CHAR, MPI.SHORT, MPI.BOOLEAN, MPI.INT, MPI.LONG, MPI.FLOAT, MPI.DOUBLE};

    static Stream<Integer> sizes() {
        return java.util.Arrays.stream(Ranks.SIZES).boxed();
    }

    /** An array of {@code length} elements of a primitive datatype, element i a function of seed and i. */
    private static Object values(Datatype type, int length, int seed) {
        Object array = array(type, length);
        for (int i = 0; i < length; i++) {
            int v = seed * 1000 + i;
            Object value = switch (array) {
                case byte[] _ -> (byte) v;
                case char[] _ -> (char) v;
                case short[] _ -> (short) v;
                case boolean[] _ -> v % 3 == 0;
                case int[] _ -> v;
                case long[] _ -> (long) v << 20;
                case float[] _ -> v + 0.25f;
                case double[] _ -> v + 0.125;
                default -> throw new IllegalArgumentException(array.getClass().toString());
            };
            Array.set(array, i, value);
        }
        return array;
    }

    private static Object array(Datatype type, int length) {
        if (type == MPI.BYTE) {
            return new byte[length];
        } else if (type == MPI.CHAR) {
            return new char[length];
        } else if (type == MPI.SHORT) {
            return new short[length];
        } else if (type == MPI.BOOLEAN) {
            return new boolean[length];
        } else if (type == MPI.INT) {
            return new int[length];
        } else if (type == MPI.LONG) {
            return new long[length];
        } else if (type == MPI.FLOAT) {
            return new float[length];
        }
        return new double[length];
    }

    private static int width(Object array) {
        return switch (array) {
            case byte[] _, boolean[] _ -> 1;
            case char[] _, short[] _ -> 2;
            case int[] _, float[] _ -> 4;
            default -> 8;
        };
    }

    @ParameterizedTest(name = "{0} ranks")
    @MethodSource("sizes")
    void shouldSendEveryPrimitiveTypeContiguous(int size) {
        Ranks.run(size, world -> {
            for (Ranks.Kind kind : Ranks.Kind.values()) {
                Intracomm comm = kind.of(world);
                int rank = comm.Rank();
                int n = comm.Size();
                int right = (rank + 1) % n;
                int left = (rank + n - 1) % n;
                for (int length : new int[] {0, 1, 7, 1000}) {
                    for (Datatype type : PRIMITIVE_TYPES) {
                        Object out = values(type, length + 2, rank);
                        Object in = array(type, length + 4);
                        Status status = comm.Sendrecv(out, 1, length, type, right, 5,
                            in, 2, length + 2, type, MPI.ANY_SOURCE, MPI.ANY_TAG);
                        Object expected = values(type, length + 2, left);
                        for (int i = 0; i < length; i++) {
                            assertEquals(Array.get(expected, i + 1), Array.get(in, i + 2), kind + " " + type + " element " + i);
                        }
                        assertEquals(length, status.Get_count(type));
                        assertEquals(length, status.count);
                        assertEquals(length, status.numEls);
                        assertEquals(length * width(in), status.countInBytes);
                        assertEquals(left, status.source);
                        assertEquals(5, status.tag);
                    }
                }
            }
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @MethodSource("sizes")
    void shouldReceiveDerivedTypesAsOtherTypesOfTheSameSignature(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            int n = world.Size();
            int right = (rank + 1) % n;
            int left = (rank + n - 1) % n;
            long[] matrix = new long[6 * 4];
            for (int i = 0; i < matrix.length; i++) {
                matrix[i] = 100L * rank + i;
            }
            Datatype column = Datatype.Vector(6, 1, 4, MPI.LONG);
            column.Commit();
            Datatype six = Datatype.Contiguous(6, MPI.LONG);
            six.Commit();
            long[] asContiguous = new long[6];
            Status status = world.Sendrecv(matrix, 1, 1, column, right, 1, asContiguous, 0, 1, six, left, 1);
            for (int row = 0; row < 6; row++) {
                assertEquals(100L * left + row * 4 + 1, asContiguous[row]);
            }
            assertEquals(1, status.Get_count(six));
            assertEquals(1, status.Get_count(column));
            assertEquals(6 * Long.BYTES, status.countInBytes);

            Datatype blocks = Datatype.Indexed(new int[] {2, 1, 3}, new int[] {0, 5, 9}, MPI.FLOAT);
            blocks.Commit();
            float[] sparse = new float[12];
            for (int i = 0; i < sparse.length; i++) {
                sparse[i] = rank + i / 16f;
            }
            Datatype pairs = Datatype.Vector(3, 2, 3, MPI.FLOAT);
            pairs.Commit();
            float[] spread = new float[9];
            status = world.Sendrecv(sparse, 0, 1, blocks, right, 2, spread, 0, 1, pairs, left, 2);
            float[] expected = {left, left + 1 / 16f, 0, left + 5 / 16f, left + 9 / 16f, 0,
                left + 10 / 16f, left + 11 / 16f, 0};
            assertArrayEquals(expected, spread);
            assertEquals(6, status.Get_elements(pairs));

            int[] flat = {rank, rank + 1, rank + 2, rank + 3};
            int[] strided = new int[8];
            Datatype everyOther = Datatype.Vector(4, 1, 2, MPI.INT);
            everyOther.Commit();
            world.Sendrecv(flat, 0, 4, MPI.INT, right, 3, strided, 0, 1, everyOther, left, 3);
            assertArrayEquals(new int[] {left, 0, left + 1, 0, left + 2, 0, left + 3, 0}, strided);
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @MethodSource("sizes")
    void shouldCarryObjectsThroughDerivedTypes(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            int n = world.Size();
            int right = (rank + 1) % n;
            int left = (rank + n - 1) % n;
            Object[] grid = new Object[6];
            for (int i = 0; i < grid.length; i++) {
                grid[i] = List.of(rank, i);
            }
            Datatype everyOther = Datatype.Vector(3, 1, 2, MPI.OBJECT);
            everyOther.Commit();
            Object[] in = new Object[4];
            Status status = world.Sendrecv(grid, 1, 1, everyOther, right, 7, in, 1, 3, MPI.OBJECT, left, 7);
            assertArrayEquals(new Object[] {null, List.of(left, 1), List.of(left, 3), List.of(left, 5)}, in);
            assertEquals(3, status.Get_count(MPI.OBJECT));
            assertTrue(status.countInBytes > 0, "serialized bytes: " + status.countInBytes);

            Object[] empty = new Object[1];
            status = world.Sendrecv(grid, 0, 0, MPI.OBJECT, right, 8, empty, 0, 1, MPI.OBJECT, left, 8);
            assertEquals(0, status.Get_count(MPI.OBJECT));
            assertNull(empty[0]);
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @MethodSource("sizes")
    void shouldRefuseLongerMessagesWithBothCounts(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            int n = world.Size();
            int right = (rank + 1) % n;
            int left = (rank + n - 1) % n;
            // 10 longs overflow the receive's static part; 4 ints fit the padded part of 3; objects have none
            Request[] sends = {
                world.Isend(new long[10], 0, 10, MPI.LONG, right, 1),
                world.Isend(new int[4], 0, 4, MPI.INT, right, 2),
                world.Isend(new Object[] {"a", "b", "c"}, 0, 3, MPI.OBJECT, right, 3)};
            assertTruncated("10", "4", () -> world.Recv(new long[4], 0, 4, MPI.LONG, left, 1));
            assertTruncated("4", "3", () -> world.Recv(new int[3], 0, 3, MPI.INT, left, 2));
            assertTruncated("3", "2", () -> world.Irecv(new Object[2], 0, 2, MPI.OBJECT, left, 3).Wait());
            Request.Waitall(sends);
            world.Send(new int[] {rank}, 0, 1, MPI.INT, right, 4);
            int[] after = new int[1];
            world.Recv(after, 0, 1, MPI.INT, left, 4);
            assertEquals(left, after[0]);
        });
    }

    private static void assertTruncated(String sent, String received, org.junit.jupiter.api.function.Executable call) {
        MPIException truncated = assertThrows(MPIException.class, call);
        assertEquals(MPIException.ERR_TRUNCATE, truncated.getErrorClass(), truncated.getMessage());
        assertTrue(truncated.getMessage().contains("message of " + sent + " ")
            && truncated.getMessage().contains("buffer of " + received + " "), truncated.getMessage());
    }
}
