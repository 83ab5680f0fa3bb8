package org.mpjbuf.mpj.runtime;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

import mpi.Intracomm;

/**
 * Starts and finishes MPI for a rank of {@link Job#runTasks}, whose ranks share the {@code mpi}
 * classes with each other: each rank's state is bound to its thread instead of {@code MPI}'s
 * statics. The entry points are package-private in {@code mpi} (they are not API), reached once
 * per rank through method handles.
 *
 * <p>Thread-safe: stateless apart from the immutable handles.
 */
final class TaskRanks {

    private static final MethodHandle START;
    private static final MethodHandle FINISH;

    static {
        try {
            Class<?> rankState = Class.forName("mpi.RankState", true, TaskRanks.class.getClassLoader());
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(rankState, MethodHandles.lookup());
            START = lookup.findStatic(rankState, "startTask", MethodType.methodType(Intracomm.class));
            FINISH = lookup.findStatic(rankState, "finishTask", MethodType.methodType(void.class));
        } catch (ReflectiveOperationException missing) {
            throw new ExceptionInInitializerError(missing);
        }
    }

    private TaskRanks() {
    }

    /** Initializes MPI for the calling rank thread and returns its world communicator. */
    static Intracomm start() throws Exception {
        try {
            return (Intracomm) START.invokeExact();
        } catch (Exception | Error failure) {
            throw failure;
        } catch (Throwable other) {
            throw new IllegalStateException(other);
        }
    }

    /** Finalizes MPI for the calling rank thread. */
    static void finish() throws Exception {
        try {
            FINISH.invokeExact();
        } catch (Exception | Error failure) {
            throw failure;
        } catch (Throwable other) {
            throw new IllegalStateException(other);
        }
    }
}
