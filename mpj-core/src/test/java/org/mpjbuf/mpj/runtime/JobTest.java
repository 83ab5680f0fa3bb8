package org.mpjbuf.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpjbuf.mpj.testprograms.ArgumentsProgram;
import org.mpjbuf.mpj.testprograms.FailingProgram;
import org.mpjbuf.mpj.testprograms.StaticsProgram;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JobTest {

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 4, 8})
    void shouldGiveEveryRankItsOwnStatics(int size) {
        JobResult result = Job.of(size).runMain(StaticsProgram.class, "a", "b").orThrow();
        assertEquals(size, result.outcomes().size());
        assertEquals(0, result.exitStatus());
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 4, 8})
    void shouldStartMainClassesThatAreNotPublicWhenJavaWould(int size) {
        List<Path> classPath = List.of(Path.of("target", "test-classes"));
        for (String program : List.of("PackagePrivateClassProgram", "PackagePrivateMainProgram",
            "InstanceMainProgram")) {
            Job.of(size).runMain("org.mpjbuf.mpj.testprograms." + program, classPath).orThrow();
        }
    }

    @Test
    void shouldRejectAnUnknownMainClassBeforeAnyRankStarts() {
        Path classes = Path.of("target", "test-classes");
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
            () -> Job.of(4).runMain("org.example.Missing", List.of(classes)));
        assertEquals("main class org.example.Missing not found on the class path " + classes.toAbsolutePath(),
            unknown.getMessage());
        IllegalArgumentException noMain = assertThrows(IllegalArgumentException.class,
            () -> Job.of(4).runMain("org.mpjbuf.mpj.testprograms.NoMainProgram", List.of(classes)));
        assertTrue(noMain.getMessage().startsWith("class org.mpjbuf.mpj.testprograms.NoMainProgram has no main"
            + " method"), noMain.getMessage());
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 4, 8})
    void shouldPassMpjExpressLeadingArgumentsWhenAsked(int size) {
        Job.of(size).mpjExpressArgs(true).runMain(ArgumentsProgram.class, "mpjexpress", "x", "-y").orThrow();
        Job.of(size).mpjExpressArgs(false).runMain(ArgumentsProgram.class, "plain", "x", "-y").orThrow();
    }

    @Test
    void shouldStopTheJobWhenARankThrows() {
        JobResult result = Job.of(4).runMain(FailingProgram.class, "throw");
        assertFalse(result.succeeded());
        assertEquals(1, result.exitStatus());
        RankOutcome cause = result.firstFailure();
        assertEquals(1, cause.rank());
        assertEquals(RankOutcome.State.FAILED, cause.state());
        assertInstanceOf(IllegalStateException.class, cause.failure());
        assertEquals(RankOutcome.State.STOPPED, result.outcomes().get(0).state());
        JobFailedException thrown = assertThrows(JobFailedException.class, result::orThrow);
        assertTrue(thrown.getMessage().contains("rank 1 failed"), thrown.getMessage());
    }

    @Test
    void shouldEndWithTheAbortCode() {
        JobResult result = Job.of(3).runMain(FailingProgram.class, "abort");
        assertEquals(3, result.exitStatus());
        assertEquals(RankOutcome.State.ABORTED, result.firstFailure().state());
        assertEquals(1, result.firstFailure().rank());
    }

    @Test
    void shouldAbortAtOnceUnderErrorsAreFatal() {
        JobResult result = Job.of(2).runMain(FailingProgram.class, "fatal");
        RankOutcome cause = result.firstFailure();
        assertEquals(RankOutcome.State.ABORTED, cause.state());
        assertTrue(cause.failure().getMessage().contains("MPI_ERR_RANK"), cause.failure().getMessage());
        assertTrue(result.exitStatus() != 0);
    }

    @Test
    void shouldPrefixOutputLinesWithTheRank() {
        PrintStream saved = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            Job.of(2).rankPrefix(true).runTasks(world -> {
                System.out.println("hello");
                System.out.print("no newline");
            }).orThrow();
        } finally {
            System.setOut(saved);
        }
        String output = captured.toString(StandardCharsets.UTF_8);
        assertTrue(output.contains("[0] hello\n") && output.contains("[1] hello\n"), output);
        assertTrue(output.contains("[0] no newline\n") && output.contains("[1] no newline\n"), output);
    }

    @Test
    void shouldRejectBadJobs() {
        assertThrows(IllegalArgumentException.class, () -> Job.of(0));
        IllegalArgumentException device = assertThrows(IllegalArgumentException.class,
            () -> Job.of(2).device("nodev"));
        assertTrue(device.getMessage().contains("nodev"));
    }

    @Test
    void shouldRejectANonPositiveParkBound() {
        RankEnvironment environment = RankEnvironment.standalone();
        try {
            IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> environment.park(this, 0));
            assertTrue(bad.getMessage().contains("stopCheckNanos = 0"), bad.getMessage());
        } finally {
            RankEnvironment.unbind();
        }
    }

    @Test
    void shouldShareLowerLayersAndIsolateMpi() {
        assertTrue(RankClassLoader.isShared("org.mpjbuf.dev.Device"));
        assertTrue(RankClassLoader.isShared("org.mpjbuf.Buffer"));
        assertTrue(RankClassLoader.isShared("org.mpjbuf.mpj.runtime.RankEnvironment"));
        assertFalse(RankClassLoader.isShared("mpi.MPI"));
        assertFalse(RankClassLoader.isShared("org.mpjbuf.mpj.datatype.BasicTypes"));
        assertFalse(RankClassLoader.isShared("com.example.Main"));
    }
}
