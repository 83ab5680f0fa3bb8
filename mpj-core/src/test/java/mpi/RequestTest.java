package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RequestTest {

    static Stream<Integer> sizes() {
        return java.util.Arrays.stream(Ranks.SIZES).boxed();
    }

    @ParameterizedTest(name = "{0} ranks")
    @MethodSource("sizes")
    void shouldRestartPersistentRequests(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            int n = world.Size();
            int[] out = new int[1];
            int[] in = new int[1];
            Prequest send = world.Send_init(out, 0, 1, MPI.INT, (rank + 1) % n, 11);
            Prequest receive = world.Recv_init(in, 0, 1, MPI.INT, (rank + n - 1) % n, 11);
            for (int round = 0; round < 5; round++) {
                out[0] = 100 * round + rank;
                Prequest.Startall(new Prequest[] {receive, send});
                Status[] statuses = Request.Waitall(new Request[] {receive, send});
                assertEquals(100 * round + (rank + n - 1) % n, in[0]);
                assertEquals((rank + n - 1) % n, statuses[0].source);
                assertFalse(send.Is_null());
            }
            Status idle = receive.Wait();
            assertEquals(0, idle.Get_count(MPI.INT));
        });
    }

    @Test
    void shouldRejectStartingAnActivePersistentRequest() {
        Ranks.run(1, world -> {
            Prequest receive = world.Recv_init(new int[1], 0, 1, MPI.INT, 0, 1);
            receive.Start();
            MPIException twice = org.junit.jupiter.api.Assertions.assertThrows(MPIException.class, receive::Start);
            assertEquals(MPIException.ERR_REQUEST, twice.getErrorClass());
            world.Send(new int[] {5}, 0, 1, MPI.INT, 0, 1);
            receive.Wait();
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @MethodSource("sizes")
    void shouldCompleteWaitanyAndWaitsomeWithMixedCompletions(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            int[] first = new int[1];
            int[] never = new int[1];
            int[] second = new int[1];
            Request[] requests = {
                world.Irecv(first, 0, 1, MPI.INT, rank, 1),
                world.Irecv(never, 0, 1, MPI.INT, rank, 99),
                MPI.REQUEST_NULL,
                world.Irecv(second, 0, 1, MPI.INT, rank, 2),
            };
            assertNull(Request.Testany(requests));
            assertNull(Request.Testall(requests));
            assertEquals(0, Request.Testsome(requests).length);
            world.Send(new int[] {2}, 0, 1, MPI.INT, rank, 2);
            Status any = Request.Waitany(requests);
            assertEquals(3, any.index);
            assertEquals(2, second[0]);
            assertTrue(requests[3].Is_null());
            world.Send(new int[] {1}, 0, 1, MPI.INT, rank, 1);
            Status[] some = Request.Waitsome(requests);
            assertEquals(1, some.length);
            assertEquals(0, some[0].index);
            assertEquals(1, first[0]);
            requests[1].Cancel();
            Status cancelled = requests[1].Wait();
            assertTrue(cancelled.Test_cancelled());
            Status none = Request.Waitany(requests);
            assertEquals(MPI.UNDEFINED, none.index);
            assertEquals(0, Request.Waitsome(requests).length);
            assertNotNull(Request.Testall(requests));
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @MethodSource("sizes")
    void shouldLeaveACancelledReceiveUnmatched(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            int[] cancelledBuffer = {-1};
            Request receive = world.Irecv(cancelledBuffer, 0, 1, MPI.INT, MPI.ANY_SOURCE, 3);
            receive.Cancel();
            Status status = receive.Wait();
            assertTrue(status.Test_cancelled());
            world.Send(new int[] {rank}, 0, 1, MPI.INT, rank, 3);
            int[] in = new int[1];
            world.Recv(in, 0, 1, MPI.INT, MPI.ANY_SOURCE, 3);
            assertArrayEquals(new int[] {rank}, in);
            assertEquals(-1, cancelledBuffer[0]);
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @MethodSource("sizes")
    void shouldTestUntilComplete(int size) {
        Ranks.run(size, world -> {
            int rank = world.Rank();
            int n = world.Size();
            float[] in = new float[1];
            Request receive = world.Irecv(in, 0, 1, MPI.FLOAT, (rank + n - 1) % n, 8);
            world.Isend(new float[] {rank + 0.5f}, 0, 1, MPI.FLOAT, (rank + 1) % n, 8).Wait();
            Status status;
            while ((status = receive.Test()) == null) {
                Thread.onSpinWait();
            }
            assertEquals((rank + n - 1) % n + 0.5f, in[0]);
            assertEquals((rank + n - 1) % n, status.source);
            assertTrue(receive.Is_null());
            assertNotNull(receive.Test());
        });
    }
}
