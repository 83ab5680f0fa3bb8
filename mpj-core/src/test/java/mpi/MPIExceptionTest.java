package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class MPIExceptionTest {

    @Test
    void shouldCarryTheErrorClassAndNameItInTheMessage() {
        MPIException failure = new MPIException(MPIException.ERR_TRUNCATE, "too long");
        assertEquals(MPIException.ERR_TRUNCATE, failure.getErrorClass());
        assertEquals("too long", failure.getMessage());
        assertEquals("mpi.MPIException: MPI_ERR_TRUNCATE: too long", failure.toString());
    }

    @Test
    void shouldDefaultToErrOtherForTheMpiJavaConstructors() {
        assertEquals(MPIException.ERR_OTHER, new MPIException().getErrorClass());
        assertEquals(MPIException.ERR_OTHER, new MPIException("x").getErrorClass());
        IllegalStateException cause = new IllegalStateException("boom");
        MPIException wrapped = new MPIException(cause);
        assertSame(cause, wrapped.getCause());
        assertEquals(MPIException.ERR_OTHER, wrapped.getErrorClass());
    }

    @Test
    void shouldRejectUnknownErrorClasses() {
        assertThrows(IllegalArgumentException.class, () -> new MPIException(99, "x"));
        assertEquals("MPI_ERR_99", MPIException.errorClassName(99));
        assertEquals("MPI_ERR_OP", MPIException.errorClassName(MPIException.ERR_OP));
    }
}
