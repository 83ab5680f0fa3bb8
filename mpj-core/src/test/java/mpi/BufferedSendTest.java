package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BufferedSendTest {

    static Stream<Integer> sizes() {
        return java.util.Arrays.stream(Ranks.SIZES).boxed();
    }

    @ParameterizedTest(name = "{0} ranks")
    @MethodSource("sizes")
    void shouldBufferSendsInTheAttachedBuffer(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            int n = world.Size();
            MPI.Buffer_attach(new byte[4 * (8 * 100 + MPI.BSEND_OVERHEAD)]);
            double[] data = new double[100];
            java.util.Arrays.fill(data, rank);
            for (int i = 0; i < 3; i++) {
                world.Bsend(data, 0, 100, MPI.DOUBLE, (rank + 1) % n, i);
            }
            Request ibsend = world.Ibsend(data, 0, 100, MPI.DOUBLE, (rank + 1) % n, 3);
            assertTrue(ibsend.Test() != null);
            java.util.Arrays.fill(data, -1);
            double[] in = new double[100];
            for (int i = 0; i < 4; i++) {
                world.Recv(in, 0, 100, MPI.DOUBLE, (rank + n - 1) % n, i);
                assertEquals((rank + n - 1) % n, in[99]);
            }
            MPI.Buffer_detach();
        });
    }

    @Test
    void shouldFailWithErrBufferWhenTheAttachedBufferOverflows() {
        // beyond every device's default protocol switch, so that neither send leaves the attached
        // buffer before rank 1 receives it (an eager send frees its space as soon as it is written)
        int large = 1 << 20;
        Ranks.run(2, world -> {
            int rank = world.Rank();
            MPI.Buffer_attach(ByteBuffer.allocate(2 * (large + MPI.BSEND_OVERHEAD)));
            if (rank == 0) {
                MPIException tooLarge = assertThrows(MPIException.class,
                    () -> world.Bsend(new byte[3 * large], 0, 3 * large, MPI.BYTE, 1, 0));
                assertEquals(MPIException.ERR_BUFFER, tooLarge.getErrorClass());
                world.Bsend(new byte[large], 0, large, MPI.BYTE, 1, 0);
                world.Bsend(new byte[large], 0, large, MPI.BYTE, 1, 0);
                MPIException overflow = assertThrows(MPIException.class,
                    () -> world.Bsend(new byte[large], 0, large, MPI.BYTE, 1, 0));
                assertEquals(MPIException.ERR_BUFFER, overflow.getErrorClass());
                assertTrue(overflow.getMessage().contains("overflows"), overflow.getMessage());
                world.Send(new int[0], 0, 0, MPI.INT, 1, 2);
            } else {
                world.Recv(new int[0], 0, 0, MPI.INT, 0, 2);
                byte[] in = new byte[large];
                world.Recv(in, 0, large, MPI.BYTE, 0, 0);
                world.Recv(in, 0, large, MPI.BYTE, 0, 0);
                assertArrayEquals(new byte[large], in);
            }
            MPI.Buffer_detach();
            MPIException none = assertThrows(MPIException.class,
                () -> world.Bsend(new byte[1], 0, 1, MPI.BYTE, rank, 0));
            assertEquals(MPIException.ERR_BUFFER, none.getErrorClass());
        });
    }
}
