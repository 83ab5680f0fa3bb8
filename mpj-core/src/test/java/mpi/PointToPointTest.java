package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PointToPointTest {

    static Stream<Arguments> sizesAndComms() {
        return Stream.of(Ranks.Kind.values()).flatMap(kind ->
            java.util.Arrays.stream(Ranks.SIZES).mapToObj(size -> Arguments.of(size, kind)));
    }

    static Stream<Integer> sizes() {
        return java.util.Arrays.stream(Ranks.SIZES).boxed();
    }

    @ParameterizedTest(name = "{0} ranks on {1}")
    @MethodSource("sizesAndComms")
    void shouldPassValuesAroundARing(int size, Ranks.Kind kind) {
        Ranks.run(size, world -> {
            Intracomm comm = kind.of(world);
            int rank = comm.Rank();
            int n = comm.Size();
            double[] out = {rank, rank * 10.0};
            double[] in = new double[2];
            Status status = comm.Sendrecv(out, 0, 2, MPI.DOUBLE, (rank + 1) % n, 3,
                in, 0, 2, MPI.DOUBLE, (rank + n - 1) % n, 3);
            int left = (rank + n - 1) % n;
            assertArrayEquals(new double[] {left, left * 10.0}, in);
            assertEquals(left, status.source);
            assertEquals(3, status.tag);
            assertEquals(2, status.Get_count(MPI.DOUBLE));
        });
    }

    @ParameterizedTest(name = "{0} ranks on {1}")
    @MethodSource("sizesAndComms")
    void shouldMatchWildcardsAndReportSourceAndTag(int size, Ranks.Kind kind) {
        Ranks.run(size, world -> {
            Intracomm comm = kind.of(world);
            int rank = comm.Rank();
            int n = comm.Size();
            comm.Send(new int[] {rank}, 0, 1, MPI.INT, 0, 100 + rank);
            if (rank == 0) {
                boolean[] seen = new boolean[n];
                for (int i = 0; i < n; i++) {
                    int[] value = new int[1];
                    Status status = comm.Recv(value, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                    assertEquals(value[0], status.source);
                    assertEquals(100 + value[0], status.tag);
                    seen[value[0]] = true;
                }
                for (boolean each : seen) {
                    assertTrue(each);
                }
            }
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @MethodSource("sizes")
    void shouldKeepMessagesOfOnePairInOrder(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            int n = world.Size();
            int peer = (rank + 1) % n;
            int from = (rank + n - 1) % n;
            Request[] sends = new Request[50];
            for (int i = 0; i < sends.length; i++) {
                sends[i] = world.Isend(new long[] {i}, 0, 1, MPI.LONG, peer, 7);
            }
            for (int i = 0; i < sends.length; i++) {
                long[] value = new long[1];
                world.Recv(value, 0, 1, MPI.LONG, i % 2 == 0 ? from : MPI.ANY_SOURCE, 7);
                assertEquals(i, value[0]);
            }
            Request.Waitall(sends);
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @MethodSource("sizes")
    void shouldTreatProcNullAsANoOp(int size) {
        Ranks.run(size, world -> {
            world.Send(new int[1], 0, 1, MPI.INT, MPI.PROC_NULL, 1);
            int[] untouched = {42};
            Status status = world.Recv(untouched, 0, 1, MPI.INT, MPI.PROC_NULL, 1);
            assertEquals(MPI.PROC_NULL, status.source);
            assertEquals(0, status.Get_count(MPI.INT));
            assertEquals(42, untouched[0]);
            Status irecv = world.Irecv(untouched, 0, 1, MPI.INT, MPI.PROC_NULL, MPI.ANY_TAG).Wait();
            assertEquals(MPI.PROC_NULL, irecv.source);
            Status probed = world.Probe(MPI.PROC_NULL, 0);
            assertEquals(MPI.PROC_NULL, probed.source);
        });
    }

    @ParameterizedTest(name = "{0} ranks on {1}")
    @MethodSource("sizesAndComms")
    void shouldSendToItself(int size, Ranks.Kind kind) {
        Ranks.run(size, world -> {
            Intracomm comm = kind.of(world);
            int rank = comm.Rank();
            char[] text = "self".toCharArray();
            Request send = comm.Isend(text, 0, text.length, MPI.CHAR, rank, 9);
            char[] back = new char[4];
            comm.Recv(back, 0, 4, MPI.CHAR, rank, 9);
            send.Wait();
            assertEquals("self", new String(back));
            assertTrue(send.Is_null());
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @MethodSource("sizes")
    void shouldProbeBeforeReceiving(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            int n = world.Size();
            int[] out = new int[rank + 1];
            java.util.Arrays.fill(out, rank);
            world.Send(out, 0, out.length, MPI.INT, (rank + 1) % n, 4);
            Status probed = world.Probe(MPI.ANY_SOURCE, 4);
            int count = probed.Get_count(MPI.INT);
            int from = (rank + n - 1) % n;
            assertEquals(from, probed.source);
            assertEquals(from + 1, count);
            int[] in = new int[count];
            world.Recv(in, 0, count, MPI.INT, probed.source, probed.tag);
            assertEquals(from, in[count - 1]);
            assertNull(world.Iprobe(MPI.ANY_SOURCE, 4));
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @MethodSource("sizes")
    void shouldCompleteSynchronousAndReadySends(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            int n = world.Size();
            int right = (rank + 1) % n;
            int left = (rank + n - 1) % n;
            short[] in = new short[1];
            Request receive = world.Irecv(in, 0, 1, MPI.SHORT, left, 2);
            world.Sendrecv(new byte[0], 0, 0, MPI.BYTE, left, 1, new byte[0], 0, 0, MPI.BYTE, right, 1);
            world.Rsend(new short[] {(short) rank}, 0, 1, MPI.SHORT, right, 2);
            receive.Wait();
            assertEquals(left, in[0]);
            Request ssend = world.Issend(new short[] {1}, 0, 1, MPI.SHORT, right, 5);
            world.Recv(in, 0, 1, MPI.SHORT, MPI.ANY_SOURCE, 5);
            ssend.Wait();
            assertTrue(ssend.Is_null());
            if (n > 1) {
                if (rank % 2 == 0 && rank + 1 < n) {
                    world.Ssend(new short[] {7}, 0, 1, MPI.SHORT, rank + 1, 6);
                } else if (rank % 2 == 1) {
                    world.Recv(in, 0, 1, MPI.SHORT, rank - 1, 6);
                    assertEquals(7, in[0]);
                }
            }
        });
    }
}
