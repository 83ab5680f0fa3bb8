package org.mpjbuf.mpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Jobs that run at once, in one JVM, each with its own output settings. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ConcurrentJobsOutputTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final PrintStream capturedOut = new PrintStream(out, true, StandardCharsets.UTF_8);
    private final PrintStream capturedErr = new PrintStream(err, true, StandardCharsets.UTF_8);
    private PrintStream savedOut;
    private PrintStream savedErr;

    @BeforeEach
    void capture() {
        savedOut = System.out;
        savedErr = System.err;
        System.setOut(capturedOut);
        System.setErr(capturedErr);
    }

    @AfterEach
    void restore() {
        System.setOut(savedOut);
        System.setErr(savedErr);
    }

    /** Runs a job on a thread of its own (the common pool may have a single thread). */
    private static CompletableFuture<JobResult> inOwnThread(Supplier<JobResult> job) {
        return CompletableFuture.supplyAsync(job, command -> Thread.ofPlatform().daemon(true).start(command));
    }

    private String output() {
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Job A starts first and ends first; job B prints after A has ended, then ends. */
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 4, 8})
    void shouldRestoreTheStreamsAndPrefixEveryLineWhenPrefixedJobsOverlap(int size) throws Exception {
        CountDownLatch aRunning = new CountDownLatch(size);
        CountDownLatch bRunning = new CountDownLatch(size);
        CountDownLatch aEnded = new CountDownLatch(1);
        CompletableFuture<JobResult> a = inOwnThread(() -> Job.of(size).rankPrefix(true)
            .runTasks(world -> {
                aRunning.countDown();
                bRunning.await();
                System.out.println("A out");
                System.err.println("A err");
            }));
        aRunning.await();
        CompletableFuture<JobResult> b = inOwnThread(() -> Job.of(size).rankPrefix(true)
            .runTasks(world -> {
                bRunning.countDown();
                aEnded.await();
                System.out.println("B out after A ended");
            }));
        a.get().orThrow();
        aEnded.countDown();
        b.get().orThrow();

        assertSame(capturedOut, System.out);
        assertSame(capturedErr, System.err);
        for (int rank = 0; rank < size; rank++) {
            assertTrue(output().contains("[" + rank + "] A out\n"), output());
            assertTrue(err.toString(StandardCharsets.UTF_8).contains("[" + rank + "] A err\n"), err.toString());
            assertTrue(output().contains("[" + rank + "] B out after A ended\n"), output());
        }
        assertFalse(output().matches("(?s).*(^|\n)B out.*"), output());
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 4, 8})
    void shouldLeaveTheLinesOfAJobWithoutPrefixAloneWhileAnotherJobPrefixes(int size) throws Exception {
        CountDownLatch prefixedRunning = new CountDownLatch(size);
        CountDownLatch plainDone = new CountDownLatch(1);
        CompletableFuture<JobResult> prefixed = inOwnThread(() -> Job.of(size).rankPrefix(true)
            .runTasks(world -> {
                prefixedRunning.countDown();
                plainDone.await();
                System.out.println("prefixed");
            }));
        prefixedRunning.await();
        Job.of(size).rankPrefix(false).runTasks(world -> System.out.println("plain")).orThrow();
        System.out.println("outside any job");
        plainDone.countDown();
        prefixed.get().orThrow();

        assertSame(capturedOut, System.out);
        String[] lines = output().split("\n");
        long plain = Arrays.stream(lines).filter("plain"::equals).count();
        long prefixedLines = Arrays.stream(lines).filter(line -> line.matches("\\[\\d+] prefixed")).count();
        assertEquals(size, plain, output());
        assertEquals(size, prefixedLines, output());
        assertTrue(output().contains("\noutside any job\n"), output());
    }
}
