package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DatatypeMessagesTest {

    static Stream<Integer> sizes() {
        return java.util.Arrays.stream(Ranks.SIZES).boxed();
    }

    @ParameterizedTest(name = "{0} ranks")
    @MethodSource("sizes")
    void shouldSendAColumnAsAVectorAndReceiveItContiguous(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            int n = world.Size();
            int rows = 5;
            int cols = 4;
            double[] matrix = new double[rows * cols];
            for (int i = 0; i < matrix.length; i++) {
                matrix[i] = 100 * rank + i;
            }
            Datatype column = Datatype.Vector(rows, 1, cols, MPI.DOUBLE);
            column.Commit();
            double[] received = new double[rows];
            Status status = world.Sendrecv(matrix, 2, 1, column, (rank + 1) % n, 0,
                received, 0, rows, MPI.DOUBLE, (rank + n - 1) % n, 0);
            int left = (rank + n - 1) % n;
            for (int row = 0; row < rows; row++) {
                assertEquals(100 * left + row * cols + 2, received[row]);
            }
            assertEquals(1, status.Get_count(column));
            assertEquals(rows, status.Get_elements(column));
            double[] scattered = new double[rows * cols];
            world.Sendrecv(received, 0, rows, MPI.DOUBLE, rank, 1, scattered, 1, 1, column, rank, 1);
            for (int row = 0; row < rows; row++) {
                assertEquals(received[row], scattered[row * cols + 1]);
                assertEquals(0.0, scattered[row * cols]);
            }
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @MethodSource("sizes")
    void shouldSendObjectsAndReplaceABuffer(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            int n = world.Size();
            Object[] objects = {"rank " + rank, java.util.List.of(rank, rank + 1)};
            Object[] in = new Object[2];
            world.Sendrecv(objects, 0, 2, MPI.OBJECT, (rank + 1) % n, 0, in, 0, 2, MPI.OBJECT,
                (rank + n - 1) % n, 0);
            int left = (rank + n - 1) % n;
            assertEquals("rank " + left, in[0]);
            assertEquals(java.util.List.of(left, left + 1), in[1]);
            int[] values = {rank, rank, rank};
            Status status = world.Sendrecv_replace(values, 0, 3, MPI.INT, (rank + 1) % n, 2,
                (rank + n - 1) % n, 2);
            assertArrayEquals(new int[] {left, left, left}, values);
            assertEquals(left, status.source);
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @MethodSource("sizes")
    void shouldUnpackAPartialMessageIntoADerivedType(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            Datatype pairs = Datatype.Vector(2, 1, 3, MPI.INT);
            pairs.Commit();
            world.Send(new int[] {1, 2, 3}, 0, 3, MPI.INT, rank, 4);
            int[] target = new int[12];
            Status status = world.Recv(target, 0, 2, pairs, rank, 4);
            assertArrayEquals(new int[] {1, 0, 0, 2, 3, 0, 0, 0, 0, 0, 0, 0}, target);
            assertEquals(MPI.UNDEFINED, status.Get_count(pairs));
            assertEquals(3, status.Get_elements(pairs));
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @MethodSource("sizes")
    void shouldSendPackedBytesAndUnpackThem(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            int n = world.Size();
            int[] header = {rank, 3};
            double[] values = {0.5, 1.5, 2.5};
            byte[] packed = new byte[world.Pack_size(2, MPI.INT) + world.Pack_size(3, MPI.DOUBLE)];
            int position = world.Pack(header, 0, 2, MPI.INT, packed, 0);
            position = world.Pack(values, 0, 3, MPI.DOUBLE, packed, position);
            byte[] in = new byte[packed.length];
            Status status = world.Sendrecv(packed, 0, position, MPI.PACKED, (rank + 1) % n, 0,
                in, 0, in.length, MPI.PACKED, (rank + n - 1) % n, 0);
            assertEquals(position, status.Get_count(MPI.PACKED));
            int[] headerIn = new int[2];
            double[] valuesIn = new double[3];
            int read = world.Unpack(in, 0, headerIn, 0, 2, MPI.INT);
            world.Unpack(in, read, valuesIn, 0, headerIn[1], MPI.DOUBLE);
            assertArrayEquals(new int[] {(rank + n - 1) % n, 3}, headerIn);
            assertArrayEquals(values, valuesIn);
        });
    }
}
