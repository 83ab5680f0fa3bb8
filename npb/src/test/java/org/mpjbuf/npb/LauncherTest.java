package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.mpj.runtime.Job;
import org.mpjbuf.mpj.runtime.JobResult;
import org.mpjbuf.mpj.runtime.RankOutcome;

/** The kernels run as programs: through {@code main}, with argument and process count checks. */
class LauncherTest {

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldRunAKernelThroughItsMainOnSeparateRanks() {
        JobResult result = Job.of(2).runMain(IS.class, "-class", "S");

        assertTrue(result.succeeded(), result::toString);
        assertEquals(0, result.exitStatus());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldFailTheJobWhenAnArgumentIsWrong() {
        JobResult result = Job.of(1).runMain(EP.class, "CLASS=Q");

        assertFalse(result.succeeded());
        assertEquals(1, result.exitStatus());
        Throwable failure = rootCause(result.firstFailure());
        // the rank loaded the kernel's classes with a class loader of its own, so compare by name
        assertEquals(BenchmarkUsageException.class.getName(), failure.getClass().getName());
        assertEquals(0, failure.getStackTrace().length, "a usage error carries no stack frames");
        assertTrue(failure.getMessage().contains("'Q'"), failure.getMessage());
        assertTrue(failure.getMessage().contains("[S, W, A, B, C]"), failure.getMessage());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldRejectAProcessCountThatIsNotAPowerOfTwo() {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8);
        JobResult result = Job.of(3).runTasks(world -> BenchmarkDriver.execute(new CG(), world, ProblemClass.S, out));

        assertFalse(result.succeeded());
        Throwable failure = rootCause(result.firstFailure());
        assertInstanceOf(BenchmarkUsageException.class, failure);
        assertTrue(failure.getMessage().contains("cannot run on 3 processes"), failure.getMessage());
        assertTrue(failure.getMessage().contains("(1, 2, 4, 8, 16, 32, 64)"), failure.getMessage());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldRejectMoreProcessesThanTheDistributionSupports() {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8);
        JobResult result = Job.of(128).runTasks(world -> BenchmarkDriver.execute(new CG(), world, ProblemClass.S, out));

        Throwable failure = rootCause(result.firstFailure());
        assertInstanceOf(IllegalArgumentException.class, failure);
        assertTrue(failure.getMessage().contains("from 1 to 64 (1, 2, 4, 8, 16, 32, 64)"), failure.getMessage());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldRunDtThroughItsMainOnTheGraphNamedAsTheReferenceNamesIt() {
        JobResult result = Job.of(12).runMain(DT.class, "CLASS=S", "SH");

        assertTrue(result.succeeded(), result::toString);
        assertEquals(0, result.exitStatus());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldRejectFewerProcessesThanTheGraphHasNodes() {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8);
        JobResult result = Job.of(4).runTasks(world -> BenchmarkDriver.execute(new DT(DtGraph.Shape.WH), world,
                ProblemClass.S, out));

        Throwable failure = rootCause(result.firstFailure());
        assertInstanceOf(BenchmarkUsageException.class, failure);
        assertEquals("DT_WH class S cannot run on 4 processes: the process count must be at least 5 (5, 6, 7, ...)",
                failure.getMessage());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldRejectAProcessCountThatIsNotASquareForSp() {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8);
        JobResult result = Job.of(2).runTasks(world -> BenchmarkDriver.execute(new SP(), world, ProblemClass.S, out));

        Throwable failure = rootCause(result.firstFailure());
        assertInstanceOf(BenchmarkUsageException.class, failure);
        assertEquals("SP class S cannot run on 2 processes: the process count must be a square from 1 to 16"
                + " (1, 4, 9, 16)", failure.getMessage());
    }

    @Test
    void shouldAllowMgUpToTwoFinestPointsPerRankOnTheMostSplitAxis() {
        assertEquals(4096, new MG().processCounts(ProblemClass.S).max());
        assertEquals(262144, new MG().processCounts(ProblemClass.W).max());
    }

    @Test
    void shouldEndMainWithAnExceptionWhenVerificationFails() {
        BenchmarkReport failed = new BenchmarkReport("CG", ProblemClass.S, "1400", 15, 1, 2, 1.0, 0.5, 0.0, 0.0, 10.0,
                "floating point", false, "smdev", "25");

        VerificationFailedException thrown = assertThrows(VerificationFailedException.class,
                () -> BenchmarkExit.exitWith(failed));
        assertTrue(thrown.getMessage().contains("CG class S on 2 processes: Verification = UNSUCCESSFUL"));
    }

    @Test
    void shouldPrintTheReportInTheReferenceForm() {
        BenchmarkReport report = new BenchmarkReport("MG", ProblemClass.A, "256x256x256", 4, 3, 2, 2.5, 2.0, 0.25, 0.125, 1000.0,
                "floating point", true, "smdev", "25");
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        report.print(new PrintStream(output, true, StandardCharsets.UTF_8));
        String text = output.toString(StandardCharsets.UTF_8);

        assertTrue(text.contains(" MG Benchmark Completed."), text);
        assertTrue(text.contains(" Class           =                        A"), text);
        assertTrue(text.contains(" Warm-up         =             3 iterations"), text);
        assertTrue(text.contains(" Time in seconds =                     2.50"), text);
        assertTrue(text.contains(" CPU seconds     =                     2.00"), text);
        assertTrue(text.contains(" JIT seconds     =                     0.25"), text);
        assertTrue(text.contains(" GC seconds      =                     0.13"), text);
        assertTrue(text.contains(" Mop/s total     =                  1000.00"), text);
        assertTrue(text.contains(" Mop/s/process   =                   500.00"), text);
        assertTrue(text.contains(" Verification    =               SUCCESSFUL"), text);
        assertTrue(text.contains(" Device          =                    smdev"), text);
    }

    private static Throwable rootCause(RankOutcome outcome) {
        Throwable failure = outcome.failure();
        while (failure.getCause() != null && !(failure instanceof IllegalArgumentException)) {
            failure = failure.getCause();
        }
        return failure;
    }
}
