package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ErrorsTest {

    private static void assertError(int errorClass, String fragment, Executable call) {
        MPIException error = assertThrows(MPIException.class, call);
        assertEquals(errorClass, error.getErrorClass(), error.getMessage());
        assertTrue(error.getMessage().contains(fragment), error.getMessage());
    }

    @Test
    void shouldNameTheBadArgument() {
        Ranks.run(2, world -> {
            int[] buf = new int[4];
            assertError(MPIException.ERR_RANK, "dest = 2", () -> world.Send(buf, 0, 1, MPI.INT, 2, 0));
            assertError(MPIException.ERR_RANK, "source = -5", () -> world.Recv(buf, 0, 1, MPI.INT, -5, 0));
            assertError(MPIException.ERR_TAG, "tag = -4", () -> world.Send(buf, 0, 1, MPI.INT, 0, -4));
            assertError(MPIException.ERR_COUNT, "count", () -> world.Send(buf, 0, -1, MPI.INT, 0, 0));
            assertError(MPIException.ERR_BUFFER, "buf", () -> world.Send(buf, 3, 2, MPI.INT, 0, 0));
            assertError(MPIException.ERR_BUFFER, "buf", () -> world.Send(new double[1], 0, 1, MPI.INT, 0, 0));
            Datatype uncommitted = Datatype.Vector(2, 1, 2, MPI.INT);
            assertError(MPIException.ERR_TYPE, "", () -> world.Send(buf, 0, 1, uncommitted, 0, 0));
        });
    }

    @Test
    void shouldReportTruncationWithBothSizes() {
        Ranks.run(2, world -> {
            int rank = world.Rank();
            if (rank == 0) {
                world.Send(new long[10], 0, 10, MPI.LONG, 1, 0);
                world.Send(new long[] {7}, 0, 1, MPI.LONG, 1, 1);
            } else {
                long[] small = new long[4];
                MPIException truncated = assertThrows(MPIException.class,
                    () -> world.Recv(small, 0, 4, MPI.LONG, 0, 0));
                assertEquals(MPIException.ERR_TRUNCATE, truncated.getErrorClass());
                assertTrue(truncated.getMessage().contains("10") && truncated.getMessage().contains("4"),
                    truncated.getMessage());
                world.Recv(small, 0, 1, MPI.LONG, 0, 1);
                assertEquals(7, small[0]);
            }
        });
    }

    @Test
    void shouldReportATypeMismatchNamingBothTypesWhateverTheSize() {
        Ranks.run(2, world -> {
            int large = 1 << 20; // 4 MiB of ints: beyond every device's eager limit
            if (world.Rank() == 0) {
                world.Send(new int[] {1, 2}, 0, 2, MPI.INT, 1, 0);
                Request largeSend = world.Isend(new int[large], 0, large, MPI.INT, 1, 1);
                world.Send(new int[] {7}, 0, 1, MPI.INT, 1, 2);
                largeSend.Wait();
            } else {
                assertError(MPIException.ERR_TYPE, "INT", () -> world.Recv(new float[2], 0, 2, MPI.FLOAT, 0, 0));
                MPIException mismatch = assertThrows(MPIException.class,
                    () -> world.Irecv(new float[large], 0, large, MPI.FLOAT, 0, 1).Wait());
                assertEquals(MPIException.ERR_TYPE, mismatch.getErrorClass(), mismatch.getMessage());
                assertTrue(mismatch.getMessage().contains("INT") && mismatch.getMessage().contains("FLOAT"),
                    mismatch.getMessage());
                int[] one = new int[1];
                world.Recv(one, 0, 1, MPI.INT, 0, 2);
                assertEquals(7, one[0], "the device goes on after a mismatch");
            }
        });
    }

    @Test
    void shouldRejectUseBeforeInit() {
        assertError(MPIException.ERR_OTHER, "before MPI.Init", () -> MPI.Buffer_attach(new byte[1]));
        assertError(MPIException.ERR_OTHER, "before MPI.Init", MPI::queryThread);
    }

    @Test
    void shouldProvideThreadMultiple() {
        Ranks.run(1, world -> {
            assertEquals(MPI.THREAD_MULTIPLE, MPI.queryThread());
            assertTrue(MPI.isMainThread());
            assertTrue(MPI.Initialized());
            assertEquals(MPI.ERRORS_RETURN, MPI.Errorhandler_get());
            assertTrue(MPI.Wtick() > 0 && MPI.Wtime() > 0);
            assertTrue(!MPI.Get_processor_name().isEmpty());
        });
    }
}
