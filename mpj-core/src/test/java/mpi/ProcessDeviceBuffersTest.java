package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpjbuf.BufferFactory;

/**
 * What only a device whose ranks are processes does with {@code mpi} messages: it checks the
 * section type of a received buffer, and every pooled message buffer goes back to the pool
 * whatever the operation. Runs in the niodev execution only (mpj-core's pom).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ProcessDeviceBuffersTest {

    static Stream<Integer> sizes() {
        return java.util.Arrays.stream(Ranks.SIZES).boxed();
    }

    @Test
    void shouldNameBothTypesOfAMismatch() {
        Ranks.run(2, world -> {
            int rank = world.Rank();
            world.Send(new int[] {1, 2}, 0, 2, MPI.INT, 1 - rank, 0);
            MPIException mismatch = assertThrows(MPIException.class,
                () -> world.Recv(new float[2], 0, 2, MPI.FLOAT, 1 - rank, 0));
            assertEquals(MPIException.ERR_TYPE, mismatch.getErrorClass(), mismatch.getMessage());
            assertTrue(mismatch.getMessage().contains("INT") && mismatch.getMessage().contains("FLOAT"),
                mismatch.getMessage());
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @MethodSource("sizes")
    void shouldReturnEveryPooledBufferToThePool(int size) {
        Ranks.run(size, world -> {
            BufferFactory buffers = RankState.lookup().messageBuffers();
            assertNotNull(buffers);
            buffers.trim();
            long start = buffers.pool().statistics().inUseBytes();
            int rank = world.Rank();
            int n = world.Size();
            int right = (rank + 1) % n;
            int left = (rank + n - 1) % n;
            double[] big = new double[64 * 1024];
            double[] bigIn = new double[big.length];
            Request receive = world.Irecv(bigIn, 0, bigIn.length, MPI.DOUBLE, left, 1);
            world.Ssend(big, 0, big.length, MPI.DOUBLE, right, 1);
            receive.Wait();
            assertTrue(buffers.pool().statistics().peakInUseBytes() >= (long) big.length * Double.BYTES,
                "the message went through the pool");

            MPI.Buffer_attach(new byte[4096]);
            world.Bsend(new int[] {rank}, 0, 1, MPI.INT, right, 2);
            int[] one = new int[1];
            world.Recv(one, 0, 1, MPI.INT, left, 2);
            MPI.Buffer_detach();

            Prequest send = world.Send_init(one, 0, 1, MPI.INT, right, 3);
            Prequest recv = world.Recv_init(new int[1], 0, 1, MPI.INT, left, 3);
            for (int round = 0; round < 3; round++) {
                recv.Start();
                send.Start();
                Request.Waitall(new Request[] {send, recv});
            }

            Request cancelled = world.Irecv(new int[1], 0, 1, MPI.INT, left, 99);
            cancelled.Cancel();
            assertTrue(cancelled.Wait().Test_cancelled());

            world.Isend(new long[9], 0, 9, MPI.LONG, right, 4);
            assertThrows(MPIException.class, () -> world.Recv(new long[2], 0, 2, MPI.LONG, left, 4));
            world.Isend(new byte[3], 0, 3, MPI.BYTE, right, 5);
            assertThrows(MPIException.class, () -> world.Recv(new short[3], 0, 3, MPI.SHORT, left, 5));

            world.Sendrecv_replace(one, 0, 1, MPI.INT, right, 6, left, 6);
            int[] sum = new int[1];
            world.Allreduce(new int[] {rank}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            assertEquals(n * (n - 1) / 2, sum[0]);
            Object[] names = new Object[n];
            world.Allgather(new Object[] {"rank " + rank}, 0, 1, MPI.OBJECT, names, 0, 1, MPI.OBJECT);
            assertEquals("rank " + left, names[left]);
            world.Barrier();

            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            long inUse;
            while (true) {
                buffers.trim();
                inUse = buffers.pool().statistics().inUseBytes();
                if (inUse == start || System.nanoTime() > deadline) {
                    break;
                }
                Thread.sleep(1);
            }
            assertEquals(start, inUse, "bytes of message buffers still in use");
        });
    }
}
