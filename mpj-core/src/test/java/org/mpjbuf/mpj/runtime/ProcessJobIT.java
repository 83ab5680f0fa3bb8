package org.mpjbuf.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.mpjbuf.mpj.runtime.MpjrunProcess.mpjrun;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code bin/mpjrun -dev niodev} (and {@code -dev ibvdev}, over its software verbs device, where it
 * differs): ranks as processes of this host. A rank's failure, abort or
 * death ends the job with an error naming it, the survivors' waits fail naming the dead rank, and
 * ending {@code mpjrun} ends every rank. More ranks than the 2 cores.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ProcessJobIT {

    private static final Pattern READY = Pattern.compile("rank (\\d+) pid (\\d+) ready");
    private static final Pattern CORES = Pattern.compile("rank (\\d+) thread cores (\\S+) process cores (\\S+)");

    @Test
    void shouldGreetFromEveryProcess() throws Exception {
        MpjrunProcess.Run run = mpjrun("-np", "5", "-dev", "niodev", "-prefix", "org.mpjbuf.mpj.examples.HelloWorld");
        assertEquals(0, run.status(), run.output());
        for (int rank = 0; rank < 5; rank++) {
            assertTrue(run.output().contains("[" + rank + "] Hello from rank " + rank + " of 5"), run.output());
        }
    }

    @ParameterizedTest(name = "point-to-point, a derived datatype and collectives on {1} processes of {0}")
    @CsvSource({"niodev, 2", "niodev, 4", "ibvdev, 2", "ibvdev, 4"})
    void shouldRunTheLauncherTestProgram(String device, int ranks) throws Exception {
        MpjrunProcess.Run run = MpjrunProcess.mpjrun(environment(device), "-np", Integer.toString(ranks), "-dev", device,
            "-cp", "target/test-classes", "org.mpjbuf.mpj.testprograms.LaunchedProgram");
        assertEquals(0, run.status(), run.output());
        for (int rank = 0; rank < ranks; rank++) {
            assertTrue(run.output().contains("rank " + rank + " of " + ranks + " OK"), run.output());
        }
    }

    @Test
    void shouldReportAFailingRankAndAnAbortWithTheirStatus() throws Exception {
        MpjrunProcess.Run thrown = mpjrun("-np", "3", "-dev", "niodev", "-cp", "target/test-classes",
            "org.mpjbuf.mpj.testprograms.FailingProgram", "throw");
        assertEquals(1, thrown.status(), thrown.output());
        assertTrue(thrown.output().contains("mpjrun: rank 1 failed: java.lang.IllegalStateException: rank one gives up"),
            thrown.output());
        MpjrunProcess.Run aborted = mpjrun("-np", "2", "-dev", "niodev", "-cp", "target/test-classes",
            "org.mpjbuf.mpj.testprograms.FailingProgram", "abort");
        assertEquals(3, aborted.status(), aborted.output());
        assertTrue(aborted.output().contains("mpjrun: rank 1 aborted with code 3"), aborted.output());
    }

    @Test
    void shouldRunEachRanksMainInAThreadOfItsOwnOnEveryDevice() throws Exception {
        for (String device : List.of("smdev", "niodev")) {
            MpjrunProcess.Run run = mpjrun("-np", "2", "-dev", device, "-cp", "target/test-classes",
                "org.mpjbuf.mpj.testprograms.RankThreadProgram");
            assertEquals(0, run.status(), run.output());
            for (int rank = 0; rank < 2; rank++) {
                assertTrue(run.output().contains("rank " + rank + " runs main in thread mpj-rank-" + rank),
                    device + ": " + run.output());
            }
        }
    }

    @Test
    void shouldSayOnceThatTheMainClassCannotRunBeforeAnyProcessStarts() throws Exception {
        MpjrunProcess.Run run = mpjrun("-np", "4", "-dev", "niodev", "org.example.Missing");
        assertEquals(1, run.status(), run.output());
        assertEquals(1, run.output().lines().count(), run.output());
        assertTrue(run.output().startsWith("mpjrun: main class org.example.Missing not found"), run.output());
    }

    @ParameterizedTest(name = "{0}: rank {2} killed while {1}")
    @CsvSource({"niodev, idle, 2", "niodev, send, 1", "niodev, send, 0", "niodev, collective, 3",
        "ibvdev, send, 1", "ibvdev, collective, 3"})
    void shouldEndEveryRankWithAnErrorNamingARankThatWasKilled(String device, String mode, int victim)
        throws Exception {
        Process job = MpjrunProcess.start(environment(device), "-np", "4", "-dev", device, "-cp", "target/test-classes",
            "org.mpjbuf.mpj.testprograms.WaitingProgram", mode);
        BufferedReader lines = reader(job);
        StringBuilder output = new StringBuilder();
        long[] pids = awaitReady(lines, 4, output);
        ProcessHandle.of(pids[victim]).ifPresent(ProcessHandle::destroyForcibly);
        long killed = System.nanoTime();
        lines.lines().forEach(line -> output.append(line).append('\n'));
        assertTrue(job.waitFor(20, TimeUnit.SECONDS), "mpjrun did not end after rank " + victim + " was killed");
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed);
        assertTrue(seconds <= 10, "the job took " + seconds + " s to end\n" + output);
        assertNotEquals(0, job.exitValue(), output.toString());
        assertTrue(output.toString().contains("mpjrun: rank " + victim + " was killed by signal 9"), output.toString());
        for (long pid : pids) {
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "rank pid " + pid + " lives on");
        }
    }

    @Test
    void shouldEndEveryRankWhenMpjrunIsTerminated() throws Exception {
        Process job = MpjrunProcess.start(Map.of(), "-np", "3", "-dev", "niodev", "-cp", "target/test-classes",
            "org.mpjbuf.mpj.testprograms.WaitingProgram", "collective");
        BufferedReader lines = reader(job);
        long[] pids = awaitReady(lines, 3, new StringBuilder());
        job.destroy();
        assertTrue(job.waitFor(20, TimeUnit.SECONDS), "mpjrun did not end on SIGTERM");
        for (long pid : pids) {
            ProcessHandle.of(pid).ifPresent(rank -> rank.onExit().orTimeout(10, TimeUnit.SECONDS).join());
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "rank pid " + pid + " lives on");
        }
    }

    @Test
    void shouldBindEachRankOfAHostThatHasACoreForEachToACoreOfItsOwn() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/status")), "needs Linux's /proc/thread-self");
        int cores = Runtime.getRuntime().availableProcessors();
        assumeTrue(cores >= 2, "needs two cores, has " + cores);
        MpjrunProcess.Run bound = mpjrun("-np", "2", "-dev", "niodev", "-cp", "target/test-classes",
            "org.mpjbuf.mpj.testprograms.CoresProgram");
        assertEquals(0, bound.status(), bound.output());
        String[] threadCores = new String[2];
        Matcher line = CORES.matcher(bound.output());
        while (line.find()) {
            threadCores[Integer.parseInt(line.group(1))] = line.group(2);
            assertNotEquals(line.group(2), line.group(3), "the process stays free, only its rank thread is bound: "
                + bound.output());
        }
        assertTrue(threadCores[0] != null && threadCores[0].matches("\\d+"), bound.output());
        assertTrue(threadCores[1] != null && threadCores[1].matches("\\d+"), bound.output());
        assertNotEquals(threadCores[0], threadCores[1], bound.output());
    }

    @Test
    void shouldLeaveRankThreadsFreeWhenTheyOutnumberTheCores() throws Exception {
        assertEveryRankThreadFree(Map.of(), Runtime.getRuntime().availableProcessors() + 1);
    }

    @Test
    void shouldLeaveRankThreadsFreeWhenToldNone() throws Exception {
        assertEveryRankThreadFree(Map.of("MPJBUF_MPJ_BINDRANKS", "none"), 2);
    }

    @Test
    void shouldLeaveTheRankThreadsOfAProgramThatAsksForThreadsFree() throws Exception {
        assertEveryRankThreadFree(Map.of(), 2, "threads");
    }

    /**
     * Runs {@code CoresProgram} with {@code args} on {@code ranks} niodev processes; each rank
     * thread may run where its process may.
     */
    private static void assertEveryRankThreadFree(Map<String, String> environment, int ranks, String... args)
        throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/status")), "needs Linux's /proc/thread-self");
        List<String> command = new ArrayList<>(List.of("-np", Integer.toString(ranks), "-dev", "niodev", "-cp",
            "target/test-classes", "org.mpjbuf.mpj.testprograms.CoresProgram"));
        command.addAll(List.of(args));
        MpjrunProcess.Run run = mpjrun(environment, command.toArray(String[]::new));
        assertEquals(0, run.status(), run.output());
        Matcher line = CORES.matcher(run.output());
        int seen = 0;
        while (line.find()) {
            assertEquals(line.group(3), line.group(2), run.output());
            seen++;
        }
        assertEquals(ranks, seen, run.output());
    }

    /** ibvdev runs on the verbs the build names ({@code -Dibvdev.verbs}): soft where there is no adapter. */
    private static Map<String, String> environment(String device) {
        return device.equals("ibvdev") ? Map.of("MPJBUF_IBVDEV_VERBS", System.getProperty("mpjbuf.ibvdev.verbs", "soft"))
            : Map.of();
    }

    private static BufferedReader reader(Process job) {
        return new BufferedReader(new InputStreamReader(job.getInputStream(), StandardCharsets.UTF_8));
    }

    /** Reads the output until every rank said it is ready; returns the ranks' process ids by rank. */
    private static long[] awaitReady(BufferedReader lines, int size, StringBuilder output) throws IOException {
        long[] pids = new long[size];
        int ready = 0;
        while (ready < size) {
            String line = lines.readLine();
            if (line == null) {
                throw new AssertionError("the job ended before every rank was ready:\n" + output);
            }
            output.append(line).append('\n');
            Matcher matcher = READY.matcher(line);
            if (matcher.find()) {
                pids[Integer.parseInt(matcher.group(1))] = Long.parseLong(matcher.group(2));
                ready++;
            }
        }
        return pids;
    }
}
