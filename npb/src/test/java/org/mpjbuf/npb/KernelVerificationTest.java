package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpjbuf.mpj.runtime.Job;

/**
 * Every kernel verifies against the NPB reference values on 1, 2 and 4 ranks (DT on each graph's nodes and one
 * more, SP and BT on 1, 4 and 9, LU also on 8, more ranks than cores); MG also on 16 and 32,
 * where its coarse levels are agglomerated, and IS on 16, 64 and 512: there most ranks' buckets
 * start inside one of the groups its scatter fills (class S has 512 buckets, in groups of 32), and
 * at 512 the ranks from about 370 on get no bucket and no key at all.
 */
class KernelVerificationTest {

    static Stream<Arguments> classS() {
        return Stream.of(1, 2, 4).flatMap(ranks -> Stream.<Supplier<Benchmark>>of(
                CG::new, EP::new, FT::new, IS::new, MG::new)
                .map(kernel -> Arguments.of(kernel.get().name(), kernel, ranks, ProblemClass.S)));
    }

    static Stream<Arguments> classW() {
        return Stream.of(1, 2).flatMap(ranks -> Stream.<Supplier<Benchmark>>of(CG::new, IS::new)
                .map(kernel -> Arguments.of(kernel.get().name(), kernel, ranks, ProblemClass.W)));
    }

    @ParameterizedTest(name = "{0} class {3} on {2} ranks")
    @MethodSource("classS")
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void shouldVerifyClassS(String name, Supplier<Benchmark> kernel, int ranks, ProblemClass problemClass) {
        assertVerifies(name, kernel, ranks, problemClass);
    }

    @ParameterizedTest(name = "{0} class {3} on {2} ranks")
    @MethodSource("classW")
    @Tag("slow")
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void shouldVerifyClassWOfTheQuickKernels(String name, Supplier<Benchmark> kernel, int ranks,
            ProblemClass problemClass) {
        assertVerifies(name, kernel, ranks, problemClass);
    }

    @ParameterizedTest(name = "MG class S on {0} ranks")
    @ValueSource(ints = {16, 32})
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void shouldVerifyMgWithAgglomeratedCoarseLevels(int ranks) {
        assertVerifies("MG", MG::new, ranks, ProblemClass.S);
    }

    @ParameterizedTest(name = "IS class S on {0} ranks")
    @ValueSource(ints = {16, 64, 512})
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void shouldVerifyIsWhereRanksStartInsideScatterGroupsOrGetNoKeys(int ranks) {
        assertVerifies("IS", IS::new, ranks, ProblemClass.S);
    }

    static Stream<Arguments> dtGraphs() {
        return Stream.of(DtGraph.Shape.values()).flatMap(shape -> {
            int nodes = new DT(shape).processCounts(ProblemClass.S).min();
            return Stream.of(Arguments.of(shape, nodes), Arguments.of(shape, nodes + 1));
        });
    }

    @ParameterizedTest(name = "DT_{0} class S on {1} ranks")
    @MethodSource("dtGraphs")
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldVerifyDtOnOneRankPerNodeAndWithAnIdleRank(DtGraph.Shape shape, int ranks) {
        assertVerifies("DT_" + shape, () -> new DT(shape), ranks, ProblemClass.S);
    }

    @ParameterizedTest(name = "SP class S on {0} ranks")
    @ValueSource(ints = {1, 4, 9})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldVerifySpOnTheSquareProcessCounts(int ranks) {
        assertVerifies("SP", SP::new, ranks, ProblemClass.S);
    }

    @ParameterizedTest(name = "BT class S on {0} ranks")
    @ValueSource(ints = {1, 4, 9})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldVerifyBtOnTheSquareProcessCounts(int ranks) {
        assertVerifies("BT", BT::new, ranks, ProblemClass.S);
    }

    @ParameterizedTest(name = "LU class S on {0} ranks")
    @ValueSource(ints = {1, 2, 4, 8})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldVerifyLuOnThePowersOfTwo(int ranks) {
        assertVerifies("LU", LU::new, ranks, ProblemClass.S);
    }

    private static void assertVerifies(String name, Supplier<Benchmark> kernel, int ranks,
            ProblemClass problemClass) {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8);
        List<BenchmarkReport> reports = new CopyOnWriteArrayList<>();
        Job.of(ranks).runTasks(world -> reports.add(
                BenchmarkDriver.execute(kernel.get(), world, problemClass, out))).orThrow();

        assertEquals(ranks, reports.size());
        for (BenchmarkReport report : reports) {
            assertTrue(report.verified(), () -> name + " did not verify:\n" + output);
            assertEquals(ranks, report.processes());
            assertTrue(report.mopsTotal() > 0, () -> "no Mop/s in\n" + output);
        }
        String text = output.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains(" " + name + " Benchmark Completed."), text);
        assertTrue(text.contains("Verification    =               SUCCESSFUL"), text);
    }
}
