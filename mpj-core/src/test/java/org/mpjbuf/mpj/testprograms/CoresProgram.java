package org.mpjbuf.mpj.testprograms;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import mpi.MPI;
import mpi.MPIException;

/**
 * Says which cores each rank's main thread, and its process, may run on after {@code MPI.Init}:
 * the {@code Cpus_allowed_list} lines of Linux's {@code /proc/thread-self/status} and
 * {@code /proc/self/status}, for the tests of rank binding.
 */
public final class CoresProgram {

    private CoresProgram() {
    }

    /**
     * Runs the program.
     *
     * @param args {@code threads} to start with {@code MPI.initThread} asking for
     *             {@code THREAD_MULTIPLE}, else {@code MPI.Init}
     * @throws MPIException when MPI fails
     * @throws IOException when {@code /proc} cannot be read
     */
    public static void main(String[] args) throws MPIException, IOException {
        if (args.length > 0 && args[0].equals("threads")) {
            MPI.initThread(MPI.THREAD_MULTIPLE, MPI.THREAD_MULTIPLE, args);
        } else {
            MPI.Init(args);
        }
        int rank = MPI.COMM_WORLD.Rank();
        System.out.println("rank " + rank + " thread cores " + allowedCores("thread-self") + " process cores "
            + allowedCores("self"));
        MPI.COMM_WORLD.Barrier();
        MPI.Finalize();
    }

    private static String allowedCores(String task) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", task, "status"))) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return line.substring("Cpus_allowed_list:".length()).strip();
            }
        }
        return "?";
    }
}
