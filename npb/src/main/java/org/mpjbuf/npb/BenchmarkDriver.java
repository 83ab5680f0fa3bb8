package org.mpjbuf.npb;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.function.Function;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Runs a {@link Benchmark} on every rank: checks the process count, prints the
 * banner and the progress lines at rank 0, reduces the time and the
 * verification result, and prints the report.
 *
 * <p>Stateless and thread-safe; every rank calls it from its own thread.
 */
public final class BenchmarkDriver {
    private BenchmarkDriver() {
    }

    /**
     * The body of every kernel's {@code main}: {@code MPI.Init}, the run on
     * {@code MPI.COMM_WORLD}, {@code MPI.Finalize}.
     *
     * @param benchmark the kernel
     * @param args the command line
     * @return the report, the same on every rank
     * @throws MPIException if communication fails
     * @throws BenchmarkUsageException if the arguments or the process count
     *         are not allowed
     */
    static BenchmarkReport main(Benchmark benchmark, String[] args) throws MPIException {
        return main(null, variant -> benchmark, args);
    }

    /**
     * The body of the {@code main} of a kernel with a variant (DT's graph):
     * {@code MPI.Init}, the run of the variant the arguments name on
     * {@code MPI.COMM_WORLD}, {@code MPI.Finalize}.
     *
     * @param variant the kernel's variant, or {@code null} if it has none
     * @param benchmarkOfVariant makes the kernel for the variant's value
     *        ({@code null} without a variant)
     * @param args the command line
     * @return the report, the same on every rank
     * @throws MPIException if communication fails
     * @throws BenchmarkUsageException if the arguments or the process count
     *         are not allowed
     */
    static BenchmarkReport main(BenchmarkVariant variant, Function<String, Benchmark> benchmarkOfVariant,
            String[] args) throws MPIException {
        String[] rest = MPI.Init(args);
        BenchmarkArguments arguments = BenchmarkArguments.parse(variant, rest);
        Benchmark benchmark = benchmarkOfVariant.apply(arguments.variant());
        BenchmarkReport report = execute(benchmark, MPI.COMM_WORLD, arguments.problemClass(), System.out);
        MPI.Finalize();
        return report;
    }

    /**
     * Runs a kernel on every rank of {@code comm}; each rank calls this. The
     * kernel's phase times are printed when the system property
     * {@value PhaseTimes#PROPERTY} is {@code true}.
     *
     * @param benchmark the kernel
     * @param comm the communicator
     * @param problemClass the class
     * @param out where rank 0 prints the banner, the progress and the report
     * @return the report, the same on every rank
     * @throws MPIException if communication fails
     * @throws BenchmarkUsageException if the kernel does not support the
     *         class, or the communicator's size is not one of the kernel's
     *         {@link Benchmark#processCounts} for the class
     */
    public static BenchmarkReport execute(Benchmark benchmark, Intracomm comm, ProblemClass problemClass,
            PrintStream out) throws MPIException {
        return execute(benchmark, comm, problemClass, out, PhaseTimes.requested());
    }

    /**
     * Runs a kernel on every rank of {@code comm}; each rank calls this, all
     * with the same {@code printPhases}.
     *
     * @param benchmark the kernel
     * @param comm the communicator
     * @param problemClass the class
     * @param out where rank 0 prints the banner, the progress and the report
     * @param printPhases whether to print, before the report, where the timed
     *        part went phase by phase (for kernels with phase timers)
     * @return the report, the same on every rank
     * @throws MPIException if communication fails
     * @throws BenchmarkUsageException if the kernel does not support the
     *         class, or the communicator's size is not one of the kernel's
     *         {@link Benchmark#processCounts} for the class
     */
    static BenchmarkReport execute(Benchmark benchmark, Intracomm comm, ProblemClass problemClass,
            PrintStream out, boolean printPhases) throws MPIException {
        int processes = comm.Size();
        checkProcessCount(benchmark, problemClass, processes);
        PrintStream progress = comm.Rank() == 0 ? out : new PrintStream(OutputStream.nullOutputStream());
        String size = benchmark.size(problemClass);
        int iterations = benchmark.iterations(problemClass);
        BenchmarkReport.printHeader(progress, benchmark.name(), size, iterations, processes);

        Benchmark.Outcome outcome = benchmark.run(comm, problemClass, progress);
        if (printPhases && outcome.phases() != null) {
            outcome.phases().print(comm, progress);
        }

        Timing timing = outcome.timing();
        double[] seconds = {timing.seconds(), timing.cpuSeconds(), timing.compileSeconds(), timing.collectSeconds()};
        double[] maxSeconds = new double[seconds.length];
        comm.Allreduce(seconds, 0, maxSeconds, 0, seconds.length, MPI.DOUBLE, MPI.MAX);
        int[] verified = {outcome.verified() ? 1 : 0};
        comm.Bcast(verified, 0, 1, MPI.INT, 0);
        double mops = maxSeconds[0] > 0 ? outcome.megaOperations() / maxSeconds[0] : 0.0;
        BenchmarkReport report = new BenchmarkReport(benchmark.name(), problemClass, size, iterations,
                outcome.warmupIterations(), processes, maxSeconds[0], maxSeconds[1], maxSeconds[2], maxSeconds[3],
                mops, outcome.operationType(), verified[0] == 1, RunEnvironment.deviceName(),
                RunEnvironment.jdkVersion());
        report.print(progress);
        return report;
    }

    private static void checkProcessCount(Benchmark benchmark, ProblemClass problemClass, int processes) {
        ProcessCounts allowed = benchmark.processCounts(problemClass);
        if (!allowed.allows(processes)) {
            throw new BenchmarkUsageException(benchmark.name() + " class " + problemClass
                    + " cannot run on " + processes + " processes: " + allowed.describe());
        }
    }
}
