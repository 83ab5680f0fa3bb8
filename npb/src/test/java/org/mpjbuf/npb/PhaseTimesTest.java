package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpjbuf.mpj.runtime.Job;

/**
 * {@link PhaseTimes}: the time between two marks goes to the phase that ends, the warm-up's
 * times are dropped by a reset, and the printed time of a phase is the slowest rank's; CG, FT, IS
 * and MG print their phases when asked to, and verify either way.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PhaseTimesTest {
    private static final Pattern LINE = Pattern.compile("^   (.+?) +([0-9.]+)$", Pattern.MULTILINE);

    private static String printed(int ranks, List<String> names, PhaseWork work) {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8);
        Job.of(ranks).runTasks(world -> {
            PhaseTimes times = new PhaseTimes(names);
            work.run(world.Rank(), times);
            times.print(world, out);
        }).orThrow();
        return output.toString(StandardCharsets.UTF_8);
    }

    /** What a rank does with its timers before they are printed. */
    private interface PhaseWork {
        void run(int rank, PhaseTimes times) throws Exception;
    }

    private static double seconds(String printed, String phase) {
        Matcher line = LINE.matcher(printed);
        while (line.find()) {
            if (line.group(1).equals(phase)) {
                return Double.parseDouble(line.group(2));
            }
        }
        throw new AssertionError("no line for " + phase + " in\n" + printed);
    }

    @Test
    void shouldPrintTheSlowestRanksTimePerPhase() {
        String printed = printed(2, List.of("quick", "slow"), (rank, times) -> {
            times.start();
            times.end(0);
            Thread.sleep(rank == 1 ? 200 : 20);
            times.end(1);
        });

        assertTrue(printed.contains("Phase times in seconds"), printed);
        assertTrue(seconds(printed, "quick") < 0.1, printed);
        assertTrue(seconds(printed, "slow") >= 0.2, printed);
        assertTrue(printed.indexOf("   quick ") < printed.indexOf("   slow "), printed);
    }

    @Test
    void shouldForgetTheTimesBeforeAReset() {
        String printed = printed(1, List.of("phase"), (rank, times) -> {
            times.start();
            Thread.sleep(200);
            times.end(0);
            times.reset();
            times.start();
            times.end(0);
        });

        assertTrue(seconds(printed, "phase") < 0.1, printed);
    }

    @Test
    void shouldAddUpAPhaseOverIterations() {
        String printed = printed(1, List.of("phase"), (rank, times) -> {
            for (int iteration = 0; iteration < 3; iteration++) {
                times.start();
                Thread.sleep(70);
                times.end(0);
            }
        });

        assertTrue(seconds(printed, "phase") >= 0.21, printed);
    }

    @Test
    void shouldRefuseAKernelWithoutPhases() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new PhaseTimes(List.of()));
        assertTrue(refused.getMessage().contains("at least one phase"), refused.getMessage());
    }

    @Test
    void shouldReadTheSettingAsEveryTunableIsAndRefuseAnythingButTrueOrFalse() {
        String before = System.getProperty(PhaseTimes.PROPERTY);
        try {
            System.clearProperty(PhaseTimes.PROPERTY);
            assertFalse(PhaseTimes.requested(), "off unless asked");
            System.setProperty(PhaseTimes.PROPERTY, " TRUE ");
            assertTrue(PhaseTimes.requested());
            System.setProperty(PhaseTimes.PROPERTY, "yes");
            BenchmarkUsageException refused = assertThrows(BenchmarkUsageException.class, PhaseTimes::requested);
            assertTrue(refused.getMessage().contains("npb.timers") && refused.getMessage().contains("'yes'"),
                    refused.getMessage());
        } finally {
            if (before == null) {
                System.clearProperty(PhaseTimes.PROPERTY);
            } else {
                System.setProperty(PhaseTimes.PROPERTY, before);
            }
        }
    }

    static Stream<Arguments> kernelsWithPhases() {
        return Stream.of(
                Arguments.of("IS", (Supplier<Benchmark>) IS::new, List.of("bucket counts",
                        "bucket totals (Allreduce, Alltoall)", "scatter into groups", "key exchange (Alltoallv)",
                        "population counts and ranks")),
                Arguments.of("CG", (Supplier<Benchmark>) CG::new, List.of("sparse product",
                        "row sums (exchange)", "dot product sums (exchange)", "vector updates and dots")),
                Arguments.of("FT", (Supplier<Benchmark>) FT::new, List.of("initial conditions", "FFTs",
                        "transposes (copies, Alltoallv)", "time steps", "checksums (Reduce)")),
                Arguments.of("MG", (Supplier<Benchmark>) MG::new, MgOperators.PHASES));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kernelsWithPhases")
    void shouldHaveAKernelPrintItsPhasesOnlyWhenAsked(String name, Supplier<Benchmark> kernel, List<String> phases) {
        for (boolean asked : new boolean[] {true, false}) {
            ByteArrayOutputStream output = new ByteArrayOutputStream();
            PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8);
            Job.of(2).runTasks(world -> BenchmarkDriver.execute(kernel.get(), world, ProblemClass.S, out, asked))
                    .orThrow();
            String printed = output.toString(StandardCharsets.UTF_8);

            assertTrue(printed.contains("Verification    =               SUCCESSFUL"), printed);
            assertEquals(asked, printed.contains("Phase times in seconds"), printed);
            if (asked) {
                double total = 0;
                for (String phase : phases) {
                    total += seconds(printed, phase);
                }
                assertTrue(total > 0, printed);
            } else {
                assertFalse(printed.contains(phases.get(0) + " "), printed);
            }
        }
    }
}
