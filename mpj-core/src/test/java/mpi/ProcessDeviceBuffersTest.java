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
 * section type of a received buffer, every pooled message buffer goes back to the pool whatever
 * the operation, and a run of primitives from the device's direct run length on takes no message
 * buffer, whatever the other side's datatype. Runs in the executions of the process devices only
 * (mpj-core's pom).
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
            double[] big = new double[16 * 1024]; // below the direct run length: a buffer message
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

    @Test
    void shouldMoveALargeRunWithoutAMessageBufferWhateverTheOtherSidesDatatype() {
        Ranks.run(2, world -> {
            BufferFactory buffers = RankState.lookup().messageBuffers();
            org.mpjbuf.dev.Device device = RankState.lookup().device();
            int n = 3 * 96 * 1024; // 2.25 MiB of doubles, beyond any eager limit
            boolean direct = (long) n / 2 * Double.BYTES >= device.directRunLength();
            if ("niodev".equals(System.getProperty("mpjbuf.mpj.device"))) {
                assertTrue(direct, "niodev moves large runs directly");
            }
            int rank = world.Rank();
            int other = 1 - rank;
            double[] mine = new double[n + 2];
            java.util.Arrays.setAll(mine, i -> rank * 1e6 + i);
            buffers.trim();
            long peakBefore = buffers.pool().statistics().peakInUseBytes();

            double[] theirs = new double[n + 2];
            Request receive = world.Irecv(theirs, 1, n + 1, MPI.DOUBLE, other, 1);
            world.Send(mine, 2, n, MPI.DOUBLE, other, 1);
            Status status = receive.Wait();
            assertEquals(n, status.Get_count(MPI.DOUBLE));
            for (int i = 0; i < n; i++) {
                assertEquals(other * 1e6 + i + 2, theirs[i + 1], 0.0, "element " + i);
            }
            long peak = buffers.pool().statistics().peakInUseBytes();
            if (direct) {
                assertEquals(peakBefore, peak, "no message buffer was taken");
            } else {
                assertTrue(peak >= (long) n * Double.BYTES, "a device without direct runs packs them: peak " + peak);
            }

            // a contiguous run into every other element, and every other element into a run
            Datatype everyOther = Datatype.Vector(n / 2, 1, 2, MPI.DOUBLE);
            everyOther.Commit();
            double[] spread = new double[n];
            double[] packed = new double[n / 2];
            if (rank == 0) {
                world.Send(mine, 0, n / 2, MPI.DOUBLE, other, 2);
                world.Send(mine, 0, 1, everyOther, other, 3);
            } else {
                world.Recv(spread, 0, 1, everyOther, other, 2);
                world.Recv(packed, 0, n / 2, MPI.DOUBLE, other, 3);
                for (int i = 0; i < n / 2; i++) {
                    assertEquals(i, spread[2 * i], 0.0, "run element " + i + " into the vector");
                    assertEquals(2 * i, packed[i], 0.0, "vector element " + i + " into the run");
                }
            }

            // a large run into a smaller receive is truncated, a small message into a large receive is not
            if (rank == 0) {
                world.Send(mine, 0, n, MPI.DOUBLE, other, 4);
                world.Send(mine, 0, 3, MPI.DOUBLE, other, 5);
            } else {
                MPIException truncated = assertThrows(MPIException.class,
                    () -> world.Recv(new double[n - 1], 0, n - 1, MPI.DOUBLE, other, 4));
                assertEquals(MPIException.ERR_TRUNCATE, truncated.getErrorClass(), truncated.getMessage());
                double[] few = new double[n];
                assertEquals(3, world.Recv(few, 0, n, MPI.DOUBLE, other, 5).Get_count(MPI.DOUBLE));
                assertEquals(2.0, few[2], 0.0);
            }
            everyOther.free();
            world.Barrier();
        });
    }
}
